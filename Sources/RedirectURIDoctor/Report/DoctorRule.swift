import RedirectURIKit

/// What one of the doctor's finding codes means, and its one severity: an entry of
/// ``FindingCode/doctorRules``, shown as a rule in SARIF output and read for the severity of every
/// finding with its code.
public struct DoctorRule: Sendable, Hashable {
    /// The code's one severity.
    public var severity: FindingSeverity
    /// One line: what is wrong.
    public var summary: String
    /// Why it matters.
    public var description: String
    /// The usual fix (each finding says its own, for the values it found).
    public var help: String

    /// Creates a rule.
    public init(_ severity: FindingSeverity, _ summary: String, _ description: String, help: String) {
        self.severity = severity
        self.summary = summary
        self.description = description
        self.help = help
    }
}
