/// A problem with a broker message, naming the parameter at fault.
///
/// The shape of every error of this package (``CodedError``): a kind with a stable code, the byte
/// offset where the problem is (when it has one), and the error underneath kept as a value.
public struct BrokerMessageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error underneath, kept as a value.
    public enum Underlying: Sendable, Hashable, CustomStringConvertible {
        /// The URL did not parse.
        case parse(URIParseError)
        /// A parameter could not be read unambiguously.
        case query(QueryParameterError)

        /// The underlying error's description.
        public var description: String {
            switch self {
            case .parse(let error): "\(error.kind) at offset \(error.offset)"
            case .query(let error): error.description
            }
        }
    }

    /// What is wrong.
    public var kind: Kind
    /// The parameter at fault, when there is one.
    public var parameter: String?
    /// The byte offset in the message's URL where the problem is, when known.
    public var offset: Int?
    /// Details for people.
    public var detail: String?
    /// The error underneath, when another error caused this one.
    public var underlying: Underlying?

    /// Creates an error.
    public init(_ kind: Kind, parameter: String? = nil, offset: Int? = nil, detail: String? = nil, underlying: Underlying? = nil) {
        self.kind = kind
        self.parameter = parameter
        self.offset = offset
        self.detail = detail
        self.underlying = underlying
    }

    /// The URL did not parse.
    init(parsing error: URIParseError) {
        self.init(.invalidURI, offset: error.offset, underlying: .parse(error))
    }

    /// A parameter of the query that starts at `queryStart` in the URL could not be read.
    init(_ error: QueryParameterError, queryStart: Int) {
        self.init(
            error.kind == .duplicateParameter ? .duplicateParameter : .invalidEncoding, parameter: error.name,
            offset: error.offset.map { $0 &+ queryStart }, underlying: .query(error))
    }

    /// `code 'parameter': detail (underlying)`.
    public var description: String {
        var text = kind.code
        if let parameter { text += " '\(parameter)'" }
        if let offset { text += " at offset \(offset)" }
        if let detail { text += ": \(detail)" }
        if let underlying { text += " (\(underlying))" }
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
        StringBytes.withUTF8(Substring(text)) { isUppercaseSHA256Hex($0) }
    }

    /// ``isUppercaseSHA256Hex(_:)-(StringProtocol)`` on bytes, sixteen at a time: four blocks and
    /// no branch per byte (a generic walk of a Substring cost 3,000 instructions per response).
    static func isUppercaseSHA256Hex(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 64, let base = bytes.baseAddress else { return false }
        var outside = VectorScan.Block(repeating: 0)
        var offset = 0
        while offset < 64 {
            let block = UnsafeRawPointer(base + offset).loadUnaligned(as: VectorScan.Block.self)
            let members = VectorScan.inRange(block, 0x30, 0x39) | VectorScan.inRange(block, 0x41, 0x46)
            outside |= VectorScan.outsideMask(block, members: members)
            offset &+= VectorScan.width
        }
        return outside == VectorScan.Block(repeating: 0)
    }

    /// The plain definition the 16-byte check is tested against.
    static func isUppercaseSHA256HexByByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == 64 && bytes.allSatisfy { ByteClass.digit.contains($0) || (ASCII.uppercaseA...ASCII.uppercaseF).contains($0) }
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
        StringBytes.withUTF8(text) { protocolVersion($0) }
    }

    /// ``protocolVersion(_:)-(String)`` on bytes.
    static func protocolVersion(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard (1...3).contains(bytes.count), bytes[0] != ASCII.digitZero else { return nil }
        var version = 0
        for byte in bytes {
            guard ByteClass.digit.contains(byte) else { return nil }
            version = version &* 10 &+ Int(byte &- ASCII.digitZero)
        }
        return version
    }
}

extension BrokerMessageError: CodedError {
    /// Each kind's code and explanation, at the kind's row.
    public static let codes: [(code: String, explanation: String)] = [
        // One code, one meaning: what the redirect builders mean by it.
        ("invalid-uri", RedirectBuildError.Kind.invalidURI.explanation),
        (
            "not-a-broker-request",
            "a broker request is msauth://broker, msauthv2://broker, msauthv3://broker or https://login.microsoftonline.com/applebroker/msauthv2, with a query and no fragment"
        ),
        ("not-a-broker-response", "a broker response has a query and no fragment, and comes to the app's redirect URI, not to a broker endpoint"),
        ("missing-parameter", "a required parameter is absent"),
        ("duplicate-parameter", QueryParameterError.Kind.duplicateParameter.explanation),
        ("invalid-value", "the parameter's value does not have the required syntax"),
        ("invalid-encoding", QueryParameterError.Kind.invalidEncoding.explanation),
        ("unbindable-redirect-uri", "the redirect_uri is not one a broker can bind to the caller"),
        (
            "look-alike-parameter",
            "a server that folds names (letter case, width and compatibility forms, surrounding whitespace, NUL, PHP's '.' for '_') reads the parameter's name as a field's, and so a different message than the broker"
        ),
    ]
}

extension ErrorKind where Owner == BrokerMessageError {
    /// The URL is not a valid RFC 3986 URI.
    public static var invalidURI: Self { Self(rawValue: 0) }
    /// The URL is not a broker request (scheme, host or path).
    public static var notABrokerRequest: Self { Self(rawValue: 1) }
    /// The URL is not a broker response (no query, a fragment, or addressed to a broker endpoint).
    public static var notABrokerResponse: Self { Self(rawValue: 2) }
    /// A required parameter is absent.
    public static var missingParameter: Self { Self(rawValue: 3) }
    /// A parameter appears more than once (parameter pollution).
    public static var duplicateParameter: Self { Self(rawValue: 4) }
    /// A parameter's value does not have the required syntax.
    public static var invalidValue: Self { Self(rawValue: 5) }
    /// A name or value does not percent-decode to UTF-8.
    public static var invalidEncoding: Self { Self(rawValue: 6) }
    /// The nested `redirect_uri` is not one a broker can bind to the caller. (Its code was
    /// `invalid-redirect-uri`, which the registration lint also used for another meaning.)
    public static var unbindableRedirectURI: Self { Self(rawValue: 7) }
    /// A name that a server which folds names reads as a field's (`REDIRECT_URI`,
    /// `redirect_uri+`, `ｒedirect_uri`, `redirect_uri%00x`, `redirect.uri`).
    public static var lookAlikeParameter: Self { Self(rawValue: 8) }
}
