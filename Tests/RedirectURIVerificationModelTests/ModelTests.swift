import Foundation
import Testing
@testable import RedirectURIVerificationModel

/// The model's own building blocks, and its independence from the engine.
struct ModelTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The model may use the library's parser and nothing else of it: a model that called the
    /// engine's rules would share their mistakes. Checked on the source text of Model/.
    @Test func modelUsesOnlyTheParser() throws {
        let folder = Self.root.appendingPathComponent("Fuzz/Sources/VerificationModel/Model")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 6)
        let forbidden = [
            "RedirectURI(", "RedirectURI.", "RedirectVerifier", "RedirectClassification", "RedirectForm", "BundleID(",
            "BundleID.", "PercentEncoding", "Base64.", "UTF8Validation", "QueryParameters", "QueryParameter(",
            "BrokerRequest(", "BrokerResponse(", "BrokerEndpoint", "ResponseRouting", "RegistrationLint", "VerificationRule",
            "FindingCode", "UUIDSyntax", "Engine.", "import RedirectURIKit\n",
        ]
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            // Code only: comments may name the library's types.
            let text = source.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
                .joined(separator: "\n")
            for name in forbidden {
                #expect(!Self.mentions(text, name), "Model/\(file) uses \(name)")
            }
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                // Foundation for NFKC alone (the look-alike rule's compatibility forms), which the
                // standard library does not offer: the library's own table is not used.
                #expect(["import struct RedirectURIKit.URIReference", "import enum RedirectURIKit.HostKind", "import Foundation"]
                        .contains(line.trimmingCharacters(in: .whitespaces)),
                        "Model/\(file): \(line)")
            }
        }
    }

    /// `name` occurs in `text` as a word of its own (`isBundleID(` is not `BundleID(`).
    static func mentions(_ text: String, _ name: String) -> Bool {
        let bytes = Array(text.utf8), needle = Array(name.utf8)
        guard needle.count <= bytes.count else { return false }
        for start in 0...(bytes.count - needle.count) where Array(bytes[start..<(start + needle.count)]) == needle {
            let before = start == 0 ? UInt8(ascii: " ") : bytes[start - 1]
            let isIdentifierByte = (before >= 0x30 && before <= 0x39) || (before >= 0x41 && before <= 0x5A) || (before >= 0x61 && before <= 0x7A) || before == UInt8(ascii: "_")
            if !isIdentifierByte { return true }
        }
        return false
    }

    @Test func mentionsIsAWordMatch() {
        #expect(Self.mentions("x = BundleID(a)", "BundleID("))
        #expect(!Self.mentions("x = isBundleID(a)", "BundleID("))
    }

    /// The model's UTF-8 check against the standard library's decoder (valid exactly when decoding
    /// and re-encoding gives the same bytes), on every 1- and 2-byte input and random longer ones.
    @Test func utf8ValidationAgreesWithTheStandardLibrary() {
        func reference(_ bytes: [UInt8]) -> Bool { Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes }
        for a in 0...255 {
            #expect(isWellFormedUTF8([UInt8(a)]) == reference([UInt8(a)]))
            for b in 0...255 where isWellFormedUTF8([UInt8(a), UInt8(b)]) != reference([UInt8(a), UInt8(b)]) {
                Issue.record("\(a) \(b)")
            }
        }
        var random = SplitMix64(seed: 7)
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xA0, 0x9F, 0xED, 0xEF, 0xF0, 0x90, 0x8F, 0xF4, 0xF5, 0xFF]
        for _ in 0..<50_000 {
            let count = Int(random.next() % 6) + 1
            let bytes = (0..<count).map { _ in interesting[Int(random.next() % UInt64(interesting.count))] }
            if isWellFormedUTF8(bytes) != reference(bytes) { Issue.record("\(bytes)") }
        }
    }

    @Test func percentDecodingDecodesOnce() {
        #expect(percentDecode(Array("%253A".utf8), plusIsSpace: false) == Array("%3A".utf8))
        #expect(percentDecode(Array("a+b%2b".utf8), plusIsSpace: false) == Array("a+b+".utf8))
        #expect(percentDecode(Array("a+b%2B".utf8), plusIsSpace: true) == Array("a b+".utf8))
        #expect(percentDecode(Array("%3a%3A".utf8), plusIsSpace: false) == Array("::".utf8))
        #expect(percentDecode(Array("%".utf8), plusIsSpace: false) == nil)
        #expect(percentDecode(Array("%4".utf8), plusIsSpace: false) == nil)
        #expect(percentDecode(Array("%G0".utf8), plusIsSpace: false) == nil)
        #expect(percentDecode(Array("%FF".utf8), plusIsSpace: false) == [0xFF])
    }

    /// RFC 4648 §10's vectors, and the strictness the Android hash needs.
    @Test func base64() {
        let vectors = [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")]
        for (plain, encoded) in vectors {
            #expect(base64Decode(Array(encoded.utf8)) == Array(plain.utf8), "\(encoded)")
        }
        #expect(base64Decode(Array("1wIqXSqBj7w+h11ZifsnqwgyKrY=".utf8))?.count == 20)
        #expect(base64Decode(Array("Zg=".utf8)) == nil)          // length not a multiple of 4
        #expect(base64Decode(Array("Zh==".utf8)) == nil)         // non-zero padding bits
        #expect(base64Decode(Array("Zm9=".utf8)) == nil)         // non-zero padding bits
        #expect(base64Decode(Array("Zg=a".utf8)) == nil)         // `=` inside
        #expect(base64Decode(Array("Z-8_".utf8)) == nil)         // base64url alphabet
        #expect(base64Decode(Array("====".utf8)) == nil)
    }

    @Test func grammars() {
        #expect(isBundleID(Array("com.Contoso.Mail-App2".utf8)))
        #expect(isBundleID(Array("a".utf8)))
        for bad in ["", ".a", "a.", "a..b", "a_b", "a b", "a.b.", "é"] { #expect(!isBundleID(Array(bad.utf8)), "\(bad)") }
        #expect(isClientID(Array("3c62ac97-29eb-4aed-a3c8-add0298508da".utf8)))
        #expect(isClientID(Array("3C62AC97-29EB-4AED-A3C8-ADD0298508DA".utf8)))
        for bad in ["3c62ac97", "3c62ac97-29eb-4aed-a3c8-add0298508dg", "3c62ac9729eb-4aed-a3c8-add0298508da-", "3c62ac97-29eb-4aed-a3c8add0298508da0"] {
            #expect(!isClientID(Array(bad.utf8)), "\(bad)")
        }
        #expect(isJavaPackageName(Array("com.example_1.App".utf8)))
        for bad in ["com", "1com.x", "com..x", "com.-x", "com.x-y", "_a.b"] { #expect(!isJavaPackageName(Array(bad.utf8)), "\(bad)") }
        #expect(isReservedScheme(Array("FaceTime-Audio".utf8)))
        #expect(!isReservedScheme(Array("msauth.com.app".utf8)))
    }

    /// The raw text form round-trips, and a recipe always yields a case (even the empty one).
    @Test func rawFormAndRecipes() throws {
        let c = VerificationCase(presented: Array("msauth.com.app://auth".utf8), registered: ["msauth.com.app://auth", "x:"],
                                 callerBundleID: "com.app", bundleIDCaseInsensitive: true, request: "msauthv2://broker?a=1",
                                 routeRedirectURI: "msauth.com.app://auth", routeIncoming: "msauth.com.app://auth/broker",
                                 response: "msauth.com.app://auth?error_code=1")
        let raw = try #require(c.rawText)
        #expect(VerificationCase(raw: raw) == c)
        _ = Recipe.decode([])
        var random = SplitMix64(seed: 11)
        for _ in 0..<500 {
            let bytes = (0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let disagreements = Agreement.check(Recipe.decode(bytes))
            #expect(disagreements.isEmpty, "\(disagreements)")
        }
    }
}
