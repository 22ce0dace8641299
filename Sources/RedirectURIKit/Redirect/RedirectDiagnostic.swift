/// A finding about a redirect URI that does not by itself make it invalid.
///
/// Codes are stable; the "Verification rules" article defines each.
public struct RedirectDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How much it matters.
    public var severity: FindingSeverity
    /// The stable identifier.
    public var code: FindingCode
    /// One sentence for people.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: FindingSeverity, _ code: FindingCode, _ message: String) {
        // One code, one severity: every debug test and fuzz run checks each diagnostic made
        // against the registry.
        assert(code.coreSeverity.map { $0 == severity } ?? true, "\(code) is registered with another severity")
        self.severity = severity
        self.code = code
        self.message = message
    }

    /// `severity code: message`.
    public var description: String { "\(severity.rawValue) \(code): \(message)" }
}
