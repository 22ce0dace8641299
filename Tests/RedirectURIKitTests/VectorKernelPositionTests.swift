import Testing
import RedirectURIFuzzProperties
@_spi(Testing) @testable import RedirectURIKit

/// Every vectorised (16-byte) and word-at-a-time kernel against its plain loop, exhaustively over
/// positions: buffers of every length across three 16-byte blocks, filled with a byte the kernel
/// accepts, with one probe byte placed at every position in turn — in-class bytes, each kind of
/// out-of-class byte, `%`, and the bytes on each side of every range the lane tests compare
/// against (the tests are signed, so 0x7F, 0x80 and 0xFF matter). Buffers are allocations of
/// exactly their length, so under AddressSanitizer a kernel that reads past the end fails.
///
/// The bugs these catch: a lane off by one in the second or third block, a block loaded one byte
/// early or late, a tail that skips or re-reads the last bytes, a range bound off by one (`=`
/// taken for base64url, `/` for a digit), a look-ahead that reads past the input.
struct VectorKernelPositionTests {
    /// The probe bytes: members of some class and not others, and each neighbour of a range bound
    /// (`,-./` `/0` `9:` `@A` `FG` `Z[` `^_` `` `a `` `fg` `z{` `~` DEL) plus controls and non-ASCII.
    static let probes: [UInt8] = Array("aAzZ09gGfF-._~=&+%/?#:@[]!$'()*,; \"<>\\^`{|}".utf8) + [0x00, 0x09, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xFF]

    /// Lengths across three blocks, and one past.
    static let lengths = 0...(3 * VectorScan.width + 1)

    // MARK: VectorScan (the parser's kernels)

    /// The 32-byte test of path, query and fragment runs: whether all 32 bytes are path bytes,
    /// and how many lead, in both halves.
    @Test func pathMembers32() {
        var failures = Failures()
        forEachPlacement(lengths: 32...Self.lengths.upperBound, filler: UInt8(ascii: "Z")) { bytes, position, probe in
            for index in Set([0, bytes.count - 32]) {
                let expected = lanes(bytes, from: index, limit: 32) { ByteClass.pathBytes.contains($0) }
                let (first, second) = VectorScan.pathMembers32(bytes.baseAddress!, at: index, count: bytes.count)
                let context = "count \(bytes.count) index \(index) probe \(probe) at \(position)"
                failures.check(VectorScan.allSet(first, second), expected == 32, context)
                failures.check(VectorScan.leadingSetLanes(first, second), expected, context)
            }
        }
    }

    /// The second test of a 32-byte block: path bytes, `~`, and a `%` when two hex digits follow,
    /// which may lie past the block; with fewer than two bytes after the block, path bytes only.
    @Test(arguments: Array("aGz".utf8))
    func extendedPathPrefixLength32(filler: UInt8) {
        var failures = Failures()
        // Only a `%` looks ahead; 'a' is a hex digit, 'G' and 'z' are not.
        let probes = filler == UInt8(ascii: "a") ? Self.probes : [ASCII.percentSign]
        forEachPlacement(lengths: 32...Self.lengths.upperBound, filler: filler, probes: probes) { bytes, position, probe in
            for index in Set([0, bytes.count - 32, max(0, bytes.count - 34)]) {
                let extended = index + 34 <= bytes.count
                var expected = 0
                while expected < 32 {
                    let at = index + expected
                    let byte = bytes[at]
                    let isTriplet = extended && byte == ASCII.percentSign && ByteClass.hexDigit.contains(bytes[at + 1])
                        && ByteClass.hexDigit.contains(bytes[at + 2])
                    guard ByteClass.pathBytes.contains(byte) || (extended && byte == UInt8(ascii: "~")) || isTriplet else { break }
                    expected += 1
                }
                let (first, second) = VectorScan.pathMembers32(bytes.baseAddress!, at: index, count: bytes.count)
                failures.check(VectorScan.extendedPathPrefixLength32(bytes.baseAddress!, at: index, count: bytes.count, members: first, second),
                               expected, "filler \(filler) count \(bytes.count) index \(index) probe \(probe) at \(position)")
            }
        }
    }

    /// The overlapping tail: near the end it loads the last 16 bytes and drops the lanes before
    /// `index`.
    @Test(arguments: ["common", "path", "scheme"])
    func prefixLength(members: String) {
        let (kernel, byteClass) =
            switch members {
            case "common": (VectorScan.commonMembers, ByteClass.commonBytes)
            case "path": (VectorScan.pathMembers, ByteClass.pathBytes)
            default: (VectorScan.schemeMembers, ByteClass.scheme)
            }
        var failures = Failures()
        forEachPlacement(lengths: 16...Self.lengths.upperBound, filler: UInt8(ascii: "q")) { bytes, position, probe in
            let count = bytes.count
            for index in Set([0, 1, 16, count - 16, count - 15, count - 2, count - 1]) where index >= 0 && index < count {
                let expected = lanes(bytes, from: index, limit: min(16, count - index)) { byteClass.contains($0) }
                failures.check(VectorScan.prefixLength(bytes.baseAddress!, at: index, count: count, members: kernel), expected,
                               "\(members) count \(count) index \(index) probe \(probe) at \(position)")
            }
        }
    }

    // MARK: Bundle IDs

    /// The whole-buffer check (16 bytes at a time, the last block overlapping) against the byte
    /// loop; a `.` probe is also tried doubled (an empty label can hide across two blocks).
    @Test func bundleIDCheck() {
        var failures = Failures()
        forEachPlacement(lengths: Self.lengths, filler: UInt8(ascii: "b")) { bytes, position, probe in
            failures.check(BundleID.shape(contiguous: bytes), plainBundleIDShape(Array(bytes)), "count \(bytes.count) probe \(probe) at \(position)")
            if probe == ASCII.period, position + 1 < bytes.count {
                let doubled = Array(bytes[..<position]) + [ASCII.period, ASCII.period] + Array(bytes[(position + 2)...])
                withExactAllocation(of: doubled) { doubled in
                    failures.check(BundleID.shape(contiguous: doubled), .invalid, "count \(bytes.count) '..' at \(position)")
                }
            }
        }
    }

    /// The masked one-block check of a short range: ranges of 1–15 bytes that hold the probe at
    /// their start, their end or inside, or stop right before it or start right after it.
    @Test func bundleIDCheckOfARange() {
        let probes = Array("aZ0-.:/@[`{_,".utf8) + [0x7F, 0x80, 0xFF]
        var failures = Failures()
        forEachPlacement(lengths: 16...(2 * VectorScan.width + 1), filler: UInt8(ascii: "b"), probes: probes) { bytes, position, probe in
            for length in [1, 2, 7, 8, 14, 15] {
                for lower in Set([position, position - length + 1, position - length / 2, position - length, position + 1]) {
                    let range = lower..<(lower + length)
                    guard range.lowerBound >= 0, range.upperBound <= bytes.count else { continue }
                    failures.check(BundleID.shape(of: range, in: bytes), plainBundleIDShape(Array(bytes[range])),
                                   "count \(bytes.count) range \(range) probe \(probe) at \(position)")
                }
            }
        }
    }

    // MARK: Base64url (broker responses)

    /// The bytes a parsed URI's query may hold (RFC 3986 `query`: unreserved, sub-delims,
    /// `:`, `@`, `/`, `?`, and `%` of a triplet), spelled out: the precondition of
    /// `Base64.base64URLValue(inQuery:from:)`.
    static let queryBytes = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?%".utf8)

    /// Every query byte at every position of lengths around each block boundary of the
    /// eight-block loop and the one-block loop after it: the value's end and whether it is
    /// base64url, against the alphabet written out.
    @Test(arguments: [0...(VectorScan.width + 1), 31...33, 63...65, 127...129, 143...145])
    func base64URLValueAmongQueryBytes(lengths: ClosedRange<Int>) {
        var alphabet = [Bool](repeating: false, count: 256)
        for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8 { alphabet[Int(byte)] = true }
        var failures = Failures()
        forEachPlacement(lengths: lengths, filler: UInt8(ascii: "Q"), probes: Self.queryBytes) { bytes, position, probe in
            for start in Set([0, min(1, bytes.count)]) {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                let expected = (end: end, isBase64URL: bytes[start..<end].allSatisfy { alphabet[Int($0)] })
                let found = Base64.base64URLValue(inQuery: bytes, from: start)
                failures.check(found.end, expected.end, "end: count \(bytes.count) from \(start) probe \(probe) at \(position)")
                failures.check(found.isBase64URL, expected.isBase64URL, "alphabet: count \(bytes.count) from \(start) probe \(probe) at \(position)")
            }
        }
    }

    /// The bytes next to base64url's ranges and a few others, at every position of lengths around
    /// each block boundary of the eight-block loop and the one-block loop after it, and every
    /// byte value at the positions of each block's first and last lane: where the base64url run
    /// ends, for bytes not known to be a query (a broker response read in one pass), against the
    /// alphabet written out.
    @Test(arguments: [0...(VectorScan.width + 1), 63...65, 127...129, 143...145])
    func base64URLRunEndOverAnyBytes(lengths: ClosedRange<Int>) {
        var alphabet = [Bool](repeating: false, count: 256)
        for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8 { alphabet[Int(byte)] = true }
        var failures = Failures()
        func check(_ bytes: UnsafeBufferPointer<UInt8>, _ position: Int, _ probe: UInt8) {
            for start in Set([0, min(1, bytes.count)]) {
                let expected = bytes[start...].firstIndex { !alphabet[Int($0)] } ?? bytes.count
                failures.check(Base64.base64URLRunEnd(in: bytes, from: start), expected,
                               "count \(bytes.count) from \(start) probe \(probe) at \(position)")
            }
        }
        let neighbours = Array(",./:@[`{&%+= ".utf8) + [0x00, 0x0D, 0x7F, 0x80, 0xAD, 0xDF, 0xFF]
        forEachPlacement(lengths: lengths, filler: UInt8(ascii: "Q"), probes: neighbours, check)
        forEachPlacement(lengths: lengths.upperBound...lengths.upperBound, filler: UInt8(ascii: "z"), probes: (0...255).map { UInt8($0) }) {
            bytes, position, probe in
            if position % VectorScan.width == 0 || position % VectorScan.width == VectorScan.width - 1 { check(bytes, position, probe) }
        }
    }

    // MARK: Query lookup

    @Test func firstIndexOfAmpersand() {
        var failures = Failures()
        forEachPlacement(lengths: Self.lengths, filler: UInt8(ascii: "v")) { bytes, position, probe in
            let count = bytes.count
            for (start, end) in [(0, count), (min(1, count), count), (0, max(0, count - 1)), (min(1, count), max(min(1, count), count - 1))] {
                let expected = bytes[start..<end].firstIndex(of: ASCII.ampersand) ?? end
                failures.check(VectorScan.firstIndex(of: ASCII.ampersand, in: bytes, from: start, to: end), expected,
                               "\(start)..<\(end) of \(count) probe \(probe) at \(position)")
            }
        }
    }

    @Test func queryNameKernelAndNameEnd() {
        var failures = Failures()
        forEachPlacement(lengths: Self.lengths, filler: UInt8(ascii: "n")) { bytes, position, probe in
            let count = bytes.count
            for start in Set([0, min(1, count), max(0, count - 16)]) {
                let end = bytes[start...].firstIndex { $0 == ASCII.equalsSign || $0 == ASCII.ampersand } ?? count
                let escapes = bytes[start..<end].contains { $0 == ASCII.percentSign || $0 == ASCII.plusSign }
                let nameEnd = RawPiece.nameEnd(from: start, in: bytes)
                failures.check(nameEnd.end, end, "nameEnd from \(start) of \(count) probe \(probe) at \(position)")
                failures.check(nameEnd.hasEscapes, escapes, "nameEnd escapes from \(start) of \(count) probe \(probe) at \(position)")
                if start + 16 <= count {
                    let name = RawPiece.queryName(bytes.baseAddress!, at: start, count: count)
                    let length = min(16, end - start)
                    let blockEscapes = bytes[start..<(start + length)].contains { $0 == ASCII.percentSign || $0 == ASCII.plusSign }
                    failures.check(name.length, length, "queryName length at \(start) of \(count) probe \(probe) at \(position)")
                    failures.check(name.hasEscapes, blockEscapes, "queryName at \(start) of \(count) probe \(probe) at \(position)")
                }
            }
        }
    }

    /// The in-place lookup (candidates found 32 positions at a time, then 16, names compared a word
    /// at a time) against splitting the query and comparing decoded names. Queries of `a`s cut
    /// by one `&` at every position, with a second probe at every position from just before
    /// that `&` to just past a name of the target's length after it (and at the query's start);
    /// targets of the lengths where the comparison changes strategy (under 8 bytes, one word,
    /// two overlapping words, two words, longer than a block).
    @Test(arguments: [1, 7, 8, 15, 16, 17])
    func queryLookup(targetLength: Int) {
        let target = String(repeating: "a", count: targetLength)
        var failures = Failures()
        let probes = Array("&=%+ab".utf8) + [0x80]
        // One 32-position test and the 16-position tail after it (BrokerMessageTests has
        // queries of every length to 100 for one target).
        for count in 1...(3 * VectorScan.width + 2) {
            var query = [UInt8](repeating: UInt8(ascii: "a"), count: count)
            for ampersand in 0..<count {
                query[ampersand] = ASCII.ampersand
                let near = Set([0, 1] + Array((ampersand - 1)...(ampersand + targetLength + 2)))
                for position in near.sorted() where position >= 0 && position < count && position != ampersand {
                    for probe in probes {
                        query[position] = probe
                        withExactAllocation(of: query) { bytes in
                            for plusIsSpace in probe == ASCII.plusSign ? [false, true] : [true] {
                                let actual = StringBytes.withUTF8(target) { RawPiece.lookUp($0, in: bytes, plusIsSpace: plusIsSpace) }
                                failures.check(describe(actual), referenceLookUp(target, in: Array(bytes), plusIsSpace: plusIsSpace),
                                               "\(target) in \(String(decoding: bytes, as: UTF8.self).debugDescription) plusIsSpace \(plusIsSpace)")
                            }
                        }
                    }
                    query[position] = UInt8(ascii: "a")
                }
                query[ampersand] = UInt8(ascii: "a")
            }
        }
    }

    // MARK: Percent-decoding and UTF-8

    /// The decoder stores whole blocks and stops at escapes: the bytes, an error's offset, and
    /// (through `decodeString`) whether it noticed a non-ASCII byte, against a plain decoder.
    @Test(arguments: Array("aGz".utf8))
    func percentDecoding(filler: UInt8) {
        var failures = Failures()
        // Only an escape's look-ahead sees the filler; 'a' is a hex digit, 'G' and 'z' are not.
        let probes = filler == UInt8(ascii: "a") ? Self.probes : [ASCII.percentSign, ASCII.plusSign, 0x80]
        forEachPlacement(lengths: Self.lengths, filler: filler, probes: probes) { bytes, position, probe in
            for plusIsSpace in probe == ASCII.plusSign ? [false, true] : [false] {
                let expected = plainDecode(Array(bytes), plusIsSpace: plusIsSpace)
                let actual = Result { () throws(PercentDecodingError) in try PercentEncoding.decode(bytes: bytes, plusIsSpace: plusIsSpace) }
                failures.check(actual, expected, "decode filler \(filler) count \(bytes.count) probe \(probe) at \(position) plusIsSpace \(plusIsSpace)")
                let string = Result { () throws(PercentDecodingError) in try PercentEncoding.decodeString(bytes: bytes, plusIsSpace: plusIsSpace) }
                switch (expected, string) {
                case (.success(let decoded), .success(let text)):
                    failures.check(Array(text.utf8), decoded, "decodeString bytes, probe \(probe) at \(position)")
                case (.success(let decoded), .failure(let error)):
                    failures.check(standardLibraryValidatedString(decoded) == nil && error.kind == .invalidUTF8, true,
                                   "decodeString \(error) for \(decoded), probe \(probe) at \(position)")
                case (.failure(let error), .failure(let other)):
                    failures.check(other, error, "decodeString error, probe \(probe) at \(position)")
                case (.failure, .success):
                    failures.check(true, false, "decodeString accepted, probe \(probe) at \(position)")
                }
            }
        }
    }

    /// Eight ASCII bytes at a time, then a sequence at a time; a two-byte sequence is placed too.
    @Test func utf8Validation() {
        var failures = Failures()
        forEachPlacement(lengths: Self.lengths, filler: UInt8(ascii: "u")) { bytes, position, probe in
            failures.check(UTF8Validation.firstInvalidIndex(inBuffer: bytes), plainFirstInvalidUTF8(Array(bytes)), "count \(bytes.count) probe \(probe) at \(position)")
            if position + 1 < bytes.count {
                var pair = Array(bytes)
                pair[position + 1] = 0xA9  // after 0xC3: "é"; after anything else: a stray continuation byte
                withExactAllocation(of: pair) { pair in
                    failures.check(UTF8Validation.firstInvalidIndex(inBuffer: pair), plainFirstInvalidUTF8(Array(pair)), "count \(bytes.count) probe \(probe) A9 at \(position)")
                }
            }
        }
    }

    // MARK: Word-at-a-time helpers

    @Test func equalsBytesAndNameTraits() {
        var failures = Failures()
        forEachPlacement(lengths: Self.lengths, filler: UInt8(ascii: "w")) { bytes, position, probe in
            withExactAllocation(of: [UInt8](repeating: UInt8(ascii: "w"), count: bytes.count)) { plain in
                failures.check(bytes.equalsBytes(of: plain), probe == UInt8(ascii: "w"), "equalsBytes count \(bytes.count) probe \(probe) at \(position)")
            }
            let traits = bytes.asciiNameTraits
            let special: Set<UInt8> = [ASCII.percentSign, ASCII.plusSign, ASCII.equalsSign, ASCII.ampersand]
            failures.check("\(traits.isASCII) \(traits.isPlain)", "\(bytes.allSatisfy { $0 < 0x80 }) \(!bytes.contains(where: special.contains))",
                           "asciiNameTraits count \(bytes.count) probe \(probe) at \(position)")
        }
    }

    // MARK: The parser's loops

    /// The vectorised parse against the plain byte loop (`parseWithoutVectorScan`), with the
    /// probe in each component the fast path scans: the first segment or scheme, the authority,
    /// the path, the query and the fragment. A `%` probe is also tried on fillers that are not
    /// hex digits, so that its look-ahead meets both outcomes, up to the very end of the input.
    @Test(arguments: ["", "x://", "x:/", "x:?", "x:#"])
    func vectorisedAndPlainParses(prefix: String) {
        var failures = Failures()
        let prefix = Array(prefix.utf8)
        for (filler, probes) in [(UInt8(ascii: "a"), Self.probes), (UInt8(ascii: "z"), [ASCII.percentSign]), (UInt8(ascii: "G"), [ASCII.percentSign])] {
            for count in Self.lengths {
                var input = prefix + [UInt8](repeating: filler, count: count)
                for position in prefix.count..<input.count {
                    for probe in probes {
                        input[position] = probe
                        withExactAllocation(of: input) { bytes in
                            failures.checkParsesAgree(bytes, String(decoding: bytes, as: UTF8.self).debugDescription)
                        }
                    }
                    input[position] = filler
                }
            }
        }
    }

    /// Long runs: after four clean 32-byte blocks the path loop tests 64 bytes a branch. The probe
    /// at every position of queries and paths whose lengths end on each side of a 64-byte step
    /// (four blocks of 32, then one, two and three steps of 64), so a step that skips a probe, or
    /// a loop that hands the wrong index back to the 32-byte test, disagrees with the plain loop.
    @Test(arguments: ["x:?", "x:/"])
    func longRunsAgreeWithThePlainParse(prefix: String) {
        var failures = Failures()
        let prefix = Array(prefix.utf8)
        let probes: [UInt8] = Array("%~ #<>?@[^`{\"".utf8) + [0x00, 0x7F, 0x80, 0xFF, UInt8(ascii: "_"), UInt8(ascii: "=")]
        for count in [127, 128, 129, 191, 192, 193, 255, 256, 257, 319, 320, 321, 322, 323] {
            var input = prefix + [UInt8](repeating: UInt8(ascii: "a"), count: count)
            for position in prefix.count..<input.count {
                for probe in probes {
                    input[position] = probe
                    withExactAllocation(of: input) { bytes in
                        failures.checkParsesAgree(bytes, "count \(count) probe \(probe) at \(position)")
                    }
                }
                input[position] = UInt8(ascii: "a")
            }
        }
    }

    /// The eight-byte tests of a scheme's kind: the MSAL `msauth.` prefix, and `msal` followed by
    /// a UUID (MSAL's client-ID form), with one scheme byte changed at every position.
    @Test func schemeKindWords() {
        var failures = Failures()
        let schemeBytes = Array("aAzZ09mMsSlLhH.+-".utf8)
        func isUUID(_ bytes: ArraySlice<UInt8>) -> Bool {
            bytes.count == 36 && bytes.enumerated().allSatisfy { offset, byte in
                [8, 13, 18, 23].contains(offset) ? byte == ASCII.hyphen : ByteClass.hexDigit.contains(byte)
            }
        }
        for scheme in ["msauth.com.app", "MSAuth.x", "msauth.", "msauth.a", "msal2CCAE3A8-3B1E-4B6F-9C1E-0123456789AB", "MSAL2ccae3a8-3b1e-4b6f-9c1e-0123456789ab"] {
            var bytes = Array(scheme.utf8)
            for position in 0..<bytes.count {
                let original = bytes[position]
                for probe in schemeBytes {
                    bytes[position] = probe
                    let lowered = bytes.map(ASCII.lowercased)
                    let isMSALPrefix = bytes.count >= 7 && lowered.prefix(7) == Array("msauth.".utf8)[...]
                    let isClientID = bytes.count == 40 && lowered.prefix(4) == Array("msal".utf8)[...] && isUUID(bytes[4...])
                    withExactAllocation(of: bytes) { buffer in
                        let kind = Schemes.kind(of: buffer)
                        failures.check(kind == .msalPrefix, isMSALPrefix, "msauth. \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                        failures.check(kind == .msalClientID, isClientID, "msal<UUID> \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                    }
                }
                bytes[position] = original
            }
        }
    }
}

// MARK: - Helpers

/// Records a mismatch as an issue, at most a few per test (one broken lane fails thousands of
/// placements); cheaper than `#expect` in loops of this size.
struct Failures {
    var count = 0
    let sourceLocation: SourceLocation

    init(sourceLocation: SourceLocation = #_sourceLocation) { self.sourceLocation = sourceLocation }

    mutating func check<Value: Equatable>(_ actual: Value, _ expected: Value, _ context: @autoclosure () -> String) {
        guard actual != expected else { return }
        count += 1
        if count <= 5 { Issue.record("\(actual) != expected \(expected): \(context())", sourceLocation: sourceLocation) }
    }

    /// The vectorised parse of `bytes` against the plain byte loop (`parseWithoutVectorScan`):
    /// the same ranges, or the same error.
    mutating func checkParsesAgree(_ bytes: UnsafeBufferPointer<UInt8>, _ context: @autoclosure () -> String) {
        let fast = Result { () throws(URIParseError) in try URIParser.parse(bytes) }
        let plain = Result { () throws(URIParseError) in try URIParser.parseWithoutVectorScan(bytes) }
        check(fast, plain, context())
    }
}

/// For every length in `lengths`: an exact-size allocation filled with `filler`, and each probe
/// at each position in turn.
func forEachPlacement(
    lengths: ClosedRange<Int>, filler: UInt8, probes: [UInt8] = VectorKernelPositionTests.probes,
    _ body: (UnsafeBufferPointer<UInt8>, _ position: Int, _ probe: UInt8) -> Void
) {
    for count in lengths {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: filler)
        for position in 0..<count {
            for probe in probes {
                buffer[position] = probe
                body(UnsafeBufferPointer(buffer), position, probe)
            }
            buffer[position] = filler
        }
    }
}

/// How many bytes from `start` (at most `limit`) satisfy `isMember`.
func lanes(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, _ isMember: (UInt8) -> Bool) -> Int {
    var length = 0
    while length < limit, start + length < bytes.count, isMember(bytes[start + length]) { length += 1 }
    return length
}

/// RFC 3986 §2.1 decoding, a byte at a time.
func plainDecode(_ input: [UInt8], plusIsSpace: Bool) -> Result<[UInt8], PercentDecodingError> {
    func hexValue(_ byte: UInt8) -> UInt8? { UInt8(String(decoding: [byte], as: UTF8.self), radix: 16) }
    var output: [UInt8] = []
    var index = 0
    while index < input.count {
        let byte = input[index]
        if byte == ASCII.percentSign {
            guard index + 1 < input.count, let high = hexValue(input[index + 1]) else {
                return .failure(PercentDecodingError(.invalidPercentEncoding, at: min(index + 1, input.count)))
            }
            guard index + 2 < input.count, let low = hexValue(input[index + 2]) else {
                return .failure(PercentDecodingError(.invalidPercentEncoding, at: min(index + 2, input.count)))
            }
            output.append(high << 4 | low)
            index += 3
        } else {
            output.append(plusIsSpace && byte == ASCII.plusSign ? ASCII.space : byte)
            index += 1
        }
    }
    return .success(output)
}

/// The first byte that does not start a well-formed sequence, by the standard library's
/// validation of each candidate sequence.
func plainFirstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var index = 0
    outer: while index < bytes.count {
        if bytes[index] < 0x80 {
            index += 1
            continue
        }
        for length in 2...4 where index + length <= bytes.count {
            if let text = standardLibraryValidatedString(bytes[index..<(index + length)]), text.unicodeScalars.count == 1 {
                index += length
                continue outer
            }
        }
        return index
    }
    return nil
}

/// A bundle ID's shape by the byte loop: invalid, or valid with or without a dot.
func plainBundleIDShape(_ bytes: [UInt8]) -> BundleID.Shape {
    guard BundleID.isValid(bytes) else { return .invalid }
    return bytes.contains(ASCII.period) ? .dotted : .singleLabel
}

/// ``RawPiece/lookUp(_:in:plusIsSpace:)``'s outcome as text, for comparing with the reference.
func describe(_ lookup: RawLookup) -> String {
    switch lookup {
    case .absent: "absent"
    case .duplicate(let offset): "duplicate \(offset)"
    case .needsGeneralPath: "general"
    case .found(let piece): "found \(piece.name) \(String(describing: piece.value))"
    }
}

/// The lookup by splitting: pieces between `&` (empty ones skipped), the name up to the first
/// `=`, compared decoded (strict UTF-8); a name that does not decode is no match.
func referenceLookUp(_ target: String, in query: [UInt8], plusIsSpace: Bool) -> String {
    var found: [String] = []
    // Slices keep the query's indices: ranges below are offsets in the query.
    for piece in query.split(separator: ASCII.ampersand, omittingEmptySubsequences: true) {
        let equals = piece.firstIndex(of: ASCII.equalsSign)
        let name = piece.startIndex..<(equals ?? piece.endIndex)
        guard case .success(let decoded) = plainDecode(Array(query[name]), plusIsSpace: plusIsSpace),
            standardLibraryValidatedString(decoded) == target
        else { continue }
        let value = equals.map { ($0 + 1)..<piece.endIndex }
        found.append(found.isEmpty ? "found \(name) \(String(describing: value))" : "duplicate \(piece.startIndex)")
    }
    // A duplicate is reported at the second piece of that name.
    return found.count > 1 ? found[1] : found.first ?? "absent"
}
