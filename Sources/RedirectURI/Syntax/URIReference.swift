/// A parsed RFC 3986 URI reference: the caller's text plus the offsets of its components.
///
/// Parsing validates the whole input against the grammar and records where each component is;
/// it copies nothing and never normalizes. Component accessors return slices of the original
/// text, so the case of a scheme or host — where a bundle ID lives — is exactly what was given.
///
/// ```swift
/// let uri = try URIReference(parsing: "x-msauth-mytestiosapp://com.myapp.mytestapp")
/// uri.scheme   // "x-msauth-mytestiosapp"
/// uri.host     // "com.myapp.mytestapp"
/// uri.path     // ""
/// uri.query    // nil  (absent, unlike "x://h?", whose query is "")
/// ```
///
/// Every initializer funnels into ``URIParser/parse(_:as:)``, one loop over contiguous bytes.
public struct URIReference: Sendable, Hashable, CustomStringConvertible {
    /// The parsed text, exactly as given (a slice of the caller's string; not a copy).
    public let text: Substring
    /// Where each component lies in `text.utf8`.
    public let ranges: URIComponentRanges

    /// Parses a string as `grammar` (by default `URI-reference`, RFC 3986 §4.1).
    ///
    /// - Throws: ``URIParseError`` naming the first byte outside the grammar.
    public init(parsing string: String, as grammar: URIGrammar = .uriReference) throws(URIParseError) {
        // A borrowed span of the bytes: read in place, with no retain of the string's storage.
        let ranges = try string.utf8.span.withUnsafeBufferPointer { buffer throws(URIParseError) in
            try URIParser.parse(buffer, as: grammar, vectorized: true)
        }
        self.init(validated: Substring(string), ranges: ranges)
    }

    /// Pairs text with the ranges its parse produced.
    init(validated text: Substring, ranges: URIComponentRanges) {
        self.text = text
        self.ranges = ranges
    }

    /// Runs `body` on the text's UTF-8 bytes in place (a copy only for a non-native string).
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Parses a substring without copying it.
    public init(parsing substring: Substring, as grammar: URIGrammar = .uriReference) throws(URIParseError) {
        var text = substring
        // withUTF8 only copies when the string is not already contiguous UTF-8 (never for a
        // native Swift string), so the common case allocates nothing.
        let result = text.withUTF8 { buffer in
            Result { () throws(URIParseError) in try URIParser.parse(buffer, as: grammar) }
        }
        self.text = text
        self.ranges = try result.get()
    }

    /// Parses bytes, which may be anything (invalid UTF-8 is rejected as non-ASCII).
    ///
    /// A valid reference is ASCII, so on success the bytes are kept as a string (one copy).
    public init(bytes: some Collection<UInt8>, as grammar: URIGrammar = .uriReference) throws(URIParseError) {
        let outcome: Result<URIComponentRanges, URIParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(URIParseError) in try URIParser.parse(buffer, as: grammar) }
        }
        if let outcome {
            self.ranges = try outcome.get()
            self.text = Substring(String(decoding: bytes, as: UTF8.self))
        } else {
            let array = Array(bytes)
            let ranges = array.withUnsafeBufferPointer { buffer in
                Result { () throws(URIParseError) in try URIParser.parse(buffer, as: grammar) }
            }
            self.ranges = try ranges.get()
            self.text = Substring(String(decoding: array, as: UTF8.self))
        }
    }

    /// The slice of `text` at `range` (byte offsets), without copying.
    @inlinable
    public func slice(_ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        return text[lower..<upper]
    }

    @inlinable
    func slice(_ range: Range<Int>?) -> Substring? {
        guard let range else { return nil }
        return slice(range)
    }

    /// The scheme without `:` (RFC 3986 §3.1), case preserved; `nil` for a relative reference.
    @inlinable public var scheme: Substring? { slice(ranges.scheme) }
    /// The authority without `//` (RFC 3986 §3.2); `nil` when there is no `//`.
    @inlinable public var authority: Substring? { slice(ranges.authority) }
    /// The userinfo without `@` (RFC 3986 §3.2.1).
    @inlinable public var userinfo: Substring? { slice(ranges.userinfo) }
    /// The host (RFC 3986 §3.2.2) as written, brackets included for an IP literal.
    @inlinable public var host: Substring? { slice(ranges.host) }
    /// The kind of host, when there is an authority.
    @inlinable public var hostKind: HostKind? { ranges.hostKind }
    /// The port text without `:` (RFC 3986 §3.2.3); present but empty for `http://h:/`.
    @inlinable public var port: Substring? { slice(ranges.port) }
    /// The path (RFC 3986 §3.3), possibly empty.
    @inlinable public var path: Substring { slice(ranges.path) }
    /// The query without `?` (RFC 3986 §3.4).
    @inlinable public var query: Substring? { slice(ranges.query) }
    /// The fragment without `#` (RFC 3986 §3.5).
    @inlinable public var fragment: Substring? { slice(ranges.fragment) }

    /// The port as a number in 1…65535 written without leading zeros (`nil` when absent, empty,
    /// out of range or written as `080`): the form RFC 8252 §7.3 loopback ports take.
    public var portNumber: Int? {
        guard let port, let first = port.utf8.first, first != ASCII.digitZero, port.utf8.count <= 5 else {
            return nil
        }
        var value = 0
        for byte in port.utf8 { value = value * 10 + Int(byte - ASCII.digitZero) }
        return value <= 65_535 ? value : nil
    }

    /// Whether the reference has a scheme, i.e. matched `URI` rather than `relative-ref`.
    @inlinable public var hasScheme: Bool { ranges.scheme != nil }

    /// Whether the host is the loopback literal `127.0.0.1` or an IPv6 literal equal to `::1`.
    public var hostIsLoopbackLiteral: Bool {
        guard let host, let kind = hostKind else { return false }
        switch kind {
        case .ipv4: return IPv4Address(host)?.isLoopback ?? false
        case .ipv6: return IPv6Address(host.dropFirst().dropLast())?.isLoopback ?? false
        case .regName, .ipvFuture: return false
        }
    }

    /// The text as given.
    public var description: String { String(text) }

    /// Two references are equal when their texts are identical (parsing is deterministic).
    public static func == (lhs: URIReference, rhs: URIReference) -> Bool { lhs.text == rhs.text }
    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
