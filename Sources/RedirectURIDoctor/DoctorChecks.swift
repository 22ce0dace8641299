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
    /// Where the entitlements come from.
    enum EntitlementsSource {
        case none
        case data(Data)
        case unreadable(String)
    }

    /// The entitlements of one or more build configurations that share them.
    struct Entitlements {
        /// The configurations, empty without a project.
        var configurations: [String] = []
        /// The file as shown in findings.
        var file: String?
        var source: EntitlementsSource
        /// Expands the configurations' settings (the first's, when they share the file).
        var expander: BuildSettingExpander?
        /// The file's path on disk, when it was read from one.
        var path: String?

        /// "configuration 'Debug' (App/Debug.entitlements)", for messages.
        var label: String {
            let names = configurations.map { "'\($0)'" }.joined(separator: ", ")
            let which = configurations.isEmpty ? "" : (configurations.count == 1 ? "configuration \(names)" : "configurations \(names)")
            switch (which.isEmpty, file) {
            case (true, nil): return "the entitlements"
            case (true, let file?): return file
            case (false, nil): return which
            case (false, let file?): return "\(which) (\(file))"
            }
        }
    }

    /// Why a setting is reported, with the places it appears in.
    private enum VariableKind: Hashable {
        case unresolved, unset, signing
    }

    /// A registered scheme as written, expanded, and where.
    struct Registered {
        var location: String
        var expansion: Expansion
        var value: String { expansion.value }
    }

    let expander: BuildSettingExpander
    /// The settings the caller gave, with how they were given (`--bundle-id com.contoso.app`).
    let givenSettings: [String: String]
    var sdk: SDKFlavour { didSet { context.sdk = sdk.rawValue } }
    /// How ``sdk`` was chosen: `given`, `detected` or `assumed`.
    var sdkSource: String { didSet { context.sdkSource = sdkSource } }
    var detection: SDKDetection
    /// In project mode, `target 'Name' (Configuration)`.
    var projectDescription: String?
    /// Why a setting with no value stays unexpanded (said in `unexpanded-variable`).
    var unresolvedExplanation = "no project was read and no value was given for it"
    /// Whether the Info.plist is generated from build settings alone (no file to add keys to).
    var generatedOnly = false
    var context = DoctorContext()
    var findings: [DoctorFinding] = []
    var skipped: [DoctorSkippedCheck] = []

    private var variables: [(kind: VariableKind, name: String, locations: [String])] = []
    private var cycles: [(cycle: [String], location: String)] = []
    private var unsupportedOperators: [(name: String, location: String)] = []
    private var unterminated: [(text: String, location: String)] = []
    private var limits: [(reason: String, location: String)] = []
    private var used: [String] = []

    init(expander: BuildSettingExpander, givenSettings: [String: String], sdk: SDKFlavour, sdkSource: String, detection: SDKDetection) {
        self.expander = expander
        self.givenSettings = givenSettings
        self.sdk = sdk
        self.sdkSource = sdkSource
        self.detection = detection
        context.sdk = sdk.rawValue
        context.sdkSource = sdkSource
    }

    /// The Info.plist's and the project's paths on disk, when read from one (for locations).
    var infoPlistPath: String?
    var projectPath: String?
    /// Each entitlements file's path on disk by the name findings show it under.
    private var entitlementsPaths: [String: String] = [:]

    var report: DoctorReport {
        DoctorReport(context: context, findings: findings.map(located), skipped: skipped)
    }

    /// The finding with its file and key: where the check said, else where its code points.
    private func located(_ finding: DoctorFinding) -> DoctorFinding {
        var finding = finding
        var location = finding.location ?? Self.defaultLocation(finding.code)
        if location.path == nil {
            switch location.artifact {
            case .infoPlist: location.path = infoPlistPath
            case .project: location.path = projectPath
            case .entitlements: break
            }
        }
        finding.location = location
        return finding
    }

    /// Where a code's findings are when the check did not say: the file its key is in, the key
    /// a finding about the whole of it points at.
    static func defaultLocation(_ code: FindingCode) -> DoctorLocation {
        switch code {
        case .infoPlistMissing, .infoPlistKeyIgnored, .xcconfigUnreadable, .projectTarget, .buildSettingUnused, .buildSettingConditional:
            return DoctorLocation(.project)
        case .keychainGroupMissing, .keychainGroupUnprefixed: return DoctorLocation(.entitlements, keyPath: "keychain-access-groups")
        case .associatedDomainMissing: return DoctorLocation(.entitlements, keyPath: "com.apple.developer.associated-domains")
        case .bundleIDMissing, .bundleIDInvalid, .bundleIDMismatch, .notBrokerCapable:
            return DoctorLocation(.infoPlist, keyPath: "CFBundleIdentifier")
        case .urlSchemeNotRegistered: return DoctorLocation(.infoPlist, keyPath: "CFBundleURLTypes")
        case .urlSchemesOutsideURLTypes: return DoctorLocation(.infoPlist, keyPath: "CFBundleURLSchemes")
        case .querySchemeMissing: return DoctorLocation(.infoPlist, keyPath: "LSApplicationQueriesSchemes")
        case .sdkConfigurationInvalid: return DoctorLocation(.infoPlist, keyPath: "GIDClientID")
        default: return DoctorLocation(.infoPlist)
        }
    }

    /// Schemes no app may claim as its own: the core's reserved list (`http`, `https`, the
    /// broker's `msauth`, `msauthv2`, `msauthv3`, `mailto`, …).
    static let reservedSchemes = RegistrationLint.reservedSchemes

    // MARK: - The checks

    mutating func run(
        info: [String: Any]?, generatedKeys: Set<String>, entitlements: [Entitlements], redirectURI: String?,
        keychainGroup: String?
    ) {
        sdkFindings(info: info)

        // CFBundleIdentifier
        var bundleID: String?
        var bundleIDIssue = "the Info.plist could not be read"
        if let info {
            switch info["CFBundleIdentifier"] {
            case let written as String:
                let location =
                    generatedKeys.contains("CFBundleIdentifier")
                    ? "CFBundleIdentifier (generated as $(PRODUCT_BUNDLE_IDENTIFIER))" : "CFBundleIdentifier"
                let expansion = expand(written, at: location)
                if !expansion.isComplete {
                    bundleIDIssue = reason("CFBundleIdentifier", expansion)
                    skip("bundle-id", bundleIDIssue)
                } else if expansion.value.isEmpty {
                    bundleIDIssue = "CFBundleIdentifier is empty"
                    findings.append(
                        DoctorFinding(
                            .bundleIDMissing, "CFBundleIdentifier '\(written)' expands to an empty string",
                            fix: "set PRODUCT_BUNDLE_IDENTIFIER (or CFBundleIdentifier) to the app's bundle ID"))
                } else if BundleID(expansion.value) == nil {
                    bundleIDIssue = "CFBundleIdentifier '\(expansion.value)' is not a valid bundle ID"
                    findings.append(
                        DoctorFinding(
                            .bundleIDInvalid,
                            "CFBundleIdentifier is '\(expansion.value)'\(written == expansion.value ? "" : " (written '\(written)')"), which is not a valid bundle ID: dot-separated labels of A–Z, a–z, 0–9 and '-'",
                            fix:
                                "use $(PRODUCT_NAME:rfc1034identifier) rather than $(PRODUCT_NAME) in the bundle ID, or write it with letters, digits, '-' and '.' only"
                        ))
                } else {
                    bundleID = expansion.value
                    context.bundleID = expansion.value
                }
            case nil:
                bundleIDIssue = "the Info.plist has no CFBundleIdentifier"
                findings.append(
                    DoctorFinding(
                        .bundleIDMissing, "the Info.plist has no CFBundleIdentifier",
                        fix: "add CFBundleIdentifier with the value $(PRODUCT_BUNDLE_IDENTIFIER), or the app's bundle ID"))
            default:
                bundleIDIssue = "CFBundleIdentifier is not a string"
                findings.append(Self.wrongType("CFBundleIdentifier", expected: "a string"))
            }
        }

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
        var redirectIssue = "there is no redirect URI to check"
        if let redirectURI {
            let expansion = expand(redirectURI, at: "the redirect URI")
            if !expansion.isComplete {
                redirectIssue = reason("the redirect URI", expansion)
                skip("redirect-uri", redirectIssue)
            } else {
                redirect = parsedRedirect(expansion.value, what: "the redirect URI", issue: &redirectIssue)
            }
        } else if info != nil {
            redirect = derivedRedirect(
                info: info ?? [:], bundleID: bundleID, bundleIDIssue: bundleIDIssue, registered: expanded, pending: pending != nil,
                extraSchemes: &extraSchemes, issue: &redirectIssue)
        }
        // Auth0's custom-scheme callback not registered, but its domain in Associated Domains:
        // the app uses the https callback (useHTTPS()).
        if sdk == .auth0, redirectURI == nil, let custom = redirect, let scheme = custom.reference.scheme,
            !expanded.contains(String(scheme)), let host = custom.reference.host,
            entitlements.contains(where: { Self.associatedDomains($0).contains("webcredentials:\(host)") }),
            let https = try? RedirectURI(parsing: "https://\(host)\(custom.reference.path)")
        {
            findings.append(
                DoctorFinding(
                    .redirectURIDerived,
                    "the custom-scheme callback's scheme '\(scheme)' is not registered and Associated Domains has webcredentials:\(host): checking Auth0's https callback '\(https)'",
                    fix: "pass --redirect-uri to check another one"))
            redirect = https
        }
        context.redirectURI = redirect?.description

        // A redirect URI that names a client rather than the app: no broker can use it. Only MSAL
        // has the client-ID form, and only the broker needs the app named.
        if sdk.isMicrosoft, let redirect, RegistrationLint.lint(redirect.description).contains(where: { $0.code == .notBrokerCapable }) {
            let scheme = bundleID.map { "msauth.\($0)" } ?? "msauth.<bundle ID>"
            findings.append(
                DoctorFinding(
                    .notBrokerCapable,
                    "the redirect URI '\(redirect)' is MSAL's client-ID form: it names client \(redirect.clientID ?? ""), not the app, so no broker can use it and MSAL signs in without one",
                    fix:
                        "to use the broker, register \(scheme)://auth: add '\(scheme)' to CFBundleURLSchemes (keep the msal… scheme) and the redirect URI to the app's registration; MSAL then uses it"
                ))
        }

        // The redirect URI's scheme (and the SDK's other callback schemes) must be registered.
        var needed: [(scheme: String, why: String)] = []
        if let redirect, let scheme = redirect.reference.scheme {
            switch redirect.form {
            case .https, .loopback:
                break  // universal links and loopback need no URL scheme
            case .certificateAuth:
                needed =
                    [(String(scheme), "the redirect URI's scheme")]
                    + (redirect.inner?.reference.scheme.map { [(String($0), "the inner redirect URI's scheme")] } ?? [])
            default:
                needed = [(String(scheme), "the redirect URI's scheme")]
            }
            if redirect.form == .https, sdk == .auth0 {
                associatedDomainCheck(host: redirect.reference.host.map(String.init) ?? "", entitlements: entitlements)
            }
        }
        needed += extraSchemes
        registrationFindings(urlTypes, needed: Set(needed.map(\.scheme)))
        if info != nil, !needed.isEmpty || redirect != nil {
            for (scheme, why) in needed where !expanded.contains(scheme) {
                schemeNotRegistered(scheme, why: why, urlTypes: urlTypes, expanded: expanded, pending: pending, redirect: redirect)
            }
        } else if info != nil {
            let redirectNeeded = skipped.last { $0.check == "redirect-uri" }?.needed ?? true
            if !redirectNeeded, urlTypes.schemes.isEmpty, !urlTypes.unreadable {
                // The redirect URI lives in the app's code, and the app registers no scheme at all:
                // a custom-scheme redirect cannot come back, and nothing here could check it. Not a
                // pass (CI must not go green on that), and no error either: a claimed https
                // redirect needs no scheme.
                skip(
                    "url-scheme-registered",
                    redirectIssue + ", and the Info.plist registers no URL scheme in CFBundleURLTypes: a custom-scheme "
                        + "redirect URI cannot come back to this app (pass --redirect-uri to check the one your code uses)",
                    needed: true)
            } else {
                skip("url-scheme-registered", redirectIssue, needed: redirectNeeded)
            }
        }

        // The bundle ID a broker redirect URI carries (other SDKs put other things in that place:
        // Auth0's callback has its tenant's domain there).
        if sdk.isMicrosoft {
            if let redirect, let carried = redirect.bundleID {
                if let bundleID {
                    if carried.description != bundleID {
                        findings.append(
                            DoctorFinding(
                                .bundleIDMismatch,
                                "CFBundleIdentifier is '\(bundleID)' but the redirect URI carries '\(carried)'; the broker refuses tokens when they differ"
                                    + (carried.description.lowercased() == bundleID.lowercased() ? " (they differ only in case)" : ""),
                                fix: "use the redirect URI built from the app's bundle ID, e.g. "
                                    + (sdk == .msal ? "msauth.\(bundleID)://auth" : "<scheme>://\(bundleID)")))
                    }
                } else {
                    skip("bundle-id-matches-redirect", bundleIDIssue)
                }
            } else if redirect == nil {
                skip("bundle-id-matches-redirect", redirectIssue, needed: skipped.last { $0.check == "redirect-uri" }?.needed ?? true)
            }
        }

        // LSApplicationQueriesSchemes: only the broker SDKs open another app.
        if !sdk.queriedSchemes.isEmpty {
            if let info { querySchemeCheck(info) } else { skip("query-schemes", "the Info.plist could not be read") }
        }

        // Entitlements: the keychain group the SDK shares its cache through.
        // Intune's settings may move MSAL's cache to another group (ADALCacheKeychainGroupOverride,
        // Intune App SDK guide, stage 3): that group is the one the entitlements need.
        let intuneGroup = sdk.isMicrosoft ? ((info?["IntuneMAMSettings"] as? [String: Any])?["ADALCacheKeychainGroupOverride"] as? String) : nil
        let group = keychainGroup ?? intuneGroup.flatMap { $0.isEmpty ? nil : $0 } ?? sdk.defaultKeychainGroup
        for item in entitlements {
            if let group {
                keychainCheck(item, group: group, named: keychainGroup != nil || intuneGroup != nil)
            } else if case .data(let data) = item.source, AppConfigurationDoctor.dictionary(data) == nil {
                findings.append(
                    DoctorFinding(
                        .plistUnreadable, "\(item.label): the entitlements file is not a property list with a dictionary at its root",
                        fix: "pass the app's .entitlements file"))
            } else if case .unreadable(let message) = item.source {
                findings.append(
                    DoctorFinding(.plistUnreadable, message, fix: "point CODE_SIGN_ENTITLEMENTS at the target's .entitlements file"))
            }
        }

        findings += variableFindings()
    }

    // MARK: - The SDK

    /// Says which SDK's rules are checked and why, and which `--sdk` fits when the project points
    /// elsewhere.
    private mutating func sdkFindings(info: [String: Any]?) {
        let others = detection.sdks.filter { $0 != sdk }
        switch sdkSource {
        case "detected":
            let sources = detection.evidence.filter { $0.sdk == sdk }.map(\.source)
            findings.append(
                DoctorFinding(
                    .sdkDetected,
                    "checking for \(sdk.displayName), found in \(sources.joined(separator: ", "))"
                        + (others.isEmpty ? "" : "; the project also names \(others.map(\.displayName).joined(separator: ", "))"),
                    fix: others.isEmpty
                        ? "pass --sdk to check for another SDK" : "pass --sdk \(others.map(\.rawValue).joined(separator: "|")) to check for the other"
                ))
        case "assumed":
            findings.append(
                DoctorFinding(
                    .sdkDetected,
                    "no sign-in SDK found in the project's packages or configuration files; checking for \(sdk.displayName)",
                    fix: "pass --sdk msal|adal|appauth|google|auth0|okta|generic to name the app's SDK"))
        default:
            if let first = others.first, !detection.sdks.contains(sdk) {
                let sources = detection.evidence.filter { $0.sdk == first }.map(\.source)
                findings.append(
                    DoctorFinding(
                        .sdkMismatch,
                        "checking for \(sdk.displayName) as asked, but the project uses \(first.displayName) (\(sources.joined(separator: ", ")))",
                        fix: "pass --sdk \(first.rawValue)"))
            }
        }
        // ADAL's schemes with MSAL's rules: the app is most likely still on ADAL.
        if sdk == .msal, let info, detection.sdks.isEmpty || sdkSource != "detected" {
            let schemes = urlSchemeStrings(info)
            let queried = (info["LSApplicationQueriesSchemes"] as? [Any])?.compactMap { $0 as? String } ?? []
            let msalShaped = schemes.contains {
                $0.lowercased().hasPrefix("msauth.") || (try? RedirectURI(parsing: $0 + "://auth"))?.form == .msalClientID
            }
            let adalShaped =
                schemes.contains { $0.lowercased().hasPrefix("x-msauth-") } || (queried.contains("msauth") && !queried.contains("msauthv2"))
            if !msalShaped, adalShaped {
                findings.append(
                    DoctorFinding(
                        .sdkMismatch,
                        "only ADAL-form schemes are registered (\(schemes.map { "'\($0)'" }.joined(separator: ", "))) and LSApplicationQueriesSchemes is ADAL's, while MSAL's rules are checked",
                        fix: "pass --sdk adal (and --redirect-uri <scheme>://<bundle ID>) if the app uses ADAL; for MSAL, register msauth.<bundle ID>"
                    ))
            }
        }
    }

    /// The redirect URI the SDK uses when the app passes none, from the SDK's own configuration.
    private mutating func derivedRedirect(
        info: [String: Any], bundleID: String?, bundleIDIssue: String, registered: [String], pending: Bool,
        extraSchemes: inout [(scheme: String, why: String)], issue: inout String
    ) -> RedirectURI? {
        let intune = info["IntuneMAMSettings"] as? [String: Any]
        switch sdk {
        case .msal, .adal:
            if let written = intune?["ADALRedirectUri"] as? String {
                return derived(written, at: "IntuneMAMSettings.ADALRedirectUri", by: "Intune's IntuneMAMSettings.ADALRedirectUri", issue: &issue)
            }
            if let written = intune?["ADALRedirectScheme"] as? String {
                guard let bundleID else {
                    issue = "the redirect URI is IntuneMAMSettings.ADALRedirectScheme + :// + the bundle ID, and \(bundleIDIssue)"
                    skip("redirect-uri", issue)
                    return nil
                }
                let scheme = expand(written, at: "IntuneMAMSettings.ADALRedirectScheme")
                guard scheme.isComplete else {
                    issue = reason("IntuneMAMSettings.ADALRedirectScheme", scheme)
                    skip("redirect-uri", issue)
                    return nil
                }
                guard Self.isScheme(scheme.value) else {
                    issue = "IntuneMAMSettings.ADALRedirectScheme '\(scheme.value)' is not a scheme"
                    findings.append(
                        DoctorFinding(
                            .sdkConfigurationInvalid,
                            "IntuneMAMSettings.ADALRedirectScheme is '\(scheme.value)', which is not a URL scheme: Intune builds the redirect URI as <ADALRedirectScheme>://<bundle ID>",
                            fix: "set ADALRedirectScheme to msauth.\(bundleID), registered in CFBundleURLSchemes"
                        ).at("IntuneMAMSettings.ADALRedirectScheme"))
                    skip("redirect-uri", issue, needed: false)
                    return nil
                }
                return derived(
                    "\(scheme.value)://\(bundleID)", at: nil, by: "Intune's IntuneMAMSettings.ADALRedirectScheme and the bundle ID",
                    issue: &issue)
            }
            if sdk == .msal {
                return msalDefaultRedirect(bundleID: bundleID, bundleIDIssue: bundleIDIssue, registered: registered, pending: pending)
            }
            issue = "ADAL takes its redirect URI from the app's code; none was given"
            skip("redirect-uri", issue + " (pass --redirect-uri <scheme>://<bundle ID>)", needed: false)
            return nil
        case .googleSignIn:
            var clientID: String?
            var source = ""
            if let written = info["GIDClientID"] {
                guard let text = written as? String else {
                    findings.append(Self.wrongType("GIDClientID", expected: "a string"))
                    issue = "GIDClientID is not a string"
                    skip("redirect-uri", issue)
                    return nil
                }
                let expansion = expand(text, at: "GIDClientID")
                guard expansion.isComplete else {
                    issue = reason("GIDClientID", expansion)
                    skip("redirect-uri", issue)
                    return nil
                }
                clientID = expansion.value
                source = "GIDClientID"
            } else if let file = detection.googleClientID {
                clientID = file.value
                source = "CLIENT_ID of \(file.file)"
            }
            guard let clientID else {
                issue = "Google Sign-In reads its client ID from GIDClientID in the Info.plist (or the app's code), and there is none"
                skip("redirect-uri", issue + " (add GIDClientID, or pass --redirect-uri)", needed: false)
                return nil
            }
            let suffix = ".apps.googleusercontent.com"
            let prefix = "com.googleusercontent.apps."
            let scheme: String
            if clientID.hasSuffix(suffix), clientID.count > suffix.count {
                scheme = prefix + clientID.dropLast(suffix.count)
            } else if clientID.hasPrefix(prefix), clientID.count > prefix.count {
                scheme = clientID
                findings.append(
                    DoctorFinding(
                        .sdkConfigurationInvalid,
                        "\(source) is '\(clientID)', the reversed client ID; Google Sign-In expects the client ID itself there, and the reversed one only as a URL scheme",
                        fix: "set \(source == "GIDClientID" ? "GIDClientID" : "the client ID") to '\(clientID.dropFirst(prefix.count))\(suffix)'"))
            } else {
                issue = "\(source) '\(clientID)' is not a Google iOS client ID (<number>-<id>.apps.googleusercontent.com)"
                findings.append(
                    DoctorFinding(
                        .sdkConfigurationInvalid, issue,
                        fix: "copy the iOS client ID from the Google Cloud console (or CLIENT_ID of GoogleService-Info.plist)"))
                skip("redirect-uri", issue, needed: false)
                return nil
            }
            return derived(scheme + ":/oauth2callback", at: nil, by: "the reversed client ID (\(source))", issue: &issue)
        case .auth0:
            guard let domain = detection.auth0Domain else {
                issue = "Auth0's callback URL is built from the Domain of Auth0.plist, and no Auth0.plist with a Domain was found"
                skip("redirect-uri", issue + " (pass --redirect-uri)", needed: false)
                return nil
            }
            guard let bundleID else {
                issue = "Auth0's callback URL is built from the bundle ID, and \(bundleIDIssue)"
                skip("redirect-uri", issue)
                return nil
            }
            let host = domain.value.lowercased().hasPrefix("https://") ? String(domain.value.dropFirst(8)) : domain.value
            // Auth0.swift (Auth0WebAuth.redirectURL) sets the Auth0 URL's scheme to the bundle ID
            // as it is, and appends /ios/<bundle ID>/callback.
            let scheme = bundleID
            return derived(
                "\(scheme)://\(host)/ios/\(bundleID)/callback", at: nil,
                by: "Auth0's callback format <bundle ID>://<Domain of \(domain.file)>/ios/<bundle ID>/callback", issue: &issue)
        case .okta:
            guard let first = detection.oktaRedirects.first(where: { $0.key == "redirectUri" }) else {
                issue = "Okta reads its redirect URI from redirectUri in Okta.plist, and none was found"
                skip("redirect-uri", issue + " (pass --redirect-uri)", needed: false)
                return nil
            }
            for other in detection.oktaRedirects where other.key != "redirectUri" {
                if let scheme = (try? RedirectURI(parsing: other.value))?.reference.scheme, other.value.lowercased().hasPrefix("https:") == false {
                    extraSchemes.append((String(scheme), "the scheme of \(other.key) in \(other.file)"))
                }
            }
            return derived(first.value, at: nil, by: "redirectUri of \(first.file)", issue: &issue)
        case .appAuth, .generic:
            issue = "\(sdk == .appAuth ? "AppAuth" : "the app") takes the redirect URI from the app's code; none was given"
            skip("redirect-uri", issue + " (pass --redirect-uri)", needed: false)
            return nil
        }
    }

    /// A derived redirect URI, parsed and reported as `redirect-uri-derived`.
    private mutating func derived(_ text: String, at location: String?, by origin: String, issue: inout String) -> RedirectURI? {
        var value = text
        if let location {
            let expansion = expand(text, at: location)
            guard expansion.isComplete else {
                issue = reason(location, expansion)
                skip("redirect-uri", issue)
                return nil
            }
            value = expansion.value
        }
        guard let redirect = parsedRedirect(value, what: "the redirect URI from \(origin)", issue: &issue) else { return nil }
        findings.append(
            DoctorFinding(
                .redirectURIDerived, "no redirect URI given; checking '\(redirect)', which \(sdk.displayName) uses: from \(origin)",
                fix: "pass --redirect-uri to check another one"))
        return redirect
    }

    /// Parses a redirect URI; a failure is `redirect-uri-unparsable` with the core's error kind and
    /// byte offset, the ones `parse` prints for the same text.
    private mutating func parsedRedirect(_ text: String, what: String, issue: inout String) -> RedirectURI? {
        do {
            // `parse` reads its input as a URI-reference first and reports that error; read the
            // same way first, so that both name one error at one offset.
            _ = try URIReference(bytes: Array(text.utf8))
            return try RedirectURI(parsing: text)
        } catch {
            issue = "\(what) is not valid"
            findings.append(
                DoctorFinding(
                    .redirectURIUnparsable,
                    "\(what) '\(text)' is not a valid absolute URI: \(error.kind.code) at byte offset \(error.offset) (\(error.message))",
                    fix: sdk == .msal
                        ? "use the redirect URI registered for the app, e.g. msauth.<bundle.id>://auth"
                        : "use the redirect URI registered for the app: <scheme>:<path>, the scheme registered in CFBundleURLSchemes"))
            return nil
        }
    }

    /// The redirect URI MSAL uses when the app configures none: `msauth.<bundle ID>://auth` when
    /// that scheme is registered, else `msal<client ID>://auth` when a client-ID scheme is
    /// (MSAL's fallback, which is not broker-capable), else the broker one, which then fails the
    /// scheme check. Which scheme is a client-ID scheme is the core's classification.
    private mutating func msalDefaultRedirect(
        bundleID: String?, bundleIDIssue: String, registered: [String], pending: Bool
    ) -> RedirectURI? {
        let clientIDRedirects = registered.compactMap { scheme -> RedirectURI? in
            guard let candidate = try? RedirectURI(parsing: scheme + "://auth"), candidate.form == .msalClientID else { return nil }
            return candidate
        }
        let broker = bundleID.flatMap(BundleID.init).flatMap { try? RedirectURI.msalBroker(bundleID: $0) }
        let brokerScheme = broker?.reference.scheme.map(String.init)
        // With a scheme still unexpanded, the broker scheme may be registered after all.
        let brokerRegistered =
            brokerScheme.map(registered.contains)
            ?? registered.contains { scheme in
                (try? RedirectURI(parsing: scheme + "://auth"))?.form == .msalBroker
            }
        if !brokerRegistered, !pending, let fallback = clientIDRedirects.first {
            findings.append(
                DoctorFinding(
                    .redirectURIDerived,
                    "no redirect URI given; checking '\(fallback)', the one MSAL uses: CFBundleURLSchemes has '\(fallback.reference.scheme ?? "")' and not "
                        + (brokerScheme.map { "'\($0)'" } ?? "an msauth.<bundle ID> scheme"),
                    fix: "pass --redirect-uri to check another one"))
            return fallback
        }
        if let broker {
            findings.append(
                DoctorFinding(
                    .redirectURIDerived, "no redirect URI given; checking the MSAL redirect URI '\(broker)'",
                    fix: "pass --redirect-uri to check another one"))
            return broker
        }
        skip("redirect-uri", "no redirect URI was given, and the MSAL one is derived from CFBundleIdentifier: \(bundleIDIssue)")
        return nil
    }

    // MARK: - What is registered

    /// What the Info.plist registers, and the places a scheme is often put by mistake.
    struct URLTypes {
        var schemes: [Registered] = []
        /// `CFBundleURLTypes[i].CFBundleURLName` values, with where.
        var names: [(location: String, value: String)] = []
        /// Strings of a top-level `CFBundleURLSchemes`, which iOS ignores.
        var strays: [String] = []
        /// Whether some of `CFBundleURLTypes` could not be read (a wrong type).
        var unreadable = false
    }

    /// Every string in `CFBundleURLTypes[].CFBundleURLSchemes[]` (expanded), with where it is.
    private mutating func readURLTypes(_ info: [String: Any]) -> URLTypes {
        var result = URLTypes()
        if let strays = info["CFBundleURLSchemes"] {
            let written = (strays as? [Any])?.compactMap { $0 as? String } ?? (strays as? String).map { [$0] } ?? []
            // Expanded quietly, as the identifiers are: read only to explain a missing scheme.
            result.strays = written.map { text in
                let expansion = expander.expand(text)
                return expansion.isComplete ? expansion.value : text
            }
        }
        guard let types = info["CFBundleURLTypes"] else { return result }
        guard let entries = types as? [Any] else {
            findings.append(Self.wrongType("CFBundleURLTypes", expected: "an array of dictionaries"))
            result.unreadable = true
            return result
        }
        for (typeIndex, entry) in entries.enumerated() {
            guard let dictionary = entry as? [String: Any] else {
                findings.append(Self.wrongType("CFBundleURLTypes[\(typeIndex)]", expected: "a dictionary"))
                result.unreadable = true
                continue
            }
            if let name = dictionary["CFBundleURLName"] as? String {
                // Expanded quietly: the identifier is read only to explain a missing scheme.
                let expansion = expander.expand(name)
                result.names.append(("CFBundleURLTypes[\(typeIndex)].CFBundleURLName", expansion.isComplete ? expansion.value : name))
            }
            guard let list = dictionary["CFBundleURLSchemes"] else { continue }
            guard let values = list as? [Any] else {
                findings.append(Self.wrongType("CFBundleURLTypes[\(typeIndex)].CFBundleURLSchemes", expected: "an array of strings"))
                result.unreadable = true
                continue
            }
            for (schemeIndex, value) in values.enumerated() {
                let location = "CFBundleURLTypes[\(typeIndex)].CFBundleURLSchemes[\(schemeIndex)]"
                if let scheme = value as? String {
                    result.schemes.append(Registered(location: location, expansion: expand(scheme, at: location)))
                } else {
                    findings.append(Self.wrongType(location, expected: "a string"))
                    result.unreadable = true
                }
            }
        }
        return result
    }

    /// The scheme strings as written, without expanding or reporting anything.
    private func urlSchemeStrings(_ info: [String: Any]) -> [String] {
        let entries = info["CFBundleURLTypes"] as? [Any] ?? []
        return entries.flatMap { (($0 as? [String: Any])?["CFBundleURLSchemes"] as? [Any] ?? []).compactMap { $0 as? String } }
    }

    /// Each registered scheme on its own: RFC 3986 §3.1 syntax, no broker or system scheme, case,
    /// duplicates; and schemes outside `CFBundleURLTypes`.
    ///
    /// A reserved scheme the redirect itself needs (`msauth` for the broker's certificate-based
    /// `msauth://code/…` redirect) is not reported. Values whose expansion already has a finding
    /// (a cycle, an unset setting, a stopped expansion) are not checked again.
    private mutating func registrationFindings(_ types: URLTypes, needed: Set<String>) {
        if !types.strays.isEmpty {
            findings.append(
                DoctorFinding(
                    .urlSchemesOutsideURLTypes,
                    "CFBundleURLSchemes (\(types.strays.map { "'\($0)'" }.joined(separator: ", "))) is at the top level of the Info.plist; iOS reads schemes only inside a CFBundleURLTypes entry, so none of these is registered",
                    fix: "move the schemes into a CFBundleURLTypes entry (Xcode: target → Info → URL Types → URL Schemes)"
                        + generatedOnlyNote("CFBundleURLTypes")))
        }
        var seen: [String: String] = [:]
        for entry in types.schemes
        where entry.expansion.isComplete && entry.expansion.cycles.isEmpty && entry.expansion.unset.isEmpty && entry.expansion.limit == nil {
            let scheme = entry.value
            let lower = scheme.lowercased()
            if let first = seen[lower] {
                findings.append(
                    DoctorFinding(
                        .urlSchemeDuplicate, "the URL scheme '\(scheme)' (\(entry.location)) is also at \(first)",
                        fix: "keep one of them: iOS gives a scheme to one app and one entry"
                    ).at(entry.location))
                continue
            }
            seen[lower] = entry.location
            if scheme.contains(where: \.isWhitespace) {
                findings.append(
                    DoctorFinding(
                        .urlSchemeWhitespace, "the URL scheme '\(scheme)' (\(entry.location)) contains whitespace",
                        fix: "write it as '\(scheme.filter { !$0.isWhitespace })': schemes are matched exactly"
                    ).at(entry.location))
            } else if !Self.isScheme(scheme) {
                findings.append(Self.invalidScheme(scheme, at: entry.location).at(entry.location))
            } else if Self.reservedSchemes.contains(lower), !needed.contains(scheme) {
                findings.append(
                    DoctorFinding(
                        .urlSchemeReserved,
                        "the app claims the URL scheme '\(scheme)' (\(entry.location)), which belongs to "
                            + (lower.hasPrefix("msauth") ? "the Microsoft broker (the app only queries it)" : "the system")
                            + "; App Store review rejects apps that claim it, and the redirect never reaches this app",
                        fix: lower.hasPrefix("msauth")
                            ? "remove it from CFBundleURLSchemes"
                                + (sdk.isMicrosoft ? "; the app's own scheme is msauth.<bundle ID>" : "")
                                + (sdk.queriedSchemes.contains(lower) ? ", and '\(lower)' belongs in LSApplicationQueriesSchemes" : "")
                            : "remove it; register a scheme of the app's own, such as its bundle ID"
                    ).at(entry.location))
            } else if scheme != lower, !sdk.isMicrosoft, sdk != .auth0 {
                // MSAL and Auth0 compare schemes without case; AppAuth and the libraries built on
                // it compare the returned URL exactly, and iOS lower-cases the scheme.
                findings.append(
                    DoctorFinding(
                        .urlSchemeUppercase,
                        "the URL scheme '\(scheme)' (\(entry.location)) has upper-case letters; iOS hands the redirect back as '\(lower)', which \(sdk.displayName) then does not match",
                        fix: "use '\(lower)' in CFBundleURLSchemes, in the redirect URI and in the server's registration"
                    ).at(entry.location))
            }
        }
    }

    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1).
    static func isScheme(_ text: String) -> Bool {
        guard let first = text.utf8.first, Self.isLetter(first) else { return false }
        return text.utf8.allSatisfy {
            isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// What a registered value that is not a scheme most likely is, and the scheme meant.
    static func intendedScheme(_ value: String) -> String? {
        if let range = value.range(of: "://") ?? value.range(of: ":/") ?? value.range(of: ":") {
            // A reserved head (`https://…`) is no scheme of the app's: no replacement to offer.
            let head = String(value[..<range.lowerBound])
            guard isScheme(head), !reservedSchemes.contains(head.lowercased()) else { return nil }
            // Intune's configurator writes `$(MSAL_REDIRECT_URI)-intunemam`: the scheme meant is
            // `<scheme>-intunemam`.
            let rest = value[range.upperBound...]
            if rest.hasPrefix("auth-"), isScheme(head + rest.dropFirst(4)) { return head + rest.dropFirst(4) }
            return head
        }
        let googleSuffix = ".apps.googleusercontent.com"
        if value.hasSuffix(googleSuffix), value.count > googleSuffix.count {
            return "com.googleusercontent.apps." + value.dropLast(googleSuffix.count)
        }
        return nil
    }

    private static func invalidScheme(_ scheme: String, at location: String) -> DoctorFinding {
        let intended = intendedScheme(scheme)
        let what: String
        if scheme.contains("://") || scheme.contains(":/") {
            what = "is a whole URL, not a scheme"
        } else if scheme.hasSuffix(".apps.googleusercontent.com") {
            what = "is a Google client ID; the URL scheme is the reversed client ID"
        } else if scheme.contains(":") || scheme.contains("/") {
            what = "has a ':' or a path, which a scheme cannot"
        } else if let first = scheme.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
            what = "starts with a digit, which a scheme cannot (RFC 3986 §3.1: a letter, then letters, digits, '+', '-', '.')"
        } else if scheme.isEmpty {
            what = "is empty"
        } else {
            what = "has characters a scheme cannot (RFC 3986 §3.1: a letter, then letters, digits, '+', '-', '.')"
        }
        return DoctorFinding(
            .urlSchemeInvalid, "the URL scheme '\(scheme)' (\(location)) \(what); iOS never opens the app with it",
            fix: intended.map { "replace it with '\($0)'" } ?? "write only the scheme: a letter, then letters, digits, '+', '-' or '.'")
    }

    /// A scheme the redirect needs is not registered: say where it was put instead, if anywhere,
    /// rather than repeating what the SDK already said.
    private mutating func schemeNotRegistered(
        _ scheme: String, why: String, urlTypes: URLTypes, expanded: [String], pending: Registered?, redirect: RedirectURI?
    ) {
        let lower = scheme.lowercased()
        if urlTypes.unreadable {
            skip(
                "url-scheme-registered",
                "'\(scheme)' is not among the registered schemes that could be read, and CFBundleURLTypes has a value of the wrong type (see plist-wrong-type)"
            )
            return
        }
        if let pending {
            skip(
                "url-scheme-registered",
                "'\(scheme)' is not among the registered schemes that could be expanded, and \(reason(pending.location, pending.expansion))")
            return
        }
        // Already named by a registration finding whose fix registers it.
        if urlTypes.strays.contains(where: { $0 == scheme || Self.intendedScheme($0) == scheme }) { return }
        if urlTypes.schemes.contains(where: {
            $0.expansion.isComplete
                && ($0.value.filter { !$0.isWhitespace } == scheme || (!Self.isScheme($0.value) && Self.intendedScheme($0.value) == scheme))
        }) {
            return
        }
        if let name = urlTypes.names.first(where: { $0.value.lowercased() == lower || Self.intendedScheme($0.value)?.lowercased() == lower }) {
            findings.append(
                DoctorFinding(
                    .urlSchemeInURLName,
                    "'\(name.value)' is in \(name.location), the URL type's identifier, not in its CFBundleURLSchemes: \(why) '\(scheme)' is not registered",
                    fix: "add '\(scheme)' to URL Schemes (CFBundleURLSchemes) of that URL type; the Identifier can stay"
                ).at(name.location))
            return
        }
        let nearMiss = expanded.first { $0.lowercased() == lower }
        var fix = "add '\(scheme)' to CFBundleURLSchemes in a CFBundleURLTypes entry"
        if sdk.isMicrosoft, redirect?.form == .msalBroker, scheme == redirect?.reference.scheme.map(String.init) {
            fix += " (written msauth.$(PRODUCT_BUNDLE_IDENTIFIER), it follows the bundle ID in every configuration)"
        } else if sdk == .auth0, why.hasPrefix("the redirect URI") {
            fix +=
                " (written $(PRODUCT_BUNDLE_IDENTIFIER)), or use Auth0's https callback with useHTTPS() and webcredentials:<domain> in Associated Domains"
        }
        findings.append(
            DoctorFinding(
                .urlSchemeNotRegistered,
                "\(why) '\(scheme)' is in no CFBundleURLTypes[].CFBundleURLSchemes"
                    + (nearMiss.map { " (found '\($0)', which differs in case)" }
                        ?? (expanded.isEmpty ? "" : " (registered: \(expanded.map { "'\($0)'" }.joined(separator: ", ")))")),
                fix: fix + generatedOnlyNote("CFBundleURLTypes")))
    }

    /// `LSApplicationQueriesSchemes` lists the broker's schemes.
    private mutating func querySchemeCheck(_ info: [String: Any]) {
        var queried: [Registered] = []
        switch info["LSApplicationQueriesSchemes"] {
        case let values as [Any]:
            for (index, value) in values.enumerated() {
                guard let written = value as? String else { continue }
                let location = "LSApplicationQueriesSchemes[\(index)]"
                queried.append(Registered(location: location, expansion: expand(written, at: location)))
            }
            if queried.count != values.count {
                findings.append(Self.wrongType("LSApplicationQueriesSchemes", expected: "an array of strings"))
                skip("query-schemes", "LSApplicationQueriesSchemes has an entry that is not a string (see plist-wrong-type)")
                return
            }
        case nil:
            break
        default:
            findings.append(Self.wrongType("LSApplicationQueriesSchemes", expected: "an array of strings"))
            skip("query-schemes", "LSApplicationQueriesSchemes is not an array (see plist-wrong-type)")
            return
        }
        let expanded = queried.filter(\.expansion.isComplete).map(\.value)
        let pending = queried.first { !$0.expansion.isComplete }
        for scheme in sdk.queriedSchemes where !expanded.contains(scheme) {
            if let pending {
                skip(
                    "query-schemes",
                    "'\(scheme)' is not among the queried schemes that could be expanded, and \(reason(pending.location, pending.expansion))")
                continue
            }
            findings.append(
                DoctorFinding(
                    .querySchemeMissing,
                    "LSApplicationQueriesSchemes does not list '\(scheme)', so the app cannot open the broker (\(sdk.displayName) needs \(sdk.queriedSchemes.joined(separator: " and ")))",
                    fix: "add '\(scheme)' to LSApplicationQueriesSchemes" + generatedOnlyNote("LSApplicationQueriesSchemes")))
        }
    }

    // MARK: - Entitlements

    private mutating func keychainCheck(_ item: Entitlements, group: String, named: Bool) {
        let start = findings.count
        defer { locate(from: start, in: item) }
        if let file = item.file, let path = item.path { entitlementsPaths[file] = path }
        let data: Data
        switch item.source {
        case .none:
            if projectDescription == nil, !named {
                skip(
                    "keychain-group",
                    "\(sdk.displayName) keeps its cache in the keychain group '\(group)', and no entitlements were given (pass --entitlements or --project)",
                    needed: false)
                return
            }
            findings.append(
                DoctorFinding(
                    .keychainGroupMissing,
                    "\(sdk.displayName) keeps its cache in the keychain group '\(group)', but "
                        + (projectDescription != nil
                            ? "\(item.label) \(item.configurations.count > 1 ? "have" : "has") no CODE_SIGN_ENTITLEMENTS"
                            : "no entitlements were given"),
                    fix: projectDescription == nil
                        ? "pass the app's .entitlements file with --entitlements"
                        : "add the Keychain Sharing capability with '\(group)' (it sets CODE_SIGN_ENTITLEMENTS)"))
            return
        case .unreadable(let message):
            findings.append(DoctorFinding(.plistUnreadable, message, fix: "point CODE_SIGN_ENTITLEMENTS at the target's .entitlements file"))
            skip("keychain-group", "\(item.label) could not be read", needed: true)
            return
        case .data(let bytes):
            data = bytes
        }
        guard let plist = AppConfigurationDoctor.dictionary(data) else {
            findings.append(
                DoctorFinding(
                    .plistUnreadable, "\(item.label): the entitlements file is not a property list with a dictionary at its root",
                    fix: "pass the app's .entitlements file"))
            return
        }
        guard let groups = plist["keychain-access-groups"] as? [String] else {
            if plist["keychain-access-groups"] != nil {
                findings.append(Self.wrongType("keychain-access-groups (\(item.label))", expected: "an array of strings"))
                skip("keychain-group", "keychain-access-groups in \(item.label) is not an array of strings (see plist-wrong-type)")
                return
            }
            findings.append(
                DoctorFinding(
                    .keychainGroupMissing,
                    "\(item.label) has no keychain-access-groups, so \(sdk.displayName)'s keychain group '\(group)' is missing",
                    fix: "add keychain-access-groups with '$(AppIdentifierPrefix)\(group)' (Keychain Sharing capability)"))
            return
        }
        var pending: Registered?
        var shown: [String] = []
        var unprefixed: String?
        for (index, written) in groups.enumerated() {
            let location = "keychain-access-groups[\(index)]" + (item.configurations.isEmpty ? "" : " of \(item.file ?? item.label)")
            let expansion = expand(written, at: location, with: item.expander)
            shown.append("'\(expansion.value)'")
            // Entries carry the team's prefix: `$(AppIdentifierPrefix)`, which signing fills in,
            // or "TEAMID." once built. Either way the group is what follows it.
            if let remainder = Self.afterSigningPrefix(expansion) {
                if remainder == group { return }
            } else if expansion.isComplete {
                if Self.isTeamPrefixed(expansion.value, group: group) { return }
                if expansion.value == group { unprefixed = written }
            } else if pending == nil {
                pending = Registered(location: location, expansion: expansion)
            }
        }
        if let unprefixed {
            findings.append(
                DoctorFinding(
                    .keychainGroupUnprefixed,
                    "\(item.label): keychain-access-groups has '\(unprefixed)' without the team prefix; the group the app gets is '<team ID>.\(group)' only when written $(AppIdentifierPrefix)\(group)",
                    fix: "write it as '$(AppIdentifierPrefix)\(group)'"))
            return
        }
        if let pending {
            skip("keychain-group", "'\(group)' is not among the entries that could be expanded, and \(reason(pending.location, pending.expansion))")
            return
        }
        findings.append(
            DoctorFinding(
                .keychainGroupMissing,
                "\(item.label): keychain-access-groups does not contain '\(group)' (it has \(shown.joined(separator: ", ")))"
                    + (named ? "" : ", the group \(sdk.displayName) uses by default"),
                fix: "add '$(AppIdentifierPrefix)\(group)' to keychain-access-groups"
                    + (named ? "" : ", or pass the group the app configures with --keychain-group")))
    }

    /// Auth0's https callback comes back only to an app whose Associated Domains name the domain
    /// with `webcredentials:` (ASWebAuthenticationSession's https callbacks, iOS 17.4).
    private mutating func associatedDomainCheck(host: String, entitlements: [Entitlements]) {
        for item in entitlements {
            guard case .data(let data) = item.source, let plist = AppConfigurationDoctor.dictionary(data) else {
                skip(
                    "associated-domains",
                    "the https callback needs webcredentials:\(host) in Associated Domains, and \(item.label) could not be read", needed: false)
                continue
            }
            let domains = plist["com.apple.developer.associated-domains"] as? [String] ?? []
            if domains.contains("webcredentials:\(host)") { continue }
            findings.append(
                DoctorFinding(
                    .associatedDomainMissing,
                    "\(item.label): the callback https://\(host)/… comes back only through Associated Domains, which "
                        + (domains.isEmpty
                            ? "are not set" : "have \(domains.map { "'\($0)'" }.joined(separator: ", ")) but not 'webcredentials:\(host)'"),
                    fix: "add 'webcredentials:\(host)' to Associated Domains (Signing & Capabilities), or use the custom-scheme callback"))
            locate(from: findings.count - 1, in: item)
        }
        if entitlements.isEmpty {
            skip(
                "associated-domains", "the https callback needs webcredentials:\(host) in Associated Domains, and no entitlements were given",
                needed: false)
        }
    }

    /// The text after a leading signing variable (`$(AppIdentifierPrefix)group` → `group`), when
    /// that variable is all that kept the value from being final.
    private static func afterSigningPrefix(_ expansion: Expansion) -> String? {
        guard !expansion.signing.isEmpty, expansion.unresolved.isEmpty, expansion.unsupportedOperators.isEmpty,
            expansion.unterminated.isEmpty, expansion.limit == nil
        else { return nil }
        let bytes = Array(expansion.value.utf8)
        let segments = BuildSettingText.segments(of: expansion.value)
        guard case .reference(let first)? = segments.first, first.delimiter != .none,
            BuildSettingExpander.signingVariables.contains(String(decoding: bytes[first.contentRange], as: UTF8.self))
        else { return nil }
        for case .reference in segments.dropFirst() { return nil }
        return String(decoding: bytes[first.range.upperBound...], as: UTF8.self)
    }

    /// `TEAMID.group`: a ten-character team (App ID) prefix of `A–Z 0–9`, as in a built app.
    private static func isTeamPrefixed(_ value: String, group: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count == 11 + group.utf8.count, bytes[10] == UInt8(ascii: "."),
            bytes[..<10].allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return false }
        return bytes[11...].elementsEqual(group.utf8)
    }

    /// The Associated Domains entitlement's entries, when the file can be read.
    static func associatedDomains(_ item: Entitlements) -> [String] {
        guard case .data(let data) = item.source, let plist = AppConfigurationDoctor.dictionary(data) else { return [] }
        return plist["com.apple.developer.associated-domains"] as? [String] ?? []
    }

    // MARK: - Expansion bookkeeping

    /// Expands a value a check reads, remembering what stood in the way.
    mutating func expand(_ text: String, at location: String, with other: BuildSettingExpander? = nil) -> Expansion {
        let expansion = (other ?? expander).expand(text)
        record(expansion, at: location)
        return expansion
    }

    /// Remembers what stood in the way of `expansion`, which was for the value at `location`.
    mutating func record(_ expansion: Expansion, at location: String) {
        for name in expansion.unresolved { note(.unresolved, name, location) }
        for name in expansion.unset { note(.unset, name, location) }
        for name in expansion.signing { note(.signing, name, location) }
        for cycle in expansion.cycles where !cycles.contains(where: { $0.cycle == cycle }) { cycles.append((cycle, location)) }
        for name in expansion.unsupportedOperators where !unsupportedOperators.contains(where: { $0.name == name }) {
            unsupportedOperators.append((name, location))
        }
        for text in expansion.unterminated where !unterminated.contains(where: { $0.text == text }) { unterminated.append((text, location)) }
        if let limit = expansion.limit, !limits.contains(where: { $0.reason == limit }) { limits.append((limit, location)) }
        for name in expansion.used where !used.contains(name) { used.append(name) }
    }

    private mutating func note(_ kind: VariableKind, _ name: String, _ location: String) {
        if let index = variables.firstIndex(where: { $0.kind == kind && $0.name == name }) {
            if !variables[index].locations.contains(location) { variables[index].locations.append(location) }
        } else {
            variables.append((kind, name, [location]))
        }
    }

    private mutating func skip(_ check: String, _ reason: String, needed: Bool = true) {
        let entry = DoctorSkippedCheck(check, reason: reason, needed: needed)
        if !skipped.contains(entry) { skipped.append(entry) }
    }

    /// Why a value is not final, as a clause: "CFBundleIdentifier is $(PRODUCT_BUNDLE_IDENTIFIER)
    /// and no value was given".
    private func reason(_ what: String, _ expansion: Expansion) -> String {
        let value = expansion.value
        if !expansion.unresolved.isEmpty {
            let isJustThat = expansion.unresolved.count == 1 && (value == "$(\(expansion.unresolved[0]))" || value == "${\(expansion.unresolved[0])}")
            return "\(what) is \(value) and no value was given" + (isJustThat ? "" : " for \(expansion.unresolved.joined(separator: ", "))")
        }
        if let limit = expansion.limit { return "\(what) could not be expanded: \(limit)" }
        if !expansion.unterminated.isEmpty { return "\(what) is \(value), which has a reference with no closing delimiter" }
        if !expansion.unsupportedOperators.isEmpty {
            return
                "\(what) is \(value), which uses the operator \(expansion.unsupportedOperators.joined(separator: ", ")) that the doctor does not evaluate"
        }
        return "\(what) is \(value), which code signing completes (\(expansion.signing.map { "$(\($0))" }.joined(separator: ", ")))"
    }

    /// For a target whose Info.plist Xcode generates: where a key that no build setting can
    /// produce goes.
    private func generatedOnlyNote(_ key: String) -> String {
        generatedOnly
            ? "; the target's Info.plist is generated from build settings, which cannot hold \(key): add an Info.plist file with it and set INFOPLIST_FILE (Xcode merges the file into the generated Info.plist)"
            : ""
    }

    private static func listed(_ locations: [String]) -> String {
        switch locations.count {
        case 0: return ""
        case 1: return locations[0]
        default: return locations.dropLast().joined(separator: ", ") + " and " + (locations.last ?? "")
        }
    }

    /// One finding per setting that stood in the way, and the notes about settings.
    private func variableFindings() -> [DoctorFinding] {
        var result: [DoctorFinding] = []
        for (kind, name, locations) in variables {
            let places = Self.listed(locations)
            let start = result.count
            defer {
                if let first = locations.first, start < result.count {
                    // A value in the entitlements names its file in the location, not here: the
                    // finding points at the entitlements the caller passed, or at no file.
                    if first.hasPrefix("keychain-access-groups") {
                        let file = first.components(separatedBy: " of ").last.flatMap { entitlementsPaths[$0] }
                        result[start].location = DoctorLocation(.entitlements, path: file, keyPath: first)
                    } else {
                        result[start].location = DoctorLocation(.infoPlist, keyPath: first)
                    }
                }
            }
            switch kind {
            case .unresolved:
                result.append(
                    DoctorFinding(
                        .unexpandedVariable,
                        "$(\(name)) is not expanded (in \(places)): \(unresolvedExplanation), so the checks that need it were skipped",
                        fix: projectDescription != nil
                            ? "make the base .xcconfig files readable (for CocoaPods, run `pod install`), or pass --build-setting \(name)=<value>"
                            : name == "PRODUCT_BUNDLE_IDENTIFIER"
                                ? "pass --project <App.xcodeproj> to read it from the project, or --bundle-id <bundle.id>"
                                : "pass --project <App.xcodeproj> to read it from the project, or --build-setting \(name)=<value>"))
            case .unset:
                result.append(
                    DoctorFinding(
                        .buildSettingUnset,
                        "\(name) is not set for \(projectDescription ?? "the target") at any level (target, project, .xcconfig files); Xcode substitutes an empty string (in \(places))",
                        fix:
                            "set \(name) in the target's build settings or its .xcconfig file; if Xcode itself provides it, pass --build-setting \(name)=<value>"
                    ))
            case .signing:
                result.append(
                    DoctorFinding(
                        .signingVariable,
                        "$(\(name)) (in \(places)) is filled in when the app is signed, from its provisioning profile",
                        fix: "nothing to do: the checks compare what follows it"))
            }
        }
        for (cycle, location) in cycles {
            result.append(
                DoctorFinding(
                    .buildSettingCycle,
                    "\(cycle.joined(separator: " → ")): these settings refer to each other in a loop, which Xcode evaluates to an empty string (in \(location))",
                    fix: "give one of them a value that does not refer back"))
        }
        for (name, location) in unsupportedOperators {
            result.append(
                DoctorFinding(
                    .buildSettingOperatorUnsupported,
                    "the operator ':\(name)' (in \(location)) is not one the doctor evaluates (lower, upper, identifier, rfc1034identifier, c99extidentifier, default=)",
                    fix: "pass the expanded value with --build-setting NAME=VALUE, or check the built app's Info.plist"))
        }
        for (text, location) in unterminated {
            result.append(
                DoctorFinding(
                    .buildSettingUnterminated,
                    "'\(text)' (in \(location)) has no closing delimiter; Xcode reports an error for it",
                    fix: "close the reference: $(NAME)"))
        }
        for (reason, location) in limits {
            result.append(
                DoctorFinding(
                    .buildSettingExpansionLimit,
                    "expanding \(location) stopped: \(reason)",
                    fix: "simplify the settings, or pass the expanded value with --build-setting NAME=VALUE"))
        }
        for name in used {
            guard let variants = expander.settings.conditionalVariants[name], !variants.isEmpty else { continue }
            result.append(
                DoctorFinding(
                    .buildSettingConditional,
                    "\(name) also has conditional values, which the doctor does not evaluate: \(variants.joined(separator: ", ")); the unconditional value was used",
                    fix: "pass --build-setting \(name)=<value> to check with a conditional value"))
        }
        for (name, given) in givenSettings.sorted(by: { $0.key < $1.key }) where !used.contains(name) {
            result.append(
                DoctorFinding(
                    .buildSettingUnused,
                    "\(given) was not used: no checked value refers to \(name)",
                    fix: "check the setting's name; values the files write out in full need no setting"))
        }
        return result
    }

    static func wrongType(_ key: String, expected: String) -> DoctorFinding {
        DoctorFinding(.plistWrongType, "\(key) should be \(expected)", fix: "fix the type of \(key) in the plist").at(key)
    }

    /// Puts the findings from `start` on in the entitlements file `item`.
    private mutating func locate(from start: Int, in item: Entitlements) {
        for index in findings.indices where index >= start {
            let keyPath = findings[index].location?.keyPath ?? Self.defaultLocation(findings[index].code).keyPath
            findings[index].location = DoctorLocation(.entitlements, path: item.path, keyPath: keyPath)
        }
    }
}

extension DoctorFinding {
    /// The finding at a key of the Info.plist (or, for an entitlements check, of that file).
    func at(_ keyPath: String) -> DoctorFinding {
        var finding = self
        finding.location = DoctorLocation(.infoPlist, keyPath: keyPath)
        return finding
    }
}
