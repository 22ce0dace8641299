import Foundation
import RedirectURIKit
import Testing
@testable import RedirectURIDoctor

/// How the SDK is found: lock files name packages as whole names, configuration outweighs
/// packages, and AppAuth (a dependency of Google Sign-In and okta-oidc-ios) counts only alone.
struct SDKDetectionTests {
    @Test(arguments: [
        ("PODS:\n  - MSAL (1.6.1):\n    - MSAL/app-lib (= 1.6.1)\n", ["MSAL"]),
        ("PODS:\n  - GoogleSignIn (7.1.0):\n    - AppAuth (< 2.0, >= 1.7.3)\n  - AppAuth (1.7.5)\n", ["GoogleSignIn", "AppAuth"]),
        ("PODS:\n  - \"Okta/Core (1.0)\"\n", ["Okta"]),
        // Dependency lines (four spaces) and other sections are not pods of the app.
        ("PODS:\n  - Foo (1.0):\n    - MSAL (= 1)\nDEPENDENCIES:\n", ["Foo"]),
        ("", []),
    ] as [(String, [String])])
    func podfileLockPods(text: String, pods: [String]) {
        #expect(SDKDetection.pods(text) == Set(pods))
    }

    @Test(arguments: [
        ("\"location\" : \"https://github.com/google/GoogleSignIn-iOS\"", "googlesignin-ios", true),
        ("\"location\" : \"https://github.com/google/GoogleSignIn-iOS.git\"", "googlesignin-ios", true),
        ("github \"auth0/Auth0.swift\" \"2.10.0\"", "auth0.swift", true),
        ("\"identity\" : \"appauth-ios\"", "appauth-ios", true),
        // A longer name that starts with the SDK's is another package.
        ("\"location\" : \"https://github.com/x/GoogleSignIn-iOS-Extras\"", "googlesignin-ios", false),
        ("\"location\" : \"https://github.com/x/MyAuth0.swift\"", "auth0.swift", false),
    ] as [(String, String, Bool)])
    func repositoriesAreWholeNames(text: String, repository: String, named: Bool) {
        #expect(SDKDetection.names(text.lowercased(), repository: repository) == named)
    }

    @Test(arguments: [
        ("GoogleGood", SDKFlavour.googleSignIn, [SDKFlavour.googleSignIn]),
        ("AppAuthGood", .appAuth, [.appAuth]),
        ("OktaGood", .okta, [.okta]),
        ("Auth0Notes", .auth0, [.auth0]),
        ("ContosoMail", .msal, [.msal]),
    ])
    func aProjectFolderNamesItsSDK(folder: String, sdk: SDKFlavour, all: [SDKFlavour]) throws {
        let root = LifeFixtureTests.life.appendingPathComponent(folder)
        let info = try PropertyListSerialization.propertyList(
            from: Data(contentsOf: root.appendingPathComponent(folder == "Auth0Notes" ? "Notes/Info.plist" : folder == "ContosoMail" ? "ContosoMail/Info.plist" : "App/Info.plist")),
            format: nil) as? [String: Any]
        let detection = SDKDetection.detect(info: info, roots: [root], display: { $0.lastPathComponent })
        #expect(detection.detected?.sdk == sdk)
        #expect(detection.sdks == all)
    }

    /// A GoogleService-Info.plist alone is Firebase's (every Firebase app has one, with a
    /// CLIENT_ID once Google sign-in is enabled in the console): it gives the client ID, and names
    /// no SDK.
    @Test func aGoogleServiceInfoPlistAloneNamesNoSDK() {
        let root = CodeFactTests.fixtures.appendingPathComponent("FirebaseOnly")
        let detection = SDKDetection.detect(info: nil, roots: [root], display: { $0.lastPathComponent })
        #expect(detection.sdks.isEmpty)
        #expect(detection.googleClientID?.value == "123456789012-firebasefirebasefirebasefireba.apps.googleusercontent.com")
    }

    /// An Auth0.plist created and never filled in (no bytes) is named as empty, not as a file
    /// that is not a property list.
    @Test func anEmptyAuth0PlistIsSaidToBeEmpty() {
        let root = CodeFactTests.fixtures.appendingPathComponent("Auth0Empty")
        let detection = SDKDetection.detect(info: nil, roots: [root], display: { $0.lastPathComponent })
        #expect(detection.sdks == [.auth0])
        #expect(detection.configurationFindings.map(\.message) == ["Auth0.plist is empty: Auth0 reads ClientId and Domain from it to start sign-in"])
    }

    /// An import in a target's code names its SDK for that target: with packages (after theirs),
    /// without (a vendored framework), and over configuration files, which then only add sources.
    @Test func codeNamesTheSDKOfItsTarget() {
        let location = SourceLocation(file: "App/Auth.swift", line: 2)
        var vendored = SDKDetection()
        vendored.evidence = [SDKDetection.Evidence(sdk: .auth0, source: "Auth0.plist", weight: .configuration)]
        vendored.addCode([("UIKit", location), ("GoogleSignIn", location)], target: "App")
        #expect(vendored.sdks(forTarget: "App") == [.googleSignIn])
        #expect(vendored.applicable(forTarget: "App").first?.sources == ["target 'App' imports GoogleSignIn (App/Auth.swift:2)"])
        // Another target's code says nothing of this one: the configuration decides there.
        #expect(vendored.sdks(forTarget: "Widget") == [.auth0])

        var withPackages = SDKDetection()
        withPackages.evidence = [SDKDetection.Evidence(sdk: .msal, source: "Podfile.lock (pod MSAL)")]
        withPackages.addCode([("MSAL", location), ("GoogleSignIn", location)], target: "App")
        #expect(withPackages.sdks(forTarget: "App") == [.msal, .googleSignIn])
        #expect(withPackages.applicable(forTarget: "App").first?.sources == ["Podfile.lock (pod MSAL)", "target 'App' imports MSAL (App/Auth.swift:2)"])
        #expect(withPackages.sdks(forTarget: "Widget") == [.msal])
        // AppAuth imported next to Google Sign-In is Google's dependency.
        var appAuth = SDKDetection()
        appAuth.addCode([("AppAuth", location), ("GoogleSignIn", location)], target: "App")
        #expect(appAuth.sdks(forTarget: "App") == [.googleSignIn])
    }

    /// The broker's checks belong to MSAL and ADAL: the same MSAL-shaped Info.plist checked with
    /// any other SDK's rules has no Microsoft finding and no `msauth` suggestion.
    @Test(arguments: SDKFlavour.allCases.filter { !$0.isMicrosoft })
    func otherSDKsGetNoMicrosoftCheck(sdk: SDKFlavour) throws {
        for name in ["msal-good.plist", "msal-missing-msauthv3.plist", "msal-client-id-only.plist", "adal-good.plist"] {
            let report = AppConfigurationDoctor.report(
                infoPlist: try DoctorTests.data(name), entitlements: try DoctorTests.data("entitlements-other.plist"), sdk: sdk)
            #expect(report.findings.allSatisfy { !LifeFixtureTests.microsoftOnly.contains($0.code) }, "\(name)")
            #expect(!report.skipped.contains { ["query-schemes", "keychain-group", "bundle-id-matches-redirect"].contains($0.check) })
            // Only findings about a scheme the app itself registered may quote an msauth one.
            for finding in report.findings where ![.urlSchemeReserved, .urlSchemeUppercase].contains(finding.code) {
                #expect(!finding.fix.contains("msauth"), "\(name): \(finding.code)")
            }
        }
    }
}
