@_spi(Toolkit) import RedirectURIKit

/// The analysis of one input: the JSON contract of `parse --json`, one object per input.
///
/// Every key is always present; absent values are `null`. The shape is stable: tools rely on it.
/// The report holds the library's own values — the parse error, the components, the decoded
/// parameters, the diagnostics — and they encode themselves with the library's `Codable`
/// conformances, so that `parse --json` and an app encoding the same values print the same
/// objects (one contract): the report has no shape of its own but its top-level object.
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
    /// A recognised broker message: the library's message, encoded as the library encodes it
    /// (`{"type", "protocol", "fields", "problems"}`).
    public var message: BrokerMessage?
    /// The verification verdict, when verification was asked for: the library's verdict, encoded
    /// as the library encodes it (`{"accepted", "rule", "matched", "explanation", "nearMiss"}`),
    /// its diagnostics printed with ``diagnostics``.
    public var verdict: VerificationVerdict?
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
        try container.encode(verdict.map(VerdictObject.init), forKey: .verdict)
        try container.encode(diagnostics, forKey: .diagnostics)
    }

    /// The verdict's object without its diagnostics, which the report lists with the others.
    struct VerdictObject: Encodable {
        let verdict: VerificationVerdict
        func encode(to encoder: any Encoder) throws { try verdict.encode(to: encoder, withDiagnostics: false) }
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
