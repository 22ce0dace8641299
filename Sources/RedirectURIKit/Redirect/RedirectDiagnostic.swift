/// A finding about a redirect URI that does not by itself make it invalid.
///
/// Codes are stable; they are listed in the "The broker round trip" article.
public struct RedirectDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How much a finding matters.
    public enum Severity: String, Sendable, Hashable {
        /// Worth knowing.
        case info
        /// Likely a mistake, or a relaxation that was applied.
        case warning
        /// Breaks the broker flow.
        case error
    }

    /// How much it matters.
    public var severity: Severity
    /// A stable identifier, e.g. `localhost-instead-of-loopback-literal`.
    public var code: String
    /// One sentence for people.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ code: String, _ message: String) {
        self.severity = severity
        self.code = code
        self.message = message
    }

    /// `severity code: message`.
    public var description: String { "\(severity.rawValue) \(code): \(message)" }
}
