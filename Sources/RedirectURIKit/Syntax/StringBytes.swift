/// The one place where text reaches the byte-level code as contiguous UTF-8.
///
/// Every entry point that takes a `String`, a `Substring` or a collection of bytes funnels into
/// one loop over an `UnsafeBufferPointer<UInt8>`; this is how it gets there:
///
/// - On OSes whose Swift runtime has `String.UTF8View.span` (iOS, macOS, tvOS, watchOS and
///   visionOS 26, and every non-Apple platform), a borrowed span: no retain of the string's
///   storage, no copy. Measured on short redirect URIs, `withContiguousStorageIfAvailable`'s
///   retain and release were a tenth of the whole classification.
/// - On older OSes (the package supports iOS 14 / macOS 11 and later),
///   `withContiguousStorageIfAvailable`, which gives the same bytes of a native string in place;
/// - and for text that is not contiguous UTF-8 (a bridged `NSString` on Apple platforms), one
///   copy into an allocation of exactly the text's length.
///
/// All three hand the body the same bytes, so results never depend on the path; tests and fuzz
/// targets force each path with ``StringBytesPath/forced`` to keep it so.
enum StringBytes {
    /// Runs `body` on the UTF-8 bytes of `string`.
    @inline(__always)
    static func withUTF8<Value, Failure: Error>(
        _ string: String, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        if StringBytesPath.forced == .automatic, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return try string.utf8.span.withUnsafeBufferPointer(body)
        }
        return try withUTF8(of: string.utf8, body)
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
        _ = copy.initialize(from: bytes)
        return try body(UnsafeBufferPointer(copy))
    }
}

/// Which way text reaches the byte-level code (see the discussion of `StringBytes` in the
/// source). For tests and fuzz targets only: every path gives the same results, and forcing one
/// is how that is checked on platforms that would otherwise only ever take the first.
@_spi(Testing)
public enum StringBytesPath: Sendable, Hashable, CaseIterable {
    /// A borrowed span where the runtime has one, else `contiguousStorage`: what the library does.
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
