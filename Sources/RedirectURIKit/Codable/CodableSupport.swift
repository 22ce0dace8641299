// Shared by the Codable conformances of this folder. They are written by hand: Swift synthesizes
// Codable only in the file that declares a type, and the encodings here must match the JSON that
// `parse --json` writes (absent values as explicit nulls, codes as strings), which synthesis
// would not do.
//
// The rule for errors: every error type is Encodable (`{"kind": code, …}`), and only its Kind is
// Codable. An error describes one input's failure, which a decoder cannot check; decode the input
// and parse it again instead.

extension KeyedEncodingContainer {
    /// Writes `value`, or an explicit `null` when it is `nil` (the JSON contract keeps every key).
    mutating func encodeOrNull<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}

extension DecodingError {
    /// The error for a value that has the right type but is not valid, with the reason.
    static func invalid(_ reason: String, in decoder: any Decoder, underlying: (any Error)? = nil) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: reason, underlyingError: underlying))
    }
}

/// Encodes an error kind as its stable code.
func encodeCode(_ code: String, to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(code)
}

/// Decodes one of `kinds` from its stable code.
func decodeKind<Kind>(_ kinds: [Kind], code: (Kind) -> String, from decoder: any Decoder, what: String) throws -> Kind {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let kind = kinds.first(where: { code($0) == text }) else {
        throw DecodingError.invalid("unknown \(what) '\(text)'", in: decoder)
    }
    return kind
}

/// An error kind is Codable as its stable code: `"invalid-port"`. The conformance every coded
/// error's kinds share, written once.
extension ErrorKind: Codable {
    /// Encodes the kind as its stable code, e.g. `"invalid-port"`.
    public func encode(to encoder: any Encoder) throws { try encodeCode(code, to: encoder) }

    /// Decodes one of the codes of ``allKinds``.
    public init(from decoder: any Decoder) throws {
        self = try decodeKind(Self.allKinds, code: \.code, from: decoder, what: "\(Owner.self) kind")
    }
}
