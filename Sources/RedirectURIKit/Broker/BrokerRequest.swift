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
    public var base: String {
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
/// The request is its endpoint and its parameters, decoded, in order — unknown ones included — so
/// `BrokerRequest(parsing: request.url)` gives back `request`, and `url` keeps every parameter of the
/// URL it was parsed from. Typed accessors read the parameters brokers define; ``problems()`` checks
/// them (UUIDs, base64url, protocol version, the nested redirect URI, required parameters).
///
/// A broker decides whether to answer with ``RedirectVerifier/verify(message:callerBundleID:)``:
/// the app's registrations and the caller the OS reported, not the request's word.
///
/// ```swift
/// let message = try BrokerMessage(parsing: "msauthv2://broker?msg_protocol_ver=3&client_id=…&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&…")
/// let verdict = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"])
///     .verify(message: message, callerBundleID: callerFromTheOS)
/// let request = try BrokerRequest(message)
/// request.redirectURI?.bundleID     // "com.contoso.app"
/// ```
public struct BrokerRequest: Sendable, Hashable {
    /// Where the request goes.
    public var endpoint: BrokerEndpoint
    /// Every parameter, decoded (form decoding: `+` is a space), in order.
    public var parameters: [BrokerParameter]

    /// Creates a request from its parts; nothing is checked until ``problems()``.
    public init(endpoint: BrokerEndpoint, parameters: [BrokerParameter]) {
        self.endpoint = endpoint
        self.parameters = parameters
    }

    /// Parses a broker request URL and requires it to have no problems.
    ///
    /// - Throws: ``BrokerMessageError``: why the URL is not a broker request, why its parameters
    ///   are ambiguous (``BrokerMessage/ambiguity``), or else the first of ``problems()``.
    public init(parsing text: String) throws(BrokerMessageError) {
        let reference: URIReference
        do {
            reference = try URIReference(parsing: text, as: .uri)
        } catch {
            throw BrokerMessageError(parsing: error)
        }
        try self.init(BrokerMessage(reference))
    }

    /// Reads a message as a request and requires it to have no problems (the URL is not parsed
    /// again).
    ///
    /// - Throws: ``BrokerMessageError``: why the message is not a broker request, why its
    ///   parameters are ambiguous (``BrokerMessage/ambiguity``), or else the first of ``problems()``.
    public init(_ message: BrokerMessage) throws(BrokerMessageError) {
        let request = try Self.parseParameters(message)
        if let problem = request.problems(redirect: message.nestedRedirect, message: message).first { throw problem }
        self = request
    }

    /// Parses a broker request URL without judging its parameters.
    public static func parseParameters(_ text: String) throws(BrokerMessageError) -> BrokerRequest {
        let reference: URIReference
        do {
            reference = try URIReference(parsing: text, as: .uri)
        } catch {
            throw BrokerMessageError(parsing: error)
        }
        return try parseParameters(reference)
    }

    /// Reads the endpoint and parameters of a parsed URL.
    public static func parseParameters(_ reference: URIReference) throws(BrokerMessageError) -> BrokerRequest {
        try parseParameters(BrokerMessage(reference))
    }

    /// Reads the endpoint and parameters of a message.
    ///
    /// - Throws: ``BrokerMessageError`` `not-a-broker-request` when the message is not addressed
    ///   to a broker or has a fragment, `invalid-encoding` when a parameter does not decode.
    public static func parseParameters(_ message: BrokerMessage) throws(BrokerMessageError) -> BrokerRequest {
        guard case .request(let endpoint) = message.recognition, message.url.ranges.fragment == nil else {
            throw BrokerMessageError(.notABrokerRequest)
        }
        if let ambiguity = message.ambiguity, ambiguity.kind == .invalidEncoding { throw ambiguity }
        return BrokerRequest(endpoint: endpoint, parameters: message.decodedParameters ?? [])
    }

    /// The URL: the endpoint, then each parameter form-encoded (uppercase hex, space as `+`).
    public var url: String {
        endpoint.base + "?" + BrokerParameter.formEncodedQuery(parameters)
    }

    /// The value of `name` when it appears exactly once (`""` for a piece without `=`).
    public func value(_ name: String) -> String? {
        var found: BrokerParameter?
        for parameter in parameters where parameter.name == name {
            guard found == nil else { return nil }
            found = parameter
        }
        return found.map { $0.value ?? "" }
    }

    /// The parameters brokers define; anything else is kept in ``unknownParameters``.
    public static let knownNames: Set<String> = Set(BrokerField.allCases.filter(\.isRequestField).map(\.text))

    /// Parameters outside ``knownNames``, in order.
    public var unknownParameters: [BrokerParameter] { parameters.filter { !Self.knownNames.contains($0.name) } }

    /// `msg_protocol_ver` (MSAL) or else `max_protocol_ver` (ADAL), when valid.
    public var protocolVersion: Int? {
        (value("msg_protocol_ver") ?? value("max_protocol_ver")).flatMap(BrokerValueSyntax.protocolVersion)
    }
    /// Whether the request speaks the ADAL protocol (`max_protocol_ver`, `resource`).
    public var isADALProtocol: Bool { value("msg_protocol_ver") == nil && value("max_protocol_ver") != nil }
    /// `client_id` (a UUID).
    public var clientID: String? { value("client_id") }
    /// `correlation_id` (a UUID).
    public var correlationID: String? { value("correlation_id") }
    /// `broker_key` (base64url).
    public var brokerKey: String? { value("broker_key") }
    /// `broker_nonce`.
    public var brokerNonce: String? { value("broker_nonce") }
    /// `client_version`.
    public var clientVersion: String? { value("client_version") }
    /// `resource` (ADAL).
    public var resource: String? { value("resource") }
    /// `scope` (MSAL), space-separated.
    public var scope: String? { value("scope") }
    /// `claims` (JSON text, not interpreted).
    public var claims: String? { value("claims") }
    /// `login_hint`, or else `username`.
    public var loginHint: String? { value("login_hint") ?? value("username") }
    /// `prompt`.
    public var prompt: String? { value("prompt") }
    /// `force` as a flag (`YES`/`NO`, `true`/`false`, `1`/`0`).
    public var force: Bool? { value("force").flatMap(BrokerValueSyntax.flag) }
    /// `skip_cache` as a flag.
    public var skipCache: Bool? { value("skip_cache").flatMap(BrokerValueSyntax.flag) }
    /// `authority`, parsed (an https URI).
    public var authority: URIReference? { value("authority").flatMap { try? URIReference(parsing: $0, as: .uri) } }
    /// `redirect_uri`, parsed and classified (see ``RedirectURI``).
    public var redirectURI: RedirectURI? { value("redirect_uri").flatMap { try? RedirectURI(parsing: $0) } }

    /// Everything wrong with the request that can be seen without keys, in parameter order:
    /// ambiguous parameters (a name twice, or a look-alike of a field's: see
    /// ``BrokerMessage/ambiguity``), missing required parameters, and malformed values.
    ///
    /// Required: `authority`, `client_id`, `redirect_uri`, `correlation_id`, `broker_key`,
    /// `client_version`, and a protocol version — `max_protocol_ver` with `resource` for the ADAL
    /// protocol (always on `msauth://`), `msg_protocol_ver` with `scope` for MSAL.
    public func problems() -> [BrokerMessageError] {
        problems(redirect: value("redirect_uri").map { text in Result { () throws(URIParseError) in try RedirectURI(parsing: text) } })
    }

    /// ``problems()``, with the `redirect_uri` already parsed (a message parses it once) and,
    /// for a request read from a message, the message's own ambiguity verdict (the same rule,
    /// with the offset of the piece at fault).
    func problems(redirect: Result<RedirectURI, URIParseError>?, message: BrokerMessage? = nil) -> [BrokerMessageError] {
        var problems: [BrokerMessageError] = []
        if let message {
            if let ambiguity = message.ambiguity { problems.append(ambiguity) }
        } else if let finding = ParameterPollution.firstFinding(in: parameters.lazy.map(\.name), for: .request(endpoint)) {
            problems.append(ParameterPollution.error(finding, offset: nil))
        }
        let adal = endpoint == .msauth || isADALProtocol
        var required = ["authority", "client_id", "redirect_uri", "correlation_id", "broker_key", "client_version"]
        required += adal ? ["max_protocol_ver", "resource"] : ["msg_protocol_ver", "scope"]
        for name in required where !parameters.contains(where: { $0.name == name }) {
            problems.append(BrokerMessageError(.missingParameter, parameter: name))
        }
        func invalid(_ name: String, _ detail: String) {
            problems.append(BrokerMessageError(.invalidValue, parameter: name, detail: detail))
        }
        for parameter in parameters {
            guard let value = parameter.value ?? (Self.knownNames.contains(parameter.name) ? "" : nil) else { continue }
            switch parameter.name {
            case "client_id", "correlation_id":
                if !BrokerValueSyntax.isUUID(value) { invalid(parameter.name, "must be a UUID (8-4-4-4-12 hex digits)") }
            case "broker_key":
                if value.isEmpty || Base64.firstInvalidBase64URLOffset(value) != nil {
                    invalid(parameter.name, "must be unpadded base64url (A–Z a–z 0–9 - _)")
                }
            case "max_protocol_ver", "msg_protocol_ver":
                if BrokerValueSyntax.protocolVersion(value) == nil { invalid(parameter.name, "must be a protocol version number") }
            case "force", "skip_cache":
                if BrokerValueSyntax.flag(value) == nil { invalid(parameter.name, "must be YES or NO (or true/false, 1/0)") }
            case "authority":
                let reference = try? URIReference(parsing: value, as: .uri)
                let isHTTPS = reference?.scheme.map { StringBytes.withUTF8($0) { Schemes.kind(of: $0) } == .https } ?? false
                if !isHTTPS || reference?.host?.isEmpty != false || reference?.userinfo != nil || reference?.fragment != nil {
                    invalid(parameter.name, "must be an https URI with a host, no userinfo and no fragment")
                }
            case "redirect_uri":
                // A repeated redirect_uri has no single value: the ambiguity above says so.
                if let redirect { problems += redirectProblems(redirect) }
            case "client_version", "broker_nonce":
                if value.isEmpty { invalid(parameter.name, "must not be empty") }
            default:
                break
            }
        }
        if endpoint == .msauth, value("msg_protocol_ver") != nil {
            invalid("msg_protocol_ver", "msauth:// speaks the ADAL protocol (max_protocol_ver)")
        }
        return problems
    }

    /// The redirect rules' view of a request's `redirect_uri`: the form must let a broker bind
    /// the redirect to the caller (a bundle ID, or for the client-ID form the request's
    /// `client_id`), and a wrapper must be one.
    func redirectProblems(_ parsed: Result<RedirectURI, URIParseError>) -> [BrokerMessageError] {
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
    /// ``RedirectVerifier/verify(message:callerBundleID:)``.
    public func checkRedirectURI(callerBundleID: String, options: VerificationOptions = .strict) -> VerificationVerdict {
        RedirectVerifier(registered: value("redirect_uri").map { [$0] } ?? [], options: options)
            .verify(request: url, callerBundleID: callerBundleID)
    }
}
