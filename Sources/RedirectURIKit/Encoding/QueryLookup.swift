// The in-place lookup of one query parameter by name (``RawPiece/lookUp(_:in:plusIsSpace:)``) and
// the piece reader that QueryParameters' iteration and BrokerMessage share.

/// The outcome of ``RawPiece/lookUp(_:in:plusIsSpace:)``.
enum RawLookup {
    case absent
    case found(RawPiece)
    /// A second piece of that name, starting at this offset.
    case duplicate(Int)
    /// The name is empty or not ASCII: compare every decoded name instead.
    case needsGeneralPath
}

/// The name a lookup searches for.
struct LookupTarget {
    /// The name (ASCII, not empty).
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the name holds none of `%`, `+`, `=`, `&`: no raw name holds them as themselves,
    /// so a raw name spelled like it is it, and one that differs from it before any escape is not.
    let isPlain: Bool
    let plusIsSpace: Bool
}

/// The candidate test of ``RawPiece/lookUp(_:in:plusIsSpace:)``: 16 positions a block, two
/// blocks (32 positions) per branch in ``next32(first:_:from:count:)``.
struct CandidateFinder {
    let ampersand = VectorScan.Block(repeating: ASCII.ampersand)
    let firstByte: VectorScan.Block
    // '%' (0x25) and '+' (0x2B) in one test, with the six other bytes that OR 0x0E makes 0x2F
    // ("!#')-/"): false candidates, rare as first bytes of names, that `consider` turns down
    // (c/redirect_uri-raw 4,159 -> 4,091 instructions per operation against two tests).
    let escapeFold = VectorScan.Block(repeating: 0x0E)
    let escapes = VectorScan.Block(repeating: 0x2F)

    @inline(__always)
    init(first: UInt8) { firstByte = VectorScan.Block(repeating: first) }

    /// The lanes (all bits set) of positions `index` to `index + 15` that follow a `&` and hold a
    /// byte a piece named the target may start with (and a few others, see `escapes`); reads bytes
    /// `index - 1` to `index + 15`, which must be inside `count`.
    @inline(__always)
    func candidates(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> VectorScan.Block {
        assert(index >= 1 && index &+ VectorScan.width <= count, "CandidateFinder.candidates reads outside the query")
        let before = UnsafeRawPointer(base + (index &- 1)).loadUnaligned(as: VectorScan.Block.self)
        let block = UnsafeRawPointer(base + index).loadUnaligned(as: VectorScan.Block.self)
        return VectorScan.selected((before .== ampersand) .& ((block .== firstByte) .| ((block | escapeFold) .== escapes)))
    }

    /// Advances `index` over 32 positions at a time while none is a candidate: the candidates of
    /// the 32 positions at `index` (bit k for position `index + k`), or 0 where fewer than 32 are
    /// left. Reads bytes `index - 1` to `index + 31`; `index` must be at least 1.
    // Out of line, so that the loop keeps its constants in registers: inlined into the lookup,
    // whose calls to `consider` clobber them, it reloaded four per test.
    @inline(never)
    static func next32(first: UInt8, _ base: UnsafePointer<UInt8>, from index: inout Int, count: Int) -> UInt32 {
        assert(index >= 1, "CandidateFinder.next32 reads the byte before index")
        let finder = CandidateFinder(first: first)
        while index &+ 2 &* VectorScan.width <= count {
            let low = finder.candidates(base, at: index, count: count)
            let high = finder.candidates(base, at: index &+ VectorScan.width, count: count)
            // One test, predicted, before any lane is looked at.
            if VectorScan.anySet(low | high) {
                let mask = VectorScan.Block(repeating: 0x80)
                return VectorScan.laneBits(low & mask) | VectorScan.laneBits(high & mask) &<< 16
            }
            index &+= 2 &* VectorScan.width
        }
        return 0
    }
}

/// One `name[=value]` piece as byte offsets into the query.
struct RawPiece {
    let name: Range<Int>
    let value: Range<Int>?
    /// Whether the raw name holds `%` or `+`, so that its decoded form may differ from it.
    let nameHasEscapes: Bool
    /// Where the piece ends (its `&`, or the end of the query).
    var end: Int { value?.upperBound ?? name.upperBound }

    /// Finds the piece named `target` (an ASCII name) without splitting the query: a piece
    /// whose decoded name is `target` starts the query or follows a `&`, and its first raw
    /// byte is `target`'s first byte, or a `%` or `+` that may decode to it (a first byte of
    /// anything else decodes to itself). So one pass tests 32 positions at a time for
    /// "after `&`, one of those bytes", a test most blocks fail alike, which keeps the branch
    /// predicted; only the few candidates it finds have their name read and compared.
    /// Splitting on every `&` first made the branch as unpredictable as the pieces' lengths.
    ///
    /// `.needsGeneralPath` when `target` is empty or not ASCII: the decoded names are then
    /// compared as strings (canonical equivalence can match a name whose first byte differs).
    static func lookUp(
        _ target: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool
    ) -> RawLookup {
        QueryWalkCount.record()
        guard let first = target.first else { return .needsGeneralPath }
        let (isASCII, isPlain) = target.asciiNameTraits
        guard isASCII else { return .needsGeneralPath }
        let target = LookupTarget(bytes: target, isPlain: isPlain, plusIsSpace: plusIsSpace)
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .absent }
        // A byte a piece named `target` may start with.
        func mayStart(_ byte: UInt8) -> Bool { byte == first || byte == ASCII.percentSign || byte == ASCII.plusSign }
        var found: RawPiece?
        if mayStart(bytes[0]) {
            guard consider(0, target, in: bytes, found: &found) else { return .duplicate(0) }
        }
        // Position `index + k` is a candidate when byte `index + k - 1` is '&' and byte
        // `index + k` a possible first byte.
        var index = 1
        // 32 positions per test, most holding no candidate: c/redirect_uri-raw 4,194 -> 4,159
        // instructions per operation against 16 per test, -> 4,091 with the folded '%' and '+'.
        while true {
            var bits = CandidateFinder.next32(first: first, base, from: &index, count: bytes.count)
            guard bits != 0 else { break }
            while bits != 0 {
                guard consider(index &+ bits.trailingZeroBitCount, target, in: bytes, found: &found) else {
                    return .duplicate(index &+ bits.trailingZeroBitCount)
                }
                bits &= bits &- 1
            }
            index &+= 2 &* VectorScan.width
        }
        // The last positions (fewer than 32) 16 at a time, the last block overlapping positions
        // already tested, whose lanes are dropped.
        let finder = CandidateFinder(first: first)
        while index < bytes.count, bytes.count > VectorScan.width {
            let start = min(index, bytes.count &- VectorScan.width)
            let candidates = finder.candidates(base, at: start, count: bytes.count)
            if VectorScan.anySet(candidates) {
                var bits = VectorScan.laneBits(candidates & VectorScan.Block(repeating: 0x80))
                bits &>>= UInt32(truncatingIfNeeded: index &- start)
                while bits != 0 {
                    guard consider(index &+ bits.trailingZeroBitCount, target, in: bytes, found: &found) else {
                        return .duplicate(index &+ bits.trailingZeroBitCount)
                    }
                    bits &= bits &- 1
                }
            }
            index = start &+ VectorScan.width
        }
        // A short query, a byte at a time.
        while index < bytes.count {
            if bytes[index &- 1] == ASCII.ampersand, mayStart(bytes[index]) {
                guard consider(index, target, in: bytes, found: &found) else { return .duplicate(index) }
            }
            index &+= 1
        }
        return found.map(RawLookup.found) ?? .absent
    }

    /// Records the piece at `start` in `found` if it is named `target`; false when `found`
    /// already holds one (a duplicate).
    @inline(__always)
    static func consider(_ start: Int, _ target: LookupTarget, in bytes: UnsafeBufferPointer<UInt8>, found: inout RawPiece?) -> Bool {
        guard let piece = piece(at: start, named: target, in: bytes) else { return true }
        guard found == nil else { return false }
        found = piece
        return true
    }

    /// The piece at `start` if its decoded name is `target`.
    ///
    /// A plain target (see ``LookupTarget``) of 8–16 bytes is first compared in place, a word
    /// at a time: equal bytes followed by `=`, `&` or the end are the name, and a difference at
    /// a byte other than `%` or `+` rules the name out, since the bytes before it decode to
    /// themselves. Any other case reads the name to its end and compares it, decoded (as a
    /// string: strict UTF-8) when it holds a `%` or `+`.
    @inline(__always)
    static func piece(at start: Int, named target: LookupTarget, in bytes: UnsafeBufferPointer<UInt8>) -> RawPiece? {
        let length = target.bytes.count
        if target.isPlain, length >= 8, length <= VectorScan.width, start &+ VectorScan.width <= bytes.count,
            let base = bytes.baseAddress, let name = target.bytes.baseAddress
        {
            // The second word overlaps the first when the name is shorter than 16 bytes.
            let head = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self) ^ UnsafeRawPointer(name).loadUnaligned(as: UInt64.self)
            let tail =
                UnsafeRawPointer(base + (start &+ length &- 8)).loadUnaligned(as: UInt64.self)
                ^ UnsafeRawPointer(name + (length &- 8)).loadUnaligned(as: UInt64.self)
            if head | tail == 0 {
                let nameEnd = start &+ length
                if nameEnd < bytes.count, bytes[nameEnd] == ASCII.equalsSign {
                    return piece(name: start..<nameEnd, in: bytes, nameHasEscapes: false)
                }
                guard nameEnd == bytes.count || bytes[nameEnd] == ASCII.ampersand else { return nil }
                return RawPiece(name: start..<nameEnd, value: nil, nameHasEscapes: false)
            }
            let firstDifference =
                head != 0
                ? head.littleEndian.trailingZeroBitCount &>> 3
                : length &- 8 &+ tail.littleEndian.trailingZeroBitCount &>> 3
            let differing = bytes[start &+ firstDifference]
            guard differing == ASCII.percentSign || differing == ASCII.plusSign else { return nil }
        }
        let (nameEnd, hasEscapes) = nameEnd(from: start, in: bytes)
        let name = UnsafeBufferPointer(rebasing: bytes[start..<nameEnd])
        if hasEscapes {
            guard let decoded = try? PercentEncoding.decodeString(bytes: name, plusIsSpace: target.plusIsSpace),
                decoded == String(decoding: target.bytes, as: UTF8.self)
            else { return nil }
        } else {
            guard name.equalsBytes(of: target.bytes) else { return nil }
        }
        guard nameEnd < bytes.count, bytes[nameEnd] == ASCII.equalsSign else {
            return RawPiece(name: start..<nameEnd, value: nil, nameHasEscapes: hasEscapes)
        }
        return piece(name: start..<nameEnd, in: bytes, nameHasEscapes: hasEscapes)
    }

    /// The piece named `name` whose `=` follows its name: the value runs to the next `&`, found
    /// 32 bytes per branch (``VectorScan/firstIndex(of:in:from:to:)``; values can be kilobytes).
    @inline(__always)
    static func piece(name: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, nameHasEscapes: Bool) -> RawPiece {
        let valueEnd = VectorScan.firstIndex(of: ASCII.ampersand, in: bytes, from: name.upperBound &+ 1, to: bytes.count)
        return RawPiece(name: name, value: (name.upperBound &+ 1)..<valueEnd, nameHasEscapes: nameHasEscapes)
    }

    /// Where the name of the piece at `start` ends (its `=`, its `&` or the end of the query),
    /// and whether it holds a `%` or `+`. Names are short: one 16-byte test usually finds both.
    @inline(__always)
    static func nameEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (end: Int, hasEscapes: Bool) {
        var index = start
        var hasEscapes = false
        if let base = bytes.baseAddress, start &+ VectorScan.width <= bytes.count {
            let name = queryName(base, at: start, count: bytes.count)
            if name.length < VectorScan.width { return (start &+ name.length, name.hasEscapes) }
            hasEscapes = name.hasEscapes
            index = start &+ name.length
        }
        while index < bytes.count, bytes[index] != ASCII.equalsSign, bytes[index] != ASCII.ampersand {
            hasEscapes = hasEscapes || bytes[index] == ASCII.percentSign || bytes[index] == ASCII.plusSign
            index &+= 1
        }
        return (index, hasEscapes)
    }

    /// For a query piece at `index` (`index + 16` at most `count`, checked in debug builds): how
    /// many bytes come before the first `=` or `&` (16 when there is none in the block, so the
    /// name may go on), and whether those bytes hold a `%` or `+` (a name that needs decoding).
    @inline(__always)
    static func queryName(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> (length: Int, hasEscapes: Bool) {
        assert(index >= 0 && index &+ VectorScan.width <= count, "RawPiece.queryName reads past the input")
        let block = UnsafeRawPointer(base + index).loadUnaligned(as: VectorScan.Block.self)
        let high = VectorScan.Block(repeating: 0x80)
        let delimiters = VectorScan.laneBits((VectorScan.inRange(block, 0x3D, 0x3D) | VectorScan.inRange(block, 0x26, 0x26)) & high)
        let escapes = VectorScan.laneBits((VectorScan.inRange(block, 0x25, 0x25) | VectorScan.inRange(block, 0x2B, 0x2B)) & high)
        let length = (delimiters | 0x1_0000).trailingZeroBitCount
        return (length, escapes & ((1 &<< UInt32(length)) &- 1) != 0)
    }

    /// The next non-empty piece at or after `start`.
    @inline(__always)
    static func next(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> RawPiece? {
        var pieceStart = start
        while pieceStart < bytes.count {
            let (index, hasEscapes) = nameEnd(from: pieceStart, in: bytes)
            if index < bytes.count, bytes[index] == ASCII.equalsSign {
                return piece(name: pieceStart..<index, in: bytes, nameHasEscapes: hasEscapes)
            }
            if index > pieceStart { return RawPiece(name: pieceStart..<index, value: nil, nameHasEscapes: hasEscapes) }
            pieceStart = index &+ 1  // an empty piece ("&&")
        }
        return nil
    }
}
