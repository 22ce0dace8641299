// Codable conformances for percent-encoding and query types (Encoding/, Broker/QueryParameters).

extension PercentDecodingError.Kind: Codable {}

extension PercentDecodingError: Codable {
    enum CodingKeys: String, CodingKey { case kind, offset }

    /// Encodes `{"kind", "offset"}`, the kind as its code (`invalid-utf8`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(offset, forKey: .offset)
    }

    /// Decodes `{"kind", "offset"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(Kind.self, forKey: .kind), at: try container.decode(Int.self, forKey: .offset))
    }
}

extension QueryDecoding: Codable {
    /// `rfc3986` or `form`.
    public var code: String { self == .form ? "form" : "rfc3986" }

    /// Encodes the decoding as its ``code``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }

    /// Decodes a ``code``.
    public init(from decoder: any Decoder) throws {
        switch try decoder.singleValueContainer().decode(String.self) {
        case "form": self = .form
        case "rfc3986": self = .rfc3986
        case let other: throw DecodingError.invalid("unknown query decoding '\(other)'", in: decoder)
        }
    }
}
