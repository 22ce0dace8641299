// Codable conformances for the parsing types (Syntax/ and Operations/). Types that hold a text
// decode by parsing it again, so a decoded value is always as valid as a parsed one.

extension URIReference: Codable {
    /// Encodes the reference as its text: `"x://h?q"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes a text and parses it as a URI reference.
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose underlying error is the ``URIParseError``.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try URIReference(parsing: text)
        } catch {
            throw DecodingError.invalid("not an RFC 3986 URI reference: \(error.kind) at offset \(error.offset)", in: decoder, underlying: error)
        }
    }
}

/// `{"kind", "offset", "message"}`, the error object of `parse --json`.
///
/// Encodable only: the error keeps an excerpt of the input it describes, which a decoder could not
/// check against anything. Parse the input again to get the error back.
extension URIParseError: Encodable {
    enum CodingKeys: String, CodingKey { case kind, offset, message }

    /// Encodes the kind's code, the offset and the message.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(offset, forKey: .offset)
        try container.encode(message, forKey: .message)
    }
}

extension HostKind: Codable {
    /// The name of the host rule: `reg-name`, `ipv4`, `ipv6` or `ipvfuture`.
    public var code: String {
        switch self {
        case .regName: "reg-name"
        case .ipv4: "ipv4"
        case .ipv6: "ipv6"
        case .ipvFuture: "ipvfuture"
        }
    }

    /// Encodes the kind as its ``code``.
    public func encode(to encoder: any Encoder) throws { try encodeCode(code, to: encoder) }

    /// Decodes a ``code``.
    public init(from decoder: any Decoder) throws {
        self = try decodeKind([HostKind.regName, .ipv4, .ipv6, .ipvFuture], code: \.code, from: decoder, what: "host kind")
    }
}

extension URIGrammar: Codable {
    /// The rule's name in RFC 3986: `URI-reference`, `URI`, `absolute-URI` or `relative-ref`.
    public var ruleName: String {
        switch self {
        case .uriReference: "URI-reference"
        case .uri: "URI"
        case .absoluteURI: "absolute-URI"
        case .relativeReference: "relative-ref"
        }
    }

    /// Encodes the grammar as its ``ruleName``.
    public func encode(to encoder: any Encoder) throws { try encodeCode(ruleName, to: encoder) }

    /// Decodes a ``ruleName``.
    public init(from decoder: any Decoder) throws {
        self = try decodeKind(
            [URIGrammar.uriReference, .uri, .absoluteURI, .relativeReference], code: \.ruleName,
            from: decoder, what: "grammar")
    }
}

/// Every component's byte range as `[start, end]`, `null` when absent, and the host kind.
///
/// Encodable only: offsets mean something only with the text they index, and a decoder could not
/// check them. Encode the ``URIReference`` (its text) and parse it again instead.
extension URIComponentRanges: Encodable {
    enum CodingKeys: String, CodingKey {
        case count, scheme, authority, userinfo, host, hostKind, port, path, query, fragment
    }

    /// Encodes every key; ranges as `[start, end]` UTF-8 offsets.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encodeOrNull(scheme, forKey: .scheme)
        try container.encodeOrNull(authority, forKey: .authority)
        try container.encodeOrNull(userinfo, forKey: .userinfo)
        try container.encodeOrNull(host, forKey: .host)
        try container.encodeOrNull(hostKind, forKey: .hostKind)
        try container.encodeOrNull(port, forKey: .port)
        try container.encode(path, forKey: .path)
        try container.encodeOrNull(query, forKey: .query)
        try container.encodeOrNull(fragment, forKey: .fragment)
    }
}

/// `{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}`, `null` when absent: the
/// components object of `parse --json`. Decoding does not validate, as ``URIComponents`` itself
/// does not until ``URIComponents/build()``.
extension URIComponents: Codable {
    enum CodingKeys: String, CodingKey { case scheme, userinfo, host, port, path, query, fragment }

    /// Encodes every key, `null` for an absent component.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeOrNull(scheme, forKey: .scheme)
        try container.encodeOrNull(userinfo, forKey: .userinfo)
        try container.encodeOrNull(host, forKey: .host)
        try container.encodeOrNull(port, forKey: .port)
        try container.encode(path, forKey: .path)
        try container.encodeOrNull(query, forKey: .query)
        try container.encodeOrNull(fragment, forKey: .fragment)
    }

    /// Decodes the components; a missing key is an absent component, a missing path is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            scheme: try container.decodeIfPresent(String.self, forKey: .scheme),
            userinfo: try container.decodeIfPresent(String.self, forKey: .userinfo),
            host: try container.decodeIfPresent(String.self, forKey: .host),
            port: try container.decodeIfPresent(String.self, forKey: .port),
            path: try container.decodeIfPresent(String.self, forKey: .path) ?? "",
            query: try container.decodeIfPresent(String.self, forKey: .query),
            fragment: try container.decodeIfPresent(String.self, forKey: .fragment))
    }
}

/// `{"kind", "component", "offset", "underlying"}`, `null` where there is none.
extension URIBuildError: Encodable {
    enum CodingKeys: String, CodingKey { case kind, component, offset, underlying }

    /// Encodes every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(component, forKey: .component)
        try container.encodeOrNull(offset, forKey: .offset)
        try container.encodeOrNull(underlying, forKey: .underlying)
    }
}

/// `{"kind", "reason"}`.
extension ReferenceResolutionError: Encodable {
    enum CodingKeys: String, CodingKey { case kind, reason }

    /// Encodes the kind's code and the reason.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(reason, forKey: .reason)
    }
}
