/// Why percent-decoding failed, and where in the encoded input.
public struct PercentDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var kind: Kind
    /// The byte offset in the encoded input.
    public var offset: Int

    /// Creates an error.
    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// The kind and offset, e.g. `invalid-utf8 at offset 3`.
    public var description: String { "\(kind) at offset \(offset)" }
}

extension PercentDecodingError: CodedError {
    /// Each kind's code and explanation, at the kind's row.
    public static let codes: [(code: String, explanation: String)] = [
        // One rule, one meaning: the parser's.
        ("invalid-percent-encoding", URIParseError.Kind.invalidPercentEncoding.explanation),
        (
            "invalid-utf8",
            "the decoded bytes are not well-formed UTF-8 (an overlong form, a surrogate, a code point above U+10FFFF or a cut-off sequence)"
        ),
    ]
}

extension ErrorKind where Owner == PercentDecodingError {
    /// `%` not followed by two hex digits (RFC 3986 §2.1). Offset: the first non-hex byte.
    public static var invalidPercentEncoding: Self { Self(rawValue: 0) }
    /// The decoded bytes are not well-formed UTF-8 (overlong, surrogate, above U+10FFFF,
    /// truncated). Offset: where the offending sequence starts in the encoded input.
    public static var invalidUTF8: Self { Self(rawValue: 1) }
}

/// Percent-encoding (RFC 3986 §2.1) and `application/x-www-form-urlencoded` (`+` is a space).
///
/// Decoding is strict and happens exactly once (RFC 3986 §2.4): `%253A` decodes to `%3A`, never
/// to `:`. Encoding writes uppercase hex and never encodes an unreserved byte.
///
/// ```swift
/// try PercentEncoding.decodeString("x-msauth-app%3A%2F%2Fcom.app")   // "x-msauth-app://com.app"
/// try PercentEncoding.decodeString("%253A")                          // "%3A"
/// PercentEncoding.encode("a b/c", allowing: .unreserved)             // "a%20b%2Fc"
/// try PercentEncoding.decodeString("a+b", plusIsSpace: true)         // "a b"
/// ```
public enum PercentEncoding {
    /// Decodes `%XX` triplets into bytes. Other bytes are kept as they are; with `plusIsSpace`
    /// (form decoding) a `+` becomes a space.
    ///
    /// - Throws: ``PercentDecodingError`` of kind `invalidPercentEncoding` at the first byte after
    ///   a `%` that is not a hex digit (or at the end of the input).
    public static func decode(
        _ text: some StringProtocol, plusIsSpace: Bool = false
    ) throws(PercentDecodingError) -> [UInt8] {
        try StringBytes.withUTF8(Substring(text)) { buffer throws(PercentDecodingError) in
            try decode(bytes: buffer, plusIsSpace: plusIsSpace)
        }
    }

    /// Decodes bytes; see ``decode(_:plusIsSpace:)``.
    public static func decode(
        bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool = false
    ) throws(PercentDecodingError) -> [UInt8] {
        var failure: PercentDecodingError?
        let output = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            do throws(PercentDecodingError) {
                count = try decode(bytes, plusIsSpace: plusIsSpace, into: buffer)
            } catch {
                failure = error
                count = 0
            }
        }
        if let failure { throw failure }
        return output
    }

    /// The one decoding loop: decodes `bytes` into `output` (at least as long as `bytes`, since
    /// decoding never lengthens) and returns the decoded length. Every decoder here, and the
    /// certificate-auth wrapper's decoding into stack memory, calls it.
    @inline(__always)
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool, into output: UnsafeMutableBufferPointer<UInt8>
    ) throws(PercentDecodingError) -> Int {
        try decodeNotingHighBytes(bytes, plusIsSpace: plusIsSpace, into: output).length
    }

    /// ``decode(_:plusIsSpace:into:)``, also telling whether any decoded byte may be 0x80 or
    /// above (`mayBeNonASCII` false: the output is ASCII, so valid UTF-8 without a check).
    @inline(__always)
    static func decodeNotingHighBytes(
        _ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool, into output: UnsafeMutableBufferPointer<UInt8>
    ) throws(PercentDecodingError) -> (length: Int, mayBeNonASCII: Bool) {
        // The block stores below write 16 bytes at `length`, never ahead of `index`: in bounds
        // only if the output is at least as long as the input.
        assert(output.count >= bytes.count, "PercentEncoding.decode needs an output as long as its input")
        // Empty input; otherwise `output`, at least as long, has an address too.
        guard let base = bytes.baseAddress, let out = output.baseAddress else { return (0, false) }
        var length = 0
        var index = 0
        // Every input byte and every decoded triplet, OR-ed: a superset of the output's bytes.
        var high = VectorScan.Block(repeating: 0)
        var highByte: UInt8 = 0
        // Sixteen bytes at a time: the block is stored whole and the output advances to the
        // first byte that decodes to something else, which `decodeEscape` takes. The output
        // never runs ahead of the input, so the store stays inside `output` while the load
        // stays inside `bytes`.
        let percent = VectorScan.Block(repeating: ASCII.percentSign)
        let plus = VectorScan.Block(repeating: plusIsSpace ? ASCII.plusSign : ASCII.percentSign)
        while index &+ VectorScan.width <= bytes.count {
            let block = UnsafeRawPointer(base + index).loadUnaligned(as: VectorScan.Block.self)
            UnsafeMutableRawPointer(out + length).storeBytes(of: block, as: VectorScan.Block.self)
            high |= block
            let escapes = VectorScan.selected((block .== percent) .| (block .== plus))
            let plain = VectorScan.leadingMembers(outside: escapes & VectorScan.Block(repeating: 0x80))
            index &+= plain
            length &+= plain
            guard plain < VectorScan.width else { continue }
            index = try decodeEscape(bytes, at: index, plusIsSpace: plusIsSpace, into: out + length)
            highByte |= out[length]
            length &+= 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.percentSign || (plusIsSpace && byte == ASCII.plusSign) {
                index = try decodeEscape(bytes, at: index, plusIsSpace: plusIsSpace, into: out + length)
            } else {
                out[length] = byte
                index &+= 1
            }
            highByte |= out[length]
            length &+= 1
        }
        // Every bit of every lane OR-ed: the same for any lane order.
        let words = unsafeBitCast(high, to: SIMD2<UInt64>.self)
        return (length, (words[0] | words[1]) & 0x8080_8080_8080_8080 != 0 || highByte & 0x80 != 0)
    }

    /// Decodes the `%XX` triplet or `+` at `index` into `output[0]`; returns the index after it.
    @inline(__always)
    static func decodeEscape(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, plusIsSpace: Bool, into output: UnsafeMutablePointer<UInt8>
    ) throws(PercentDecodingError) -> Int {
        guard bytes[index] == ASCII.percentSign else {
            output.pointee = plusIsSpace ? ASCII.space : ASCII.plusSign
            return index &+ 1
        }
        guard index + 1 < bytes.count, let high = ASCII.hexValue(bytes[index + 1]) else {
            throw PercentDecodingError(.invalidPercentEncoding, at: min(index + 1, bytes.count))
        }
        guard index + 2 < bytes.count, let low = ASCII.hexValue(bytes[index + 2]) else {
            throw PercentDecodingError(.invalidPercentEncoding, at: min(index + 2, bytes.count))
        }
        output.pointee = high << 4 | low
        return index &+ 3
    }

    /// Decodes and requires the result to be well-formed UTF-8 (Unicode Table 3-7).
    ///
    /// - Throws: ``PercentDecodingError``; for bad UTF-8 the offset is in the encoded input,
    ///   where the offending sequence begins.
    public static func decodeString(
        _ text: some StringProtocol, plusIsSpace: Bool = false
    ) throws(PercentDecodingError) -> String {
        try StringBytes.withUTF8(Substring(text)) { bytes throws(PercentDecodingError) in
            try decodeString(bytes: bytes, plusIsSpace: plusIsSpace)
        }
    }

    /// Decodes straight into the string's own storage: one allocation (none for a result of up
    /// to 15 bytes), where decoding into an array and then making a string took two.
    static func decodeString(
        bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool
    ) throws(PercentDecodingError) -> String {
        var failure: PercentDecodingError?
        // String(unsafeUninitializedCapacity:) would repair bad UTF-8, so it is validated here
        // first and a failure returns no text.
        let string = String(unsafeUninitializedCapacity: bytes.count) { output in
            let decoded: (length: Int, mayBeNonASCII: Bool)
            do throws(PercentDecodingError) {
                decoded = try decodeNotingHighBytes(bytes, plusIsSpace: plusIsSpace, into: output)
            } catch {
                failure = error
                return 0
            }
            let length = decoded.length
            // ASCII, the usual output, is valid UTF-8 as it stands.
            if decoded.mayBeNonASCII,
                let badIndex = UTF8Validation.firstInvalidIndex(inBuffer: UnsafeBufferPointer(rebasing: output[..<length]))
            {
                failure = PercentDecodingError(.invalidUTF8, at: encodedOffset(ofDecodedIndex: badIndex, in: bytes))
                return 0
            }
            return length
        }
        if let failure { throw failure }
        return string
    }

    /// Whether `bytes` decode to well-formed UTF-8, as ``decodeString(bytes:plusIsSpace:)`` would
    /// decode them, without building the string: the bytes are decoded into scratch memory (on
    /// the stack when they are short) and checked there.
    ///
    /// - Throws: the ``PercentDecodingError`` that decoding would throw.
    static func validate(bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) throws(PercentDecodingError) {
        let failure: PercentDecodingError? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(bytes.count, 1)) { output in
            do throws(PercentDecodingError) {
                let decoded = try decodeNotingHighBytes(bytes, plusIsSpace: plusIsSpace, into: output)
                if decoded.mayBeNonASCII,
                    let badIndex = UTF8Validation.firstInvalidIndex(inBuffer: UnsafeBufferPointer(rebasing: output[..<decoded.length]))
                {
                    return PercentDecodingError(.invalidUTF8, at: encodedOffset(ofDecodedIndex: badIndex, in: bytes))
                }
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Maps an index in the decoded bytes back to the offset of its source in the encoded text.
    static func encodedOffset(ofDecodedIndex target: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var source = 0
        var decoded = 0
        while source < utf8.count, decoded < target {
            source += utf8[source] == ASCII.percentSign ? 3 : 1
            decoded += 1
        }
        return source
    }

    /// Whether `text` contains any `%XX` triplet or (when `plusIsSpace`) a `+`: when it does not,
    /// decoding would return the text unchanged and can be skipped.
    public static func needsDecoding(_ text: some StringProtocol, plusIsSpace: Bool = false) -> Bool {
        text.utf8.contains { $0 == ASCII.percentSign || (plusIsSpace && $0 == ASCII.plusSign) }
    }

    /// Percent-encodes every byte outside `allowed` with uppercase hex (RFC 3986 §2.1).
    ///
    /// `allowed` is one of the component classes of ``ByteClass`` (``ByteClass/unreserved`` for a
    /// value nested in another URI, ``ByteClass/path`` for a path, …). `%` is never allowed, so
    /// the output always decodes back to the input.
    public static func encode(_ bytes: some Sequence<UInt8>, allowing allowed: ByteClass) -> String {
        encode(bytes, allowing: allowed, spaceAsPlus: false)
    }

    /// Percent-encodes the UTF-8 of `text`; see ``encode(_:allowing:)-(Sequence<UInt8>,_)``.
    public static func encode(_ text: some StringProtocol, allowing allowed: ByteClass) -> String {
        encode(text.utf8, allowing: allowed, spaceAsPlus: false)
    }

    /// `application/x-www-form-urlencoded` encoding of one name or value: a space becomes `+`,
    /// every byte outside `unreserved` is percent-encoded with uppercase hex.
    public static func formEncode(_ text: some StringProtocol) -> String {
        encode(text.utf8, allowing: .unreserved, spaceAsPlus: true)
    }

    static func encode(_ bytes: some Sequence<UInt8>, allowing allowed: ByteClass, spaceAsPlus: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.underestimatedCount)
        for byte in bytes {
            if allowed.contains(byte) && byte != ASCII.percentSign {
                output.append(byte)
            } else if spaceAsPlus && byte == ASCII.space {
                output.append(ASCII.plusSign)
            } else {
                output.append(ASCII.percentSign)
                output.append(ASCII.uppercaseHexDigit(byte >> 4))
                output.append(ASCII.uppercaseHexDigit(byte))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
