/// An Apple bundle ID: one or more labels of `A–Z a–z 0–9 -`, separated by `.`.
///
/// A bundle ID is compared **exactly**: brokers and servers do, and Apple's own documents disagree
/// on case. Case-insensitive comparison exists only as an explicit option.
///
/// ```swift
/// let id = BundleID("com.Contoso.MailApp")     // valid, case kept
/// BundleID("com..app")                         // nil: empty label
/// id?.matches(BundleID("com.contoso.mailapp")!)                               // false
/// id?.matches(BundleID("com.contoso.mailapp")!, comparison: .caseInsensitive) // true
/// ```
public struct BundleID: Sendable, Hashable, CustomStringConvertible {
    /// The bundle ID as written (a slice of the text it came from; no copy), made when asked for.
    public var text: Substring { base.slice(range) }

    // The text the bundle ID was found in and its UTF-8 offsets there: the slice is made only
    // when `text` is asked for. Made at once, the standard library's `Substring` (its indices
    // checked for scalar boundaries, in a runtime call) was a fifth of classifying a short
    // redirect URI and reading its bundle ID: a/classify+bundleID 1,075 -> 895 instructions
    // (`Benchmarks/scripts/instructions.sh --filter '^a/'`).
    @usableFromInline let base: String
    @usableFromInline let range: Range<Int>

    /// How two bundle IDs are compared.
    public enum Comparison: Sendable, Hashable {
        /// Byte for byte (the default everywhere).
        case exact
        /// ASCII case folded: an explicit relaxation, reported as a diagnostic where it is used.
        case caseInsensitive
    }

    /// Validates `text` against the bundle ID grammar; `nil` when it does not match.
    public init?(_ text: some StringProtocol) {
        let slice = Substring(text)
        guard Self.isValid(slice.utf8) else { return nil }
        self.init(validated: slice)
    }

    /// Wraps text that ``isValid(_:)`` already accepted.
    init(validated text: Substring) {
        self.init(validated: text, range: 0..<text.utf8.count)
    }

    /// Wraps the bytes at UTF-8 offsets `range` of `text`, which ``isValid(_:)`` already
    /// accepted.
    init(validated text: Substring, range: Range<Int>) {
        let start = text.base.utf8.distance(from: text.base.startIndex, to: text.startIndex)
        self.init(validated: text.base, range: (start &+ range.lowerBound)..<(start &+ range.upperBound))
    }

    /// Wraps the bytes at UTF-8 offsets `range` of `text`, which ``isValid(_:)`` already
    /// accepted (offsets the library found in these very bytes: checked in debug builds).
    @usableFromInline
    init(validated text: String, range: Range<Int>) {
        assert(range.lowerBound >= 0 && range.upperBound <= text.utf8.count, "BundleID outside its text")
        base = text
        self.range = range
    }

    /// Whether bytes match `1*( ALPHA / DIGIT / "-" / "." )` with no empty label.
    @inlinable
    public static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
        var previousWasDot = true  // so that a leading '.' is an empty label
        for byte in bytes {
            if byte == ASCII.period {
                if previousWasDot { return false }
                previousWasDot = true
            } else if ByteClass.bundleIDLabel.contains(byte) {
                previousWasDot = false
            } else {
                return false
            }
        }
        return !previousWasDot  // non-empty, and no trailing '.'
    }

    /// What the redirect rules need to know of a candidate bundle ID.
    enum Shape: Equatable {
        /// Not a bundle ID.
        case invalid
        /// A bundle ID of one label (`callback`): not read as one in a host.
        case singleLabel
        /// A bundle ID with at least one dot (`com.example.app`).
        case dotted
    }

    /// The shape of `bytes`, 16 bytes at a time.
    static func shape(contiguous bytes: UnsafeBufferPointer<UInt8>) -> Shape {
        let count = bytes.count
        guard count >= VectorScan.width, let base = bytes.baseAddress else {
            guard isValid(bytes) else { return .invalid }
            return bytes.contains(ASCII.period) ? .dotted : .singleLabel
        }
        guard base[0] != ASCII.period, base[count &- 1] != ASCII.period else { return .invalid }
        if count < 2 &* VectorScan.width {
            // Two overlapping blocks, no loop: with fewer than 32 bytes every pair of adjacent
            // bytes lies inside one of them, so '..' cannot hide between them. Measured on
            // short redirect URIs (hosts such as com.myapp.mytestapp): 81 → 35 instructions.
            let first = bundleIDLanes(UnsafeRawPointer(base).loadUnaligned(as: VectorScan.Block.self))
            let last = bundleIDLanes(UnsafeRawPointer(base + (count &- VectorScan.width)).loadUnaligned(as: VectorScan.Block.self))
            guard first.outside | last.outside == 0, first.dots & (first.dots &>> 1) == 0, last.dots & (last.dots &>> 1) == 0
            else { return .invalid }
            return first.dots | last.dots == 0 ? .singleLabel : .dotted
        }
        var index = 0
        var anyDot: UInt32 = 0
        while index < count {
            // The last block overlaps the one before it, so a '..' can only hide across the
            // boundary of two blocks that do not overlap.
            let start = min(index, count &- VectorScan.width)
            if start == index, start > 0, base[start &- 1] == ASCII.period, base[start] == ASCII.period { return .invalid }
            let lanes = bundleIDLanes(UnsafeRawPointer(base + start).loadUnaligned(as: VectorScan.Block.self))
            guard lanes.outside == 0, lanes.dots & (lanes.dots >> 1) == 0 else { return .invalid }
            anyDot |= lanes.dots
            index = start &+ VectorScan.width
        }
        return anyDot == 0 ? .singleLabel : .dotted
    }

    /// The shape of `bytes[range]`. A candidate shorter than 16 bytes (most of them) is tested
    /// in the one block of `bytes` around it, its lanes picked out by a mask, rather than a byte
    /// at a time; `bytes` must then hold 16 bytes.
    @inline(__always)
    static func shape(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Shape {
        let count = range.count
        guard count > 0, count < VectorScan.width, bytes.count >= VectorScan.width, let base = bytes.baseAddress else {
            return shape(contiguous: UnsafeBufferPointer(rebasing: bytes[range]))
        }
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "BundleID.shape(of:in:) tests outside the buffer")
        let blockStart = min(range.lowerBound, bytes.count &- VectorScan.width)
        let lanes = bundleIDLanes(UnsafeRawPointer(base + blockStart).loadUnaligned(as: VectorScan.Block.self))
        let first = UInt32(truncatingIfNeeded: range.lowerBound &- blockStart)
        let mask: UInt32 = ((1 &<< UInt32(truncatingIfNeeded: count)) &- 1) &<< first
        let dots = lanes.dots & mask
        // Nothing outside the class, no '.' first or last, no two '.' side by side.
        let ends: UInt32 = 1 &<< first | 1 &<< (first &+ UInt32(truncatingIfNeeded: count) &- 1)
        guard lanes.outside & mask == 0, dots & ends == 0, dots & (dots &>> 1) == 0 else { return .invalid }
        return dots == 0 ? .singleLabel : .dotted
    }

    /// Whether two bundle IDs are the same under `comparison`.
    public func matches(_ other: BundleID, comparison: Comparison = .exact) -> Bool {
        // Byte buffers, not the generic walk of two UTF-8 views (about 40 instructions a byte).
        withUTF8 { lhs in
            other.withUTF8 { rhs in
                switch comparison {
                case .exact: return lhs.equalsBytes(of: rhs)
                case .caseInsensitive: return lhs.elementsEqual(rhs) { ASCII.lowercased($0) == ASCII.lowercased($1) }
                }
            }
        }
    }

    /// Runs `body` on the bundle ID's UTF-8 bytes, borrowed from the text it was found in: no
    /// copy and no `Substring` (which ``text`` makes when asked for). The buffer is valid only
    /// during `body`.
    ///
    /// ```swift
    /// let uri = "msauth.com.contoso.app://auth"
    /// let bundleID = try RedirectURI.classify(uri).bundleID(in: uri)
    /// bundleID?.withUTF8 { $0.count }   // 15
    /// ```
    @inlinable
    public func withUTF8<Value, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value) throws(Failure) -> Value {
        let range = range
        if let outcome = base.utf8.withContiguousStorageIfAvailable({ bytes in
            Result { () throws(Failure) in try body(UnsafeBufferPointer(rebasing: bytes[range])) }
        }) {
            return try outcome.get()
        }
        // Text that is not contiguous UTF-8 (a bridged `NSString`): a copy of the bundle ID.
        return try Array(text.utf8).withUnsafeBufferPointer { bytes in Result { () throws(Failure) in try body(bytes) } }.get()
    }

    /// Compares texts exactly.
    public static func == (lhs: BundleID, rhs: BundleID) -> Bool { lhs.matches(rhs) }
    /// Hashes the text's bytes (what `==` compares).
    public func hash(into hasher: inout Hasher) {
        withUTF8 { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            // A terminator, so that a bundle ID hashed next to other values cannot run into them.
            hasher.combine(0xFF as UInt8)
        }
    }
    /// The bundle ID as written.
    public var description: String { String(text) }
}

extension Collection where Element == UInt8 {
    /// Compares with ASCII text, folding ASCII case only.
    func equalsIgnoringASCIICase(_ other: some Collection<UInt8>) -> Bool {
        elementsEqual(other) { ASCII.lowercased($0) == ASCII.lowercased($1) }
    }

}

extension BundleID {
    /// For a bundle ID (`1*( ALPHA / DIGIT / "-" / "." )`): the lanes outside that class and the
    /// lanes holding `.`, one bit per lane.
    @inline(__always)
    static func bundleIDLanes(_ block: VectorScan.Block) -> (outside: UInt32, dots: UInt32) {
        let members = VectorScan.alphanumerics(block) | VectorScan.inRange(block, 0x2D, 0x2E)
        let dots = VectorScan.inRange(block, 0x2E, 0x2E) & VectorScan.Block(repeating: 0x80)
        return (VectorScan.laneBits(VectorScan.outsideMask(block, members: members)), VectorScan.laneBits(dots))
    }
}
