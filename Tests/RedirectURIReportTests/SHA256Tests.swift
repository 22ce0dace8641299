import Foundation
import Testing
@testable import RedirectURIReport

/// The small SHA-256 behind `inputSHA256`, against published vectors.
struct SHA256Tests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// `Vectors/SHA256ShortMsg.rsp`, copied verbatim: a NIST CAVP response file for SHA-256 byte
    /// messages of 0 to 64 bytes ("SHA-256 ShortMsg", CAVS 21.3, generated 2018-08-02), as
    /// published in github.com/badfilemagic/OpenCAV (SHA256ShortMsg.rsp). Its lengths cross
    /// every padding boundary (55, 56 and 64 bytes).
    static func shortMessages() throws -> [(bits: Int, message: [UInt8], digest: String)] {
        let text = try String(contentsOf: directory.appendingPathComponent("Vectors/SHA256ShortMsg.rsp"), encoding: .utf8)
        var records: [(Int, [UInt8], String)] = []
        var bits = -1
        var message: [UInt8] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Len = ") {
                bits = Int(line.dropFirst(6)) ?? -1
            } else if line.hasPrefix("Msg = ") {
                message = hexBytes(line.dropFirst(6))
            } else if line.hasPrefix("MD = ") {
                records.append((bits, message, String(line.dropFirst(5))))
            }
        }
        return records
    }

    static func hexBytes(_ hex: Substring) -> [UInt8] {
        let digits = Array(hex.trimmingCharacters(in: .whitespaces).utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap { UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16) }
    }

    @Test func cavpShortMessages() throws {
        let records = try Self.shortMessages()
        #expect(records.count == 65)   // Len = 0, 8, …, 512
        for record in records {
            #expect(record.message.count * 8 == record.bits)
            #expect(SHA256.hexDigest(record.message) == record.digest, "Len = \(record.bits)")
        }
    }

    /// NIST CAVP `shabytetestvectors/SHA256ShortMsg.rsp` (CAVS 11.0, generated Tue Mar 15
    /// 08:23:38 2011), its first records verbatim (`Len = 0` is written `Msg = 00` there).
    static let cavs11: [(bits: Int, message: String, digest: String)] = [
        (0, "00", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (8, "d3", "28969cdfa74a12c82f3bad960b0b000aca2ac329deea5c2328ebc6f2ba9802c1"),
        (16, "11af", "5ca7133fa735326081558ac312c620eeca9970d1e70a4b95533d956f072d1f98"),
        (24, "b4190e", "dff2e73091f6c05e528896c4c831b9448653dc2ff043528f6769437bc7b975c2"),
    ]

    @Test func cavs11Records() {
        for record in Self.cavs11 {
            let message = Array(Self.hexBytes(Substring(record.message)).prefix(record.bits / 8))
            #expect(SHA256.hexDigest(message) == record.digest, "Len = \(record.bits)")
        }
    }

    /// FIPS 180-2, Appendix B (SHA-256 examples): B.1 one block, B.2 two blocks, B.3 one million
    /// 'a'. Digests as printed there, words separated by spaces.
    static let fips180Examples: [(message: [UInt8], digest: String)] = [
        (Array("abc".utf8), "ba7816bf 8f01cfea 414140de 5dae2223 b00361a3 96177a9c b410ff61 f20015ad"),
        (Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
         "248d6a61 d20638b8 e5c02693 0c3e6039 a33ce459 64ff2167 f6ecedd4 19db06c1"),
        ([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
         "cdc76e5c 9914fb92 81a1c7e2 84d73e67 f1809a48 a497200e 046d39cc c7112cd0"),
    ]

    @Test func fips180AppendixB() {
        for example in Self.fips180Examples {
            #expect(SHA256.hexDigest(example.message) == example.digest.replacingOccurrences(of: " ", with: ""))
        }
    }

    @Test func digestIsThirtyTwoBytesAndSensitiveToEveryByte() {
        let base = [UInt8](repeating: 0x61, count: 130)
        let digest = SHA256.hash(base)
        #expect(digest.count == 32)
        for index in [0, 55, 56, 63, 64, 119, 129] {
            var changed = base
            changed[index] ^= 1
            #expect(SHA256.hash(changed) != digest, "byte \(index)")
        }
    }
}
