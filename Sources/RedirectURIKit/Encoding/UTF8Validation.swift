/// Strict UTF-8 validation per the Unicode Standard, Table 3-7 (well-formed byte sequences):
/// no overlong forms, no surrogates (U+D800–U+DFFF), nothing above U+10FFFF.
///
/// Testing SPI, not API: the decoders use it; the tests and fuzzers check it against a reference.
@_spi(Testing)
public enum UTF8Validation {
    /// The index of the first byte that does not start or continue a well-formed sequence, or
    /// `nil` when every byte belongs to one. A sequence cut off by the end is invalid at its start.
    ///
    /// ```swift
    /// UTF8Validation.firstInvalidIndex(in: [0xC3, 0xA9])        // nil ("é")
    /// UTF8Validation.firstInvalidIndex(in: [0xC0, 0xAF])        // 0   (overlong "/")
    /// UTF8Validation.firstInvalidIndex(in: [0xED, 0xA0, 0x80])  // 0   (surrogate U+D800)
    /// ```
    public static func firstInvalidIndex(in bytes: some Collection<UInt8>) -> Int? {
        StringBytes.withUTF8(of: bytes) { firstInvalidIndex(inBuffer: $0) }
    }

    static func firstInvalidIndex(inBuffer bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            // ASCII, the usual case, eight bytes at a time.
            if let base = bytes.baseAddress {
                while index &+ 8 <= bytes.count,
                    UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index &+= 8
                }
                guard index < bytes.count else { return nil }
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index &+= 1
                continue
            }
            // The allowed range of the second byte depends on the lead byte (Table 3-7);
            // every later continuation byte is 80..BF.
            let length: Int
            var secondLow: UInt8 = 0x80
            var secondHigh: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                secondLow = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                secondHigh = 0x9F
            case 0xF0:
                length = 4
                secondLow = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                secondHigh = 0x8F
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            let second = bytes[index + 1]
            guard second >= secondLow, second <= secondHigh else { return index }
            var continuation = index + 2
            while continuation < index + length {
                guard bytes[continuation] & 0xC0 == 0x80 else { return index }
                continuation &+= 1
            }
            index &+= length
        }
        return nil
    }
}
