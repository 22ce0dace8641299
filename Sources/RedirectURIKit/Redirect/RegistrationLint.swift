/// Warnings about a redirect URI as an app registers it (registration lint). These never
/// reject anything; they point at registrations that are easy to hijack or that break the flow.
///
/// | code | finding |
/// |---|---|
/// | `reserved-scheme` | the scheme is reserved or common (`http`, `msauth`, `mailto`, …) and claimed as an app scheme |
/// | `private-use-scheme-without-dot` | a private-use scheme that is not reverse-DNS (RFC 8252 §8.4) |
/// | `localhost-instead-of-loopback-literal` | `localhost` instead of `127.0.0.1` or `[::1]` (RFC 8252 §8.3) |
/// | `unexpanded-build-variable` | `$(PRODUCT_BUNDLE_IDENTIFIER)` or `${…}` left in the text |
/// | `whitespace` | a space, tab or line break anywhere in the text |
/// | `scheme-without-bundle-id` | an app scheme that does not contain the bundle ID (Apple does not enforce scheme uniqueness) |
/// | `fragment-in-redirect-uri` | a registered redirect URI with a fragment can never match (RFC 6749 §3.1.2) |
/// | `invalid-redirect-uri` | the text is not an absolute RFC 3986 URI |
///
/// ```swift
/// RegistrationLint.lint("myapp://$(PRODUCT_BUNDLE_IDENTIFIER)").map(\.code)
/// // ["unexpanded-build-variable", "scheme-without-bundle-id"]
/// ```
public enum RegistrationLint {
    /// Schemes an app should never claim for its own redirect URI.
    public static let reservedSchemes: Set<String> = [
        "http", "https", "msauth", "msauthv2", "msauthv3", "file", "mailto", "tel", "sms", "facetime",
        "facetime-audio", "ftp", "data", "javascript", "about", "blob", "ws", "wss", "itms", "itms-apps",
        "maps", "message", "shortcuts", "app-settings",
    ]

    /// Lints one registered redirect URI.
    public static func lint(_ text: String) -> [RedirectDiagnostic] {
        var findings: [RedirectDiagnostic] = []
        if text.utf8.contains(where: { $0 == ASCII.space || $0 == ASCII.tab || $0 == ASCII.lineFeed || $0 == ASCII.carriageReturn }) {
            findings.append(RedirectDiagnostic(.warning, "whitespace",
                "the redirect URI contains whitespace; registrations are compared exactly, so it can never match a clean URI"))
        }
        if text.utf8.containsBytes("$(".utf8) || text.utf8.containsBytes("${".utf8) {
            findings.append(RedirectDiagnostic(.warning, "unexpanded-build-variable",
                "the redirect URI contains an unexpanded build variable such as $(PRODUCT_BUNDLE_IDENTIFIER)"))
        }
        guard let reference = try? URIReference(parsing: text, as: .uri), let scheme = reference.scheme else {
            findings.append(RedirectDiagnostic(.warning, "invalid-redirect-uri", "the redirect URI is not an absolute RFC 3986 URI"))
            return findings
        }
        let redirect = RedirectURI(classifying: reference)
        let lowercasedScheme = String(decoding: scheme.utf8.map(ASCII.lowercased), as: UTF8.self)
        if reference.fragment != nil {
            findings.append(RedirectDiagnostic(.warning, "fragment-in-redirect-uri",
                "a redirect URI with a fragment can never be accepted (RFC 6749 §3.1.2)"))
        }
        if let host = reference.host, host.utf8.equalsIgnoringASCIICase(Array("localhost".utf8)),
            lowercasedScheme == "http" || lowercasedScheme == "https"
        {
            findings.append(RedirectDiagnostic(.warning, "localhost-instead-of-loopback-literal",
                "use http://127.0.0.1 or http://[::1] instead of localhost (RFC 8252 §8.3): localhost gets no loopback exception"))
        }
        switch redirect.form {
        case .https, .loopback, .certificateAuth, .androidBroker:
            break  // these forms legitimately use http, https or msauth
        case .other where lowercasedScheme == "http" || lowercasedScheme == "https":
            break  // a web redirect URI, not an app scheme (localhost is reported above)
        default:
            if reservedSchemes.contains(lowercasedScheme) {
                findings.append(RedirectDiagnostic(.warning, "reserved-scheme",
                    "'\(scheme)' is a reserved or common scheme; any app can claim it, so it cannot identify this app"))
            } else if !scheme.utf8.contains(ASCII.period) && redirect.form != .adalBroker {
                findings.append(RedirectDiagnostic(.warning, "private-use-scheme-without-dot",
                    "private-use schemes should be reverse-DNS names such as com.example.app (RFC 8252 §8.4)"))
            }
        }
        if redirect.form == .adalBroker, let bundleID = redirect.bundleID, !scheme.utf8.containsBytes(bundleID.text.utf8) {
            findings.append(RedirectDiagnostic(.warning, "scheme-without-bundle-id",
                "the scheme '\(scheme)' does not contain the bundle ID '\(bundleID)'; Apple does not enforce scheme uniqueness, so another app can claim it (prefer msauth.\(bundleID)://auth)"))
        } else if redirect.form == .other, reference.authority != nil, !reservedSchemes.contains(lowercasedScheme),
            !scheme.utf8.contains(ASCII.period)
        {
            findings.append(RedirectDiagnostic(.warning, "scheme-without-bundle-id",
                "the scheme '\(scheme)' carries no bundle ID; another app can claim it"))
        }
        return findings
    }
}
