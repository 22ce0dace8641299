import Foundation
import RedirectURIKit

/// The app's bundle ID: CFBundleIdentifier, and the redirect URI that names the app by it (the
/// broker's), or names a client instead.
extension DoctorChecks {
    /// CFBundleIdentifier, expanded: the bundle ID, or why there is none (said by the checks that
    /// need it).
    mutating func bundleIDCheck(info: [String: Any]?, generatedKeys: Set<String>) -> (bundleID: String?, issue: String) {
        var bundleID: String?
        var bundleIDIssue = Self.infoPlistUnreadable
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
        return (bundleID, bundleIDIssue)
    }

    /// A redirect URI that names a client rather than the app: no broker can use it. Only MSAL
    /// has the client-ID form, and only the broker needs the app named.
    mutating func clientIDRedirectCheck(_ redirect: RedirectURI?, bundleID: String?) {
        guard sdk.isMicrosoft, let redirect, RegistrationLint.lint(redirect.description).contains(where: { $0.code == .notBrokerCapable })
        else { return }
        let scheme = bundleID.map { "msauth.\($0)" } ?? "msauth.<bundle ID>"
        findings.append(
            DoctorFinding(
                .notBrokerCapable,
                "the redirect URI '\(redirect)' is MSAL's client-ID form: it names client \(redirect.clientID ?? ""), not the app, so no broker can use it and MSAL signs in without one",
                fix:
                    "to use the broker, register \(scheme)://auth: add '\(scheme)' to CFBundleURLSchemes (keep the msal… scheme) and the redirect URI to the app's registration; MSAL then uses it"
            ))
    }

    /// The bundle ID a broker redirect URI carries (other SDKs put other things in that place:
    /// Auth0's callback has its tenant's domain there).
    mutating func bundleIDMatchesRedirect(_ redirect: RedirectURI?, bundleID: String?, bundleIDIssue: String, redirectIssue: String) {
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
    }
}
