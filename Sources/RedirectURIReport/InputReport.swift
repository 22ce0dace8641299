import RedirectURIKit

/// The analysis of one input: the JSON contract of `parse --json`, one object per input.
///
/// Every key is always present; absent values are `null`. The shape is stable: tools rely on it.
/// The report holds the library's own values — the parse error, the components, the decoded
/// parameters, the diagnostics — and they encode themselves with the library's `Codable`
/// conformances, so that `parse --json` and an app encoding the same values print the same
/// objects (one contract). Only the broker-message summary and the verdict are shapes of the
/// report's own.
/// `input` echoes at most the first ``echoLimit`` bytes of the input; `inputLength` is the
/// input's length in bytes, and `inputSHA256` its SHA-256 (lowercase hex) when `input` was cut,
/// `null` otherwise. The components and parameters are always complete.
///
/// ```json
/// {"input": "...", "inputLength": 3, "inputSHA256": null, "valid": true, "error": null,
///  "components": {"scheme": "...", "userinfo": null, "host": "...", "port": null,
///                 "path": "...", "query": null, "fragment": null},
///  "form": null, "bundleID": null, "clientID": null, "inner": null, "parameters": null,
///  "message": null, "verdict": null, "diagnostics": []}
/// ```
public struct InputReport: Sendable, Equatable, Encodable {
    /// The longest input echoed whole, in bytes; longer inputs echo their first bytes (cut
    /// before a UTF-8 sequence rather than through it) and carry `inputSHA256`.
    public static let echoLimit = 1_024

    /// The input as text (invalid UTF-8 shown as U+FFFD), at most its first ``echoLimit`` bytes.
    public var input: String
    /// The input's length in bytes.
    public var inputLength: Int
    /// The SHA-256 of the input's bytes (64 lowercase hex digits) when ``input`` holds only its
    /// first bytes; `nil` when ``input`` is the whole input.
    public var inputSHA256: String?
    /// Whether the input is an RFC 3986 URI-reference (§4.1).
    public var valid: Bool
    /// Why the input is not valid (`{"kind", "offset", "message"}`).
    public var error: URIParseError?
    /// The components, when valid (`null` for an absent component, `""` for an empty one).
    public var components: URIComponents?
    /// The redirect-URI form (`adal-broker`, `msal-broker`, …), when valid.
    public var form: String?
    /// The bundle ID (or Android package) carried by the redirect URI.
    public var bundleID: String?
    /// The client ID of the client-ID form (`msal<client ID>://auth`).
    public var clientID: String?
    /// The decoded inner URI of a certificate-auth wrapper, analysed the same way.
    public var inner: Box?
    /// The decoded query parameters, in order, when the input has a query (`{"name", "value"}`,
    /// `value` `null` for a piece without `=`). A broker message's are form-decoded, any other
    /// query's RFC 3986-decoded; a piece that does not decode is shown as written.
    public var parameters: [BrokerParameter]?
    /// A recognised broker message.
    public var message: MessageReport?
    /// The verification verdict, when verification was asked for.
    public var verdict: VerdictReport?
    /// Findings that do not make the input invalid (`{"severity", "code", "message"}`); every
    /// code is in the registry (``InputAnalyzer/findingRegistry``).
    public var diagnostics: [RedirectDiagnostic]

    /// Creates a report with every optional field empty; `inputLength` is the text's length.
    public init(input: String, valid: Bool) {
        self.input = input
        self.inputLength = input.utf8.count
        self.valid = valid
        self.diagnostics = []
    }

    enum CodingKeys: String, CodingKey {
        case input, inputLength, inputSHA256, valid, error, components, form, bundleID, clientID, inner, parameters,
            message, verdict, diagnostics
    }

    /// Encodes every key, writing `null` for absent values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(input, forKey: .input)
        try container.encode(inputLength, forKey: .inputLength)
        try container.encode(inputSHA256, forKey: .inputSHA256)
        try container.encode(valid, forKey: .valid)
        try container.encode(error, forKey: .error)
        try container.encode(components, forKey: .components)
        try container.encode(form, forKey: .form)
        try container.encode(bundleID, forKey: .bundleID)
        try container.encode(clientID, forKey: .clientID)
        try container.encode(inner, forKey: .inner)
        try container.encode(parameters, forKey: .parameters)
        try container.encode(message, forKey: .message)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(diagnostics, forKey: .diagnostics)
    }

    /// Holds a nested report (the inner URI of a wrapper) inside a value type.
    public final class Box: Sendable, Equatable, Encodable {
        /// The nested report.
        public let report: InputReport
        /// Wraps a report.
        public init(_ report: InputReport) { self.report = report }
        /// Compares the nested reports.
        public static func == (lhs: Box, rhs: Box) -> Bool { lhs.report == rhs.report }
        /// Encodes the nested report in place.
        public func encode(to encoder: any Encoder) throws { try report.encode(to: encoder) }
    }
}

/// A broker message (`{"type", "protocol", "fields", "problems"}`).
public struct MessageReport: Sendable, Equatable, Encodable {
    /// `broker-request`, `broker-response` or `broker-error-response`.
    public var type: String
    /// The protocol version.
    public var `protocol`: Int?
    /// The typed fields, by parameter name.
    public var fields: [String: String]
    /// What is wrong with the message.
    public var problems: [String]

    /// Creates a message report.
    public init(type: String, protocol: Int?, fields: [String: String], problems: [String]) {
        self.type = type
        self.protocol = `protocol`
        self.fields = fields
        self.problems = problems
    }

    enum CodingKeys: String, CodingKey { case type, `protocol`, fields, problems }

    /// Encodes every key, `null` for an unknown protocol.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(`protocol`, forKey: .protocol)
        try container.encode(fields, forKey: .fields)
        try container.encode(problems, forKey: .problems)
    }
}

/// `{"accepted": bool, "rule": "<failed rule or null>", "matched": "<registered URI or null>",
/// "explanation": "…", "nearMiss": {"registered", "difference", "component", "message"} or null}`
public struct VerdictReport: Sendable, Equatable, Encodable {
    /// Whether the presented URI is accepted.
    public var accepted: Bool
    /// The stable identifier of the failed rule.
    public var rule: String?
    /// The registered URI that matched.
    public var matched: String?
    /// One sentence explaining the verdict (not part of the JSON contract's required keys).
    public var explanation: String
    /// For a rejection, the nearest registered redirect URI and the one way it differs (the
    /// library's ``NearMiss``), when one differs in one way only.
    public var nearMiss: NearMiss?

    /// Creates a verdict report.
    public init(accepted: Bool, rule: String?, matched: String?, explanation: String, nearMiss: NearMiss? = nil) {
        self.accepted = accepted
        self.rule = rule
        self.matched = matched
        self.explanation = explanation
        self.nearMiss = nearMiss
    }

    enum CodingKeys: String, CodingKey { case accepted, rule, matched, explanation, nearMiss }

    /// Encodes every key, `null` for no rule or no match.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accepted, forKey: .accepted)
        try container.encode(rule, forKey: .rule)
        try container.encode(matched, forKey: .matched)
        try container.encode(explanation, forKey: .explanation)
        try container.encode(nearMiss, forKey: .nearMiss)
    }
}
