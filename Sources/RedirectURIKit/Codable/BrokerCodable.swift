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

/// `{"type", "protocol", "fields", "problems"}`: the message object of `parse --json`. `type` is
/// `broker-request`, `broker-response`, `broker-error-response` or `null`; `protocol` the protocol
/// version; `fields` the fields by parameter name (a request's also `endpoint`,
/// `redirect_uri.form`, `redirect_uri.bundle_id` and `unknown_parameters`, its names that are no
/// field); `problems` the description of each of ``BrokerMessage/problems``, which starts with
/// its code.
///
/// Encodable only: decode the URL and read it again.
extension BrokerMessage: Encodable {
    enum CodingKeys: String, CodingKey { case type, `protocol`, fields, problems }

    /// Encodes every key, `null` for no type or no valid protocol version.
    public func encode(to encoder: any Encoder) throws {
        let summary = self.summary
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeOrNull(summary.type, forKey: .type)
        try container.encodeOrNull(summary.protocolVersion, forKey: .protocol)
        try container.encode(summary.fields, forKey: .fields)
        try container.encode(summary.problems.map(\.description), forKey: .problems)
    }

    /// What the message's object says, as values.
    @_spi(Toolkit)
    public struct Summary: Sendable, Equatable {
        /// `broker-request`, `broker-response` or `broker-error-response`; `nil` for none.
        public var type: String?
        /// The protocol version, when the message reads as what it is and has a valid one.
        public var protocolVersion: Int?
        /// The fields by parameter name.
        public var fields: [String: String] = [:]
        /// What is wrong with the message (``BrokerMessage/problems``).
        public var problems: [BrokerMessageError] = []
    }

    /// The message as its object describes it. Nothing is parsed again but a request's
    /// `authority`, which its problems judge.
    @_spi(Toolkit)
    public var summary: Summary {
        var summary = Summary(type: recognition.code)
        switch recognition {
        case .request:
            do {
                let request = try BrokerRequest.parseParameters(self)
                summary.protocolVersion = request.protocolVersion
                summary.fields = Self.fields(of: request)
                // What verification thinks of the redirect_uri is the verdict's: not a problem here.
                summary.problems = request.problems()
            } catch {
                summary.problems = [error]
            }
        case .response, .errorResponse:
            do {
                let response = try BrokerResponse(self)
                summary.type = response.kind.rawValue
                summary.protocolVersion = response.protocolVersion
                summary.fields["redirect_uri"] = String(response.redirectURI)
                for name in BrokerResponse.fieldNames {
                    if let value = value(name) { summary.fields[name] = value }
                }
            } catch {
                summary.problems = [error]
            }
        case .none:
            break
        }
        return summary
    }

    /// A request's fields by name: the first value of each field, the endpoint, the redirect
    /// URI's form and bundle ID, and the names that are no field, in order.
    static func fields(of request: BrokerRequest) -> [String: String] {
        var fields: [String: String] = ["endpoint": request.endpoint.rawValue]
        var unknown: [String] = []
        for parameter in request.parameters {
            if BrokerRequest.knownNames.contains(parameter.name) {
                if fields[parameter.name] == nil { fields[parameter.name] = parameter.value ?? "" }
            } else {
                unknown.append(parameter.name)
            }
        }
        if let redirect = request.redirectURI {
            fields["redirect_uri.form"] = redirect.form.rawValue
            fields["redirect_uri.bundle_id"] = redirect.bundleID?.description
        }
        if !unknown.isEmpty { fields["unknown_parameters"] = unknown.joined(separator: ",") }
        return fields
    }
}

extension BrokerMessage: Equatable {
    /// Messages are equal when they read the same URL (a URL reads one way only).
    public static func == (lhs: BrokerMessage, rhs: BrokerMessage) -> Bool { lhs.url == rhs.url }
}
