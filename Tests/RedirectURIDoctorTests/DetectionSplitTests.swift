import Foundation
import Testing

@testable import RedirectURIDoctor

/// SDK detection runs once per project (its package and configuration files), and each target
/// adds what is its own: its Info.plist's keys, said first as the nearest evidence, and the
/// configuration files next to its Info.plist that the project's detection did not read.
struct DetectionSplitTests {
    static func display(_ url: URL) -> String { url.lastPathComponent }

    static let auth0Plist = propertyListXML(
        """
        <key>ClientId</key><string>9oYp3yN4QeYlWv2mJdK7sT1rXbZcE8Ah</string>
        <key>Domain</key><string>contoso.eu.auth0.com</string>
        """)

    /// The project's detection read the Auth0.plist beside the target's Info.plist: the target's
    /// detection does not read it again, so its placeholder is named once.
    @Test func aFileTheProjectReadIsNotReadAgainForATarget() throws {
        let folder = try TemporaryFolder([
            "Auth0.plist": propertyListXML(
                "<key>ClientId</key><string>YOUR_AUTH0_CLIENT_ID</string><key>Domain</key><string>contoso.eu.auth0.com</string>"),
            "Info.plist": propertyListXML(""),
        ])
        let project = SDKDetection.project(nil, roots: [folder.url], display: Self.display)
        #expect(project.placeholders.map(\.key) == ["ClientId"])
        let target = project.forTarget(info: [:], roots: [folder.url], display: Self.display)
        #expect(target.placeholders.map(\.key) == ["ClientId"])
        #expect(target.placeholderFindings.count == 1)
    }

    /// A configuration file deeper than the project's detection looks (App/Sources/Auth0.plist,
    /// beside the target's Info.plist) is read for that target.
    @Test func theConfigurationBesideATargetsInfoPlistIsRead() throws {
        let folder = try TemporaryFolder(["App/Sources/Auth0.plist": Self.auth0Plist, "App/Sources/Info.plist": propertyListXML("")])
        let project = SDKDetection.project(nil, roots: [folder.url], display: Self.display)
        #expect(project.sdks == [])
        let target = project.forTarget(info: [:], roots: [folder("App/Sources")], display: Self.display)
        #expect(target.sdks == [.auth0])
        #expect(target.auth0Domain?.value == "contoso.eu.auth0.com")
    }

    /// The target's Info.plist (Google's GIDClientID) is nearer than a configuration file of the
    /// project's (an Auth0.plist at its root): its SDK is checked first and named as detected.
    @Test func theTargetsInfoPlistIsTheFirstEvidence() throws {
        let folder = try TemporaryFolder(["Auth0.plist": Self.auth0Plist])
        let project = SDKDetection.project(nil, roots: [folder.url], display: Self.display)
        #expect(project.sdks == [.auth0])
        let info: [String: Any] = ["GIDClientID": "123456789012-abcdefghijklmnopqrstuvwxyz012345.apps.googleusercontent.com"]
        let target = project.forTarget(info: info, roots: [], display: Self.display)
        #expect(target.sdks == [.googleSignIn, .auth0])
        #expect(target.detected?.sdk == .googleSignIn)
        #expect(target.evidence.first?.source == "the Info.plist's GIDClientID")
    }

    /// Flutter keeps the app's packages (pubspec.yaml) in the folder above its Xcode projects, for
    /// the iOS app (ios/) and the macOS app (macos/) alike.
    @Test(arguments: [("ios", "iOS"), ("macos", "macOS")])
    func aFlutterAppsProjectReadsThePubspecAboveIt(folder name: String, platform: String) throws {
        let folder = try TemporaryFolder([
            "pubspec.yaml": """
            name: contoso_field
            dependencies:
              flutter:
                sdk: flutter
              msal_auth: ^3.1.0
            """,
            "\(name)/project.yml": """
            name: Runner
            targets:
              Runner:
                type: application
                platform: \(platform)
                settings:
                  base:
                    PRODUCT_BUNDLE_IDENTIFIER: com.contoso.field
                info:
                  path: Runner/Info.plist
                  properties:
                    CFBundleIdentifier: $(PRODUCT_BUNDLE_IDENTIFIER)
            """,
        ])
        let report = try AppConfigurationDoctor.report(project: folder(name))
        #expect(report.context.sdks.map(\.sdk) == ["msal"])
        #expect(report.context.sdks.first?.sources.contains { $0.contains("pubspec.yaml") } == true)
    }
}
