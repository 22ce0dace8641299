import Foundation
import RedirectURIKit
import Testing
@testable import RedirectURIDoctor

/// Real reported configurations (Fixtures/Life, each thread cited in its README): the doctor names
/// the mistake the user made, for the SDK the app uses, and adds nothing for another SDK.
struct LifeFixtureTests {
    static let life = DoctorTests.fixtures.appendingPathComponent("Life")

    /// The codes only the Microsoft SDKs' rules produce.
    static let microsoftOnly: Set<FindingCode> = [.querySchemeMissing, .keychainGroupMissing, .keychainGroupUnprefixed, .bundleIDMismatch, .notBrokerCapable]

    struct Row: Sendable, CustomTestStringConvertible {
        var project: String
        var redirect: String?
        var sdk: SDKFlavour
        var sdkSource = "detected"
        var redirectURI: String?
        /// Warnings and errors, in order.
        var codes: [String]
        /// Text one of the findings must carry (the scheme meant, the configuration named…).
        var says: [String] = []
        var line: Int
        var testDescription: String { "line \(line): \(project)" }

        init(
            _ project: String, redirect: String? = nil, sdk: SDKFlavour, sdkSource: String = "detected", redirectURI: String?,
            codes: [String], says: [String] = [], line: Int = #line
        ) {
            self.sdkSource = sdkSource
            self.project = project
            self.redirect = redirect
            self.sdk = sdk
            self.sdkSource = sdkSource
            self.redirectURI = redirectURI
            self.codes = codes
            self.says = says
            self.line = line
        }
    }

    static let google = "com.googleusercontent.apps.514797035410-uksdcup8ju2g0frgqq3f88ieqnvmr2t9"

    /// Every project with no flag but `--project` (and `--redirect-uri` for AppAuth, whose
    /// redirect URI lives in the app's code).
    static let rows: [Row] = [
        Row("ContosoMail/ContosoMail.xcodeproj", sdk: .msal, redirectURI: "msauth.com.contoso.mail://auth",
            codes: ["url-scheme-reserved", "url-scheme-in-url-name", "keychain-group-unprefixed"],
            says: ["CFBundleURLTypes[0].CFBundleURLName", "configuration 'Debug' (ContosoMail/Debug.entitlements)"]),
        Row("ContosoMailGood/ContosoMail.xcodeproj", sdk: .msal, redirectURI: "msauth.com.contoso.mail://auth", codes: []),
        Row("IntuneConfigurator/Field.xcodeproj", sdk: .msal, redirectURI: "msauth.com.fabrikam.field://auth",
            codes: ["url-scheme-invalid", "url-scheme-invalid"],
            says: ["replace it with 'msauth.com.fabrikam.field'", "replace it with 'msauth.com.fabrikam.field-intunemam'", "IntuneMAMSettings.ADALRedirectUri"]),
        // MSAL from Swift Package Manager: the project's Package.resolved names it.
        Row("TopLevelSchemes/Extensions.xcodeproj", sdk: .msal, redirectURI: "msauth.com.contoso.extensions://auth",
            codes: ["url-schemes-outside-url-types"], says: ["'msauth.com.contoso.extensions') is at the top level", "Package.resolved"]),
        Row("GoogleSchemeMissing/Photos.xcodeproj", sdk: .googleSignIn, redirectURI: google + ":/oauth2callback",
            codes: ["url-scheme-not-registered"], says: ["'\(google)' is in no CFBundleURLTypes"]),
        Row("GoogleClientIDAsScheme/Photos.xcodeproj", sdk: .googleSignIn, redirectURI: google + ":/oauth2callback",
            codes: ["url-scheme-invalid"], says: ["is a Google client ID", "replace it with '\(google)'"]),
        Row("GoogleReversedClientID/Photos.xcodeproj", sdk: .googleSignIn, redirectURI: google + ":/oauth2callback",
            codes: ["sdk-configuration-invalid"], says: ["set GIDClientID to '514797035410-uksdcup8ju2g0frgqq3f88ieqnvmr2t9.apps.googleusercontent.com'"]),
        Row("GoogleGood/Photos.xcodeproj", sdk: .googleSignIn, redirectURI: google + ":/oauth2callback", codes: []),
        Row("Auth0Missing/Notes.xcodeproj", sdk: .auth0,
            redirectURI: "com.fabrikam.notes://fabrikam.us.auth0.com/ios/com.fabrikam.notes/callback",
            codes: [], says: ["Auth0's default ASWebAuthenticationSession captures the callback", "webcredentials:<domain>"]),
        Row("Auth0Notes/Notes.xcodeproj", sdk: .auth0,
            redirectURI: "com.fabrikam.notes://fabrikam.us.auth0.com/ios/com.fabrikam.notes/callback", codes: []),
        Row("Auth0Universal/Notes.xcodeproj", sdk: .auth0, redirectURI: "https://fabrikam.us.auth0.com/ios/com.fabrikam.notes/callback",
            codes: []),
        Row("OktaUppercase/OktaDemo.xcodeproj", sdk: .okta, redirectURI: "com.Fabrikam.Okta-Demo:/callback",
            codes: ["url-scheme-uppercase"], says: ["'com.fabrikam.okta-demo'"]),
        Row("OktaGood/OktaDemo.xcodeproj", sdk: .okta, redirectURI: "com.fabrikam.okta-demo:/callback", codes: []),
        Row("AppAuthMissing/Demo.xcodeproj", redirect: "io.identityserver.demo:/oauthredirect", sdk: .appAuth,
            redirectURI: "io.identityserver.demo:/oauthredirect", codes: [],
            says: ["AppAuth's default ASWebAuthenticationSession captures the callback"]),
        Row("AppAuthGood/Demo.xcodeproj", redirect: "io.identityserver.demo:/oauthredirect", sdk: .appAuth,
            redirectURI: "io.identityserver.demo:/oauthredirect", codes: []),
    ]

    @Test(arguments: rows)
    func theProjectAloneIsEnough(row: Row) throws {
        let report = try AppConfigurationDoctor.report(project: Self.life.appendingPathComponent(row.project), redirectURI: row.redirect)
        #expect(report.context.sdk == row.sdk.rawValue)
        #expect(report.context.sdkSource == row.sdkSource)
        #expect(report.context.redirectURI == row.redirectURI)
        #expect(report.findings.filter { $0.severity != .info }.map(\.code.rawValue) == row.codes)
        #expect(!report.isIncomplete)
        // The redirect URI checked is said once: a derived one it replaced is not said too.
        let derived = report.findings.filter { $0.code == .redirectURIDerived }
        #expect(derived.count == (row.redirect == nil ? 1 : 0))
        if row.redirect == nil { #expect(derived.first?.message.contains("'\(row.redirectURI ?? "")'") == true) }
        let text = report.findings.map { "\($0.message) \($0.fix)" }.joined(separator: "\n")
        for phrase in row.says { #expect(text.contains(phrase), "\(phrase)") }
        if !row.sdk.isMicrosoft {
            #expect(report.findings.allSatisfy { !Self.microsoftOnly.contains($0.code) })
            #expect(!text.contains("msauth"), "a Microsoft suggestion for \(row.sdk.displayName)")
        }
        #expect(report.failed == Self.hasError(row.codes))
    }

    @Test func rowCountIsPinned() { #expect(Self.rows.count == 15) }

    /// Info.plists read on their own, with no project to detect the SDK from. One value is one
    /// finding with one fix, and where two findings name the scheme meant, it is the same one.
    @Test(arguments: [
        ("msal-whole-url-scheme.plist", ["url-scheme-invalid"], ["replace it with 'msauth.com.company.ourappv3'"]),
        ("msal-top-level-schemes.plist", ["url-schemes-outside-url-types"], ["move the schemes into a CFBundleURLTypes entry"]),
        ("intune-redirect-scheme-url.plist", ["sdk-configuration-invalid", "url-scheme-invalid"],
         ["set ADALRedirectScheme to msauth.net.printix.printixapp", "replace it with 'msauth.net.printix.printixapp'"]),
        // ADAL's x-msauth- scheme and query schemes name ADAL, whose checks pass.
        ("msal-adal-schemes-only.plist", [], ["checking for ADAL, found in the Info.plist's URL scheme"]),
        // No SDK can be told from unreadable URL types: LSApplicationQueriesSchemes matters to no check.
        ("msal-wrong-type-url-types.plist", ["plist-wrong-type"], ["CFBundleURLTypes should be an array"]),
        ("msal-duplicate-scheme.plist", ["url-scheme-duplicate"], ["is also at CFBundleURLTypes[0]"]),
        ("msal-client-id-as-scheme.plist", ["url-scheme-invalid"],
         ["'6731de76-14a6-49ae-97bc-6eba6914391e' (CFBundleURLTypes[0].CFBundleURLSchemes[0]) is a client ID",
          "replace it with 'msauth.com.contoso.notes'", "or with 'msal6731de76-14a6-49ae-97bc-6eba6914391e'"]),
    ])
    func plistsOnTheirOwn(name: String, codes: [String], says: [String]) throws {
        let data = try Data(contentsOf: Self.life.appendingPathComponent("Plists").appendingPathComponent(name))
        let report = AppConfigurationDoctor.report(infoPlist: data)
        #expect(report.findings.filter { $0.severity != .info }.map(\.code.rawValue) == codes)
        for phrase in says { #expect(report.findings.contains { "\($0.message) \($0.fix)".contains(phrase) }, "\(phrase)") }
        #expect(!report.findings.contains { $0.fix.hasPrefix("write only the scheme") }, "a fix that names no scheme")
        #expect(report.failed == Self.hasError(codes))
    }

    /// Whether one of the codes is an error: what makes `parse doctor` exit 1 on a complete report.
    static func hasError(_ codes: [String]) -> Bool {
        codes.contains { FindingCode.doctorSeverities[FindingCode(rawValue: $0)] == .error }
    }

    /// A wrong-typed key is one finding: the checks that read it are listed as not run (needed),
    /// never failed again.
    @Test func aWrongTypedKeyStopsTheChecksThatReadIt() throws {
        let data = try Data(contentsOf: Self.life.appendingPathComponent("Plists/msal-wrong-type-url-types.plist"))
        let report = AppConfigurationDoctor.report(infoPlist: data, sdk: .msal)
        #expect(report.skipped.filter(\.needed).map(\.check) == ["url-scheme-registered", "query-schemes"])
        #expect(report.isIncomplete)
    }

    /// AppAuth's redirect URI is in the app's code, and its ASWebAuthenticationSession captures the
    /// callback whether or not the scheme is registered. With only `--project`, an app that
    /// registers no URL scheme is therefore not failed: the check is listed as not run, not
    /// needed. With --sdk msal, whose sign-in needs the registration, the same app fails.
    @Test func appAuthWithTheProjectAlone() throws {
        let missing = try AppConfigurationDoctor.report(project: Self.life.appendingPathComponent("AppAuthMissing/Demo.xcodeproj"))
        #expect(missing.context.sdk == SDKFlavour.appAuth.rawValue)
        #expect(missing.findings.allSatisfy { $0.severity == .info })
        #expect(missing.skipped.map(\.check).contains("url-scheme-registered"))
        #expect(missing.skipped.allSatisfy { !$0.needed })
        #expect(!missing.failed)
        let msal = try AppConfigurationDoctor.report(
            project: Self.life.appendingPathComponent("AppAuthMissing/Demo.xcodeproj"), sdk: .msal)
        #expect(msal.failed)
        let good = try AppConfigurationDoctor.report(project: Self.life.appendingPathComponent("AppAuthGood/Demo.xcodeproj"))
        #expect(good.skipped.allSatisfy { !$0.needed })
        #expect(!good.failed)
    }

    /// Each configuration's entitlements are checked, and only the named one when one is named.
    @Test func everyConfigurationUnlessOneIsNamed() throws {
        let project = Self.life.appendingPathComponent("ContosoMail/ContosoMail.xcodeproj")
        let all = try AppConfigurationDoctor.report(project: project)
        #expect(all.context.entitlements == "ContosoMail/Release.entitlements (Release); ContosoMail/Debug.entitlements (Debug)")
        let release = try AppConfigurationDoctor.report(project: project, configuration: "Release")
        #expect(!release.findings.contains { $0.code == .keychainGroupUnprefixed })
        let debug = try AppConfigurationDoctor.report(project: project, configuration: "Debug")
        #expect(debug.findings.filter { $0.code == .keychainGroupUnprefixed }.count == 1)
    }

    /// `--sdk` naming another SDK than the project's: said, with the flag that fits.
    @Test(arguments: [
        ("GoogleGood/Photos.xcodeproj", SDKFlavour.msal, "pass --sdk google"),
        ("ContosoMailGood/ContosoMail.xcodeproj", SDKFlavour.okta, "pass --sdk msal"),
        ("Auth0Notes/Notes.xcodeproj", SDKFlavour.adal, "pass --sdk auth0"),
    ])
    func aGivenSDKThatIsNotTheProjectsIsSaid(project: String, sdk: SDKFlavour, fix: String) throws {
        let report = try AppConfigurationDoctor.report(project: Self.life.appendingPathComponent(project), sdk: sdk)
        let mismatch = try #require(report.findings.first { $0.code == .sdkMismatch })
        #expect(mismatch.fix == fix)
        #expect(report.context.sdkSource == "given")
    }

    /// The Auth0 callback `<bundle>://<domain>/ios/<bundle>/callback` has a path, so it is not the
    /// ADAL shape (`<scheme>://<host>` exactly) and carries no bundle ID, even under ADAL's rules:
    /// its domain is never compared with the app's bundle ID. (It was read as an ADAL redirect
    /// whose bundle ID was the domain, and reported as a mismatch; the rule changed deliberately.)
    @Test func auth0sCallbackIsNotReadAsABrokerRedirect() throws {
        let project = Self.life.appendingPathComponent("Auth0Notes/Notes.xcodeproj")
        let given = try AppConfigurationDoctor.report(
            project: project, redirectURI: "com.fabrikam.notes://fabrikam.us.auth0.com/ios/com.fabrikam.notes/callback")
        #expect(given.findings.filter { $0.severity != .info }.isEmpty)
        let asADAL = try AppConfigurationDoctor.report(
            project: project, redirectURI: "com.fabrikam.notes://fabrikam.us.auth0.com/ios/com.fabrikam.notes/callback", sdk: .adal)
        #expect(!asADAL.findings.contains { $0.code == .bundleIDMismatch })
    }

    /// The https callback with no Associated Domains entry for it.
    @Test func auth0sHTTPSCallbackNeedsTheAssociatedDomain() throws {
        let report = try AppConfigurationDoctor.report(
            project: Self.life.appendingPathComponent("Auth0Missing/Notes.xcodeproj"),
            redirectURI: "https://fabrikam.us.auth0.com/ios/com.fabrikam.notes/callback")
        #expect(report.skipped.map(\.check) == ["associated-domains"] || report.findings.contains { $0.code == .associatedDomainMissing })
        let universal = try AppConfigurationDoctor.report(
            project: Self.life.appendingPathComponent("Auth0Universal/Notes.xcodeproj"),
            redirectURI: "https://other.example.com/ios/com.fabrikam.notes/callback")
        #expect(universal.findings.map(\.code).contains(.associatedDomainMissing))
    }
}
