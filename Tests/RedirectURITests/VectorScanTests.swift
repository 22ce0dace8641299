import Testing
@_spi(Testing) @testable import RedirectURI

/// The vectorised fast path must agree with the plain loop, byte for byte.
struct VectorScanTests {
    @Test func commonBytesTableMatchesItsDefinition() {
        let common = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~=&+".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(ByteClass.commonBytes.contains(byte) == common.contains(byte), "byte \(byte)")
        }
        for byteClass in [ByteClass.regName, .userinfo, .path, .queryOrFragment, .pchar] {
            #expect(byteClass.containsCommonBytes)
        }
        #expect(!ByteClass.digit.containsCommonBytes)
        #expect(!ByteClass.scheme.containsCommonBytes)
    }

    @Test func blockTestAgreesWithTheTableForEveryByteInEveryLane() {
        for byte in UInt8.min...UInt8.max {
            for lane in 0..<VectorScan.width {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: VectorScan.width)
                bytes[lane] = byte
                let allCommon = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map { VectorScan.commonPrefixLength($0, at: 0) == VectorScan.width } ?? false
                }
                #expect(allCommon == ByteClass.commonBytes.contains(byte), "byte \(byte) lane \(lane)")
            }
        }
    }

    @Test func prefixLengthsForEveryByteInEveryLane() {
        let base64URL = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        for byte in UInt8.min...UInt8.max {
            for lane in 0..<VectorScan.width {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: VectorScan.width)
                bytes[lane] = byte
                bytes.withUnsafeBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    #expect(VectorScan.commonPrefixLength(base, at: 0) == (ByteClass.commonBytes.contains(byte) ? 16 : lane))
                    #expect(VectorScan.base64URLPrefixLength(base, at: 0) == (base64URL.contains(byte) ? 16 : lane))
                }
            }
        }
    }

    @Test func percentEncodedTripletsCountOnlyWhenValid() {
        let rows: [(String, Int)] = [
            ("aaaa%41aaaaaaaaaaaa", 16), ("aaaa%4Gaaaaaaaaaaaa", 4), ("aaaa%aFaaaaaaaaaaaa", 16),
            ("aaaaaaaaaaaaaaa%41x", 16), ("aaaaaaaaaaaaaaa%4?x", 15), ("%%41aaaaaaaaaaaaaaa", 0),
            ("aaaa%\u{E9}aaaaaaaaaaaaa", 4), ("aaaa%%41aaaaaaaaaaa", 4), ("aaaa%2", 4),
        ]
        for (text, expected) in rows {
            var bytes = Array(text.utf8)
            while bytes.count < 18 { bytes.append(UInt8(ascii: " ")) }
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                #expect(VectorScan.commonOrPercentEncodedPrefixLength(base, at: 0) == expected, "\(text)")
            }
        }
    }

    @Test func vectorisedAndPlainParsesAgree() {
        var generator = SeededGenerator(seed: 41)
        let pieces = ["a", "Z", "9", "-", ".", "_", "~", "=", "&", "+", "%41", "%", "%4", "%G1", "%3a", "/", "?", "#", ":", "@", " ", "\u{E9}", "[",
                      String(repeating: "abcdefgh", count: 3), String(repeating: "Q", count: 17)]
        for _ in 0..<20_000 {
            let text = "x-app://h/" + (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let bytes = Array(text.utf8)
            let (fast, plain) = bytes.withUnsafeBufferPointer { buffer in
                (Result { () throws(URIParseError) in try URIParser.parse(buffer) },
                 Result { () throws(URIParseError) in try URIParser.parseWithoutVectorScan(buffer) })
            }
            switch (fast, plain) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(text)")
            case (.failure(let a), .failure(let b)): #expect(a.kind == b.kind && a.offset == b.offset, "\(text)")
            default: Issue.record("fast and plain parses disagree on \(text.debugDescription)")
            }
        }
    }
}
