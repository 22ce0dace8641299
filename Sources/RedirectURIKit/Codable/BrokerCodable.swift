// Codable conformances for broker messages (Broker/). Messages decode by parsing their URL again.

extension BrokerParameter: Codable {
    enum CodingKeys: String, CodingKey { case name, value }

    /// Encodes `{"name", "value"}`, `null` for a piece without `=`: a parameter of `parse --json`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeOrNull(value, forKey: .value)
    }

    /// Decodes `{"name", "value"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(String.self, forKey: .name), try container.decodeIfPresent(String.self, forKey: .value))
    }
}

extension BrokerEndpoint: Codable {}

extension BrokerRequest: Codable {
    enum CodingKeys: String, CodingKey { case endpoint, parameters }

    /// Encodes `{"endpoint", "parameters"}`, the parameters decoded and in order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(endpoint, forKey: .endpoint)
        try container.encode(parameters, forKey: .parameters)
    }

    /// Decodes `{"endpoint", "parameters"}`: the request is written and read back, not judged
    /// (ask ``BrokerRequest/problems()``).
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose underlying error is the
    ///   ``BrokerMessageError``, when the request written does not read back.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let endpoint = try container.decode(BrokerEndpoint.self, forKey: .endpoint)
        let parameters = try container.decode([BrokerParameter].self, forKey: .parameters)
        do {
            try self.init(endpoint: endpoint, parameters: parameters)
        } catch {
            throw DecodingError.invalid("not a broker request: \(error)", in: decoder, underlying: error)
        }
    }
}

extension BrokerResponse.Kind: Codable {}

extension BrokerResponse: Codable {
    enum CodingKeys: String, CodingKey { case url, kind, protocolVersion, parameters }

    /// Encodes `{"url", "kind", "protocolVersion", "parameters"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(kind, forKey: .kind)
        try container.encodeOrNull(protocolVersion, forKey: .protocolVersion)
        try container.encode(parameters, forKey: .parameters)
    }

    /// Decodes `url` and reads the response from it again; the other keys are derived from it
    /// and are not read.
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose underlying error is the
    ///   ``BrokerMessageError``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let url = try container.decode(String.self, forKey: .url)
        do {
            self = try BrokerResponse(parsing: url)
        } catch {
            throw DecodingError.invalid("not a broker response: \(error)", in: decoder, underlying: error)
        }
    }
}

extension BrokerMessageError.Kind: CodedErrorKind {
    static let codableName = "broker message error kind"
}

/// `{"kind", "parameter", "offset", "detail", "underlying"}`, `null` where there is none;
/// `underlying` is the parse or query error's own object.
extension BrokerMessageError: Encodable {
    enum CodingKeys: String, CodingKey { case kind, parameter, offset, detail, underlying }

    /// Encodes every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodeOrNull(parameter, forKey: .parameter)
        try container.encodeOrNull(offset, forKey: .offset)
        try container.encodeOrNull(detail, forKey: .detail)
        switch underlying {
        case .parse(let error)?: try container.encode(error, forKey: .underlying)
        case .query(let error)?: try container.encode(error, forKey: .underlying)
        case nil: try container.encodeNil(forKey: .underlying)
        }
    }
}
