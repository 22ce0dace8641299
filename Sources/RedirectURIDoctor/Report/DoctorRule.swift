import RedirectURIKit

/// What one of the doctor's finding codes means, and its one severity: an entry of
/// ``FindingCode/doctorRules``, shown as a rule in SARIF output and read for the severity of every
/// finding with its code.
struct DoctorRule: Sendable, Hashable {
    /// The code's one severity.
    var severity: FindingSeverity
    /// One line: what is wrong.
    var summary: String
    /// Why it matters.
    var description: String
    /// The usual fix (each finding says its own, for the values it found).
    var help: String

    /// Creates a rule.
    init(_ severity: FindingSeverity, _ summary: String, _ description: String, help: String) {
        self.severity = severity
        self.summary = summary
        self.description = description
        self.help = help
    }
}
