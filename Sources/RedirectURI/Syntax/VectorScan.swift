/// The vectorised fast path of the parser: skips 16-byte blocks made only of common bytes.
///
/// "Common" is `ALPHA / DIGIT / "-" / "." / "_" / "~" / "=" / "&" / "+"`, a subset of every class
/// the fast path is used for (path, query, fragment), so skipping such a block never changes what
/// the plain loop would decide. The plain loop stays the reference: ``URIParser`` can run without
/// this path, and a fuzz target checks that both always agree.
enum VectorScan {
    static let width = 16
    typealias Block = SIMD16<UInt8>

    /// The index of the first 16-byte block (starting at `start`, stepping by 16) that holds a
    /// byte outside the common set, or the start of the final partial block.
    @inline(__always)
    static func skipCommonBytes(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = input.baseAddress else { return start }
        var index = start
        let last = input.count - width
        while index <= last {
            let block = UnsafeRawPointer(base + index).loadUnaligned(as: Block.self)
            guard allCommon(block) else { return index }
            index &+= width
        }
        return index
    }

    @inline(__always)
    static func allCommon(_ bytes: Block) -> Bool {
        // Letters: folding the case bit maps A–Z onto a–z; wrapping subtraction turns the
        // range test into one unsigned comparison.
        let letter = ((bytes | Block(repeating: 0x20)) &- Block(repeating: 0x61)) .< Block(repeating: 26)
        let digit = (bytes &- Block(repeating: 0x30)) .< Block(repeating: 10)
        let punctuation = (bytes .== Block(repeating: ASCII.hyphen)) .| (bytes .== Block(repeating: ASCII.period))
            .| (bytes .== Block(repeating: ASCII.underscore)) .| (bytes .== Block(repeating: ASCII.tilde))
            .| (bytes .== Block(repeating: ASCII.equalsSign)) .| (bytes .== Block(repeating: ASCII.ampersand))
            .| (bytes .== Block(repeating: ASCII.plusSign))
        return all(letter .| digit .| punctuation)
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
