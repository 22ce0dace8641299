// Codable conformances for the redirect-URI types (Redirect/), kept apart from the rule engine so
// that the rules can change without touching their encoding. Redirect URIs and bundle IDs decode
// by validating their text again; a verdict or a classification is Encodable only (see below).
// FindingSeverity and FindingCode are Codable where they are declared.

extension RedirectForm: Codable {}

extension VerdictIdentity: Codable {}

extension RedirectDiagnostic: Codable {
    enum CodingKeys: String, CodingKey { case severity, code, message }

    /// Encodes `{"severity", "code", "message"}`: a diagnostic of `parse --json`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
    }

    /// Decodes `{"severity", "code", "message"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(FindingSeverity.self, forKey: .severity), try container.decode(FindingCode.self, forKey: .code),
            try container.decode(String.self, forKey: .message))
    }
}

extension BundleID: Codable {
    /// Encodes the bundle ID as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes a text that must be a valid bundle ID.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let bundleID = BundleID(text) else { throw DecodingError.invalid("'\(text)' is not a bundle ID", in: decoder) }
        self = bundleID
    }
}

extension RedirectURI: Codable {
    /// Encodes the redirect URI as its text; its form and bundle ID follow from it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes a text, parses it as an absolute URI and classifies it.
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose underlying error is the ``URIParseError``.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try RedirectURI(parsing: text)
        } catch {
            throw DecodingError.invalid("not an absolute RFC 3986 URI: \(error.kind) at offset \(error.offset)", in: decoder, underlying: error)
        }
    }
}

extension VerificationRule: Codable {
    /// Encodes the rule as its stable identifier: `"exact-match"`.
    public func encode(to encoder: any Encoder) throws { try encodeCode(identifier, to: encoder) }

    /// Decodes the identifier of one of ``VerificationRule/all``.
    public init(from decoder: any Decoder) throws {
        self = try decodeKind(VerificationRule.all, code: \.identifier, from: decoder, what: "verification rule")
    }
}

/// `{"accepted", "rule", "matched", "explanation", "diagnostics"}`: the verdict object of
/// `parse --json` (`rule` is the failed rule's identifier), plus the verdict's diagnostics.
///
/// Encodable only: a verdict is a decision about a presented URI, registered URIs and a caller,
/// none of which it holds; a decoded one could not be checked. Verify again instead.
extension VerificationVerdict: Encodable {
    enum CodingKeys: String, CodingKey { case accepted, rule, field, identity, matched, explanation, nearMiss, diagnostics }

    /// Encodes every key, `null` for no failed rule, no match or no near miss.
    public func encode(to encoder: any Encoder) throws { try encode(to: encoder, withDiagnostics: true) }

    /// The verdict object, with or without its `diagnostics`: `parse --json` prints them with the
    /// input's other findings, and the verdict object without them (the one shape of a verdict,
    /// written here).
    @_spi(Toolkit)
    public func encode(to encoder: any Encoder, withDiagnostics: Bool) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accepted, forKey: .accepted)
        try container.encodeOrNull(failedRule, forKey: .rule)
        try container.encodeOrNull(field, forKey: .field)
        try container.encodeOrNull(identity, forKey: .identity)
        try container.encodeOrNull(matched, forKey: .matched)
        try container.encode(explanation, forKey: .explanation)
        try container.encodeOrNull(nearMiss, forKey: .nearMiss)
        if withDiagnostics { try container.encode(diagnostics, forKey: .diagnostics) }
    }

    /// A verdict that a report states in its own words: the report's verification found what
    /// the verifier could not know (no registrations were given, or a host conversion was
    /// refused), and the explanation says so.
    @_spi(Toolkit)
    public init(accepted: Bool, failedRule: VerificationRule?, explanation: String, diagnostics: [RedirectDiagnostic] = []) {
        self.init(accepted: accepted, failedRule: failedRule, matched: nil, diagnostics: diagnostics, reason: explanation)
    }
}

/// `{"registered", "difference", "component", "message"}`, `component` `null` when the difference
/// is not in one component (whitespace around the text).
///
/// Encodable only, like the verdict that holds it.
extension NearMiss: Encodable {
    enum CodingKeys: String, CodingKey { case registered, difference, component, message }

    /// Encodes every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(registered, forKey: .registered)
        try container.encode(difference, forKey: .difference)
        try container.encodeOrNull(component, forKey: .component)
        try container.encode(message, forKey: .message)
    }
}

extension ResponseRouting.Outcome: Codable {}

extension ResponseRouting: Codable {
    enum CodingKeys: String, CodingKey { case belongs, outcome, diagnostics }

    /// Encodes `{"belongs", "outcome", "diagnostics"}` (`belongs` follows from `outcome`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(belongs, forKey: .belongs)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(diagnostics, forKey: .diagnostics)
    }

    /// Decodes `outcome` and `diagnostics`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            outcome: try container.decode(Outcome.self, forKey: .outcome),
            diagnostics: try container.decode([RedirectDiagnostic].self, forKey: .diagnostics))
    }
}

/// `{"form", "bundleIDRange", "ranges"}`, ranges as `[start, end]` UTF-8 offsets.
///
/// Encodable only, like ``URIComponentRanges``: offsets need the text they index.
extension RedirectClassification: Encodable {
    enum CodingKeys: String, CodingKey { case form, bundleIDRange, ranges }

    /// Encodes every key, `null` when the form carries no bundle ID in place.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(form, forKey: .form)
        try container.encodeOrNull(bundleIDRange, forKey: .bundleIDRange)
        try container.encode(ranges, forKey: .ranges)
    }
}

/// `{"kind", "detail", "offset", "underlying"}`, `null` where there is none.
extension RedirectBuildError: Encodable {
    enum CodingKeys: String, CodingKey { case kind, detail, offset, underlying }

    /// Encodes every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodeOrNull(detail, forKey: .detail)
        try container.encodeOrNull(offset, forKey: .offset)
        try container.encodeOrNull(underlying, forKey: .underlying)
    }
}
