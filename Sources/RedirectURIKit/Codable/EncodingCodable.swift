// Codable conformances for percent-encoding and query types (Encoding/).

/// `{"kind", "offset"}`.
extension PercentDecodingError: Encodable {
    enum CodingKeys: String, CodingKey { case kind, offset }

    /// Encodes the kind's code and the offset.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(offset, forKey: .offset)
    }
}

/// `{"kind", "name", "offset", "underlying"}`, `null` where there is none.
extension QueryParameterError: Encodable {
    enum CodingKeys: String, CodingKey { case kind, name, offset, underlying }

    /// Encodes every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encodeOrNull(offset, forKey: .offset)
        try container.encodeOrNull(underlying, forKey: .underlying)
    }
}

extension QueryDecoding: Codable {
    /// `rfc3986` or `form`.
    public var code: String { self == .form ? "form" : "rfc3986" }

    /// Encodes the decoding as its ``code``.
    public func encode(to encoder: any Encoder) throws { try encodeCode(code, to: encoder) }

    /// Decodes a ``code``.
    public init(from decoder: any Decoder) throws {
        self = try decodeKind([QueryDecoding.rfc3986, .form], code: \.code, from: decoder, what: "query decoding")
    }
}
