import Foundation
import RedirectURIKit

/// A finding of the app configuration doctor: a severity, a stable code, what is wrong and the fix.
public struct DoctorFinding: Sendable, Hashable, Codable {
    /// How bad it is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The broker flow will fail.
        case error
        /// Likely a mistake.
        case warning
        /// Worth knowing.
        case info
    }

    /// How bad it is.
    public var severity: Severity
    /// A stable identifier (see ``AppConfigurationDoctor``).
    public var code: String
    /// What is wrong.
    public var message: String
    /// How to fix it.
    public var fix: String

    /// Creates a finding.
    public init(_ severity: Severity, _ code: String, _ message: String, fix: String) {
        self.severity = severity
        self.code = code
        self.message = message
        self.fix = fix
    }
}

/// Which broker protocol the app's SDK speaks, which decides the schemes it must be able to query.
public enum SDKFlavour: String, Sendable, CaseIterable {
    /// ADAL-style: queries `msauth` (and `msauthv3`).
    case adal
    /// MSAL-style: queries `msauthv2` and `msauthv3`.
    case msal

    /// The schemes `LSApplicationQueriesSchemes` must list.
    public var queriedSchemes: [String] {
        switch self {
        case .adal: return ["msauth", "msauthv3"]
        case .msal: return ["msauthv2", "msauthv3"]
        }
    }
}

/// Checks an app's Info.plist (XML or binary) and optionally its entitlements for what the broker
/// flow needs. Most broker failures in the field are these configuration mistakes.
///
/// | code | severity | finding |
/// |---|---|---|
/// | `plist-unreadable` | error | the file is not a property list, or its root is not a dictionary |
/// | `plist-wrong-type` | error | a key has the wrong type (e.g. `CFBundleURLTypes` not an array) |
/// | `redirect-uri-invalid` | error | the redirect URI is not a valid absolute URI |
/// | `url-scheme-not-registered` | error | the redirect URI's scheme is in no `CFBundleURLTypes[].CFBundleURLSchemes` |
/// | `url-scheme-whitespace` | error | a registered scheme has whitespace, so it can never match |
/// | `query-scheme-missing` | error | `LSApplicationQueriesSchemes` lacks a broker scheme |
/// | `bundle-id-mismatch` | error | `CFBundleIdentifier` differs from the redirect URI's bundle ID |
/// | `bundle-id-missing` | error | no `CFBundleIdentifier` |
/// | `unexpanded-variable` | error | a `$(…)` build variable left in a value the flow reads |
/// | `keychain-group-missing` | error | the named keychain group is not in `keychain-access-groups` |
/// | `redirect-uri-derived` | info | no redirect URI given: the MSAL one was derived from the bundle ID |
///
/// ```swift
/// let findings = AppConfigurationDoctor.diagnose(infoPlist: data, redirectURI: "msauth.com.contoso.app://auth", sdk: .msal)
/// findings.filter { $0.severity == .error }.map(\.code)   // e.g. ["query-scheme-missing"]
/// ```
public enum AppConfigurationDoctor {
    /// Diagnoses a configuration. Never throws: unreadable or malformed input is a finding.
    ///
    /// - Parameters:
    ///   - infoPlist: the Info.plist bytes (XML or binary).
    ///   - entitlements: the entitlements plist bytes, if any.
    ///   - redirectURI: the app's redirect URI; when `nil` and `sdk` is MSAL, the MSAL form
    ///     `msauth.<CFBundleIdentifier>://auth` is derived.
    ///   - sdk: the broker protocol of the app's SDK.
    ///   - keychainGroup: a shared keychain group the SDK uses (e.g. `com.microsoft.adalcache`).
    public static func diagnose(
        infoPlist: Data, entitlements: Data? = nil, redirectURI: String? = nil, sdk: SDKFlavour = .msal,
        keychainGroup: String? = nil
    ) -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        guard let info = dictionary(infoPlist) else {
            return [DoctorFinding(.error, "plist-unreadable", "the Info.plist is not a property list with a dictionary at its root",
                fix: "pass the app's Info.plist (XML or binary); check it with `plutil -lint`")]
        }

        // CFBundleIdentifier
        var bundleIdentifier: String?
        switch info["CFBundleIdentifier"] {
        case let value as String:
            if hasUnexpandedVariable(value) {
                findings.append(unexpanded("CFBundleIdentifier", value))
            } else {
                bundleIdentifier = value
            }
        case nil:
            findings.append(DoctorFinding(.error, "bundle-id-missing", "the Info.plist has no CFBundleIdentifier",
                fix: "add CFBundleIdentifier with the app's bundle ID"))
        default:
            findings.append(wrongType("CFBundleIdentifier", expected: "a string"))
        }

        // The redirect URI: given, or derived for MSAL.
        var redirectText = redirectURI
        if redirectText == nil, sdk == .msal, let bundleIdentifier {
            redirectText = "msauth.\(bundleIdentifier)://auth"
            findings.append(DoctorFinding(.info, "redirect-uri-derived", "no redirect URI given; checking the MSAL redirect URI '\(redirectText ?? "")'",
                fix: "pass --redirect-uri to check another one"))
        }
        var redirect: RedirectURI?
        if let redirectText {
            if hasUnexpandedVariable(redirectText) {
                findings.append(unexpanded("the redirect URI", redirectText))
            } else {
                do {
                    redirect = try RedirectURI(parsing: redirectText)
                } catch {
                    findings.append(DoctorFinding(.error, "redirect-uri-invalid",
                        "the redirect URI '\(redirectText)' is not a valid absolute URI: \(error.kind) at offset \(error.offset)",
                        fix: "use the redirect URI registered for the app, e.g. msauth.<bundle.id>://auth"))
                }
            }
        }

        // CFBundleURLTypes → CFBundleURLSchemes
        let registeredSchemes = urlSchemes(info, findings: &findings)
        for scheme in registeredSchemes {
            if scheme.contains(where: \.isWhitespace) {
                findings.append(DoctorFinding(.error, "url-scheme-whitespace", "the URL scheme '\(scheme)' contains whitespace",
                    fix: "remove the whitespace: schemes are matched exactly"))
            }
            if hasUnexpandedVariable(scheme) {
                findings.append(unexpanded("the URL scheme", scheme))
            }
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
            for scheme in needed where !registeredSchemes.contains(scheme) {
                let nearMiss = registeredSchemes.first { $0.lowercased() == scheme.lowercased() || $0.trimmingCharacters(in: .whitespacesAndNewlines) == scheme }
                findings.append(DoctorFinding(.error, "url-scheme-not-registered",
                    "the URL scheme '\(scheme)' of the redirect URI is in no CFBundleURLTypes[].CFBundleURLSchemes"
                        + (nearMiss.map { " (found '\($0)', which does not match exactly)" } ?? ""),
                    fix: "add '\(scheme)' to CFBundleURLSchemes in a CFBundleURLTypes entry"))
            }
            if let bundleIdentifier, let carried = redirect.bundleID, carried.description != bundleIdentifier {
                findings.append(DoctorFinding(.error, "bundle-id-mismatch",
                    "CFBundleIdentifier is '\(bundleIdentifier)' but the redirect URI carries '\(carried)'; the broker refuses tokens when they differ",
                    fix: "use the redirect URI built from the app's bundle ID, e.g. msauth.\(bundleIdentifier)://auth"))
            }
        }

        // LSApplicationQueriesSchemes
        var queried: [String] = []
        switch info["LSApplicationQueriesSchemes"] {
        case let values as [Any]:
            queried = values.compactMap { $0 as? String }
            if queried.count != values.count { findings.append(wrongType("LSApplicationQueriesSchemes", expected: "an array of strings")) }
        case nil:
            break
        default:
            findings.append(wrongType("LSApplicationQueriesSchemes", expected: "an array of strings"))
        }
        for scheme in sdk.queriedSchemes where !queried.contains(scheme) {
            findings.append(DoctorFinding(.error, "query-scheme-missing",
                "LSApplicationQueriesSchemes does not list '\(scheme)', so the app cannot open the broker (\(sdk.rawValue.uppercased()) needs \(sdk.queriedSchemes.joined(separator: " and ")))",
                fix: "add '\(scheme)' to LSApplicationQueriesSchemes"))
        }

        // Entitlements
        if let keychainGroup {
            findings += keychainFindings(entitlements, group: keychainGroup)
        } else if let entitlements, dictionary(entitlements) == nil {
            findings.append(DoctorFinding(.error, "plist-unreadable", "the entitlements file is not a property list with a dictionary at its root",
                fix: "pass the app's .entitlements file"))
        }
        return findings
    }

    static func keychainFindings(_ entitlements: Data?, group: String) -> [DoctorFinding] {
        guard let entitlements else {
            return [DoctorFinding(.error, "keychain-group-missing", "the keychain group '\(group)' was named but no entitlements were given",
                fix: "pass the app's .entitlements file with --entitlements")]
        }
        guard let plist = dictionary(entitlements) else {
            return [DoctorFinding(.error, "plist-unreadable", "the entitlements file is not a property list with a dictionary at its root",
                fix: "pass the app's .entitlements file")]
        }
        guard let groups = plist["keychain-access-groups"] as? [String] else {
            return [DoctorFinding(.error, "keychain-group-missing",
                plist["keychain-access-groups"] == nil ? "the entitlements have no keychain-access-groups" : "keychain-access-groups is not an array of strings",
                fix: "add keychain-access-groups with '$(AppIdentifierPrefix)\(group)'")]
        }
        // Entries carry the team prefix, written as $(AppIdentifierPrefix) in sources or as
        // "TEAMID." once built; either way the group is what follows it.
        let found = groups.contains { entry in
            entry == group || entry == "$(AppIdentifierPrefix)" + group || entry.hasSuffix("." + group)
        }
        return found ? [] : [DoctorFinding(.error, "keychain-group-missing",
            "keychain-access-groups does not contain '\(group)' (it has \(groups.map { "'\($0)'" }.joined(separator: ", ")))",
            fix: "add '$(AppIdentifierPrefix)\(group)' to keychain-access-groups")]
    }

    /// Every string in `CFBundleURLTypes[].CFBundleURLSchemes[]`.
    static func urlSchemes(_ info: [String: Any], findings: inout [DoctorFinding]) -> [String] {
        guard let types = info["CFBundleURLTypes"] else { return [] }
        guard let entries = types as? [Any] else {
            findings.append(wrongType("CFBundleURLTypes", expected: "an array of dictionaries"))
            return []
        }
        var schemes: [String] = []
        for entry in entries {
            guard let dictionary = entry as? [String: Any] else {
                findings.append(wrongType("CFBundleURLTypes[]", expected: "a dictionary"))
                continue
            }
            guard let list = dictionary["CFBundleURLSchemes"] else { continue }
            guard let values = list as? [Any] else {
                findings.append(wrongType("CFBundleURLSchemes", expected: "an array of strings"))
                continue
            }
            for value in values {
                if let scheme = value as? String { schemes.append(scheme) } else {
                    findings.append(wrongType("CFBundleURLSchemes[]", expected: "a string"))
                }
            }
        }
        return schemes
    }

    static func dictionary(_ data: Data) -> [String: Any]? {
        (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) as? [String: Any]
    }

    static func hasUnexpandedVariable(_ text: String) -> Bool {
        text.contains("$(") || text.contains("${")
    }

    static func unexpanded(_ what: String, _ value: String) -> DoctorFinding {
        DoctorFinding(.error, "unexpanded-variable", "\(what) contains an unexpanded build variable: '\(value)'",
            fix: "check the built app's Info.plist, or set the build setting (e.g. PRODUCT_BUNDLE_IDENTIFIER) so that Xcode expands it")
    }

    static func wrongType(_ key: String, expected: String) -> DoctorFinding {
        DoctorFinding(.error, "plist-wrong-type", "\(key) should be \(expected)", fix: "fix the type of \(key) in the plist")
    }
}
