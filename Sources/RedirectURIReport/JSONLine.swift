import Foundation

/// JSON that stays on one line under any line-splitting rule.
///
/// `JSONEncoder` escapes the C0 controls, as JSON requires, but writes every other character
/// as it is, including U+0085 (NEL), U+2028 (LINE SEPARATOR) and U+2029 (PARAGRAPH SEPARATOR).
/// Those are line breaks to Unicode-aware readers (Python's `str.splitlines`, JavaScript before
/// ES2019, many editors), so one object of `parse --json` could come apart into several lines.
/// Every such character, and every control (C0, DEL and C1), is written as `\uXXXX` instead.
/// They can only occur inside strings (the encoder writes no whitespace), so the result is the
/// same JSON value.
public enum JSONLine {
    /// Encodes `value` as one line: keys sorted (scripts diff the output), `/` unescaped, and
    /// every control and Unicode line or paragraph separator escaped as `\uXXXX`.
    ///
    /// ```swift
    /// try JSONLine.encode(["text": "a\u{2028}b"])   // → #"{"text":"a\u2028b"}"#
    /// ```
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return escapingLineBreaks(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Whether `scalar` must be written as `\uXXXX`: C0 controls, DEL, C1 controls (U+0085
    /// among them) and U+2028, U+2029.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// `json` with every character ``needsEscape(_:)`` selects written as `\uXXXX`.
    static func escapingLineBreaks(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        let digits = Array("0123456789abcdef".unicodeScalars)
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard needsEscape(scalar) else {
                result.append(scalar)
                continue
            }
            result.append(contentsOf: #"\u"#.unicodeScalars)
            for shift in stride(from: 12, through: 0, by: -4) {
                result.append(digits[Int((scalar.value >> UInt32(shift)) & 0xF)])
            }
        }
        return String(result)
    }
}

extension InputReport {
    /// The report as one line of JSON (the `parse --json` contract); see ``JSONLine``.
    public func jsonLine() -> String {
        guard let line = try? JSONLine.encode(self) else {
            // Encoding strings, numbers and booleans cannot fail; keep a valid line anyway.
            return #"{"input":null,"valid":false,"error":{"kind":"internal-error","offset":0,"message":"could not encode the report"}}"#
        }
        return line
    }
}
