/// A problem with a broker message, naming the parameter at fault.
public struct BrokerMessageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of problem; ``Kind/code`` is stable.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// A stable identifier.
        public let code: String
        init(_ code: String) { self.code = code }
        /// The code.
        public var description: String { code }

        /// The URL is not a valid RFC 3986 URI.
        public static let invalidURI = Kind("invalid-uri")
        /// The URL is not a broker request (scheme, host or path).
        public static let notABrokerRequest = Kind("not-a-broker-request")
        /// The URL is not a broker response.
        public static let notABrokerResponse = Kind("not-a-broker-response")
        /// A required parameter is absent.
        public static let missingParameter = Kind("missing-parameter")
        /// A parameter appears more than once (parameter pollution).
        public static let duplicateParameter = Kind("duplicate-parameter")
        /// A parameter's value does not have the required syntax.
        public static let invalidValue = Kind("invalid-value")
        /// A name or value does not percent-decode to UTF-8.
        public static let invalidEncoding = Kind("invalid-encoding")
        /// The nested `redirect_uri` is not acceptable (SPEC §5–6).
        public static let invalidRedirectURI = Kind("invalid-redirect-uri")
        /// The response does not come back to the request's redirect URI (SPEC §7).
        public static let redirectMismatch = Kind("redirect-mismatch")
    }

    /// What is wrong.
    public var kind: Kind
    /// The parameter at fault, when there is one.
    public var parameter: String?
    /// Details for people.
    public var detail: String?

    /// Creates an error.
    public init(_ kind: Kind, parameter: String? = nil, detail: String? = nil) {
        self.kind = kind
        self.parameter = parameter
        self.detail = detail
    }

    /// `code [parameter]: detail`.
    public var description: String {
        var text = kind.code
        if let parameter { text += " '\(parameter)'" }
        if let detail { text += ": \(detail)" }
        return text
    }
}

/// Syntax checks for broker parameter values, without Foundation.
enum BrokerValueSyntax {
    /// `8-4-4-4-12` hex digits, either case.
    static func isUUID(_ text: some StringProtocol) -> Bool {
        StringBytes.withUTF8(Substring(text)) { UUIDSyntax.isUUID($0) }
    }

    /// Exactly 64 uppercase hex digits (a SHA-256, as brokers write it).
    static func isUppercaseSHA256Hex(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ByteClass.digit.contains($0) || (ASCII.uppercaseA...ASCII.uppercaseF).contains($0) }
    }

    /// A broker flag: `YES`/`NO`, `true`/`false`, `1`/`0`.
    static func flag(_ text: String) -> Bool? {
        switch text {
        case "YES", "yes", "true", "1": return true
        case "NO", "no", "false", "0": return false
        default: return nil
        }
    }

    /// A protocol version: 1–3 decimal digits without a leading zero.
    static func protocolVersion(_ text: String) -> Int? {
        guard (1...3).contains(text.utf8.count), text.utf8.first != ASCII.digitZero,
            text.utf8.allSatisfy({ ByteClass.digit.contains($0) })
        else { return nil }
        return Int(text)
    }
}
