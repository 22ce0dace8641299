import Foundation
import RedirectURIKit

/// The checks of ``AppConfigurationDoctor``, run on property lists whose values it expands first.
///
/// Each value a check reads goes through ``expand(_:at:)``, which remembers every setting that
/// stood in the way, where: at the end each such setting is one finding, however many values it
/// appears in. A check whose value is not final is skipped with the reason, and the others run.
/// A value that cannot be read (a wrong-typed key) is one finding, and the checks that read it
/// are skipped rather than failed, so a finding never follows from another.
struct DoctorChecks {
    /// A registered scheme as written, expanded, and where.
    struct Registered {
        var location: String
        var expansion: Expansion
        var value: String { expansion.value }
    }

    /// What reading found, the same for every SDK's run.
    let facts: TargetFacts
    var sdk: SDKFlavour { didSet { context.sdk = sdk.rawValue } }
    /// How ``sdk`` was chosen: `given`, `detected` or `assumed`.
    var sdkSource: String { didSet { context.sdkSource = sdkSource } }
    var context: DoctorContext
    var findings: [DoctorFinding]
    var skipped: [DoctorSkippedCheck] = []
    /// What stood in the way of the values the checks read (see ``expand(_:at:with:)``).
    var obstacles = ExpansionObstacles()
    /// Whether one of the SDK's rules is running (``sdkRule(_:)``), and the places of the values
    /// its rules expanded: a setting that stood in the way only there is the SDK's finding.
    var inSDKRule = false
    var sdkRuleLocations: Set<String> = []
    /// Values written where a URL scheme belongs, with the scheme a finding's fix names for them
    /// (Intune's ADALRedirectScheme written as a URL, MSAL's client ID): every fix about the value
    /// names that scheme, and `url-scheme-not-registered` is not said for it on top.
    var schemesMeant: [String: String] = [:]
    /// Why no broker can be used, read from the app's code (an Azure AD B2C or CIAM authority;
    /// see ``CodeChecks``).
    var codeBrokerExclusion: String?
    /// Google Sign-In's client ID configured in code (`GIDConfiguration(clientID:)`), which
    /// replaces `GIDClientID` of the Info.plist, with how findings cite it.
    var codeGoogleClientID: (value: String, cite: String)?
    /// What the app's code says of Auth0's callback (see ``CodeChecks``).
    var codeAuth0 = CodeAuth0Callback()
    /// The browser the code chooses that does not capture the callback itself (Auth0's
    /// `WebAuthentication.safariProvider()`, AppAuth's `OIDExternalUserAgentIOSCustomBrowser`),
    /// cited: the redirect URI's scheme must then be registered, whatever the SDK's default.
    var codeUserAgentNeedingScheme: String?
    /// Why the redirect URI's scheme is needed, when more can be said than that it is its scheme.
    var redirectSchemeWhy: String?
    /// Values the app's code leaves to fill in (empty, a placeholder), or computes where no
    /// configuration file may stand in for them (Google's client ID), each with why: the checks
    /// that need the value do not run, and are not needed, rather than fall back on another value.
    var codeValuesWithheld: [CodeFact.Kind: String] = [:]
    /// Whether Google Sign-In's client ID is nowhere the doctor can read it: only the shape of the
    /// scheme it needs is then known (see ``googleSchemeCheck(_:)``).
    var googleClientIDUnread = false

    init(_ facts: TargetFacts, sdk: SDKFlavour = .generic, sdkSource: String = "none") {
        self.facts = facts
        self.sdk = sdk
        self.sdkSource = sdkSource
        context = facts.context
        findings = facts.findings
        context.sdk = sdk.rawValue
        context.sdkSource = sdkSource
        for (expansion, location) in facts.expansions { obstacles.record(expansion, at: location) }
    }

    // The facts the checks read, by name.
    var expander: BuildSettingExpander { facts.expander }
    var givenSettings: [String: String] { facts.givenSettings }
    var detection: SDKDetection { facts.detection }
    var projectDescription: String? { facts.projectDescription }
    var unresolvedExplanation: String { facts.unresolvedExplanation }
    var generatedOnly: Bool { facts.generatedOnly }
    var platform: ApplePlatform? { facts.platform }
    var buildTimeEdits: [BuildTimeEdit] { facts.buildTimeEdits }
    var developmentTeamUnset: Bool? { facts.developmentTeamUnset }
    var generatedFilesMissing: [String] { facts.generatedFilesMissing }
    var infoPlistPath: String? { facts.infoPlistPath }
    var projectPath: String? { facts.projectPath }
    var infoPlistSpec: (properties: String, regenerate: String)? { facts.infoPlistSpec }
    var infoPlistGiven: [UInt8]? { facts.infoPlistGiven }

    /// Each entitlements file's path on disk by the name findings show it under.
    var entitlementsPaths: [String: String] = [:]

    // MARK: - The checks

    /// Why a check that reads the Info.plist did not run when it could not be read: that one
    /// cause, never a reason that only follows from it ("there is no redirect URI to check").
    static let infoPlistUnreadable = "the Info.plist could not be read"

    mutating func run(
        info: [String: Any]?, generatedKeys: Set<String>, entitlements: [Entitlements], redirectURI: String?,
        keychainGroup: String?
    ) {
        sdkRule { $0.sdkFindings(info: info) }
        let (bundleID, bundleIDIssue) = bundleIDCheck(info: info, generatedKeys: generatedKeys)

        // What is registered: CFBundleURLTypes[].CFBundleURLSchemes, expanded first (MSAL picks
        // its default redirect URI by what is registered), and what is near it.
        var urlTypes = URLTypes()
        if let info { urlTypes = readURLTypes(info) }
        let registered = urlTypes.schemes
        let expanded = registered.filter(\.expansion.isComplete).map(\.value)
        let pending = registered.first { !$0.expansion.isComplete }

        // The redirect URI: given, or derived as the SDK derives it.
        var redirect: RedirectURI?
        var extraSchemes: [(scheme: String, why: String)] = []
        var redirectIssue = info == nil ? Self.infoPlistUnreadable : "there is no redirect URI to check"
        if redirectURI == nil, let withheld = codeValuesWithheld[.redirectURI] {
            redirectIssue = withheld
            skip("redirect-uri", withheld, needed: false)
        } else if let redirectURI {
            let expansion = expand(redirectURI, at: "the redirect URI")
            if !expansion.isComplete {
                redirectIssue = reason("the redirect URI", expansion)
                skip("redirect-uri", redirectIssue)
            } else {
                redirect = parsedRedirect(expansion.value, what: "the redirect URI", issue: &redirectIssue)
            }
        } else if info != nil {
            sdkRule {
                redirect = $0.derivedRedirect(
                    info: info ?? [:], bundleID: bundleID, bundleIDIssue: bundleIDIssue, registered: expanded, pending: pending != nil,
                    extraSchemes: &extraSchemes, issue: &redirectIssue)
            }
        }
        sdkRule { $0.auth0HTTPSCallback(&redirect, given: redirectURI != nil, registered: expanded, entitlements: entitlements) }
        context.redirectURI = redirect?.description
        sdkRule { $0.clientIDRedirectCheck(redirect, bundleID: bundleID) }
        // Microsoft's macOS broker identifies an app by its team: without one it uses MSAL's
        // unsigned-app redirect (Microsoft's "macOS broker" guide for MSAL; msal-python's
        // `_redirect_uri_on_mac`), which the app registration must list.
        if sdk == .msal, platform == .macOS, developmentTeamUnset == true {
            findings.append(
                madeBySDK(
                    DoctorFinding(
                        .macOSUnsignedRedirect,
                        "the target sets no DEVELOPMENT_TEAM: built without a team, the app has no team ID, and Microsoft's macOS broker signs it in with msauth.com.msauth.unsignedapp://auth rather than \(redirect?.description ?? "the app's own redirect URI")",
                        fix:
                            "set DEVELOPMENT_TEAM (Signing & Capabilities), or add msauth.com.msauth.unsignedapp://auth to the app registration's redirect URIs"
                    )))
        }

        // The redirect URI's scheme (and the SDK's other callback schemes) must be registered.
        var needed: [(scheme: String, why: String)] = []
        if let redirect, Self.isOutOfBand(redirect.description) {
            // Nothing comes back: the user copies the code (RFC 8252 §7 leaves out-of-band
            // redirects; Google and Microsoft ended them), so no scheme is needed.
            skip(
                "url-scheme-registered", "the redirect URI '\(redirect)' is out-of-band: no URL opens the app, so no scheme is registered for it",
                needed: false)
        } else if let redirect, let scheme = redirect.reference.scheme {
            switch redirect.form {
            case .https, .loopback:
                break  // universal links and loopback need no URL scheme
            case .certificateAuth:
                needed =
                    [(String(scheme), "the redirect URI's scheme")]
                    + (redirect.inner?.reference.scheme.map { [(String($0), "the inner redirect URI's scheme")] } ?? [])
            default:
                needed = [(String(scheme), redirectSchemeWhy ?? "the redirect URI's scheme")]
            }
            if redirect.form == .https, sdk == .auth0 {
                sdkRule { $0.associatedDomainCheck(host: redirect.reference.host.map(String.init) ?? "", entitlements: entitlements) }
            }
        }
        needed += extraSchemes
        schemeRegistrationChecks(
            info: info, urlTypes: urlTypes, needed: needed, redirect: redirect, redirectIssue: redirectIssue, expanded: expanded,
            pending: pending, bundleID: bundleID)
        sdkRule { $0.bundleIDMatchesRedirect(redirect, bundleID: bundleID, bundleIDIssue: bundleIDIssue, redirectIssue: redirectIssue) }

        // LSApplicationQueriesSchemes: only the broker SDKs open another app, and only where the
        // broker can serve the app's redirect.
        if !sdk.queriedSchemes.isEmpty {
            if let why = brokerUnavailable(redirect) {
                // Not a requirement here: listed as not run, and not needed.
                skip("query-schemes", "\(sdk.displayName) cannot use the broker: \(why), so its query schemes are not required", needed: false)
            } else if let info {
                sdkRule { $0.querySchemeCheck(info) }
            } else {
                skip("query-schemes", Self.infoPlistUnreadable)
            }
        }

        entitlementsChecks(info: info, entitlements: entitlements, keychainGroup: keychainGroup, bundleID: bundleID)

        findings += variableFindings()
        applyBuildTimeEdits()
    }

    /// Whether a redirect URI is the out-of-band one (`urn:ietf:wg:oauth:2.0:oob`, `…:oob:auto`),
    /// which hands the code to the user rather than to an app.
    static func isOutOfBand(_ redirect: String) -> Bool {
        redirect.lowercased().hasPrefix("urn:ietf:wg:oauth:2.0:oob")
    }

    /// Why the Microsoft broker cannot serve this app, or `nil` when it can: MSAL's client-ID
    /// redirect (`msal<client ID>://auth`) is one the broker refuses (MSAL's
    /// `MSALRedirectUriVerifier`: only `msauth.<bundle ID>://auth` is broker-capable), and there is
    /// no broker app on macOS (MSAL's macOS build has no broker and no `LSApplicationQueriesSchemes`).
    func brokerUnavailable(_ redirect: RedirectURI?) -> String? {
        if let codeBrokerExclusion { return codeBrokerExclusion }
        if platform == .macOS { return "there is no broker app on macOS" }
        if sdk == .msal, redirect?.form == .msalClientID {
            return
                "the redirect URI '\(redirect?.description ?? "")' is MSAL's client-ID form, which the broker does not accept (see not-broker-capable)"
        }
        return nil
    }
}
