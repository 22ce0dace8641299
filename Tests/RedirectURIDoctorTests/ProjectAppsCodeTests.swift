import Foundation
import RedirectURIKit
import Testing

@testable import RedirectURIDoctor

/// Code judged as precisely as configuration, on a project shaped like whole apps
/// (Fixtures/Code/AppsProject): a hand-off is required only where a URL really comes back,
/// values the code leaves to fill in are named as such without cascading, Google Sign-In's
/// client ID set in code replaces every file, an out-of-band redirect needs no scheme, and a
/// build script's edits cover every SDK's checks of the keys it writes. Each row is one cause,
/// most with a twin that differs in that cause alone.
struct ProjectAppsCodeTests {
    static let root = CodeFactTests.fixtures.appendingPathComponent("AppsProject")
    static let project = root.appendingPathComponent("Apps.xcodeproj")

    static let rows: [(target: String, sdk: SDKFlavour, findings: [String])] = [
        (
            // ADAL at its default credentials type signs in in its own web view: no URL comes
            // back, whatever the scene delegate does.
            "ReportsEmbedded", .adal,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Reports/Info.plist",
                "info signing-variable @ Reports/Reports.entitlements", "info code-read @ Reports/ReportsAuth.swift:5",
            ]
        ),
        (
            // AD_CREDENTIALS_AUTO in a scene app: the broker's URL reaches only the scene delegate.
            "ReportsBrokerScenes", .adal,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Reports/Info.plist",
                "info signing-variable @ Reports/Reports.entitlements", "error url-handoff-missing @ Reports/SceneDelegate.swift:6",
                "info code-read @ Reports/ReportsBrokerAuth.swift:5",
            ]
        ),
        (
            // The same with the app delegate alone: ADAL hooks its open-URL method itself.
            "ReportsBrokerAppDelegate", .adal,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Reports/InfoNoScenes.plist",
                "info signing-variable @ Reports/Reports.entitlements", "info code-read @ Reports/ReportsBrokerAuth.swift:5",
            ]
        ),
        (
            // MSAL's native authentication: no browser, no broker, no URL; so no hand-off and no
            // query schemes (its Info.plist lists none).
            "WikiNativeAuth", .msal,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Wiki/InfoNative.plist",
                "info redirect-uri-derived @ Wiki/InfoNative.plist", "info signing-variable @ Wiki/Wiki.entitlements",
                "info code-read @ Wiki/NativeAuth.swift:5",
            ]
        ),
        (
            // The scene delegate passes the URL on to the app delegate, which hands it to MSAL.
            "WikiScenesForward", .msal,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Wiki/Info.plist",
                "info signing-variable @ Wiki/Wiki.entitlements", "info code-read @ Wiki/AppDelegate.swift:9",
            ]
        ),
        (
            // Its twin whose scene delegate does not: the app delegate's method is never called.
            "WikiScenesNoForward", .msal,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Wiki/Info.plist",
                "info signing-variable @ Wiki/Wiki.entitlements", "error url-handoff-not-called @ Wiki/AppDelegate.swift:16",
                "info code-read @ Wiki/AppDelegate.swift:9",
            ]
        ),
        (
            // A sample's placeholder redirect: named at its declaration, and nothing follows from it.
            "WikiPlaceholder", .msal,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "error value-placeholder @ Wiki/WikiSettingsSample.swift:3",
                "info sdk-detected @ Wiki/Info.plist", "info signing-variable @ Wiki/Wiki.entitlements",
                "info code-read @ Wiki/AppDelegate.swift:9",
            ]
        ),
        (
            // A client ID kept out of the public repository: a value to fill in, not a malformed one.
            "DriveEmptyClientID", .googleSignIn,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info code-value-empty @ Drive/DriveConstants.h:2",
                "info sdk-detected @ Drive/Info.plist", "info code-read @ Drive/AppDelegate.m:9",
            ]
        ),
        (
            // The client ID from the app's own configuration: GIDClientID (another client's) is
            // not what Google Sign-In uses, and its scheme is not required.
            "DriveConfigClientID", .googleSignIn,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info code-value-computed @ Drive/DriveApp.swift:8",
                "info sdk-detected @ Drive/InfoConfig.plist", "info code-read @ Drive/DriveApp.swift:8",
            ]
        ),
        (
            // Whatever the client ID, no com.googleusercontent.apps. scheme is registered.
            "DriveNoScheme", .googleSignIn,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info code-value-computed @ Drive/DriveApp.swift:8",
                "info sdk-detected @ Drive/InfoNoScheme.plist", "error url-scheme-not-registered @ Drive/InfoNoScheme.plist",
                "info code-read @ Drive/DriveApp.swift:8",
            ]
        ),
        (
            // urn:ietf:wg:oauth:2.0:oob: the user copies the code, no URL opens the app.
            "SurveyOutOfBand", .adal,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Survey/Info.plist",
                "info signing-variable @ Survey/Survey.entitlements", "info code-read @ Survey/AppDelegate.swift:6",
            ]
        ),
        (
            // A Python script writes the URL types: MSAL's checks and Google Sign-In's alike are
            // left to the built app.
            "FleetBuildScript", .msal,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Fleet/Info.plist",
                "info redirect-uri-derived @ Fleet/Info.plist", "info signing-variable @ Fleet/Fleet.entitlements",
                "info info-plist-edited-at-build-time @ Fleet/Info.plist", "info code-read @ Fleet/AppDelegate.swift:10",
                "info sdk-detected @ Fleet/Info.plist", "info info-plist-edited-at-build-time @ Fleet/Info.plist",
            ]
        ),
        (
            // A Gradle task writes them, handed the built Info.plist's path by the phase.
            "FleetGradle", .msal,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Fleet/Info.plist",
                "info redirect-uri-derived @ Fleet/Info.plist", "info signing-variable @ Fleet/Fleet.entitlements",
                "info info-plist-edited-at-build-time @ Fleet/Info.plist", "info code-read @ Fleet/AppDelegate.swift:10",
                "info sdk-detected @ Fleet/Info.plist", "info info-plist-edited-at-build-time @ Fleet/Info.plist",
            ]
        ),
        (
            "FleetNoScript", .msal,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Fleet/Info.plist",
                "info redirect-uri-derived @ Fleet/Info.plist", "error url-scheme-not-registered @ Fleet/Info.plist",
                "error query-scheme-missing @ Fleet/Info.plist", "error query-scheme-missing @ Fleet/Info.plist",
                "info signing-variable @ Fleet/Fleet.entitlements", "info code-read @ Fleet/AppDelegate.swift:10",
                "info sdk-detected @ Fleet/Info.plist", "error url-scheme-not-registered @ Fleet/Info.plist",
            ]
        ),
        (
            // Google Sign-In on macOS keeps its credentials in the keychain group of the bundle ID,
            // which Keychain Sharing must list; its twin lists it as Google's sample writes it.
            "AtlasMacGoogle", .googleSignIn,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Atlas/Info.plist",
                "info redirect-uri-derived @ Atlas/Info.plist", "error keychain-group-missing @ Atlas/Atlas.entitlements",
                "info signing-variable @ Atlas/Atlas.entitlements", "info code-read @ Atlas/AtlasApp.swift:9",
            ]
        ),
        (
            "AtlasMacGoogleGood", .googleSignIn,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Atlas/Info.plist",
                "info redirect-uri-derived @ Atlas/Info.plist", "info signing-variable @ Atlas/AtlasGood.entitlements",
                "info code-read @ Atlas/AtlasApp.swift:9",
            ]
        ),
        (
            // The redirect URI and keychain group are constants of the app's own local package:
            // read there, so the shared group is checked, not MSAL's default.
            "LedgerPackageConstants", .msal,
            [
                "info project-target @ Apps.xcodeproj/project.pbxproj", "info sdk-detected @ Ledger/Info.plist",
                "info signing-variable @ Ledger/Ledger.entitlements", "info code-read @ Ledger/AppDelegate.swift:10",
            ]
        ),
    ]

    @Test func rowCountIsPinned() {
        #expect(Self.rows.count == 17)
    }

    /// With no `--sdk`: each target's findings, and no needed check left unrun.
    @Test(arguments: rows.indices)
    func findingsOfTarget(row: Int) throws {
        let (target, sdk, expected) = Self.rows[row]
        try GoldenProject(root: Self.root, project: Self.project).expectTarget(target, sdk: sdk, findings: expected)
    }

    /// What the findings say, in the SDKs' terms.
    @Test func findingsSayWhy() throws {
        let placeholder = try AppConfigurationDoctor.report(project: Self.project, target: "WikiPlaceholder")
        let named = try #require(placeholder.findings.first { $0.code == .valuePlaceholder })
        #expect(named.message.contains("'Enter_the_Redirect_URI_Here'"))
        #expect(!placeholder.findings.contains { $0.code == .redirectURIUnparsable })
        #expect(placeholder.skipped.allSatisfy { !$0.needed })

        let empty = try AppConfigurationDoctor.report(project: Self.project, target: "DriveEmptyClientID")
        #expect(!empty.findings.contains { $0.code == .sdkConfigurationInvalid })

        let config = try AppConfigurationDoctor.report(project: Self.project, target: "DriveConfigClientID")
        #expect(config.context.redirectURI == nil)
        #expect(config.findings.first { $0.code == .codeValueComputed }?.message.contains("only require a com.googleusercontent.apps. scheme") == true)
        let noScheme = try AppConfigurationDoctor.report(project: Self.project, target: "DriveNoScheme")
        #expect(
            noScheme.findings.first { $0.code == .urlSchemeNotRegistered }?.message.contains("Your app is missing support for the following URL schemes")
                == true)

        let native = try AppConfigurationDoctor.report(project: Self.project, target: "WikiNativeAuth")
        #expect(native.skipped.contains { $0.check == "query-schemes" && !$0.needed && $0.reason.contains("native authentication") })

        let broker = try AppConfigurationDoctor.report(project: Self.project, target: "ReportsBrokerScenes")
        #expect(broker.findings.first { $0.code == .urlHandoffMissing }?.message.contains("credentialsType AD_CREDENTIALS_AUTO") == true)

        let oob = try AppConfigurationDoctor.report(project: Self.project, target: "SurveyOutOfBand")
        #expect(oob.context.redirectURI == "urn:ietf:wg:oauth:2.0:oob")
        #expect(oob.skipped.contains { $0.check == "url-scheme-registered" && !$0.needed })

        // The script covers Google Sign-In's scheme requirement too, said under its phase.
        let fleet = try AppConfigurationDoctor.report(project: Self.project, target: "FleetBuildScript")
        #expect(fleet.findings.filter { $0.code == .infoPlistEditedAtBuildTime }.allSatisfy { $0.message.contains("'Configure Flavour'") })
        #expect(fleet.skipped.filter { $0.check == "url-scheme-registered" }.count == 2)
        let gradle = try AppConfigurationDoctor.report(project: Self.project, target: "FleetGradle")
        #expect(
            gradle.findings.first { $0.code == .infoPlistEditedAtBuildTime }?.message.contains(
                "it runs the Gradle task 'writeIosSchemes' (shared/build.gradle.kts), which edits the Info.plist") == true)

        let ledger = try AppConfigurationDoctor.report(project: Self.project, target: "LedgerPackageConstants")
        let read = try #require(ledger.findings.first { $0.code == .codeRead })
        #expect(read.message.contains("keychain group 'com.contoso.shared'"))
        #expect(read.message.contains("declared at Packages/AppConfig/Sources/AppConfig/AuthConstants.swift:6"))
    }
}
