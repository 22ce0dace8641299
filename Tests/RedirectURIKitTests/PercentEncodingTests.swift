import Testing
import RedirectURIFuzzProperties
@_spi(Testing) @testable import RedirectURIKit

struct PercentEncodingTests {
    static let decodeRows: [(encoded: String, decoded: String)] = [
        ("x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", "x-msauth-mytestiosapp://com.myapp.mytestapp"),
        ("%253A", "%3A"),                   // exactly once (RFC 3986 §2.4)
        ("%3a%3A", "::"),                   // either case of hex
        ("a+b", "a+b"),                     // RFC 3986: '+' is a plus
        ("caf%C3%A9", "café"),
        ("", ""),
        ("%F0%9F%98%80", "😀"),
    ]

    @Test(arguments: decodeRows)
    func decodesExactlyOnce(encoded: String, decoded: String) throws {
        #expect(try PercentEncoding.decodeString(encoded) == decoded)
    }

    /// Every byte: its hex value exactly when it is `0-9 A-F a-f` (RFC 5234 HEXDIG, either case).
    /// Checking that bytes decode (what a broker message does for the values it does not read)
    /// agrees with decoding them, error and offset included, on every row of this file.
    @Test func validationAgreesWithDecoding() {
        let inputs = Self.decodeRows.map(\.encoded) + Self.badPercent.map(\.0) + Self.badUTF8.map(\.0)
            + ["", "a+b", "%2B+", String(repeating: "%C3%A9", count: 300) + "%FF", String(repeating: "x", count: 5_000)]
        for input in inputs {
            for plusIsSpace in [false, true] {
                let decoded = Result { () throws(PercentDecodingError) in try PercentEncoding.decodeString(input, plusIsSpace: plusIsSpace) }
                let validated = Result { () throws(PercentDecodingError) in
                    try StringBytes.withUTF8(input) { bytes throws(PercentDecodingError) in
                        try PercentEncoding.validate(bytes: bytes, plusIsSpace: plusIsSpace)
                    }
                }
                switch (decoded, validated) {
                case (.success, .success): break
                case (.failure(let lhs), .failure(let rhs)): #expect(lhs == rhs, "\(input)")
                default: Issue.record("\(input): decoding \(decoded), validation \(validated)")
                }
            }
        }
    }

    @Test func hexValuesOfEveryByte() {
        let digits = Array("0123456789abcdef".utf8)
        for byte in UInt8.min...UInt8.max {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F") ? byte + 0x20 : byte
            let expected = digits.firstIndex(of: lower).map { UInt8($0) }
            #expect(ASCII.hexValue(byte) == expected, "byte \(byte)")
        }
    }

    @Test func formDecodingTurnsPlusIntoSpace() throws {
        #expect(try PercentEncoding.decodeString("a+b%2Bc", plusIsSpace: true) == "a b+c")
        #expect(try PercentEncoding.decodeString("a+b%2Bc") == "a+b+c")
    }

    static let badPercent: [(String, Int)] = [("%", 1), ("%4", 2), ("%G1", 1), ("a%4g", 3), ("%%41", 1)]

    @Test(arguments: badPercent)
    func invalidTripletsFailAtTheBadByte(text: String, offset: Int) {
        #expect(throws: PercentDecodingError(.invalidPercentEncoding, at: offset)) {
            try PercentEncoding.decode(text)
        }
    }

    /// Not well-formed UTF-8 per Unicode Table 3-7, and the offset in the encoded input.
    static let badUTF8: [(String, Int)] = [
        ("%C0%AF", 0),                      // overlong '/'
        ("%E0%80%AF", 0),                   // overlong, three bytes
        ("%ED%A0%80", 0),                   // surrogate U+D800
        ("%F4%90%80%80", 0),                // above U+10FFFF
        ("ab%C3", 2),                       // truncated
        ("ok%80", 2),                       // lone continuation byte
        ("%FF", 0),
    ]

    @Test(arguments: badUTF8)
    func invalidUTF8IsRejectedWithItsOffset(text: String, offset: Int) {
        #expect(throws: PercentDecodingError(.invalidUTF8, at: offset)) {
            try PercentEncoding.decodeString(text)
        }
        // Bytes are still available for callers that want them.
        #expect((try? PercentEncoding.decode(text)) != nil)
    }

    @Test func encodingUsesUppercaseHexAndKeepsUnreserved() {
        #expect(PercentEncoding.encode("x-msauth-mytestiosapp://com.myapp.mytestapp", allowing: .unreserved)
            == "x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp")
        #expect(PercentEncoding.encode("a b/é~", allowing: .unreserved) == "a%20b%2F%C3%A9~")
        #expect(PercentEncoding.encode("/a b/c", allowing: .path) == "/a%20b/c")
        #expect(PercentEncoding.encode("100%", allowing: .queryOrFragment) == "100%25")
        #expect(PercentEncoding.formEncode("a b+c&d=e") == "a+b%2Bc%26d%3De")
    }

    @Test func utf8TableBoundaries() {
        let valid: [[UInt8]] = [[0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
                                [0xEE, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF]]
        let invalid: [[UInt8]] = [[0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
                                  [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
                                  [0xE1, 0x80], [0xC2, 0x41]]
        for bytes in valid { #expect(UTF8Validation.firstInvalidIndex(in: bytes) == nil, "\(bytes)") }
        for bytes in invalid { #expect(UTF8Validation.firstInvalidIndex(in: bytes) == 0, "\(bytes)") }
    }

    /// The 16-byte decoding loop agrees with a byte-at-a-time decoder written from RFC 3986 §2.1
    /// (and the form rule for `+`), bytes and errors alike, on text dense in escapes at every
    /// position relative to the blocks.
    @Test(arguments: [false, true])
    func decodingAgreesWithAByteAtATimeReference(plusIsSpace: Bool) {
        // Hex digits read by the standard library, independent of the decoder's own table.
        func hex(_ byte: UInt8) -> UInt8? {
            byte < 0x80 && byte != UInt8(ascii: "+") && byte != UInt8(ascii: "-")
                ? UInt8(String(UnicodeScalar(byte)), radix: 16) : nil
        }
        func reference(_ bytes: [UInt8]) -> Result<[UInt8], PercentDecodingError> {
            var output: [UInt8] = []
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "%"):
                    for offset in 1...2 {
                        guard index + offset < bytes.count, hex(bytes[index + offset]) != nil else {
                            return .failure(PercentDecodingError(.invalidPercentEncoding, at: index + offset))
                        }
                    }
                    output.append((hex(bytes[index + 1]) ?? 0) << 4 | (hex(bytes[index + 2]) ?? 0))
                    index += 3
                case UInt8(ascii: "+") where plusIsSpace:
                    output.append(UInt8(ascii: " "))
                    index += 1
                case let byte:
                    output.append(byte)
                    index += 1
                }
            }
            return .success(output)
        }
        var generator = SeededGenerator(seed: plusIsSpace ? 17 : 19)
        let alphabet = Array("%%%++aAfFgG09-._~=&/:".utf8) + [0xC3, 0xA9, 0x80, 0xFF]
        for _ in 0..<8_000 {
            let count = Int.random(in: 0...70, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            let actual = bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(PercentDecodingError) in try PercentEncoding.decode(bytes: buffer, plusIsSpace: plusIsSpace) }
            }
            // As a string: the same bytes when they are UTF-8, and otherwise an error, whether
            // the bad bytes were written as themselves or as triplets.
            if case .success(let decoded) = reference(bytes) {
                let string = bytes.withUnsafeBufferPointer { buffer in
                    try? PercentEncoding.decodeString(bytes: buffer, plusIsSpace: plusIsSpace)
                }
                #expect(string == standardLibraryValidatedString(decoded), "\(bytes)")
            }
            switch (actual, reference(bytes)) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(bytes)")
            case (.failure(let a), .failure(let b)): #expect(a == b, "\(bytes)")
            default: Issue.record("the decoder and the reference disagree on \(bytes)")
            }
        }
    }

    @Test func utf8AgreesWithTheStandardLibraryOnRandomBytes() {
        var generator = SeededGenerator(seed: 42)
        for round in 0..<10_000 {
            // Short runs of any byte, and longer mostly-ASCII runs for the eight-byte steps.
            let count = Int.random(in: 0...(round.isMultiple(of: 2) ? 8 : 40), using: &generator)
            let bytes = (0..<count).map { _ in
                round.isMultiple(of: 2) || Int.random(in: 0..<8, using: &generator) == 0
                    ? UInt8.random(in: 0...255, using: &generator) : UInt8.random(in: 0...0x7F, using: &generator)
            }
            let ours = UTF8Validation.firstInvalidIndex(in: bytes) == nil
            let stdlib = standardLibraryValidatedString(bytes) != nil
            #expect(ours == stdlib, "\(bytes)")
        }
    }
}
