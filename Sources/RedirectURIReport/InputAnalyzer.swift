import RedirectURI

/// Turns one input (any bytes) into an ``InputReport``: the logic behind `parse`.
///
/// ```swift
/// let report = InputAnalyzer().analyze(Array("msauth.com.contoso.app://auth".utf8))
/// report.valid          // true
/// report.components?.scheme   // "msauth.com.contoso.app"
/// ```
public struct InputAnalyzer: Sendable {
    /// Creates an analyzer.
    public init() {}

    /// Analyses one input. Never traps, whatever the bytes.
    public func analyze(_ bytes: [UInt8]) -> InputReport {
        var report = InputReport(input: String(decoding: bytes, as: UTF8.self), valid: false)
        let reference: URIReference
        do {
            reference = try URIReference(bytes: bytes)
        } catch {
            report.error = ErrorReport(error)
            return report
        }
        report.valid = true
        report.components = ComponentsReport(reference)
        return report
    }
}
