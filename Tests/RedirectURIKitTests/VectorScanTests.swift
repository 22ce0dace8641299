import Testing
@_spi(Testing) @testable import RedirectURIKit

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

    @Test func pathBytesTableMatchesItsDefinition() {
        let path = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789&'()*+,-./:;=_".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(ByteClass.pathBytes.contains(byte) == path.contains(byte), "byte \(byte)")
        }
        // The classes the 32-byte loop runs for, and no other: a host must not skip '/' or ':'.
        for byteClass in [ByteClass.path, .queryOrFragment] {
            #expect(byteClass.containsPathBytes)
        }
        for byteClass in [ByteClass.regName, .userinfo, .pchar, .segmentNoColon, .scheme, .digit] {
            #expect(!byteClass.containsPathBytes)
        }
    }

    @Test func blockTestAgreesWithTheTableForEveryByteInEveryLane() {
        for byte in UInt8.min...UInt8.max {
            for lane in 0..<VectorScan.width {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: VectorScan.width)
                bytes[lane] = byte
                let allCommon = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map {
                        VectorScan.prefixLength($0, at: 0, count: buffer.count, members: VectorScan.commonMembers) == VectorScan.width
                    } ?? false
                }
                #expect(allCommon == ByteClass.commonBytes.contains(byte), "byte \(byte) lane \(lane)")
            }
        }
    }

    /// The 32-byte path kernel: every byte in each of the 32 lanes, the others path bytes of
    /// every kind in turn; whether all are members, and how many lead.
    @Test func pathBlocksAgreeWithTheTableForEveryByteInEveryLane() {
        let filler = Array("aZ09&'()*+,-./:;=_".utf8)
        for byte in UInt8.min...UInt8.max {
            for lane in 0..<(2 * VectorScan.width) {
                var bytes = (0..<(2 * VectorScan.width)).map { filler[($0 + Int(byte)) % filler.count] }
                bytes[lane] = byte
                withExactAllocation(of: bytes) { buffer in
                    guard let base = buffer.baseAddress else { return }
                    let (first, second) = VectorScan.pathMembers32(base, at: 0, count: buffer.count)
                    let member = ByteClass.pathBytes.contains(byte)
                    #expect(VectorScan.allSet(first, second) == member, "byte \(byte) lane \(lane)")
                    #expect(VectorScan.leadingSetLanes(first, second) == (member ? 32 : lane), "byte \(byte) lane \(lane)")
                }
            }
        }
    }

    /// The 64-byte test of long runs: every byte in each of the 64 lanes, the others path bytes of
    /// every kind in turn. A lane it skipped wrongly would let a non-path byte into a query.
    @Test func sixtyFourByteTestAgreesWithTheTableForEveryByteInEveryLane() {
        let filler = Array("aZ09&'()*+,-./:;=_".utf8)
        for byte in UInt8.min...UInt8.max {
            for lane in 0..<(4 * VectorScan.width) {
                var bytes = (0..<(4 * VectorScan.width)).map { filler[($0 + Int(byte)) % filler.count] }
                bytes[lane] = byte
                withExactAllocation(of: bytes) { buffer in
                    guard let base = buffer.baseAddress else { return }
                    let member = ByteClass.pathBytes.contains(byte)
                    #expect(VectorScan.anyNonPathByte64(base, at: 0, count: buffer.count) == !member, "byte \(byte) lane \(lane)")
                }
            }
        }
    }

    @Test func prefixLengthsForEveryByteInEveryLane() {
        for byte in UInt8.min...UInt8.max {
            for lane in 0..<VectorScan.width {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: VectorScan.width)
                bytes[lane] = byte
                bytes.withUnsafeBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    #expect(
                        VectorScan.prefixLength(base, at: 0, count: buffer.count, members: VectorScan.commonMembers)
                            == (ByteClass.commonBytes.contains(byte) ? 16 : lane))
                    #expect(
                        VectorScan.prefixLength(base, at: 0, count: buffer.count, members: VectorScan.pathMembers)
                            == (ByteClass.pathBytes.contains(byte) ? 16 : lane))
                }
            }
        }
    }

    /// The kernel the scheme and authority loops use: any start, near the end too, where it
    /// reads the input's last 16 bytes.
    @Test func prefixLengthAtEveryIndexOfShortInputs() {
        let scheme = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.".utf8)
        for count in VectorScan.width...(VectorScan.width + 3) {
            for byte in UInt8.min...UInt8.max {
                for position in 0..<count {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count)
                    bytes[position] = byte
                    bytes.withUnsafeBufferPointer { buffer in
                        guard let base = buffer.baseAddress else { return }
                        for index in 0..<count {
                            let limit = min(VectorScan.width, count - index)
                            let expectedCommon = position < index || ByteClass.commonBytes.contains(byte) ? limit : min(limit, position - index)
                            let expectedScheme = position < index || scheme.contains(byte) ? limit : min(limit, position - index)
                            let expectedPath = position < index || ByteClass.pathBytes.contains(byte) ? limit : min(limit, position - index)
                            #expect(VectorScan.prefixLength(base, at: index, count: count, members: VectorScan.pathMembers) == expectedPath,
                                    "byte \(byte) at \(position), index \(index), count \(count)")
                            #expect(VectorScan.prefixLength(base, at: index, count: count, members: VectorScan.commonMembers) == expectedCommon,
                                    "byte \(byte) at \(position), index \(index), count \(count)")
                            #expect(VectorScan.prefixLength(base, at: index, count: count, members: VectorScan.schemeMembers) == expectedScheme,
                                    "byte \(byte) at \(position), index \(index), count \(count)")
                        }
                    }
                }
            }
        }
    }

    /// The bundle ID grammar's byte loop, and whether there is a dot: what the 16-byte checks must give.
    static func plainShape(_ bytes: ArraySlice<UInt8>) -> BundleID.Shape {
        guard BundleID.isValid(bytes) else { return .invalid }
        return bytes.contains(UInt8(ascii: ".")) ? .dotted : .singleLabel
    }

    /// The 16-byte bundle ID check agrees with the byte loop: every byte in every position of
    /// inputs of 16 to 40 bytes, and random texts dense in dots and hyphens.
    @Test func vectorisedBundleIDCheckAgreesWithTheByteLoop() {
        func agree(_ bytes: [UInt8]) {
            let fast = bytes.withUnsafeBufferPointer { BundleID.shape(contiguous: $0) }
            #expect(fast == Self.plainShape(bytes[...]), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        for count in [16, 17, 31, 32, 33, 40] {
            for position in 0..<count {
                for byte in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count)
                    bytes[position] = byte
                    agree(bytes)
                    if position + 1 < count, byte == UInt8(ascii: ".") {
                        bytes[position + 1] = byte
                        agree(bytes)
                    }
                }
            }
        }
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("ab.-9Z.".utf8)
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...50, using: &generator)
            agree((0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0 })
        }
    }

    /// The check of a range inside a longer buffer (one masked block for a short bundle ID)
    /// agrees with the byte loop on that range, for every range of random buffers, at the start,
    /// in the middle and at the end, with bytes outside the class around it.
    @Test func bundleIDCheckOfARangeAgreesWithTheByteLoop() {
        var generator = SeededGenerator(seed: 11)
        let alphabet = Array("ab.-9Z..:/_".utf8) + [0x80, 0xFF]
        for _ in 0..<400 {
            let count = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            bytes.withUnsafeBufferPointer { buffer in
                for lower in 0...count {
                    for upper in lower...count {
                        let expected = Self.plainShape(bytes[lower..<upper])
                        #expect(BundleID.shape(of: lower..<upper, in: buffer) == expected, "\(bytes) \(lower)..<\(upper)")
                    }
                }
            }
        }
    }

    /// The second test of a 32-byte block: path bytes, '~' and valid triplets count, up to the
    /// first byte that is none of them; with fewer than two bytes after the block, only path
    /// bytes count.
    static func extendedPrefixLength(_ text: String, padTo count: Int = 34) -> Int {
        var bytes = Array(text.utf8)
        while bytes.count < count { bytes.append(UInt8(ascii: " ")) }
        return withExactAllocation(of: bytes) { buffer in
            guard let base = buffer.baseAddress else { return -1 }
            let (first, second) = VectorScan.pathMembers32(base, at: 0, count: buffer.count)
            return VectorScan.extendedPathPrefixLength32(base, at: 0, count: buffer.count, members: first, second)
        }
    }

    @Test func percentEncodedTripletsCountOnlyWhenValid() {
        let a16 = String(repeating: "a", count: 16)
        let rows: [(String, Int)] = [
            ("aaaa%41aaaaaaaaaaaa" + a16, 32), ("aaaa%4Gaaaaaaaaaaaa" + a16, 4), ("aaaa%aFaaaaaaaaaaaa" + a16, 32),
            (a16 + "aaaaaaaaaaaaaaa%41x", 32), (a16 + "aaaaaaaaaaaaaaa%4?x", 31), ("%%41aaaaaaaaaaaaaaa", 0),
            ("aaaa%\u{E9}aaaaaaaaaaaaa", 4), ("aaaa%%41aaaaaaaaaaa", 4), (a16 + "aaaa%2", 20),
            ("%3A%2F%2Fa/b:c;d=e_f~g" + a16, 32), ("%3A%2F%2Fa/b:c?de", 14), ("a%2F@aaaaaaaaaaaaa", 4),
            ("~~~" + a16 + a16, 32), ("~~~!", 3), ("a~" + a16 + "<", 18),
        ]
        for (text, expected) in rows {
            #expect(Self.extendedPrefixLength(text) == expected, "\(text)")
        }
        // Two bytes short of reading past the block: '~' and '%' stop the count.
        let a13 = String(repeating: "a", count: 13)
        #expect(Self.extendedPrefixLength("aa~" + a16 + a13, padTo: 33) == 2)
        #expect(Self.extendedPrefixLength(a16 + a16, padTo: 33) == 32)
        #expect(Self.extendedPrefixLength("a%41" + a16 + String(repeating: "a", count: 12), padTo: 32) == 1)
    }

    /// A '%' in every lane of 32, followed by every pair of bytes of each kind (hex digits of both
    /// cases, a path byte that is no hex digit, '~', a byte outside the class, non-ASCII): the
    /// triplet counts exactly when both are hex digits, wherever it lies, the last two bytes read
    /// past the block included.
    @Test func percentTripletsInEveryLane() {
        let kinds = Array("0aF9gG/~%#\u{7F}".utf8) + [0x80, 0xC3, 0x00]
        for lane in 0..<(2 * VectorScan.width) {
            for first in kinds {
                for second in kinds {
                    var bytes = [UInt8](repeating: UInt8(ascii: "z"), count: 2 * VectorScan.width + 2)
                    bytes[lane] = ASCII.percentSign
                    bytes[lane + 1] = first
                    bytes[lane + 2] = second
                    let isTriplet = ByteClass.hexDigit.contains(first) && ByteClass.hexDigit.contains(second)
                    // The bytes after a valid triplet are path bytes ('z'), or past the block.
                    let expected = isTriplet ? 2 * VectorScan.width : lane
                    #expect(Self.extendedPrefixLength(String(decoding: bytes, as: UTF8.self)) == expected,
                            "lane \(lane): % \(first) \(second)")
                }
            }
        }
    }

    @Test(arguments: [URIGrammar.uriReference, .uri, .absoluteURI, .relativeReference])
    func vectorisedAndPlainParsesAgree(grammar: URIGrammar) {
        var generator = SeededGenerator(seed: 41)
        let pieces = ["a", "Z", "9", "-", ".", "_", "~", "=", "&", "+", "%41", "%", "%4", "%G1", "%3a", "/", "?", "#", ":", "@", " ", "\u{E9}", "[",
                      String(repeating: "abcdefgh", count: 3), String(repeating: "Q", count: 17)]
        // Starts that put the scheme and authority loops, vectorised too, to work.
        let starts = ["x-app://h/", "", "msauth.com.contoso.app://", "x-msauth-mytestiosapp://com.myapp.mytestapp", "//user:pw@",
                      "com.example.app:/", "a+b-c.d:", "http://127.0.0.1:", "https://[::1]", "x%41y", "abc_def:"]
        for _ in 0..<20_000 {
            let start = starts.randomElement(using: &generator) ?? ""
            let text = start + (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            Self.expectFastAndPlainParsesAgree(Array(text.utf8), as: grammar)
        }
    }

    /// Path, query and fragment runs of every length across one to three 32-byte blocks, with one
    /// byte of each kind (a path byte, a class byte the kernels do not skip, a percent sign with
    /// a valid or a broken triplet, a delimiter, a byte outside every class, non-ASCII) at
    /// every position: the vectorised parse and the plain loop agree, on exact-size buffers.
    @Test func pathQueryAndFragmentRunsOfEveryLengthAgree() {
        let specials = ["a", "~", "/", "@", "!", "?", "#", "%41", "%4", "%G1", "%", " ", "<", "[", "\u{7F}", "\u{E9}"]
        let starts = ["s:/", "s://host/p?", "s://h#", "//h/a?b#", "?"]
        for start in starts {
            for length in 0...70 {
                for position in 0..<max(length, 1) {
                    for special in specials {
                        var body = Array(String(repeating: "Az9-_.=&", count: 13).utf8.prefix(length))
                        if position < body.count {
                            body.replaceSubrange(position..<(position + 1), with: Array(special.utf8))
                        }
                        Self.expectFastAndPlainParsesAgree(Array(start.utf8) + body, as: .uriReference)
                    }
                }
            }
        }
    }

    /// The vectorised parse and the plain byte loop give the same ranges, or the same error
    /// (kind and offset), for `bytes` as `grammar`; the buffer holds exactly `bytes`, so that
    /// the address sanitizer reports any read past the input.
    static func expectFastAndPlainParsesAgree(_ bytes: [UInt8], as grammar: URIGrammar) {
        let (fast, plain) = withExactAllocation(of: bytes) { buffer in
            (Result { () throws(URIParseError) in try URIParser.parse(buffer, as: grammar) },
             Result { () throws(URIParseError) in try URIParser.parseWithoutVectorScan(buffer, as: grammar) })
        }
        // Built only for a failure: most of the time of the exhaustive tests went into it.
        func text() -> String { String(decoding: bytes, as: UTF8.self).debugDescription }
        switch (fast, plain) {
        case (.success(let a), .success(let b)): #expect(a == b, "\(text())")
        case (.failure(let a), .failure(let b)): #expect(a.kind == b.kind && a.offset == b.offset, "\(text())")
        default: Issue.record("fast and plain parses disagree on \(text())")
        }
    }
}

#if DEBUG && (os(Linux) || os(macOS))
/// Each kernel states how many bytes it reads, and debug builds check it: a caller that breaks
/// the bound traps in tests and in debug fuzz runs instead of reading past the input. (The
/// buffers here are long enough that nothing is read out of bounds should a check be missing;
/// the test then fails because the child process exits normally.)
struct VectorScanBoundsTests {
    @Test func pathMembers32ChecksBothBlocks() async {
        await #expect(processExitsWith: .failure) {
            let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 64)
            bytes.withUnsafeBufferPointer { buffer in
                _ = VectorScan.pathMembers32(buffer.baseAddress!, at: 1, count: 32)
            }
        }
    }

    @Test func extendedPrefixChecksItsBlocks() async {
        await #expect(processExitsWith: .failure) {
            let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 64)
            bytes.withUnsafeBufferPointer { buffer in
                let zero = VectorScan.Block(repeating: 0)
                _ = VectorScan.extendedPathPrefixLength32(buffer.baseAddress!, at: 1, count: 32, members: zero, zero)
            }
        }
    }

    @Test func queryNameAndBase64URLCheckTheirBlock() async {
        await #expect(processExitsWith: .failure) {
            let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 64)
            bytes.withUnsafeBufferPointer { buffer in
                _ = RawPiece.queryName(buffer.baseAddress!, at: 1, count: 16)
            }
        }
        // Its blocks are tested among query bytes only: anything else is a caller's bug.
        await #expect(processExitsWith: .failure) {
            let bytes = Array("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA[AAAAAAAAAAAAAAAA".utf8)
            bytes.withUnsafeBufferPointer { buffer in
                _ = Base64.base64URLValue(inQuery: buffer, from: 0)
            }
        }
    }

    @Test func prefixLengthNeedsAWholeBlock() async {
        await #expect(processExitsWith: .failure) {
            let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 64)
            bytes.withUnsafeBufferPointer { buffer in
                _ = VectorScan.prefixLength(buffer.baseAddress!, at: 0, count: 15, members: VectorScan.commonMembers)
            }
        }
    }

    @Test func decodingNeedsAnOutputAsLongAsItsInput() async {
        await #expect(processExitsWith: .failure) {
            let input = [UInt8](repeating: UInt8(ascii: "a"), count: 32)
            var output = [UInt8](repeating: 0, count: 64)
            input.withUnsafeBufferPointer { bytes in
                output.withUnsafeMutableBufferPointer { all in
                    // The first 16 bytes of a 64-byte buffer: the stores stay inside the array.
                    _ = try? PercentEncoding.decode(bytes, plusIsSpace: false, into: UnsafeMutableBufferPointer(rebasing: all[0..<16]))
                }
            }
        }
    }
}
#endif

/// The two-block UUID check agrees with the byte-by-byte definition: every byte value at every
/// position of a valid UUID, every length around 36, and the hyphens moved.
struct UUIDSyntaxTests {
    static func check(_ bytes: [UInt8]) -> (fast: Bool, plain: Bool) {
        // An exact-size copy: a read past the end fails under AddressSanitizer.
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: bytes)
        return (UUIDSyntax.isUUID(UnsafeBufferPointer(buffer)), UUIDSyntax.isUUIDByByte(UnsafeBufferPointer(buffer)))
    }

    @Test func everyByteAtEveryPosition() {
        let valid = Array("3c62AC97-29eb-4aed-a3c8-add0298508dA".utf8)
        #expect(Self.check(valid) == (true, true))
        for position in valid.indices {
            for byte in UInt8.min...UInt8.max {
                var bytes = valid
                bytes[position] = byte
                let result = Self.check(bytes)
                #expect(result.fast == result.plain, "byte \(byte) at \(position)")
            }
        }
    }

    @Test func lengthsAndHyphens() {
        let valid = Array("3c62ac97-29eb-4aed-a3c8-add0298508da".utf8)
        for length in 0...40 {
            let bytes = (0..<length).map { valid[$0 % valid.count] }
            let result = Self.check(bytes)
            #expect(result.fast == result.plain, "length \(length)")
        }
        let noHyphens = Array("3c62ac9729eb4aeda3c8add0298508da0000".utf8)
        #expect(Self.check(noHyphens) == (false, false))
    }
}

/// The broker response's kernels agree with their plain definitions at every position, in
/// exact-size buffers (a read past the end fails under AddressSanitizer).
struct BrokerResponseKernelTests {
    static func exact<Value>(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: bytes)
        return body(UnsafeBufferPointer(buffer))
    }

    /// The value's end and whether it is base64url, written the plain way.
    static func plainValue(_ bytes: [UInt8], from start: Int) -> (end: Int, isBase64URL: Bool) {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
        return (end, bytes[start..<end].allSatisfy { Base64.value($0, urlSafe: true) != nil })
    }

    @Test func base64URLValueAtEveryPositionAndLength() {
        // Query bytes only, the precondition (the other bytes cannot reach it: the parse rejects them).
        let special: [UInt8] = Array("&%+=.~-_Az09/@:?!".utf8)
        for length in 0...70 {
            let base = (0..<length).map { Array("AbZ9-_q".utf8)[$0 % 7] }
            for start in [0, 1, min(3, length)] where start <= length {
                #expect(Self.exact(base) { Base64.base64URLValue(inQuery: $0, from: start) } == Self.plainValue(base, from: start))
                for position in start..<length {
                    for byte in special {
                        var bytes = base
                        bytes[position] = byte
                        let fast = Self.exact(bytes) { Base64.base64URLValue(inQuery: $0, from: start) }
                        #expect(fast == Self.plainValue(bytes, from: start), "\(byte) at \(position) of \(length) from \(start)")
                    }
                }
            }
        }
    }

    @Test func uppercaseSHA256AtEveryPosition() {
        let valid = Array("9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08".utf8)
        #expect(Self.exact(valid) { BrokerValueSyntax.isUppercaseSHA256Hex($0) })
        for position in valid.indices {
            for byte in UInt8.min...UInt8.max {
                var bytes = valid
                bytes[position] = byte
                let fast = Self.exact(bytes) { BrokerValueSyntax.isUppercaseSHA256Hex($0) }
                #expect(fast == Self.exact(bytes) { BrokerValueSyntax.isUppercaseSHA256HexByByte($0) }, "\(byte) at \(position)")
            }
        }
        for length in [0, 63, 65, 128] {
            let bytes = (0..<length).map { valid[$0 % 64] }
            #expect(!Self.exact(bytes) { BrokerValueSyntax.isUppercaseSHA256Hex($0) })
        }
    }
}
