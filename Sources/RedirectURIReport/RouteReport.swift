import RedirectURIKit

/// Whether an incoming URL (the one the app received) answers a redirect URI, which way, or why
/// not: the report of `parse route`, one per incoming URL.
///
/// It holds the library's values: the ``ResponseRouting`` the redirect URI decided, and the
/// findings about the redirect URI itself (an upper-case scheme, which the system lower-cases on
/// the way back). `--json` prints one object per incoming URL per line, keys sorted:
///
/// ```json
/// {"belongs": true, "diagnostics": [], "incoming": "msauth.com.contoso.app://auth/broker?x=1",
///  "outcome": "broker", "redirectURI": "msauth.com.contoso.app://auth"}
/// ```
///
/// `outcome` is `response`, `broker`, `switch-browser`, `switch-browser-resume` or `mismatch`;
/// a mismatch's diagnostics say why (`trailing-slash-mismatch`, `scheme-mismatch`,
/// `authority-mismatch`, `path-mismatch`, `incoming-invalid`).
public struct RouteReport: Sendable, Equatable, Encodable {
    /// The incoming URL as given (invalid UTF-8 shown as U+FFFD).
    public var incoming: String
    /// The redirect URI it was checked against.
    public var redirectURI: String
    /// The library's decision.
    public var routing: ResponseRouting

    /// Routes `incoming` (any bytes) to `redirect`.
    public init(redirect: RedirectURI, incoming bytes: [UInt8]) {
        incoming = String(decoding: bytes, as: UTF8.self)
        redirectURI = redirect.description
        // Bytes that are not UTF-8 become U+FFFD, which no URI holds: the parse says where.
        routing = redirect.routes(incoming)
        routing.diagnostics = Self.redirectDiagnostics(redirect) + routing.diagnostics
    }

    /// The findings about the redirect URI that concern routing: an upper-case scheme (the
    /// system hands the URL back with it lower-cased; routing compares ignoring case, an app's
    /// own comparison may not).
    static func redirectDiagnostics(_ redirect: RedirectURI) -> [RedirectDiagnostic] {
        RegistrationLint.lint(redirect).filter { $0.code == .schemeUpperCase }
    }

    enum CodingKeys: String, CodingKey { case incoming, redirectURI, belongs, outcome, diagnostics }

    /// `{"incoming", "redirectURI", "belongs", "outcome", "diagnostics"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(incoming, forKey: .incoming)
        try container.encode(redirectURI, forKey: .redirectURI)
        try container.encode(routing.belongs, forKey: .belongs)
        try container.encode(routing.outcome, forKey: .outcome)
        try container.encode(routing.diagnostics, forKey: .diagnostics)
    }

    /// The report as one line of JSON (see ``JSONLine``).
    public func jsonLine() -> String {
        (try? JSONLine.encode(self)) ?? #"{"incoming":null,"belongs":false,"outcome":"mismatch","diagnostics":[]}"#
    }

    /// The text block of `parse route`, ending with a newline.
    public func text() -> String {
        var lines = [TextRenderer.printable(incoming)]
        func row(_ label: String, _ value: String) { lines.append("  " + label.padding(to: 11) + value) }
        row("redirect", TextRenderer.printable(redirectURI))
        row("belongs", routing.belongs ? "yes" : "no")
        row("outcome", routing.outcome.rawValue)
        for diagnostic in routing.diagnostics {
            row(diagnostic.severity.rawValue, "\(diagnostic.code): \(TextRenderer.printable(diagnostic.message))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// 0 when every incoming URL belongs, 1 otherwise.
    public static func status(of reports: some Sequence<RouteReport>) -> Int32 {
        reports.contains { !$0.routing.belongs } ? ParseExitStatus.failure : ParseExitStatus.success
    }
}
