import Foundation
import RedirectURIKit
import Testing

@testable import RedirectURIDoctor

/// The doctor on a project whose targets' code it reads (Fixtures/Code/CodeProject): the
/// redirect URI, keychain group and authority configured in code change what is checked, and
/// the URL hand-off is checked for the app's life cycle; each target's expected findings, and
/// the good twins clean.
struct ProjectCodeTests {
    static let root = CodeFactTests.fixtures.appendingPathComponent("CodeProject")
    static let project = root.appendingPathComponent("Contoso.xcodeproj")

    static func describe(_ finding: DoctorFinding) -> String { finding.goldenLine(relativeTo: root) }

    static let rows: [(target: String, sdk: SDKFlavour?, findings: [String])] = [
        (
            // Scenes, and MSAL's handler only in the app delegate; the keychain group from code
            // is in the entitlements (com.microsoft.adalcache, the default, is not required).
            "ScenesMissing", .msal,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info signing-variable @ Scenes/Scenes.entitlements",
                "error url-handoff-not-called @ Scenes/AppDelegate.swift:13", "info code-read @ Shared/AuthConfig.swift:12",
            ]
        ),
        (
            "ScenesGood", .msal,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info signing-variable @ Scenes/Scenes.entitlements",
                "info code-read @ Shared/AuthConfig.swift:12",
            ]
        ),
        (
            // Objective-C, the app delegate's handler under a condition on sourceApplication; the
            // redirect and client ID from #defines of an imported header.
            "LegacyGuard", .msal,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info signing-variable @ Legacy/Legacy.entitlements",
                "error url-handoff-source-application @ Legacy/AppDelegate.m:22", "info code-read @ Legacy/AppDelegate.m:9",
            ]
        ),
        (
            // B2C: no broker, so neither query schemes nor the hand-off are required.
            "B2C", .msal,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info signing-variable @ B2C/B2C.entitlements",
                "info code-read @ B2C/SignIn.swift:12",
            ]
        ),
        (
            // AppAuth's redirect from code, whose scheme the Info.plist does not register: its
            // default ASWebAuthenticationSession needs none, so this is information.
            "AppAuthApp", .appAuth,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj",
                "info url-scheme-not-registered-session @ AppAuth/Info.plist", "info code-read @ AppAuth/SignIn.swift:11",
            ]
        ),
        (
            // A redirect URI built at run time: said once; MSAL's derived one is checked. A
            // SwiftUI App with no .onOpenURL.
            "Computed", .msal,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info code-value-computed @ Computed/ComputedApp.swift:8",
                "info redirect-uri-derived @ Computed/Info.plist", "info signing-variable @ Computed/Computed.entitlements",
                "error url-handoff-missing @ Computed/ComputedApp.swift:4", "info code-read @ Computed/ComputedApp.swift:8",
            ]
        ),
        (
            // Google Sign-In needs the URL only for managed devices: a warning.
            "GoogleApp", .googleSignIn,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info redirect-uri-derived @ Google/Info.plist",
                "warning url-handoff-recommended @ Google/GoogleApp.swift:4", "info code-read @ Google/GoogleApp.swift:7",
            ]
        ),
    ]

    @Test(arguments: rows.indices)
    func findingsOfTarget(row: Int) throws {
        let (target, sdk, expected) = Self.rows[row]
        let report = try AppConfigurationDoctor.report(project: Self.project, target: target, sdk: sdk)
        #expect(report.findings.map(Self.describe) == expected, "\(target)")
        #expect(!report.isIncomplete, "\(target): \(report.skipped)")
    }

    /// What was read from code is said as such, with its file and line, in the finding's own
    /// words (so text and JSON carry it, not only the formats with locations).
    @Test func whatWasReadIsSaid() throws {
        let report = try AppConfigurationDoctor.report(project: Self.project, target: "ScenesMissing", sdk: .msal)
        let read = try #require(report.findings.first { $0.code == .codeRead })
        #expect(read.message.contains("redirect URI 'msauth.com.contoso.mail://auth' (MSALPublicClientApplicationConfig, Shared/AuthConfig.swift:15, declared at Shared/AuthConfig.swift:6)"))
        #expect(read.message.contains("keychain group 'com.contoso.shared' (MSALCacheConfig.keychainSharingGroup, Shared/AuthConfig.swift:17)"))
        #expect(report.context.redirectURI == "msauth.com.contoso.mail://auth")
        let handOff = try #require(report.findings.first { $0.code == .urlHandoffNotCalled })
        #expect(handOff.message.hasPrefix("read from the app's code: "))
        #expect(handOff.message.contains("Scenes/SceneDelegate.swift:3"))
        // Without the code's keychain group, MSAL's default would be required and missing.
        let given = try AppConfigurationDoctor.report(project: Self.project, target: "ScenesMissing", sdk: .msal, keychainGroup: "com.microsoft.adalcache")
        #expect(given.findings.contains { $0.code == .keychainGroupMissing })
        // B2C: the query-scheme check is skipped, and says why.
        let b2c = try AppConfigurationDoctor.report(project: Self.project, target: "B2C", sdk: .msal)
        #expect(b2c.skipped.contains { $0.check == "query-schemes" && $0.reason.contains("MSALB2CAuthority") && $0.reason.contains("B2C/SignIn.swift:12") && !$0.needed })
    }

    /// The Xcode and GitHub lines of the scene app point at the line of code.
    @Test func annotationsPointAtTheLine() throws {
        let report = try AppConfigurationDoctor.report(project: Self.project, target: "ScenesMissing", sdk: .msal)
        let annotations = DoctorAnnotations(root: Self.root.path)
        #expect(annotations.xcode(report).contains("Scenes/AppDelegate.swift:13:1: error: target 'ScenesMissing': MSAL: read from the app's code: "))
        #expect(annotations.github(report).contains("::error file=Scenes/AppDelegate.swift,line=13,col=1"))
    }
}
