import Foundation
import RedirectURIKit
import Testing

@testable import RedirectURIDoctor

/// What the code says about each SDK's redirect, on a project whose SDKs are vendored (no
/// package manager names them; Fixtures/Code/SDKProject): Google Sign-In's client ID set in code,
/// Auth0's domain, `useHTTPS()` and `safariProvider()`, AppAuth's custom browser, Okta's configuration dictionary, a
/// multi-line literal that is not read; each target detected from its imports alone, each with
/// its expected findings, and the twins done right clean.
struct ProjectSDKCodeTests {
    static let root = CodeFactTests.fixtures.appendingPathComponent("SDKProject")
    static let project = root.appendingPathComponent("Contoso.xcodeproj")

    static let rows: [(target: String, sdk: SDKFlavour, findings: [String])] = [
        (
            // GIDConfiguration(clientID:) in code, and the Info.plist registers another scheme.
            "PhotosCodeClientID", .googleSignIn,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info sdk-detected @ Photos/Info.plist",
                "info redirect-uri-derived @ Photos/Info.plist", "error url-scheme-not-registered @ Photos/Info.plist",
                "info code-read @ Photos/AppDelegate.swift:9",
            ]
        ),
        (
            "PhotosObjCGood", .googleSignIn,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info sdk-detected @ PhotosObjC/Info.plist",
                "info redirect-uri-derived @ PhotosObjC/Info.plist", "info code-read @ PhotosObjC/AppDelegate.m:9",
            ]
        ),
        (
            // useHTTPS(): the https callback needs webcredentials:<domain>, which one file lacks.
            "TravelHTTPS", .auth0,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info sdk-detected @ Travel/Info.plist",
                "info redirect-uri-derived @ Travel/Info.plist", "error associated-domain-missing @ Travel/Travel.entitlements",
                "info code-read @ Travel/LoginViewController.swift:7",
            ]
        ),
        (
            "TravelHTTPSGood", .auth0,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info sdk-detected @ Travel/Info.plist",
                "info redirect-uri-derived @ Travel/Info.plist", "info code-read @ Travel/LoginViewController.swift:7",
            ]
        ),
        (
            // SFSafariViewController: the custom scheme must be registered after all.
            "TicketsSafari", .auth0,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info sdk-detected @ Tickets/Info.plist",
                "info redirect-uri-derived @ Tickets/Info.plist", "error url-scheme-not-registered @ Tickets/Info.plist",
                "info code-read @ Tickets/SignIn.swift:6",
            ]
        ),
        (
            "TicketsSafariGood", .auth0,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info sdk-detected @ Tickets/InfoGood.plist",
                "info redirect-uri-derived @ Tickets/InfoGood.plist", "info code-read @ Tickets/SignIn.swift:6",
            ]
        ),
        (
            "TicketsSafariHTTPS", .auth0,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "error sdk-configuration-invalid @ Tickets/SignInHTTPS.swift:7",
                "info sdk-detected @ Tickets/InfoGood.plist", "info redirect-uri-derived @ Tickets/InfoGood.plist", "info code-read @ Tickets/SignInHTTPS.swift:6",
            ]
        ),
        (
            "FieldOkta", .okta,
            ["info project-target @ Contoso.xcodeproj/project.pbxproj", "info sdk-detected @ Field/Info.plist", "info code-read @ Field/OktaSession.swift:8"]
        ),
        (
            // Okta's ASWebAuthenticationSession captures the callback: information only.
            "FieldOktaOther", .okta,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info sdk-detected @ Field/InfoOther.plist",
                "info url-scheme-not-registered-session @ Field/InfoOther.plist", "info code-read @ Field/OktaSession.swift:8",
            ]
        ),
        (
            "LedgerVendoredMSAL", .msal,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info sdk-detected @ Ledger/Info.plist",
                "info redirect-uri-derived @ Ledger/Info.plist", "info signing-variable @ Ledger/Ledger.entitlements",
                "info code-read @ Ledger/AppDelegate.m:13",
            ]
        ),
        (
            // AppAuth with Safari as its browser: the scheme must be registered, unlike with its
            // default ASWebAuthenticationSession.
            "PayCustomBrowser", .appAuth,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info sdk-detected @ Pay/Info.plist",
                "error url-scheme-not-registered @ Pay/Info.plist", "info code-read @ Pay/SignIn.swift:9",
            ]
        ),
        (
            "PayCustomBrowserGood", .appAuth,
            ["info project-target @ Contoso.xcodeproj/project.pbxproj", "info sdk-detected @ Pay/InfoGood.plist", "info code-read @ Pay/SignIn.swift:9"]
        ),
        (
            // The redirect URI as a multi-line literal: said as not read; the raw literal's
            // keychain group is read (and is in the entitlements).
            "NotesMultiline", .msal,
            [
                "info project-target @ Contoso.xcodeproj/project.pbxproj", "info code-value-computed @ Notes/AuthConfig.swift:9",
                "info sdk-detected @ Notes/Info.plist", "info redirect-uri-derived @ Notes/Info.plist", "info signing-variable @ Notes/Notes.entitlements",
                "info code-read @ Notes/AuthConfig.swift:8",
            ]
        ),
    ]

    /// With no `--sdk`: each SDK is found from the target's imports, and checked with what its
    /// code configures.
    @Test(arguments: rows.indices)
    func findingsOfTarget(row: Int) throws {
        let (target, sdk, expected) = Self.rows[row]
        let report = try GoldenProject(root: Self.root, project: Self.project).expectTarget(target, sdk: sdk, findings: expected)
        let detected = try #require(report.findings.first { $0.code == .sdkDetected })
        #expect(detected.message.contains("target '\(target)' imports "), "\(target)")
    }

    /// Each finding names what the code said, with its file and line.
    @Test func findingsNameTheCode() throws {
        let google = try AppConfigurationDoctor.report(project: Self.project, target: "PhotosCodeClientID")
        #expect(google.context.redirectURI == "com.googleusercontent.apps.123456789012-abcdefghijklmnopqrstuvwxyz012345:/oauth2callback")
        let missing = try #require(google.findings.first { $0.code == .urlSchemeNotRegistered })
        #expect(missing.message.contains("the reversed client ID of GIDConfiguration(clientID:) in Photos/AppDelegate.swift:9"))
        #expect(missing.fix == "add 'com.googleusercontent.apps.123456789012-abcdefghijklmnopqrstuvwxyz012345' to CFBundleURLSchemes in a CFBundleURLTypes entry")

        let travel = try AppConfigurationDoctor.report(project: Self.project, target: "TravelHTTPS")
        #expect(travel.context.redirectURI == "https://contoso.us.auth0.com/ios/com.contoso.travel/callback")
        #expect(travel.findings.first { $0.code == .associatedDomainMissing }?.fix.contains("webcredentials:contoso.us.auth0.com") == true)

        // The domain written as a URL is read for its host.
        let tickets = try AppConfigurationDoctor.report(project: Self.project, target: "TicketsSafari")
        #expect(tickets.context.redirectURI == "com.contoso.tickets://tickets-contoso.eu.auth0.com/ios/com.contoso.tickets/callback")
        let scheme = try #require(tickets.findings.first { $0.code == .urlSchemeNotRegistered })
        #expect(scheme.message.contains("WebAuthentication.safariProvider() (Tickets/SignIn.swift:7)"))
        // SFSafariViewController takes no https callback: the fix does not offer useHTTPS().
        #expect(!scheme.fix.contains("useHTTPS"))

        let notes = try AppConfigurationDoctor.report(project: Self.project, target: "NotesMultiline")
        let computed = try #require(notes.findings.first { $0.code == .codeValueComputed })
        #expect(computed.message.contains("a multi-line string literal (`\"\"\"…\"\"\"`), not read"))
        #expect(notes.findings.first { $0.code == .codeRead }?.message.contains("keychain group 'com.contoso.shared'") == true)

        let okta = try AppConfigurationDoctor.report(project: Self.project, target: "FieldOktaOther")
        #expect(okta.context.redirectURI == "com.contoso.field:/callback")
    }

    /// A redirect URI given on the command line is the one checked, whatever the code says.
    @Test func givenRedirectOutranksTheCode() throws {
        let given = try AppConfigurationDoctor.report(
            project: Self.project, target: "PhotosCodeClientID", redirectURI: "contoso-photos:/oauth2callback")
        #expect(!given.findings.contains { $0.code == .urlSchemeNotRegistered })
        #expect(given.context.redirectURI == "contoso-photos:/oauth2callback")
    }
}
