/// The few encoders the corpus needs, written out so the generator depends on neither Foundation
/// nor the library under test (a bug in the library's encoder must not shape its own inputs).
enum TextEncoding {
    static let base64URLAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    static let lowercaseHex = Array("0123456789abcdef".utf8)
    static let uppercaseHex = Array("0123456789ABCDEF".utf8)

    /// Base64url without padding (RFC 4648 §5), as Python's `urlsafe_b64encode(...).rstrip("=")`.
    static func base64URL(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let word = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { output.append(base64URLAlphabet[Int(word >> UInt32(shift) & 0x3F)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let word = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            let shifts = rest == 2 ? [18, 12, 6] : [18, 12]
            for shift in shifts { output.append(base64URLAlphabet[Int(word >> UInt32(shift) & 0x3F)]) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Hex of `bytes`, two digits per byte.
    static func hex(_ bytes: [UInt8], uppercase: Bool) -> String {
        let digits = uppercase ? uppercaseHex : lowercaseHex
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Percent-encodes every byte except RFC 3986 `unreserved`, uppercase hex, as Python's
    /// `urllib.parse.quote(s, safe="-._~")`.
    static func percentEncoded(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.append(byte)
            default:
                output.append(UInt8(ascii: "%"))
                output.append(uppercaseHex[Int(byte >> 4)])
                output.append(uppercaseHex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A version-4 UUID in its canonical text form (RFC 9562 §5.4).
    static func uuid(_ random: inout SeededGenerator, uppercase: Bool = false) -> String {
        var bytes = random.bytes(16)
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // variant 10
        let text = hex(bytes, uppercase: uppercase)
        let utf8 = Array(text.utf8)
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(decoding: utf8[$0], as: UTF8.self) }
        return groups.joined(separator: "-")
    }

    /// Capitalizes the first letter and lowercases the rest, as Python's `str.capitalize()` on ASCII.
    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst().lowercased()
    }
}
