import Foundation
import RedirectURIKit

/// The checks of ``AppConfigurationDoctor``, run on property lists whose values it expands first.
///
/// Each value a check reads goes through ``expand(_:at:)``, which remembers every setting that
/// stood in the way, where: at the end each such setting is one finding, however many values it
/// appears in. A check whose value is not final is skipped with the reason, and the others run.
struct DoctorChecks {
    /// Where the entitlements come from.
    enum EntitlementsSource {
        case none
        case data(Data)
        case unreadable(String)
    }

    /// Why a setting is reported, with the places it appears in.
    private enum VariableKind: Hashable {
        case unresolved, unset, signing
    }

    let expander: BuildSettingExpander
    /// The settings the caller gave, with how they were given (`--bundle-id com.contoso.app`).
    let givenSettings: [String: String]
    let sdk: SDKFlavour
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

    init(expander: BuildSettingExpander, givenSettings: [String: String], sdk: SDKFlavour) {
        self.expander = expander
        self.givenSettings = givenSettings
        self.sdk = sdk
    }

    var report: DoctorReport {
        DoctorReport(context: context, findings: findings, skipped: skipped)
    }

    // MARK: - The checks

    mutating func run(
        info: [String: Any]?, generatedKeys: Set<String>, entitlements: EntitlementsSource, redirectURI: String?,
        keychainGroup: String?
    ) {
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
                            .error, .bundleIDMissing, "CFBundleIdentifier '\(written)' expands to an empty string",
                            fix: "set PRODUCT_BUNDLE_IDENTIFIER (or CFBundleIdentifier) to the app's bundle ID"))
                } else if BundleID(expansion.value) == nil {
                    bundleIDIssue = "CFBundleIdentifier '\(expansion.value)' is not a valid bundle ID"
                    findings.append(
                        DoctorFinding(
                            .error, .bundleIDInvalid,
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
                        .error, .bundleIDMissing, "the Info.plist has no CFBundleIdentifier",
                        fix: "add CFBundleIdentifier with the value $(PRODUCT_BUNDLE_IDENTIFIER), or the app's bundle ID"))
            default:
                bundleIDIssue = "CFBundleIdentifier is not a string"
                findings.append(Self.wrongType("CFBundleIdentifier", expected: "a string"))
            }
        }

        // CFBundleURLTypes → CFBundleURLSchemes, expanded first: MSAL picks its default redirect
        // URI by what is registered.
        var registered: [(location: String, expansion: Expansion)] = []
        if let info {
            for (location, written) in urlSchemes(info) {
                registered.append((location, expand(written, at: location)))
            }
        }
        let expanded = registered.filter(\.expansion.isComplete).map(\.expansion.value)
        let pending = registered.first { !$0.expansion.isComplete }

        // The redirect URI: given, or derived for MSAL as MSAL derives it.
        var redirect: RedirectURI?
        var redirectIssue = "there is no redirect URI to check"
        if let redirectURI {
            let expansion = expand(redirectURI, at: "the redirect URI")
            if !expansion.isComplete {
                redirectIssue = reason("the redirect URI", expansion)
                skip("redirect-uri", redirectIssue)
            } else {
                do {
                    redirect = try RedirectURI(parsing: expansion.value)
                } catch {
                    redirectIssue = "the redirect URI is not valid"
                    findings.append(
                        DoctorFinding(
                            .error, .redirectURIInvalid,
                            "the redirect URI '\(expansion.value)' is not a valid absolute URI: \(error.kind) at offset \(error.offset)",
                            fix: "use the redirect URI registered for the app, e.g. msauth.<bundle.id>://auth"))
                }
            }
        } else if sdk == .msal {
            redirect = msalDefaultRedirect(bundleID: bundleID, bundleIDIssue: bundleIDIssue, registered: expanded, pending: pending != nil)
        } else {
            skip("redirect-uri", "no redirect URI was given, and an ADAL redirect URI cannot be derived (pass --redirect-uri)")
        }
        context.redirectURI = redirect?.description

        // A redirect URI that names a client rather than the app: no broker can use it.
        if let redirect, RegistrationLint.lint(redirect.description).contains(where: { $0.code == .notBrokerCapable }) {
            let scheme = bundleID.map { "msauth.\($0)" } ?? "msauth.<bundle ID>"
            findings.append(
                DoctorFinding(
                    .error, .notBrokerCapable,
                    "the redirect URI '\(redirect)' is MSAL's client-ID form: it names client \(redirect.clientID ?? ""), not the app, so no broker can use it and MSAL signs in without one",
                    fix:
                        "register \(scheme)://auth: add '\(scheme)' to CFBundleURLSchemes and the redirect URI to the app's registration; MSAL then uses it"
                ))
        }

        // CFBundleURLTypes → CFBundleURLSchemes
        for (location, expansion) in registered where expansion.value.contains(where: \.isWhitespace) {
            findings.append(
                DoctorFinding(
                    .error, .urlSchemeWhitespace, "the URL scheme '\(expansion.value)' (\(location)) contains whitespace",
                    fix: "remove the whitespace: schemes are matched exactly"))
        }
        if let redirect, let scheme = redirect.reference.scheme {
            var needed: [String] = []
            switch redirect.form {
            case .https, .loopback:
                break  // universal links and loopback need no URL scheme
            case .certificateAuth:
                needed = [String(scheme)] + (redirect.inner?.reference.scheme.map { [String($0)] } ?? [])
            default:
                needed = [String(scheme)]
            }
            for scheme in needed where !expanded.contains(scheme) {
                if let pending {
                    skip(
                        "url-scheme-registered",
                        "'\(scheme)' is not among the registered schemes that could be expanded, and \(reason(pending.location, pending.expansion))")
                    continue
                }
                let nearMiss = expanded.first {
                    $0.lowercased() == scheme.lowercased() || $0.trimmingCharacters(in: .whitespacesAndNewlines) == scheme
                }
                findings.append(
                    DoctorFinding(
                        .error, .urlSchemeNotRegistered,
                        "the URL scheme '\(scheme)' of the redirect URI is in no CFBundleURLTypes[].CFBundleURLSchemes"
                            + (nearMiss.map { " (found '\($0)', which does not match exactly)" }
                                ?? (expanded.isEmpty ? "" : " (registered: \(expanded.map { "'\($0)'" }.joined(separator: ", ")))")),
                        fix: "add '\(scheme)' to CFBundleURLSchemes in a CFBundleURLTypes entry"
                            + (redirect.form == .msalBroker && scheme == String(redirect.reference.scheme ?? "")
                                ? " (written msauth.$(PRODUCT_BUNDLE_IDENTIFIER), it follows the bundle ID in every configuration)" : "")
                            + generatedOnlyNote("CFBundleURLTypes")))
            }
        } else if info != nil {
            skip("url-scheme-registered", redirectIssue)
        }

        // The bundle ID the redirect URI carries.
        if let redirect, let carried = redirect.bundleID {
            if let bundleID {
                if carried.description != bundleID {
                    findings.append(
                        DoctorFinding(
                            .error, .bundleIDMismatch,
                            "CFBundleIdentifier is '\(bundleID)' but the redirect URI carries '\(carried)'; the broker refuses tokens when they differ",
                            fix: "use the redirect URI built from the app's bundle ID, e.g. msauth.\(bundleID)://auth"))
                }
            } else {
                skip("bundle-id-matches-redirect", bundleIDIssue)
            }
        } else if redirect == nil {
            skip("bundle-id-matches-redirect", redirectIssue)
        }

        // LSApplicationQueriesSchemes
        if let info {
            var queried: [(location: String, expansion: Expansion)] = []
            switch info["LSApplicationQueriesSchemes"] {
            case let values as [Any]:
                for (index, value) in values.enumerated() {
                    guard let written = value as? String else { continue }
                    let location = "LSApplicationQueriesSchemes[\(index)]"
                    queried.append((location, expand(written, at: location)))
                }
                if queried.count != values.count { findings.append(Self.wrongType("LSApplicationQueriesSchemes", expected: "an array of strings")) }
            case nil:
                break
            default:
                findings.append(Self.wrongType("LSApplicationQueriesSchemes", expected: "an array of strings"))
            }
            let expanded = queried.filter(\.expansion.isComplete).map(\.expansion.value)
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
                        .error, .querySchemeMissing,
                        "LSApplicationQueriesSchemes does not list '\(scheme)', so the app cannot open the broker (\(sdk.rawValue.uppercased()) needs \(sdk.queriedSchemes.joined(separator: " and ")))",
                        fix: "add '\(scheme)' to LSApplicationQueriesSchemes" + generatedOnlyNote("LSApplicationQueriesSchemes")))
            }
        } else {
            skip("query-schemes", "the Info.plist could not be read")
        }

        // Entitlements
        if let keychainGroup {
            keychainCheck(entitlements, group: keychainGroup)
        } else {
            switch entitlements {
            case .data(let data) where AppConfigurationDoctor.dictionary(data) == nil:
                findings.append(
                    DoctorFinding(
                        .error, .plistUnreadable, "the entitlements file is not a property list with a dictionary at its root",
                        fix: "pass the app's .entitlements file"))
            case .unreadable(let message):
                findings.append(
                    DoctorFinding(.error, .plistUnreadable, message, fix: "point CODE_SIGN_ENTITLEMENTS at the target's .entitlements file"))
            default:
                break
            }
        }

        findings += variableFindings()
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
                    .info, .redirectURIDerived,
                    "no redirect URI given; checking '\(fallback)', the one MSAL uses: CFBundleURLSchemes has '\(fallback.reference.scheme ?? "")' and not "
                        + (brokerScheme.map { "'\($0)'" } ?? "an msauth.<bundle ID> scheme"),
                    fix: "pass --redirect-uri to check another one"))
            return fallback
        }
        if let broker {
            findings.append(
                DoctorFinding(
                    .info, .redirectURIDerived, "no redirect URI given; checking the MSAL redirect URI '\(broker)'",
                    fix: "pass --redirect-uri to check another one"))
            return broker
        }
        skip("redirect-uri", "no redirect URI was given, and the MSAL one is derived from CFBundleIdentifier: \(bundleIDIssue)")
        return nil
    }

    private mutating func keychainCheck(_ source: EntitlementsSource, group: String) {
        let data: Data
        switch source {
        case .none:
            findings.append(
                DoctorFinding(
                    .error, .keychainGroupMissing,
                    "the keychain group '\(group)' was named but "
                        + (projectDescription.map { "\($0) has no CODE_SIGN_ENTITLEMENTS" } ?? "no entitlements were given"),
                    fix: projectDescription == nil
                        ? "pass the app's .entitlements file with --entitlements"
                        : "add the Keychain Sharing capability (it sets CODE_SIGN_ENTITLEMENTS), or pass --entitlements"))
            return
        case .unreadable(let message):
            findings.append(DoctorFinding(.error, .plistUnreadable, message, fix: "point CODE_SIGN_ENTITLEMENTS at the target's .entitlements file"))
            return
        case .data(let bytes):
            data = bytes
        }
        guard let plist = AppConfigurationDoctor.dictionary(data) else {
            findings.append(
                DoctorFinding(
                    .error, .plistUnreadable, "the entitlements file is not a property list with a dictionary at its root",
                    fix: "pass the app's .entitlements file"))
            return
        }
        guard let groups = plist["keychain-access-groups"] as? [String] else {
            findings.append(
                DoctorFinding(
                    .error, .keychainGroupMissing,
                    plist["keychain-access-groups"] == nil
                        ? "the entitlements have no keychain-access-groups" : "keychain-access-groups is not an array of strings",
                    fix: "add keychain-access-groups with '$(AppIdentifierPrefix)\(group)'"))
            return
        }
        var pending: (location: String, expansion: Expansion)?
        var shown: [String] = []
        for (index, written) in groups.enumerated() {
            let location = "keychain-access-groups[\(index)]"
            let expansion = expand(written, at: location)
            shown.append("'\(expansion.value)'")
            // Entries carry the team's prefix: `$(AppIdentifierPrefix)`, which signing fills in,
            // or "TEAMID." once built. Either way the group is what follows it.
            if let remainder = Self.afterSigningPrefix(expansion) {
                if remainder == group { return }
            } else if expansion.isComplete {
                if expansion.value == group || Self.isTeamPrefixed(expansion.value, group: group) { return }
            } else if pending == nil {
                pending = (location, expansion)
            }
        }
        if let pending {
            skip("keychain-group", "'\(group)' is not among the entries that could be expanded, and \(reason(pending.location, pending.expansion))")
            return
        }
        findings.append(
            DoctorFinding(
                .error, .keychainGroupMissing,
                "keychain-access-groups does not contain '\(group)' (it has \(shown.joined(separator: ", ")))",
                fix: "add '$(AppIdentifierPrefix)\(group)' to keychain-access-groups"))
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

    /// Every string in `CFBundleURLTypes[].CFBundleURLSchemes[]`, with where it is.
    private mutating func urlSchemes(_ info: [String: Any]) -> [(location: String, written: String)] {
        guard let types = info["CFBundleURLTypes"] else { return [] }
        guard let entries = types as? [Any] else {
            findings.append(Self.wrongType("CFBundleURLTypes", expected: "an array of dictionaries"))
            return []
        }
        var schemes: [(String, String)] = []
        for (typeIndex, entry) in entries.enumerated() {
            guard let dictionary = entry as? [String: Any] else {
                findings.append(Self.wrongType("CFBundleURLTypes[]", expected: "a dictionary"))
                continue
            }
            guard let list = dictionary["CFBundleURLSchemes"] else { continue }
            guard let values = list as? [Any] else {
                findings.append(Self.wrongType("CFBundleURLSchemes", expected: "an array of strings"))
                continue
            }
            for (schemeIndex, value) in values.enumerated() {
                if let scheme = value as? String {
                    schemes.append(("CFBundleURLTypes[\(typeIndex)].CFBundleURLSchemes[\(schemeIndex)]", scheme))
                } else {
                    findings.append(Self.wrongType("CFBundleURLSchemes[]", expected: "a string"))
                }
            }
        }
        return schemes
    }

    // MARK: - Expansion bookkeeping

    /// Expands a value a check reads, remembering what stood in the way.
    mutating func expand(_ text: String, at location: String) -> Expansion {
        let expansion = expander.expand(text)
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

    private mutating func skip(_ check: String, _ reason: String) {
        let entry = DoctorSkippedCheck(check, reason: reason)
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
            switch kind {
            case .unresolved:
                result.append(
                    DoctorFinding(
                        .warning, .unexpandedVariable,
                        "$(\(name)) is not expanded (in \(places)): \(unresolvedExplanation), so the checks that need it were skipped",
                        fix: projectDescription != nil
                            ? "make the base .xcconfig files readable (for CocoaPods, run `pod install`), or pass --build-setting \(name)=<value>"
                            : name == "PRODUCT_BUNDLE_IDENTIFIER"
                                ? "pass --project <App.xcodeproj> to read it from the project, or --bundle-id <bundle.id>"
                                : "pass --project <App.xcodeproj> to read it from the project, or --build-setting \(name)=<value>"))
            case .unset:
                result.append(
                    DoctorFinding(
                        .warning, .buildSettingUnset,
                        "\(name) is not set for \(projectDescription ?? "the target") at any level (target, project, .xcconfig files); Xcode substitutes an empty string (in \(places))",
                        fix:
                            "set \(name) in the target's build settings or its .xcconfig file; if Xcode itself provides it, pass --build-setting \(name)=<value>"
                    ))
            case .signing:
                result.append(
                    DoctorFinding(
                        .info, .signingVariable,
                        "$(\(name)) (in \(places)) is filled in when the app is signed, from its provisioning profile",
                        fix: "nothing to do: the checks compare what follows it"))
            }
        }
        for (cycle, location) in cycles {
            result.append(
                DoctorFinding(
                    .warning, .buildSettingCycle,
                    "\(cycle.joined(separator: " → ")): these settings refer to each other in a loop, which Xcode evaluates to an empty string (in \(location))",
                    fix: "give one of them a value that does not refer back"))
        }
        for (name, location) in unsupportedOperators {
            result.append(
                DoctorFinding(
                    .warning, .buildSettingOperatorUnsupported,
                    "the operator ':\(name)' (in \(location)) is not one the doctor evaluates (lower, upper, identifier, rfc1034identifier, c99extidentifier, default=)",
                    fix: "pass the expanded value with --build-setting NAME=VALUE, or check the built app's Info.plist"))
        }
        for (text, location) in unterminated {
            result.append(
                DoctorFinding(
                    .warning, .buildSettingUnterminated,
                    "'\(text)' (in \(location)) has no closing delimiter; Xcode reports an error for it",
                    fix: "close the reference: $(NAME)"))
        }
        for (reason, location) in limits {
            result.append(
                DoctorFinding(
                    .warning, .buildSettingExpansionLimit,
                    "expanding \(location) stopped: \(reason)",
                    fix: "simplify the settings, or pass the expanded value with --build-setting NAME=VALUE"))
        }
        for name in used {
            guard let variants = expander.settings.conditionalVariants[name], !variants.isEmpty else { continue }
            result.append(
                DoctorFinding(
                    .info, .buildSettingConditional,
                    "\(name) also has conditional values, which the doctor does not evaluate: \(variants.joined(separator: ", ")); the unconditional value was used",
                    fix: "pass --build-setting \(name)=<value> to check with a conditional value"))
        }
        for (name, given) in givenSettings.sorted(by: { $0.key < $1.key }) where !used.contains(name) {
            result.append(
                DoctorFinding(
                    .info, .buildSettingUnused,
                    "\(given) was not used: no checked value refers to \(name)",
                    fix: "check the setting's name; values the files write out in full need no setting"))
        }
        return result
    }

    static func wrongType(_ key: String, expected: String) -> DoctorFinding {
        DoctorFinding(.error, .plistWrongType, "\(key) should be \(expected)", fix: "fix the type of \(key) in the plist")
    }
}
