import Testing
import RedirectURIFuzzProperties

/// The UTF-8 oracle the validator and decoder tests compare the library with must decide what
/// `String(validating:as:)` decides, also on the OS versions where that initialiser does not
/// exist and the repairing decoder's round trip stands in for it. On a system that has both, the
/// two are held equal here, over every sequence of one and two bytes and every three- and
/// four-byte sequence built from the bytes at the edges of UTF-8's ranges (overlong forms,
/// surrogates, values above U+10FFFF, truncations, stray continuation bytes).
struct StandardLibraryUTF8OracleTests {
    /// Lead bytes on each side of every boundary a UTF-8 decoder tests.
    static let leadBytes: [UInt8] = [
        0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3,
        0xF4, 0xF5, 0xFF,
    ]
    /// Following bytes on each side of the continuation range and of the narrowed second-byte
    /// ranges after E0, ED, F0 and F4.
    static let followingBytes: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]

    @Test func fallbackDecidesAsStringValidatingOnEveryShortSequence() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        var disagreements: [[UInt8]] = []
        func compare(_ bytes: [UInt8]) {
            if repairRoundTripValidatedString(bytes) != String(validating: bytes, as: UTF8.self) {
                disagreements.append(bytes)
            }
        }
        for first in UInt8.min...UInt8.max {
            compare([first])
            for second in UInt8.min...UInt8.max { compare([first, second]) }
        }
        for a in Self.leadBytes {
            for b in Self.followingBytes {
                for c in Self.followingBytes {
                    compare([a, b, c])
                    for d in Self.followingBytes { compare([a, b, c, d]) }
                }
            }
        }
        #expect(disagreements.isEmpty, "first disagreements: \(disagreements.prefix(5))")
    }

    @Test func fallbackKeepsValidTextAndRejectsRepairedText() {
        let valid = Array("x-msauth-app://com.contoso.app/ü€😀\u{FFFD}".utf8)   // U+FFFD itself is valid
        #expect(repairRoundTripValidatedString(valid).map { Array($0.utf8) } == valid)
        #expect(repairRoundTripValidatedString([0x61, 0xC3]) == nil)        // truncated sequence
        #expect(repairRoundTripValidatedString([0xED, 0xA0, 0x80]) == nil)  // surrogate U+D800
        #expect(repairRoundTripValidatedString([0xC0, 0xAF]) == nil)        // overlong '/'
        #expect(repairRoundTripValidatedString([0xF4, 0x90, 0x80, 0x80]) == nil)  // above U+10FFFF
    }
}
