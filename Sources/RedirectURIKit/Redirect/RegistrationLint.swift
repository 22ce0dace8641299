/// Warnings about a redirect URI as an app registers it. These never reject anything; they point
/// at registrations that are easy to hijack or that cannot work. The "Verification rules" article
/// lists every code and when it is reported.
///
/// ```swift
/// RegistrationLint.lint("myapp://$(PRODUCT_BUNDLE_IDENTIFIER)").map(\.code)
/// // [.unexpandedBuildVariable, .invalidRedirectURI]
/// RegistrationLint.lint("msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth").map(\.code)
/// // [.notBrokerCapable]
/// ```
public enum RegistrationLint {
    /// Schemes an app should never claim for its own redirect URI, lowercase.
    public static let reservedSchemes: Set<String> = Set(Schemes.reserved.map(\.scheme.description))

    /// Lints one registered redirect URI.
    public static func lint(_ text: String) -> [RedirectDiagnostic] {
        lint(text, parsed: Result { () throws(URIParseError) in try RedirectURI(parsing: text) })
    }

    /// Lints a redirect URI that was parsed already, without parsing it again.
    ///
    /// ```swift
    /// let redirect = try RedirectURI(parsing: "myapp://callback")
    /// RegistrationLint.lint(redirect).map(\.code)   // [.privateUseSchemeWithoutDot, .schemeWithoutBundleID]
    /// ```
    public static func lint(_ redirect: RedirectURI) -> [RedirectDiagnostic] {
        lint(String(redirect.reference.text), parsed: .success(redirect))
    }

    /// Lints text that did not parse as an absolute URI (`error` says why), without parsing it
    /// again: the findings about its text, and `invalid-redirect-uri`.
    public static func lint(_ text: String, failedWith error: URIParseError) -> [RedirectDiagnostic] {
        lint(text, parsed: .failure(error))
    }

    static func lint(_ text: String, parsed: Result<RedirectURI, URIParseError>) -> [RedirectDiagnostic] {
        var findings: [RedirectDiagnostic] = []
        let bytes = text.utf8
        if bytes.contains(where: { $0 == ASCII.space || $0 == ASCII.tab || $0 == ASCII.lineFeed || $0 == ASCII.carriageReturn }) {
            findings.append(
                RedirectDiagnostic(
                    .warning, .whitespace,
                    "the redirect URI contains whitespace; registrations are compared exactly, so it can never match a clean URI"))
        }
        if containsBuildVariable(text) {
            findings.append(
                RedirectDiagnostic(
                    .warning, .unexpandedBuildVariable,
                    "the redirect URI contains an unexpanded build variable such as $(PRODUCT_BUNDLE_IDENTIFIER)"))
        }
        guard let redirect = try? parsed.get(), let scheme = redirect.reference.scheme else {
            findings.append(RedirectDiagnostic(.warning, .invalidRedirectURI, "the redirect URI is not an absolute RFC 3986 URI"))
            return findings
        }
        let reference = redirect.reference
        let kind = StringBytes.withUTF8(scheme) { Schemes.kind(of: $0) }
        let isReserved = kind == .http || kind == .https || kind == .msauth || kind == .reserved
        let isWeb = kind == .http || kind == .https
        let hasDot = scheme.utf8.contains(ASCII.period)
        if reference.fragment != nil {
            findings.append(
                RedirectDiagnostic(
                    .warning, .fragmentInRedirectURI,
                    "a redirect URI with a fragment can never be accepted (RFC 6749 §3.1.2)"))
        }
        if isWeb, let host = reference.host, host.utf8.equalsIgnoringASCIICase("localhost".utf8) {
            findings.append(
                RedirectDiagnostic(
                    .warning, .localhostInsteadOfLoopbackLiteral,
                    "use http://127.0.0.1 or http://[::1] instead of localhost (RFC 8252 §8.3): localhost gets no loopback exception"))
        }
        switch redirect.form {
        case .https, .loopback, .certificateAuth, .androidBroker:
            break  // these forms legitimately use http, https or msauth
        case .other where isWeb:
            break  // a web redirect URI, not an app scheme (localhost is reported above)
        default:
            if isReserved {
                findings.append(
                    RedirectDiagnostic(
                        .warning, .reservedScheme,
                        "'\(scheme)' is a reserved or common scheme; any app can claim it, so it cannot identify this app"))
            } else if !hasDot, redirect.form != .adalBroker, redirect.form != .msalClientID {
                findings.append(
                    RedirectDiagnostic(
                        .warning, .privateUseSchemeWithoutDot,
                        "private-use schemes should be reverse-DNS names such as com.example.app (RFC 8252 §8.4)"))
            }
        }
        if redirect.form == .adalBroker, let bundleID = redirect.bundleID, !scheme.utf8.containsBytes(bundleID.text.utf8) {
            findings.append(
                RedirectDiagnostic(
                    .warning, .schemeWithoutBundleID,
                    "the scheme '\(scheme)' does not contain the bundle ID '\(bundleID)'; Apple does not enforce scheme uniqueness, so another app can claim it (prefer msauth.\(bundleID)://auth)"
                ))
        } else if redirect.form == .other, reference.authority != nil, !isReserved, !hasDot {
            findings.append(
                RedirectDiagnostic(
                    .warning, .schemeWithoutBundleID,
                    "the scheme '\(scheme)' carries no bundle ID; another app can claim it"))
        }
        if scheme.utf8.contains(where: { (ASCII.uppercaseA...0x5A).contains($0) }) {
            findings.append(
                RedirectDiagnostic(
                    .warning, .schemeUpperCase,
                    "the scheme '\(scheme)' has upper-case letters; iOS hands the redirect back with the scheme lower-cased ('\(scheme.lowercased())'), so the app must compare schemes ignoring case"
                ))
        }
        if redirect.form == .msalClientID {
            findings.append(
                RedirectDiagnostic(
                    .warning, .notBrokerCapable,
                    "a client-ID redirect URI names a client, not an app, so a broker cannot use it: also register msauth.<your bundle ID>://auth"))
        }
        return findings
    }

    /// Whether `text` holds an Xcode build-setting reference that was never expanded, such as
    /// `$(PRODUCT_BUNDLE_IDENTIFIER)` or `${TARGET_NAME}`, as ``BuildSettingText`` (the grammar
    /// the doctor expands) reads it. A bare `$NAME` is not reported: `$` is legal in a URI, and
    /// a registration holds the delimited forms Xcode's templates write. `$$(X)` is an escaped
    /// `$`, not a reference.
    public static func containsBuildVariable(_ text: some StringProtocol) -> Bool {
        BuildSettingText.segments(of: String(text)).contains { segment in
            if case .reference(let reference) = segment { return reference.delimiter != .none }
            return false
        }
    }
}
