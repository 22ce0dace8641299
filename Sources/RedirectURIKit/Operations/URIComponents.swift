/// The components of a URI reference as strings, for building one (RFC 3986 §5.3).
///
/// Each component is in its encoded form (percent-encoding included), without its delimiter.
/// An authority exists exactly when `host` is non-`nil` (it may be empty); `userinfo` and `port`
/// need a host.
///
/// ```swift
/// let built = try URIComponents(scheme: "https", host: "login.example.com", path: "/cb",
///                               query: "x=1").build()
/// built.text   // "https://login.example.com/cb?x=1"
/// ```
public struct URIComponents: Sendable, Hashable {
    /// `scheme`, without `:`.
    public var scheme: String?
    /// `userinfo`, without `@`.
    public var userinfo: String?
    /// `host`, brackets included for an IP literal; `nil` means no authority.
    public var host: String?
    /// `port`, without `:`.
    public var port: String?
    /// The path; always present, possibly empty.
    public var path: String
    /// `query`, without `?`.
    public var query: String?
    /// `fragment`, without `#`.
    public var fragment: String?

    /// Creates components; nothing is validated until ``build()``.
    public init(
        scheme: String? = nil, userinfo: String? = nil, host: String? = nil, port: String? = nil,
        path: String = "", query: String? = nil, fragment: String? = nil
    ) {
        self.scheme = scheme
        self.userinfo = userinfo
        self.host = host
        self.port = port
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The components of a parsed reference, as written.
    public init(_ reference: URIReference) {
        self.init(
            scheme: reference.scheme.map(String.init), userinfo: reference.userinfo.map(String.init),
            host: reference.host.map(String.init), port: reference.port.map(String.init),
            path: String(reference.path), query: reference.query.map(String.init),
            fragment: reference.fragment.map(String.init))
    }

    /// Component recomposition (RFC 3986 §5.3), without validation.
    public var serialized: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if host != nil || userinfo != nil || port != nil {
            result += "//"
            if let userinfo { result += userinfo + "@" }
            result += host ?? ""
            if let port { result += ":" + port }
        }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// Serializes and parses the result, and checks that parsing gives back exactly these
    /// components (so no component can smuggle a delimiter into another).
    ///
    /// - Throws: ``URIBuildError`` naming the first component that does not survive the trip.
    public func build() throws(URIBuildError) -> URIReference {
        if host == nil, userinfo != nil || port != nil {
            throw URIBuildError(.needsHost, component: userinfo != nil ? "userinfo" : "port")
        }
        if host != nil, !path.isEmpty, !path.hasPrefix("/") {
            throw URIBuildError(.pathNotAbsoluteAfterAuthority, component: "path")
        }
        if host == nil, path.hasPrefix("//") {
            throw URIBuildError(.pathStartsWithTwoSlashes, component: "path")
        }
        try validateEachComponent()
        if scheme == nil, host == nil, let firstSegment = path.split(separator: "/", omittingEmptySubsequences: false).first,
            firstSegment.contains(":")
        {
            throw URIBuildError(.colonInFirstSegment, component: "path")
        }
        let text = serialized
        let reference: URIReference
        do {
            reference = try URIReference(parsing: text)
        } catch {
            throw URIBuildError(.unparsable, component: "reference", offset: error.offset, underlying: error)
        }
        let parsed = URIComponents(reference)
        for (name, expected, actual) in [
            ("scheme", scheme, parsed.scheme), ("userinfo", userinfo, parsed.userinfo),
            ("host", host, parsed.host), ("port", port, parsed.port), ("path", path, parsed.path),
            ("query", query, parsed.query), ("fragment", fragment, parsed.fragment),
        ] where expected != actual {
            throw URIBuildError(.delimiterChangesParse, component: name)
        }
        return reference
    }

    /// Checks each component against its own rule, so that an error names the component.
    func validateEachComponent() throws(URIBuildError) {
        func check(_ value: String?, _ name: String, _ isValid: (UnsafeBufferPointer<UInt8>) -> Bool) throws(URIBuildError) {
            guard let value else { return }
            if !StringBytes.withUTF8(value, isValid) {
                throw URIBuildError(.invalidComponent, component: name)
            }
        }
        func consumesAll(_ byteClass: ByteClass) -> (UnsafeBufferPointer<UInt8>) -> Bool {
            { buffer in (try? Scanner(input: buffer).run(of: byteClass, from: 0)) == buffer.count }
        }
        try check(scheme, "scheme") { buffer in
            guard let first = buffer.first, ByteClass.alpha.contains(first) else { return false }
            return buffer.allSatisfy { ByteClass.scheme.contains($0) }
        }
        try check(userinfo, "userinfo", consumesAll(.userinfo))
        try check(host, "host") { buffer in
            guard buffer.first == ASCII.leftSquareBracket else { return consumesAll(.regName)(buffer) }
            return (try? Scanner(input: buffer).ipLiteral(from: 0).end) == buffer.count
        }
        try check(port, "port") { buffer in buffer.allSatisfy { ByteClass.digit.contains($0) } }
        try check(path, "path", consumesAll(.path))
        try check(query, "query", consumesAll(.queryOrFragment))
        try check(fragment, "fragment", consumesAll(.queryOrFragment))
    }
}

/// Why components could not be built into a valid URI reference.
public struct URIBuildError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var kind: Kind
    /// The component at fault: `scheme`, `userinfo`, `host`, `port`, `path`, `query`,
    /// `fragment`, or `reference` for the whole serialized text.
    public var component: String
    /// The byte offset in the serialized text, when known.
    public var offset: Int?
    /// The parse error of the serialized text (kind `unparsable`).
    public var underlying: URIParseError?

    /// Creates an error.
    public init(_ kind: Kind, component: String, offset: Int? = nil, underlying: URIParseError? = nil) {
        self.kind = kind
        self.component = component
        self.offset = offset
        self.underlying = underlying
    }

    /// `component: code (underlying)`.
    public var description: String {
        "\(component): \(kind)" + (underlying.map { " (\($0.kind) at offset \($0.offset))" } ?? "")
    }
}

extension URIBuildError: CodedError {
    /// Each kind's code and explanation, at the kind's row.
    public static let codes: [(code: String, explanation: String)] = [
        ("invalid-component", "the component does not match its rule in RFC 3986 §3"),
        ("needs-host", "userinfo and a port need a host"),
        ("path-not-absolute-after-authority", "after an authority, the path must be empty or start with '/'"),
        ("path-starts-with-two-slashes", "without an authority, the path cannot start with '//'"),
        ("colon-in-first-segment", "a relative path cannot have ':' in its first segment"),
        ("unparsable", "the serialized text is not a URI reference"),
        ("delimiter-changes-parse", "the component contains a delimiter that changes the parse"),
    ]
}

extension ErrorKind where Owner == URIBuildError {
    /// A component does not match its own rule (RFC 3986 §3).
    public static var invalidComponent: Self { Self(rawValue: 0) }
    /// Userinfo or a port without a host.
    public static var needsHost: Self { Self(rawValue: 1) }
    /// A path after an authority that is neither empty nor starts with `/`.
    public static var pathNotAbsoluteAfterAuthority: Self { Self(rawValue: 2) }
    /// A path starting with `//` without an authority.
    public static var pathStartsWithTwoSlashes: Self { Self(rawValue: 3) }
    /// A relative path with `:` in its first segment.
    public static var colonInFirstSegment: Self { Self(rawValue: 4) }
    /// The serialized text does not parse (the parse error is ``URIBuildError/underlying``).
    public static var unparsable: Self { Self(rawValue: 5) }
    /// A component holds a delimiter, so that parsing gives other components back.
    public static var delimiterChangesParse: Self { Self(rawValue: 6) }
}
