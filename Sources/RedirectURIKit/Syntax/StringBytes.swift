/// The one place where text reaches the byte-level code as contiguous UTF-8.
///
/// Every entry point that takes a `String`, a `Substring` or a collection of bytes funnels into
/// one loop over an `UnsafeBufferPointer<UInt8>`; this is how it gets there:
///
/// - A `String`: `withContiguousStorageIfAvailable`, which gives a native string's bytes in
///   place. (Its borrowed `utf8.span`, on OSes that have it, measured 17 more instructions a
///   call on this toolchain, in a non-inlined runtime call, with no fewer retains:
///   a/classify+range 855 -> 838 with this path.)
/// - A `Substring`: on OSes whose Swift runtime has `Substring.UTF8View.span` (iOS, macOS, tvOS,
///   watchOS and visionOS 26, and every non-Apple platform), a borrowed span: no retain of the
///   string's storage, no copy. `withContiguousStorageIfAvailable` on a substring is a
///   runtime call that measured more (d/BrokerResponse 11,868 -> 12,119, the verifier +16%),
///   so it is taken only on older OSes (the package supports iOS 14 / macOS 11 and later).
/// - Text that is not contiguous UTF-8 (a bridged `NSString` on Apple platforms): one copy
///   into an allocation of exactly the text's length.
///
/// All paths hand the body the same bytes, so results never depend on the path; tests and fuzz
/// targets force each path with ``StringBytesPath/forced`` to keep it so.
enum StringBytes {
    /// Runs `body` on the UTF-8 bytes of `string`: the non-throwing case, without the typed
    /// error's `Result` around the body (a/classify+equals 957 -> 926 instructions: the wrapped
    /// form was not inlined into the caller).
    @inline(__always)
    static func withUTF8<Value>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        if StringBytesPath.forced != .exactCopy, let value = string.utf8.withContiguousStorageIfAvailable(body) {
            return value
        }
        return withUTF8(of: string.utf8, body)
    }

    /// Runs `body` on the UTF-8 bytes of two strings, the path checked once (a/classify+equals
    /// 926 -> 904 instructions against nesting the one-string form).
    @inline(__always)
    static func withUTF8<Value>(
        _ first: String, _ second: String, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Value
    ) -> Value {
        if StringBytesPath.forced != .exactCopy,
            let outer = first.utf8.withContiguousStorageIfAvailable({ firstBytes in
                second.utf8.withContiguousStorageIfAvailable { secondBytes in body(firstBytes, secondBytes) }
            }),
            let value = outer
        {
            return value
        }
        return withUTF8(of: first.utf8) { firstBytes in withUTF8(of: second.utf8) { secondBytes in body(firstBytes, secondBytes) } }
    }

    /// Runs `body` on the UTF-8 bytes of `string`.
    @inline(__always)
    static func withUTF8<Value, Failure: Error>(
        _ string: String, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        // Through the non-throwing form, the outcome carried out as a value: the generic path's
        // own `Result` was built in a call the optimizer did not inline (a/classify+range
        // 839 -> 826 instructions).
        try withUTF8(string) { bytes in Result { () throws(Failure) in try body(bytes) } }.get()
    }

    /// Runs `body` on the UTF-8 bytes of `substring` (only the substring's own bytes).
    @inline(__always)
    static func withUTF8<Value, Failure: Error>(
        _ substring: Substring, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        if StringBytesPath.forced == .automatic, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return try substring.utf8.span.withUnsafeBufferPointer(body)
        }
        return try withUTF8(of: substring.utf8, body)
    }

    /// Runs `body` on the bytes of any collection: in place when they are contiguous, else on a
    /// copy of exactly their length.
    static func withUTF8<Bytes: Collection<UInt8>, Value, Failure: Error>(
        of bytes: Bytes, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        if StringBytesPath.forced != .exactCopy,
            let outcome = bytes.withContiguousStorageIfAvailable({ buffer in
                Result { () throws(Failure) in try body(buffer) }
            })
        {
            return try outcome.get()
        }
        // Exactly the bytes' length, with nothing after them: under AddressSanitizer a read one
        // byte past the end fails here, where an array's spare capacity would hide it.
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        defer { copy.deallocate() }
        // Contiguous bytes here are a forced exact copy (tests and fuzz targets): copied at once,
        // where the element-by-element copy of a substring's bytes took 4% of a fuzz target's time.
        let copiedAtOnce = bytes.withContiguousStorageIfAvailable { source -> Bool in
            if let from = source.baseAddress, let to = copy.baseAddress { to.initialize(from: from, count: min(source.count, copy.count)) }
            return true
        }
        if copiedAtOnce != true { _ = copy.initialize(from: bytes) }
        return try body(UnsafeBufferPointer(copy))
    }
}

/// Which way text reaches the byte-level code (see the discussion of `StringBytes` in the
/// source). For tests and fuzz targets only: every path gives the same results, and forcing one
/// is how that is checked on platforms that would otherwise only ever take the first.
@_spi(Testing)
public enum StringBytesPath: Sendable, Hashable, CaseIterable {
    /// What the library does: `contiguousStorage` for a string; for a substring, a borrowed span
    /// where the runtime has one, else `contiguousStorage`.
    case automatic
    /// `withContiguousStorageIfAvailable`, as on iOS, macOS, tvOS and watchOS before 26.
    case contiguousStorage
    /// A copy of exactly the text's length for every input, as for a bridged string: under
    /// AddressSanitizer a read past the end of the input fails.
    case exactCopy

    /// The path every entry point takes: `.automatic` unless a test or fuzz target forces another.
    ///
    /// A process-wide switch with no synchronisation, read on every call: set it only while no
    /// other thread uses the library (at the start of a fuzz target's input, or in a child
    /// process of an exit test), never from tests that run in parallel with others.
    @exclusivity(unchecked) nonisolated(unsafe) public static var forced: StringBytesPath = .automatic
}

extension Substring {
    /// The slice at UTF-8 offsets `range` of this substring (offsets the library found in these
    /// very bytes, so inside them: checked in debug builds).
    ///
    /// Indexed through the base string: `String.UTF8View.index(_:offsetBy:)` is inlined into
    /// the caller, where `Substring.UTF8View`'s is a call into the runtime — 80 instructions less
    /// a slice (a/classify+bundleID and the two slices of d/BrokerResponse).
    @inlinable
    func slice(_ range: Range<Int>) -> Substring {
        assert(range.lowerBound >= 0 && range.upperBound <= utf8.count, "Substring.slice outside the substring")
        return base.slice(range, from: startIndex)
    }
}

extension String {
    /// The slice at UTF-8 offsets `range` (offsets the library found in these very bytes, so
    /// inside them: checked in debug builds). Made from the string itself, not through a
    /// `Substring` of all of it: one retain of the storage fewer.
    @inlinable
    func slice(_ range: Range<Int>) -> Substring {
        assert(range.lowerBound >= 0 && range.upperBound <= utf8.count, "String.slice outside the string")
        return slice(range, from: startIndex)
    }

    /// The slice at UTF-8 offsets `range` counted from `start`: what both slices above make.
    @inlinable @inline(__always)
    func slice(_ range: Range<Int>, from start: String.Index) -> Substring {
        let lower = utf8.index(start, offsetBy: range.lowerBound)
        return self[lower..<utf8.index(lower, offsetBy: range.count)]
    }
}
