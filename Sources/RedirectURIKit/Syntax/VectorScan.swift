// The kernels read lanes out of 64-bit words (`laneBits`, `leadingMembers`): lane k of a block
// is bits 8k to 8k + 7 of word k / 8 only on a little-endian CPU. Every platform the package
// supports (arm64, x86_64) is little-endian; on a big-endian one the kernels would count lanes
// from the wrong end, so such a build stops here instead.
#if _endian(big)
    #error("VectorScan assumes little-endian lane order: laneBits and leadingMembers read lane k from bits 8k to 8k + 7")
#endif

/// The vectorised fast path of the parser: skips blocks of bytes a run may hold.
///
/// Path, query and fragment runs skip 32 bytes at a time while they are "path bytes", `ALPHA /
/// DIGIT / "&" / "'" / "(" / ")" / "*" / "+" / "," / "-" / "." / "/" / ":" / ";" / "=" / "_"`
/// (``pathMembers(of:)``), a subset of each of those classes; a block that holds anything else
/// is tested again with `~` and percent-encoded triplets counted
/// (``extendedPathPrefixLength32(_:at:count:members:_:)``). Other runs (a host after userinfo)
/// skip "common bytes", `ALPHA / DIGIT / "-" / "." / "_" / "~" / "=" / "&" / "+"`
/// (``commonMembers(of:)``), a subset of every class with percent-encoding. Skipping such bytes
/// never changes what the plain loop would decide. The plain loop stays the reference:
/// ``URIParser`` can run without this path, and a fuzz target and the tests check that both
/// always agree.
enum VectorScan {
    static let width = 16
    typealias Block = SIMD16<UInt8>

    /// The path-byte lanes (all bits set) of the 32 bytes at `index`, as two blocks;
    /// `index + 32` must be at most `count` (checked in debug builds only, like every bound below).
    @inline(__always)
    static func pathMembers32(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> (Block, Block) {
        assert(index >= 0 && index &+ 2 &* width <= count, "VectorScan.pathMembers32 reads past the input")
        let raw = UnsafeRawPointer(base + index)
        return (pathMembers(of: raw.loadUnaligned(as: Block.self)), pathMembers(of: (raw + width).loadUnaligned(as: Block.self)))
    }

    /// Whether every lane of both masks is set: one branch for 32 bytes.
    @inline(__always)
    static func allSet(_ first: Block, _ second: Block) -> Bool {
        // The AND of the masks as two words, both all ones. (Testing bit 7 of each lane, as
        // `outsideMask` gives it, cost an extra shift and mask per test.)
        let words = unsafeBitCast(first & second, to: SIMD2<UInt64>.self)
        return words[0] & words[1] == .max
    }

    /// Whether any lane of `block` is not zero.
    // The two words ORed, not the documented `any(_:)` on a mask: whether the optimizer inlines
    // the standard library's reduction behind it varies from one caller to the next, and a call
    // costs 27 instructions where inlined it costs 2 (c/redirect_uri-raw went 4,194 -> 4,736).
    @inline(__always)
    static func anySet(_ block: Block) -> Bool {
        let words = unsafeBitCast(block, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// The number of set lanes of `first`, then `second`, before the first clear one (0...32).
    @inline(__always)
    static func leadingSetLanes(_ first: Block, _ second: Block) -> Int {
        let lanes = leadingMembers(outside: ~first)
        return lanes < width ? lanes : width &+ leadingMembers(outside: ~second)
    }

    /// How many of the 32 bytes at `index` are path bytes, `~` or percent-encoded triplets (a `%`
    /// followed by two hex digits, path bytes themselves) before the first that is none of them;
    /// 32 when there is none. `first` and `second` are the blocks' path-byte lanes
    /// (``pathMembers32(_:at:count:)``). `~` and triplets count only when the two bytes past the
    /// 32 are readable (`index + 34 <= count`); otherwise the count stops at the first of them.
    /// Reads nothing at or past `count`.
    @inline(__always)
    static func extendedPathPrefixLength32(
        _ base: UnsafePointer<UInt8>, at index: Int, count: Int, members first: Block, _ second: Block
    ) -> Int {
        assert(index >= 0 && index &+ 2 &* width <= count, "VectorScan.extendedPathPrefixLength32 reads past the input")
        guard index &+ 2 &* width &+ 2 <= count else { return leadingSetLanes(first, second) }
        let raw = UnsafeRawPointer(base + index)
        // Only a half with other bytes is tested again: a '%' cluster usually lies in one
        // (c/parse 2,543 -> 2,427 instructions per operation).
        let members = allSet(first, first) ? first : first | tildeOrTriplets(raw)
        let moreMembers = allSet(second, second) ? second : second | tildeOrTriplets(raw + width)
        // Usually they all are (a block of a broker request with its '%' triplets): one test
        // before any lane is counted.
        return allSet(members, moreMembers) ? 2 &* width : leadingSetLanes(members, moreMembers)
    }

    /// The lanes (all bits set) of the 16 bytes at `raw` that hold a `~`, or a `%` followed by
    /// two hex digits; the caller makes sure that two more bytes are readable.
    // '~' here rather than in `pathMembers`: one test less per block on the path of every
    // byte, where a '~' is rare (d/parse 7,786 -> 7,008 instructions per operation).
    @inline(__always)
    static func tildeOrTriplets(_ raw: UnsafeRawPointer) -> Block {
        let block = raw.loadUnaligned(as: Block.self)
        return inRange(block, 0x7E, 0x7E)
            | inRange(block, 0x25, 0x25) & hexMembers(of: (raw + 1).loadUnaligned(as: Block.self))
            & hexMembers(of: (raw + 2).loadUnaligned(as: Block.self))
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
        assert(count >= width && index >= 0 && index < count, "VectorScan.prefixLength needs a whole block and an index inside it")
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
    ///
    /// The block is read as two 64-bit words: SIMD vectors lay their lanes out contiguously, in
    /// lane order (as the standard library's own `SIMD16(lowHalf:highHalf:)` relies on), so the
    /// bit cast is exact, and lanes 0–7 are the low word's bytes 0–7 on a little-endian CPU (the
    /// `#error` at the top of this file).
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

    // Lane tests are signed comparisons, which SSE2 and NEON do directly (unsigned `UInt8`
    // comparisons compiled to a lane-by-lane loop in an earlier toolchain). A range is one
    // wrapping add and one comparison, where a comparison per bound and their AND measured
    // more: d/parse 6,666 -> 6,122, d/BrokerResponse 18,733 -> 17,153 instructions per
    // operation (`Benchmarks/scripts/instructions.sh --filter '^d/' --library-only`).

    /// All bits of each lane set when `lower ≤ v ≤ upper` (ASCII bounds); a lane of 0x80 or
    /// above is never in range. Callers keep only the high bit of a result.
    @inline(__always)
    static func inRange(_ v: Block, _ lower: UInt8, _ upper: UInt8) -> Block {
        // The same 16 bytes as signed lanes: one byte per lane, so no order is involved. (The
        // documented `SIMD16<Int8>(truncatingIfNeeded:)` is a lane-by-lane loop: measured 1.2
        // times the instructions of the whole parse, 473.2 M against 387.7 M.)
        let lanes = unsafeBitCast(v, to: SIMD16<Int8>.self)
        if lower == upper {
            return selected(lanes .== SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: lower)))
        }
        // v - lower, unsigned, is at most upper - lower exactly when v is in range; with the
        // sign bit flipped (adding 0x80) that unsigned test becomes one signed comparison.
        let shifted = unsafeBitCast(v &+ Block(repeating: 0x80 &- lower), to: SIMD16<Int8>.self)
        let bound = Int8(truncatingIfNeeded: (upper &- lower &+ 1) ^ 0x80)
        return selected(shifted .< SIMD16<Int8>(repeating: bound))
    }

    /// All bits of each lane set when `v` is not in `lower...upper` (ASCII bounds, `lower <
    /// upper`): the complement of ``inRange(_:_:_:)``, as one comparison (a lane above the
    /// shifted range), which SSE2 makes without a copy of the bound.
    @inline(__always)
    static func outOfRange(_ v: Block, _ lower: UInt8, _ upper: UInt8) -> Block {
        let shifted = unsafeBitCast(v &+ Block(repeating: 0x80 &- lower), to: SIMD16<Int8>.self)
        return selected(shifted .> SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: (upper &- lower) ^ 0x80)))
    }

    /// All bits set in the lanes where `mask` is true, none in the others: every kernel turns a
    /// comparison's mask into bytes here.
    ///
    /// A bit cast, where the documented `Block(repeating: 0).replacing(with: 0xFF, where: mask)`
    /// compiles to a lane-by-lane loop: measured with callgrind on the benchmark corpus, it made
    /// parsing and classifying 1.4 times as many instructions (387.7 M → 546.7 M). The layout is
    /// guaranteed here: `SIMDMask` is `@frozen` with one stored property, its `SIMD16<Int8>`
    /// storage (so it is laid out as those 16 bytes), and the comparison operators that make
    /// every mask in this file are inlined into this module, where they sign-extend each lane's
    /// result to all ones or all zeros. (Whether any lane is set is ``anySet(_:)`` on the bytes:
    /// the two 64-bit halves OR-ed, one test for the query lookup's 32 positions.)
    @inline(__always)
    static func selected(_ mask: SIMDMask<Block.MaskStorage>) -> Block {
        unsafeBitCast(mask, to: Block.self)
    }

    /// `ALPHA / DIGIT`: letters tested once with the case bit folded, then digits.
    @inline(__always)
    static func alphanumerics(_ bytes: Block) -> Block {
        inRange(bytes | Block(repeating: 0x20), 0x61, 0x7A) | inRange(bytes, 0x30, 0x39)
    }

    @inline(__always)
    static func commonMembers(of bytes: Block) -> Block {
        alphanumerics(bytes)
            | inRange(bytes, 0x2D, 0x2E)  // - .
            | inRange(bytes, 0x5F, 0x5F) | inRange(bytes, 0x7E, 0x7E)  // _ ~
            | inRange(bytes, 0x3D, 0x3D) | inRange(bytes, 0x26, 0x26) | inRange(bytes, 0x2B, 0x2B)  // = & +
    }

    /// Path bytes (see ``VectorScan``) in three tests. Flipping bit 0 swaps `<` and `=`, so the
    /// bytes from `&` to `;`, and `=`, become one range, `&` to `<`; `|` 0x20 folds the
    /// letters' case. Every test is exact, so a byte at or above 0x80 is never a member.
    // Three tests where the common bytes take eight: d/parse 12,738 -> 7,964 instructions per
    // operation, the 32-byte loop otherwise the same (`Benchmarks/scripts/instructions.sh
    // --filter '^(c|d)/' --library-only`).
    @inline(__always)
    static func pathMembers(of bytes: Block) -> Block {
        inRange(bytes | Block(repeating: 0x20), 0x61, 0x7A)  // ALPHA
            | inRange(bytes ^ Block(repeating: 0x01), 0x26, 0x3C)  // & ' ( ) * + , - . / DIGIT : ; =
            | inRange(bytes, 0x5F, 0x5F)  // _
    }

    /// Lanes that are not zero exactly where the byte is not a path byte (``pathMembers(of:)``):
    /// outside the letters, outside the punctuation and digits, and not `_`. The first two are
    /// masks of the lanes outside each range, compared in the order SSE2's destructive `pcmpgtb`
    /// takes them, so no test copies its bound; the third is the byte XOR `_`, zero only for `_`.
    /// A value rather than a third mask: with every lane a mask, the optimizer tested "any lane
    /// set" through the lanes' sign bits in four more instructions per 64 bytes.
    // d/parse: the 32-byte loop's 40 instructions a block became 61 per 64 bytes in the loop of
    // long runs (`Benchmarks/scripts/instructions.sh --filter '^d/parse'`, the loop read in
    // `objdump -d`).
    @inline(__always)
    static func nonPathLanes(of bytes: Block) -> Block {
        outOfRange(bytes | Block(repeating: 0x20), 0x61, 0x7A)  // not ALPHA
            & outOfRange(bytes ^ Block(repeating: 0x01), 0x26, 0x3C)  // nor & ' ( ) * + , - . / DIGIT : ; =
            & (bytes ^ Block(repeating: 0x5F))  // nor _
    }

    /// Whether any of the `4 * width` bytes at `index` is not a path byte: one branch for 64
    /// bytes, the loop a broker response's kilobytes of base64url run through.
    @inline(__always)
    static func anyNonPathByte64(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Bool {
        assert(index >= 0 && index &+ 4 &* width <= count, "VectorScan.anyNonPathByte64 reads past the input")
        let raw = UnsafeRawPointer(base + index)
        let first = nonPathLanes(of: raw.loadUnaligned(as: Block.self))
        let second = nonPathLanes(of: (raw + width).loadUnaligned(as: Block.self))
        let third = nonPathLanes(of: (raw + 2 &* width).loadUnaligned(as: Block.self))
        let fourth = nonPathLanes(of: (raw + 3 &* width).loadUnaligned(as: Block.self))
        return anySet((first | second) | (third | fourth))
    }

    /// 0x80 in every lane that is not a member (non-ASCII bytes are never members).
    @inline(__always)
    static func outsideMask(_ bytes: Block, members: Block) -> Block {
        (~members | bytes) & Block(repeating: 0x80)
    }

    /// The number of lanes before the first non-member (the first lane of `outside` that is
    /// not zero). Two 64-bit words, read as in ``laneBits(_:)``.
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

    /// `ALPHA / DIGIT / "&" / "'" / "(" / ")" / "*" / "+" / "," / "-" / "." / "/" / ":" / ";" /
    /// "=" / "_"`: the bytes ``VectorScan/pathMembers(of:)`` skips.
    static let pathBytes = ByteClass(low: 0x2FFF_FFC0_0000_0000, high: 0x07FF_FFFE_87FF_FFFE)

    /// Whether every common byte is in this class, so that the fast path may skip them.
    @inline(__always)
    var containsCommonBytes: Bool { contains(all: .commonBytes) }

    /// Whether every path byte is in this class (path, query, fragment).
    @inline(__always)
    var containsPathBytes: Bool { contains(all: .pathBytes) }

    @inline(__always)
    func contains(all other: ByteClass) -> Bool {
        low & other.low == other.low && high & other.high == other.high
    }
}

extension VectorScan {
    /// The index of the first `target` byte in `bytes[start..<end]`, or `end`.
    @inline(__always)
    static func firstIndex(of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        assert(start >= 0 && end <= bytes.count, "VectorScan.firstIndex searches outside the buffer")
        var index = start
        if let base = bytes.baseAddress {
            let pattern = Block(repeating: target)
            // 32 bytes per branch while the target is not among them: a broker response's
            // value runs for kilobytes, and one branch per 16 bytes was most of this loop.
            while index &+ 2 &* width <= end {
                let first = selected(UnsafeRawPointer(base + index).loadUnaligned(as: Block.self) .== pattern)
                let second = selected(UnsafeRawPointer(base + (index &+ width)).loadUnaligned(as: Block.self) .== pattern)
                if anySet(first | second) {
                    let lanes = leadingMembers(outside: first)
                    return index &+ (lanes < width ? lanes : width &+ leadingMembers(outside: second))
                }
                index &+= 2 &* width
            }
            while index &+ width <= end {
                let block = UnsafeRawPointer(base + index).loadUnaligned(as: Block.self)
                let equal = selected(block .== pattern) & Block(repeating: 0x80)
                let lanes = leadingMembers(outside: equal)
                if lanes < width { return index &+ lanes }
                index &+= width
            }
        }
        while index < end, bytes[index] != target { index &+= 1 }
        return index
    }

}
