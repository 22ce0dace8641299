/// One decoded query parameter of a broker message.
public struct BrokerParameter: Sendable, Hashable {
    /// The decoded name.
    public var name: String
    /// The decoded value; `nil` for a piece written without `=`.
    public var value: String?

    /// Creates a parameter.
    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }

    /// `name=value&…`, each name and value form-encoded (uppercase hex, space as `+`), in order.
    ///
    /// A parameter with an empty name and no value has no written form (it would be an empty
    /// piece, which every reader skips), so it does not survive a round trip; give it a value.
    @_spi(Testing)
    public static func formEncodedQuery(_ parameters: [BrokerParameter]) -> String {
        parameters.map { parameter in
            PercentEncoding.formEncode(parameter.name) + (parameter.value.map { "=" + PercentEncoding.formEncode($0) } ?? "")
        }.joined(separator: "&")
    }
}

/// Where a broker request is sent: the broker's scheme, or its universal link.
public enum BrokerEndpoint: String, Sendable, Hashable, CaseIterable {
    /// `msauth://broker` — the ADAL protocol (`max_protocol_ver=2`).
    case msauth
    /// `msauthv2://broker` — the MSAL protocol (`msg_protocol_ver=3`).
    case msauthv2
    /// `msauthv3://broker` — MSAL, nonce-capable.
    case msauthv3
    /// `https://login.microsoftonline.com/applebroker/msauthv2` — the universal-link variant.
    case universalLink = "universal-link"

    /// The URL before `?`.
    var base: String {
        switch self {
        case .msauth: return "msauth://broker"
        case .msauthv2: return "msauthv2://broker"
        case .msauthv3: return "msauthv3://broker"
        case .universalLink: return "https://login.microsoftonline.com/applebroker/msauthv2"
        }
    }

    /// The endpoint a parsed URL addresses (scheme compared ignoring case, as RFC 3986 allows;
    /// host and path exactly), or `nil`.
    public init?(_ reference: URIReference) {
        guard let endpoint = reference.withBytes({ BrokerEndpoint(bytes: $0, reference.ranges) }) else { return nil }
        self = endpoint
    }

    /// The endpoint of a parsed URL, from its bytes and ranges.
    // Compared in the URL's bytes: every broker message is asked this, and slicing and
    // lowercasing the scheme as strings cost more than reading the rest of a response.
    init?(bytes: UnsafeBufferPointer<UInt8>, _ ranges: URIComponentRanges) {
        guard let scheme = ranges.scheme, ranges.userinfo == nil, ranges.port == nil, let host = ranges.host else { return nil }
        let endpoint: BrokerEndpoint? = {
            let scheme = UnsafeBufferPointer(rebasing: bytes[scheme])
            let host = UnsafeBufferPointer(rebasing: bytes[host])
            let path = UnsafeBufferPointer(rebasing: bytes[ranges.path])
            if path.isEmpty, host.equalsBytes(of: "broker") {
                if scheme.equalsASCIIIgnoringCase("msauth") { return .msauth }
                if scheme.equalsASCIIIgnoringCase("msauthv2") { return .msauthv2 }
                if scheme.equalsASCIIIgnoringCase("msauthv3") { return .msauthv3 }
            } else if scheme.equalsASCIIIgnoringCase("https"), host.equalsBytes(of: "login.microsoftonline.com"),
                path.equalsBytes(of: "/applebroker/msauthv2")
            {
                return .universalLink
            }
            return nil
        }()
        guard let endpoint else { return nil }
        self = endpoint
    }
}

/// A broker request URL: `msauth://broker?…`, `msauthv2://broker?…`, `msauthv3://broker?…` or the
/// universal link.
///
/// A request is a view of its ``BrokerMessage``: the URL, parsed once, whose query was walked once.
/// The typed accessors decode the field they read when asked, from where the walk found it;
/// ``problems()`` were found once, when the request was made; ``redirectURI`` is the nested
/// redirect URI the message parsed. `BrokerRequest(parsing: request.url)` gives back `request`.
///
/// A broker decides whether to answer with ``Registrations/verify(message:caller:)``: the
/// registrations for the request's client ID and the caller as iOS reported it, not the
/// request's word.
///
/// ```swift
/// let message = try BrokerMessage(parsing: "msauthv2://broker?msg_protocol_ver=3&client_id=…&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&…")
/// let verdict = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"])
///     .verify(message: message, caller: Caller(sourceApplication: sourceApplication))
/// let request = try BrokerRequest(message)
/// request.redirectURI?.bundleID     // "com.contoso.app"
/// ```
public struct BrokerRequest: Sendable, Equatable {
    /// The message the request is a view of.
    public let message: BrokerMessage
    /// Where the request goes.
    public let endpoint: BrokerEndpoint
    /// What ``problems()`` returns, when found as the request was made (a judged request);
    /// `nil` for one read without judging, whose problems are found from the pieces when asked.
    let problemList: [BrokerMessageError]?

    /// Writes a request URL from its parts (each name and value form-encoded, in order) and reads
    /// it back; nothing is judged until ``problems()``.
    ///
    /// - Throws: ``BrokerMessageError`` when the URL written does not read back as a request (it
    ///   always does: the encoding leaves nothing to misread; the error is the reader's word).
    @_spi(Testing)
    public init(endpoint: BrokerEndpoint, parameters: [BrokerParameter]) throws(BrokerMessageError) {
        self = try Self.parseParameters(endpoint.base + "?" + BrokerParameter.formEncodedQuery(parameters))
    }

    /// A view of a message that reads as a request; `judged`: find its problems now.
    init(viewing message: BrokerMessage, endpoint: BrokerEndpoint, judged: Bool) {
        self.message = message
        self.endpoint = endpoint
        problemList = judged ? Self.problems(of: message, endpoint: endpoint) : nil
    }

    /// Parses a broker request URL and requires it to have no problems.
    ///
    /// - Throws: ``BrokerMessageError``: why the URL is not a broker request, why its parameters
    ///   are ambiguous (``BrokerMessage/ambiguity``), or else the first of ``problems()``.
    public init(parsing text: String) throws(BrokerMessageError) {
        try self.init(BrokerMessage(parsing: text))
    }

    /// Reads a message as a request and requires it to have no problems (the URL is not parsed
    /// again).
    ///
    /// - Throws: ``BrokerMessageError``: why the message is not a broker request, why its
    ///   parameters are ambiguous (``BrokerMessage/ambiguity``), or else the first of ``problems()``.
    public init(_ message: BrokerMessage) throws(BrokerMessageError) {
        let request = try Self.view(message, judged: true)
        if let problem = request.problemList?.first { throw problem }
        self = request
    }

    /// Parses a broker request URL without judging its parameters.
    public static func parseParameters(_ text: String) throws(BrokerMessageError) -> BrokerRequest {
        try parseParameters(BrokerMessage(parsing: text))
    }

    /// Reads the endpoint and parameters of a message.
    ///
    /// - Throws: ``BrokerMessageError`` `not-a-broker-request` when the message is not addressed
    ///   to a broker or has a fragment, `invalid-encoding` when a parameter does not decode.
    public static func parseParameters(_ message: BrokerMessage) throws(BrokerMessageError) -> BrokerRequest {
        try view(message, judged: false)
    }

    /// The request view of a message, or why the message cannot be read as one.
    static func view(_ message: BrokerMessage, judged: Bool) throws(BrokerMessageError) -> BrokerRequest {
        guard case .request(let endpoint) = message.recognition, message.url.ranges.fragment == nil else {
            throw BrokerMessageError(.notABrokerRequest)
        }
        if let ambiguity = message.ambiguity, ambiguity.kind == .invalidEncoding { throw ambiguity }
        return BrokerRequest(viewing: message, endpoint: endpoint, judged: judged)
    }

    /// The URL, parsed (as ``BrokerResponse/url`` is): its text is ``URIReference/text``.
    public var url: URIReference { message.url }

    /// Every parameter, decoded (form decoding: `+` is a space), in order.
    public var parameters: [BrokerParameter] { message.decodedParameters ?? [] }

    /// The value of `name` when it appears exactly once (`""` for a piece without `=`): for a
    /// parameter the typed accessors do not read.
    public func value(_ name: String) -> String? { message.value(name) }

    /// The value of `field` when it appears exactly once, decoded now: what every accessor reads.
    func value(_ field: BrokerField) -> String? { message.value(field) }

    /// The parameters brokers define (the request fields); anything else is kept in ``unknownParameters``.
    @_spi(Toolkit)
    public static let knownNames: Set<String> = Set(BrokerField.allCases.filter(\.isRequestField).map(\.text))

    /// Parameters that are not request fields brokers define, in order.
    public var unknownParameters: [BrokerParameter] { parameters.filter { !Self.knownNames.contains($0.name) } }

    /// `msg_protocol_ver` (MSAL) or else `max_protocol_ver` (ADAL), when valid.
    public var protocolVersion: Int? {
        (value(.msgProtocolVer) ?? value(.maxProtocolVer)).flatMap(BrokerValueSyntax.protocolVersion)
    }
    /// Whether the request speaks the ADAL protocol (`max_protocol_ver`, `resource`).
    public var isADALProtocol: Bool { value(.msgProtocolVer) == nil && value(.maxProtocolVer) != nil }
    /// `client_id` (a UUID).
    public var clientID: String? { value(.clientID) }
    /// `correlation_id` (a UUID).
    public var correlationID: String? { value(.correlationID) }
    /// `broker_key` (base64url).
    public var brokerKey: String? { value(.brokerKey) }
    /// `broker_nonce`.
    public var brokerNonce: String? { value(.brokerNonce) }
    /// `client_version`.
    public var clientVersion: String? { value(.clientVersion) }
    /// `resource` (ADAL).
    public var resource: String? { value(.resource) }
    /// `scope` (MSAL), space-separated.
    public var scope: String? { value(.scope) }
    /// `claims` (JSON text, not interpreted).
    public var claims: String? { value(.claims) }
    /// `login_hint`, or else `username`.
    public var loginHint: String? { value(.loginHint) ?? value(.username) }
    /// `prompt`.
    public var prompt: String? { value(.prompt) }
    /// `force` as a flag (`YES`/`NO`, `true`/`false`, `1`/`0`).
    public var force: Bool? { value(.force).flatMap(BrokerValueSyntax.flag) }
    /// `skip_cache` as a flag.
    public var skipCache: Bool? { value(.skipCache).flatMap(BrokerValueSyntax.flag) }
    /// `authority`, parsed (an https URI).
    public var authority: URIReference? { value(.authority).flatMap { try? URIReference(parsing: $0, as: .uri) } }
    /// `redirect_uri`, parsed and classified: the one the message parsed when it was read.
    public var redirectURI: RedirectURI? { message.redirectURI }

    /// Everything wrong with the request that can be seen without keys: ambiguous parameters (a
    /// name twice, or a look-alike of a field's: see ``BrokerMessage/ambiguity``), missing
    /// required parameters, malformed values in parameter order. Found from the pieces the
    /// message's walk kept (nothing walked or parsed again but `authority`), once when the request
    /// was made by a judging reader (``init(_:)``, ``init(parsing:)``), else when asked.
    ///
    /// Required: `authority`, `client_id`, `redirect_uri`, `correlation_id`, `broker_key`,
    /// `client_version`, and a protocol version — `max_protocol_ver` with `resource` for the ADAL
    /// protocol (always on `msauth://`), `msg_protocol_ver` with `scope` for MSAL — and
    /// `broker_nonce` on `msauthv3://`, the nonce scheme.
    public func problems() -> [BrokerMessageError] { problemList ?? Self.problems(of: message, endpoint: endpoint) }

    /// The fields every request needs, and those the ADAL and the MSAL protocols add.
    static let requiredFields = BrokerField.FieldSet([.authority, .clientID, .redirectURI, .correlationID, .brokerKey, .clientVersion])
    static let requiredADALFields = BrokerField.FieldSet([.maxProtocolVer, .resource])
    static let requiredMSALFields = BrokerField.FieldSet([.msgProtocolVer, .scope])
    /// `msauthv3://` is the nonce protocol (IdentityCore's `MSID_BROKER_NONCE_SCHEME`): its
    /// answer must echo `broker_nonce`, so a request there without one cannot be answered.
    static let requiredNonceFields = BrokerField.FieldSet([.brokerNonce])

    /// The rules of a request's fields, the one place they are written, read from the pieces the
    /// message's walk found (a field's first piece; a second one is the ambiguity's to report).
    static func problems(of message: BrokerMessage, endpoint: BrokerEndpoint) -> [BrokerMessageError] {
        var problems: [BrokerMessageError] = []
        if let ambiguity = message.ambiguity { problems.append(ambiguity) }
        func value(_ field: BrokerField) -> String? { message.value(field) }
        let adal = endpoint == .msauth || (value(.msgProtocolVer) == nil && value(.maxProtocolVer) != nil)
        var required = requiredFields.union(adal ? requiredADALFields : requiredMSALFields)
        if endpoint == .msauthv3 { required = required.union(requiredNonceFields) }
        let missing = required.subtracting(message.fields)
        for field in BrokerField.allCases where missing.contains(field) {
            problems.append(BrokerMessageError(.missingParameter, parameter: field.text))
        }
        func invalid(_ field: BrokerField, _ detail: String) {
            problems.append(BrokerMessageError(.invalidValue, parameter: field.text, detail: detail))
        }
        // The fields present, in the order of their first pieces.
        let present = BrokerField.allCases.compactMap { field in message.piece(field).map { (field, $0.nameStart) } }
        for (field, _) in present.sorted(by: { $0.1 < $1.1 }) {
            // A piece that does not decode made the message ambiguous; its value is not judged.
            guard let piece = message.piece(field), let value = BrokerMessage.decodedValue(of: piece, in: message.url) else { continue }
            switch field {
            case .clientID, .correlationID:
                if !BrokerValueSyntax.isUUID(value) { invalid(field, "must be a UUID (8-4-4-4-12 hex digits)") }
            case .brokerKey:
                if value.isEmpty || Base64.firstInvalidBase64URLOffset(value) != nil {
                    invalid(field, "must be unpadded base64url (A–Z a–z 0–9 - _)")
                }
            case .maxProtocolVer, .msgProtocolVer:
                if BrokerValueSyntax.protocolVersion(value) == nil { invalid(field, "must be a protocol version number") }
            case .force, .skipCache:
                if BrokerValueSyntax.flag(value) == nil { invalid(field, "must be YES or NO (or true/false, 1/0)") }
            case .authority:
                // Judged when the message was read (a request keeps its pieces); parsed here only
                // for a message read without them.
                if !(message.rare?.authorityIsValid ?? isValidAuthority(value)) {
                    invalid(field, "must be an https URI with a host, no userinfo and no fragment")
                }
            case .redirectURI:
                // A repeated redirect_uri has no single value: the ambiguity above says so.
                if let redirect = message.nestedRedirect { problems += redirectProblems(redirect) }
            case .clientVersion, .brokerNonce:
                if value.isEmpty { invalid(field, "must not be empty") }
            default:
                break
            }
        }
        if endpoint == .msauth, value(.msgProtocolVer) != nil {
            invalid(.msgProtocolVer, "msauth:// speaks the ADAL protocol (max_protocol_ver)")
        }
        return problems
    }

    /// The rule of `authority`: an https URI with a host, no userinfo and no fragment.
    static func isValidAuthority(_ value: String) -> Bool {
        let reference = try? URIReference(parsing: value, as: .uri)
        let isHTTPS = reference?.scheme.map { StringBytes.withUTF8($0) { Schemes.kind(of: $0) } == .https } ?? false
        return isHTTPS && reference?.host?.isEmpty == false && reference?.userinfo == nil && reference?.fragment == nil
    }

    /// Requests are equal when they go to the same endpoint with the same decoded parameters in
    /// the same order (so `parse(build(m)) == m`, whatever spelling of an escape was read).
    public static func == (lhs: BrokerRequest, rhs: BrokerRequest) -> Bool {
        lhs.endpoint == rhs.endpoint && lhs.parameters == rhs.parameters
    }

    /// The redirect rules' view of a request's `redirect_uri`: the form must let a broker bind
    /// the redirect to the caller (a bundle ID, or for the client-ID form the request's
    /// `client_id`), and a wrapper must be one.
    static func redirectProblems(_ parsed: Result<RedirectURI, URIParseError>) -> [BrokerMessageError] {
        let redirect: RedirectURI
        switch parsed {
        case .success(let parsedRedirect): redirect = parsedRedirect
        case .failure(let error):
            return [
                BrokerMessageError(
                    .unbindableRedirectURI, parameter: "redirect_uri",
                    detail: "not an absolute RFC 3986 URI: \(error.kind) at offset \(error.offset)")
            ]
        }
        if redirect.reference.fragment != nil {
            return [BrokerMessageError(.unbindableRedirectURI, parameter: "redirect_uri", detail: "has a fragment")]
        }
        if redirect.form == .msalClientID {
            return []  // bound to the client by rule client-id, which verification applies
        }
        if !redirect.form.carriesBundleID {
            let why = redirect.diagnostics.first.map { ": \($0.code): \($0.message)" } ?? ""
            return [
                BrokerMessageError(
                    .unbindableRedirectURI, parameter: "redirect_uri",
                    detail: "a \(redirect.form.rawValue) redirect URI carries no bundle ID, so the broker cannot check the caller\(why)")
            ]
        }
        return []
    }

    /// Verifies the request with its own `redirect_uri` as the one registration: whether the
    /// redirect URI is one the caller may use at all, not whether it is registered for the
    /// client. A broker checks the app's registrations with
    /// ``Registrations/verify(message:caller:)``. Nothing is parsed again: the registration is the
    /// `redirect_uri` the message parsed.
    public func checkRedirectURI(caller: Caller, options: VerificationOptions = .strict) -> VerificationVerdict {
        RedirectVerifier(registeredRedirects: redirectURI.map { [$0] } ?? [], options: options)
            .verify(message: message, caller: caller)
    }
}
