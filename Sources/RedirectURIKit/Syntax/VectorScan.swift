/// The vectorised fast path of the parser: skips 16-byte blocks made only of common bytes.
///
/// "Common" is `ALPHA / DIGIT / "-" / "." / "_" / "~" / "=" / "&" / "+"`, a subset of every class
/// the fast path is used for (path, query, fragment), so skipping such a block never changes what
/// the plain loop would decide. The plain loop stays the reference: ``URIParser`` can run without
/// this path, and a fuzz target checks that both always agree.
enum VectorScan {
    static let width = 16
    typealias Block = SIMD16<UInt8>

    /// How many bytes at `index` (at most 16) are common bytes; `index + 16` must be in bounds.
    @inline(__always)
    static func commonPrefixLength(_ base: UnsafePointer<UInt8>, at index: Int) -> Int {
        let block = UnsafeRawPointer(base + index).loadUnaligned(as: Block.self)
        return leadingMembers(outside: outsideMask(block, members: commonMembers(of: block)))
    }

    /// Whether all 32 bytes at `index` are common bytes (one branch for two blocks);
    /// `index + 32` must be in bounds.
    @inline(__always)
    static func isAllCommon32(_ base: UnsafePointer<UInt8>, at index: Int) -> Bool {
        let first = UnsafeRawPointer(base + index).loadUnaligned(as: Block.self)
        let second = UnsafeRawPointer(base + index + width).loadUnaligned(as: Block.self)
        let outside = outsideMask(first, members: commonMembers(of: first)) | outsideMask(second, members: commonMembers(of: second))
        let words = unsafeBitCast(outside, to: SIMD2<UInt64>.self)
        return words[0] | words[1] == 0
    }

    /// Like ``commonPrefixLength(_:at:)``, but a `%` followed by two hex digits also counts (the
    /// digits are common bytes themselves), so percent-encoded text stays on the fast path.
    /// Reads two bytes past the block: `index + 18` must be in bounds.
    @inline(__always)
    static func commonOrPercentEncodedPrefixLength(_ base: UnsafePointer<UInt8>, at index: Int) -> Int {
        let raw = UnsafeRawPointer(base + index)
        let block = raw.loadUnaligned(as: Block.self)
        let first = (raw + 1).loadUnaligned(as: Block.self)
        let second = (raw + 2).loadUnaligned(as: Block.self)
        let percent = inRange(block, 0x25, 0x25)
        let members = commonMembers(of: block) | (percent & hexMembers(of: first) & hexMembers(of: second))
        return leadingMembers(outside: outsideMask(block, members: members))
    }

    @inline(__always)
    static func hexMembers(of bytes: Block) -> Block {
        inRange(bytes | Block(repeating: 0x20), 0x61, 0x66) | inRange(bytes, 0x30, 0x39)
    }

    /// How many bytes from `index` (at most 16, and never past `count`) are members, where
    /// `members` marks a block's member lanes with 0x80. Needs `count >= 16`: near the end it
    /// reads the last 16 bytes, overlapping bytes already seen, so short runs stay vectorised.
    @inline(__always)
    static func prefixLength(
        _ base: UnsafePointer<UInt8>, at index: Int, count: Int, members: (Block) -> Block
    ) -> Int {
        if index &+ width <= count {
            let block = UnsafeRawPointer(base + index).loadUnaligned(as: Block.self)
            return leadingMembers(outside: outsideMask(block, members: members(block)))
        }
        let loadStart = count &- width
        let block = UnsafeRawPointer(base + loadStart).loadUnaligned(as: Block.self)
        let outside = outsideMask(block, members: members(block))
        // One bit per lane, then drop the lanes before `index` (already seen).
        let bits = laneBits(outside) >> UInt32(truncatingIfNeeded: index &- loadStart)
        // Lanes past the end of the input are never loaded: the bits above them are zero, and
        // the count is capped where the input ends.
        return min((bits | 0x1_0000).trailingZeroBitCount, count &- index)
    }

    /// The high bits of a word's eight lanes (0x80 each) gathered into its low eight bits.
    @inline(__always)
    static func movemask(_ word: UInt64) -> UInt64 {
        // Lane k's bit 8k + 7, times 2^(7(7 - k)), lands on bit 56 + k; every other product
        // lands on a distinct bit, so nothing carries into the top byte. `word` holds only 0x80s.
        (word &* 0x0002_0408_1020_4081) >> 56
    }

    /// One bit per lane (bit k for lane k) of a block whose lanes hold 0x80 or 0.
    @inline(__always)
    static func laneBits(_ highBits: Block) -> UInt32 {
        let words = unsafeBitCast(highBits, to: SIMD2<UInt64>.self)
        return UInt32(truncatingIfNeeded: movemask(words[1])) << 8 | UInt32(truncatingIfNeeded: movemask(words[0]))
    }

    /// `ALPHA / DIGIT / "+" / "-" / "."`: the bytes of a scheme after its first.
    @inline(__always)
    static func schemeMembers(of bytes: Block) -> Block {
        alphanumerics(bytes) | inRange(bytes, 0x2D, 0x2E) | inRange(bytes, 0x2B, 0x2B)
    }

    // Lane tests are signed comparisons: with `Int8` lanes, which SSE2 and NEON compare
    // directly, LLVM emits a compare (or a min and a compare) per bound. (Unsigned `UInt8`
    // comparisons compiled to a lane-by-lane loop in an earlier toolchain; a wrapping-add
    // formulation of the same test was measured 1.4x slower than this one.)

    /// All bits of each lane set when `lower ≤ v ≤ upper` (ASCII bounds); a lane of 0x80 or
    /// above is never in range. Callers keep only the high bit of a result.
    @inline(__always)
    static func inRange(_ v: Block, _ lower: UInt8, _ upper: UInt8) -> Block {
        let lanes = unsafeBitCast(v, to: SIMD16<Int8>.self)
        if lower == upper {
            return unsafeBitCast(lanes .== SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: lower)), to: Block.self)
        }
        let inside = (lanes .>= SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: lower)))
            .& (lanes .<= SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: upper)))
        return unsafeBitCast(inside, to: Block.self)
    }

    /// `ALPHA / DIGIT`: letters tested once with the case bit folded, then digits.
    @inline(__always)
    static func alphanumerics(_ bytes: Block) -> Block {
        inRange(bytes | Block(repeating: 0x20), 0x61, 0x7A) | inRange(bytes, 0x30, 0x39)
    }

    @inline(__always)
    static func commonMembers(of bytes: Block) -> Block {
        alphanumerics(bytes)
            | inRange(bytes, 0x2D, 0x2E)                                    // - .
            | inRange(bytes, 0x5F, 0x5F) | inRange(bytes, 0x7E, 0x7E)       // _ ~
            | inRange(bytes, 0x3D, 0x3D) | inRange(bytes, 0x26, 0x26) | inRange(bytes, 0x2B, 0x2B)  // = & +
    }

    /// 0x80 in every lane that is not a member (non-ASCII bytes are never members).
    @inline(__always)
    static func outsideMask(_ bytes: Block, members: Block) -> Block {
        (~members | bytes) & Block(repeating: 0x80)
    }

    /// The number of lanes before the first non-member.
    @inline(__always)
    static func leadingMembers(outside: Block) -> Int {
        let words = unsafeBitCast(outside, to: SIMD2<UInt64>.self)
        if words[0] != 0 { return words[0].trailingZeroBitCount >> 3 }
        if words[1] != 0 { return 8 + words[1].trailingZeroBitCount >> 3 }
        return width
    }
}

extension ByteClass {
    /// `ALPHA / DIGIT / "-" / "." / "_" / "~" / "=" / "&" / "+"`: the bytes ``VectorScan`` skips.
    static let commonBytes = ByteClass(low: 0x23FF_6840_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)

    /// Whether every common byte is in this class, so that the fast path may skip them.
    @inline(__always)
    var containsCommonBytes: Bool {
        low & ByteClass.commonBytes.low == ByteClass.commonBytes.low
            && high & ByteClass.commonBytes.high == ByteClass.commonBytes.high
    }
}

extension VectorScan {
    /// The index of the first `target` byte in `bytes[start..<end]`, or `end`.
    @inline(__always)
    static func firstIndex(of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let pattern = Block(repeating: target)
            while index &+ width <= end {
                let block = UnsafeRawPointer(base + index).loadUnaligned(as: Block.self)
                let equal = unsafeBitCast(block .== pattern, to: Block.self) & Block(repeating: 0x80)
                let lanes = leadingMembers(outside: equal)
                if lanes < width { return index &+ lanes }
                index &+= width
            }
        }
        while index < end, bytes[index] != target { index &+= 1 }
        return index
    }

}
