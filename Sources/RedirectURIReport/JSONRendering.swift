import Foundation

extension InputReport {
    /// The report as one line of JSON (the `parse --json` contract), keys in a stable order.
    public func jsonLine() -> String {
        let encoder = JSONEncoder()
        // Sorted keys: Foundation does not keep encoding order, and scripts diff this output.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else {
            // Encoding plain strings, numbers and booleans cannot fail; keep a valid line anyway.
            return #"{"input":null,"valid":false,"error":{"kind":"internal-error","offset":0,"message":"could not encode the report"}}"#
        }
        return String(decoding: data, as: UTF8.self)
    }
}
