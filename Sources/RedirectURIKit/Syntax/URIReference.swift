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
        let ranges = try StringBytes.withUTF8(string) { buffer throws(URIParseError) in
            try URIParser.parse(buffer, as: grammar, vectorized: true)
        }
        self.init(validated: Substring(string), ranges: ranges)
    }

    /// Pairs text with the ranges its parse produced.
    init(validated text: Substring, ranges: URIComponentRanges) {
        self.text = text
        self.ranges = ranges
    }

    /// Runs `body` on the text's UTF-8 bytes, which the reference's ranges index.
    @inline(__always)
    func withBytes<Value>(_ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        StringBytes.withUTF8(text, body)
    }

    /// Parses a substring without copying it.
    public init(parsing substring: Substring, as grammar: URIGrammar = .uriReference) throws(URIParseError) {
        self.ranges = try StringBytes.withUTF8(substring) { buffer throws(URIParseError) in
            try URIParser.parse(buffer, as: grammar)
        }
        self.text = substring
    }

    /// Parses bytes, which may be anything (invalid UTF-8 is rejected as non-ASCII).
    ///
    /// A valid reference is ASCII, so on success the bytes are kept as a string (one copy).
    public init(bytes: some Collection<UInt8>, as grammar: URIGrammar = .uriReference) throws(URIParseError) {
        // On success the bytes are ASCII, so decoding them as UTF-8 keeps them unchanged.
        (self.text, self.ranges) = try StringBytes.withUTF8(of: bytes) { buffer throws(URIParseError) in
            let ranges = try URIParser.parse(buffer, as: grammar)
            return (Substring(String(decoding: buffer, as: UTF8.self)), ranges)
        }
    }

    /// The slice of `text` at `range` (byte offsets), without copying. Offsets outside the
    /// text are clamped to it.
    @inlinable
    public func slice(_ range: Range<Int>) -> Substring {
        text.slice(range.clamped(to: 0..<ranges.count))
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

    /// Whether the host is a loopback literal as RFC 8252 §7.3 writes it: exactly `127.0.0.1` or
    /// `[::1]`. This is the test of the loopback form and of the loopback exception.
    ///
    /// Another spelling of the same address (`[0:0:0:0:0:0:0:1]`, `[::0:1]`) is the loopback
    /// address but not the literal: registrations are compared as text, so it gets no loopback
    /// exception. Ask `IPv6Address(host)?.isLoopback` to know whether a host is the loopback
    /// address in any spelling.
    ///
    /// ```swift
    /// try URIReference(parsing: "http://[::1]:8080/cb").hostIsLoopbackLiteral        // true
    /// try URIReference(parsing: "http://[0::1]:8080/cb").hostIsLoopbackLiteral       // false
    /// ```
    public var hostIsLoopbackLiteral: Bool {
        guard let host = ranges.host else { return false }
        return withBytes { LoopbackLiteral.matches(UnsafeBufferPointer(rebasing: $0[host])) }
    }

    /// The text as given.
    public var description: String { String(text) }

    /// Two references are equal when their texts are identical (parsing is deterministic).
    public static func == (lhs: URIReference, rhs: URIReference) -> Bool { lhs.text == rhs.text }
    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
