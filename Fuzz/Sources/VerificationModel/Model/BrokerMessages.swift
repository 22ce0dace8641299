// Broker messages: the article's "Verifying a broker request" and "Reading a broker response".

/// One `name=value` piece of a query, split but not decoded. `value` is `nil` without `=`.
struct RawParameter {
    var name: [UInt8]
    var value: [UInt8]?
}

/// A query split on `&` into pieces, each cut at its first `=`. Empty pieces (`a=1&&b=2`) are
/// skipped: assumed, the article does not say (the library's `QueryParameters` documents it).
func splitQuery(_ query: [UInt8]?) -> [RawParameter] {
    guard let query else { return [] }
    var parameters: [RawParameter] = []
    for piece in split(query, on: UInt8(ascii: "&")) where !piece.isEmpty {
        if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
            parameters.append(RawParameter(name: Array(piece[..<equals]), value: Array(piece[(equals + 1)...])))
        } else {
            parameters.append(RawParameter(name: piece, value: nil))
        }
    }
    return parameters
}

/// A parameter after form decoding (`+` is a space), as text.
struct DecodedParameter {
    var name: [UInt8]
    var value: [UInt8]?
}

/// The outcome of the parameter rule: whether any name or value fails to decode, whether any
/// decoded name appears twice (among the names that decode), and the decoded parameters.
struct ParameterCheck {
    var undecodable = false
    var duplicate = false
    var parameters: [DecodedParameter] = []

    var unambiguous: Bool { !undecodable && !duplicate }
}

/// "Every parameter name and value percent-decodes (form decoding: `+` is a space) to well-formed
/// UTF-8, and no decoded name appears twice."
func checkParameters(_ query: [UInt8]?) -> ParameterCheck {
    var check = ParameterCheck()
    for parameter in splitQuery(query) {
        guard let name = percentDecode(parameter.name, plusIsSpace: true), isWellFormedUTF8(name) else {
            check.undecodable = true
            continue
        }
        var value: [UInt8]? = nil
        if let raw = parameter.value {
            if let v = percentDecode(raw, plusIsSpace: true), isWellFormedUTF8(v) {
                value = v
            } else {
                check.undecodable = true
            }
        }
        for earlier in check.parameters where earlier.name == name { check.duplicate = true }
        check.parameters.append(DecodedParameter(name: name, value: value))
    }
    return check
}

/// The request parameters brokers define (the article's list of `BrokerRequest.knownNames`).
let requestParameterNames: [String] = [
    "authority", "client_id", "redirect_uri", "correlation_id", "broker_key", "broker_nonce", "client_version",
    "resource", "scope", "claims", "client_capabilities", "intune_enrollment_ids", "intune_mam_resource",
    "client_app_name", "client_app_version", "extra_qp", "extra_query_param", "username", "login_hint", "prompt",
    "force", "skip_cache", "max_protocol_ver", "msg_protocol_ver",
]

/// "no decoded name differs from the name of a request parameter brokers define only by ASCII
/// letter case or by whitespace (space, tab, LF, VT, FF, CR) around it".
func isLookAlike(_ name: [UInt8], of names: [String]) -> Bool {
    let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D]
    var trimmed = name[...]
    while let first = trimmed.first, whitespace.contains(first) { trimmed = trimmed.dropFirst() }
    while let last = trimmed.last, whitespace.contains(last) { trimmed = trimmed.dropLast() }
    let folded = trimmed.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    return names.contains { Array($0.utf8) == folded && Array($0.utf8) != name }
}

/// The model of broker requests.
public enum ModelBrokerRequest {
    /// Verifies a broker request URL (any bytes) against `verification`'s registrations.
    public static func verify(_ request: [UInt8], _ verification: ModelVerification, callerBundleID: String?) -> Verdict {
        // "A URL that is not a broker request at all fails syntax."
        guard let uri = ParsedURI(request), isBrokerEndpoint(uri) else { return .reject("syntax") }
        // ambiguous-parameters
        let check = checkParameters(uri.query)
        if !check.unambiguous { return .reject("ambiguous-parameters") }
        if check.parameters.contains(where: { isLookAlike($0.name, of: requestParameterNames) }) {
            return .reject("ambiguous-parameters")
        }
        let parameters = check.parameters
        // missing-redirect-uri: "The request has a `redirect_uri`." A bare `redirect_uri` (no
        // `=`) is a parameter of that name: the request has one, and its value (none, read as
        // empty) then fails the redirect rules (the article does not say; assumed).
        guard let redirectParameter = parameter(parameters, "redirect_uri") else { return .reject("missing-redirect-uri") }
        let redirectURI = redirectParameter.value ?? []
        // "Then the redirect_uri value is verified by the rules above, in their order."
        let verdict = verification.verify(redirectURI, callerBundleID: callerBundleID)
        if !verdict.accepted { return verdict }
        // client-id
        if !ruleClientID(redirectURI, parameters) { return .reject("client-id") }
        return verdict
    }

    public static func verify(_ request: String, _ verification: ModelVerification, callerBundleID: String?) -> Verdict {
        verify(Array(request.utf8), verification, callerBundleID: callerBundleID)
    }

    static func parameter(_ parameters: [DecodedParameter], _ name: String) -> DecodedParameter? {
        for parameter in parameters where exactlyEqual(parameter.name, name) { return parameter }
        return nil
    }

    static func value(_ parameters: [DecodedParameter], _ name: String) -> [UInt8]? {
        parameter(parameters, name)?.value
    }

    /// client-id: "When the redirect URI is the client-ID form, the request's `client_id` must be
    /// present and equal to its client ID (as UUIDs, ignoring case)."
    static func ruleClientID(_ redirectURI: [UInt8], _ parameters: [DecodedParameter]) -> Bool {
        guard let form = ModelClassifier.classify(redirectURI), form.form == .msalClientID,
              let clientID = form.clientID
        else { return true }
        guard let requested = value(parameters, "client_id"), isClientID(requested) else { return false }
        return equalIgnoringCase(requested, utf8(clientID))
    }

    /// Where a broker request is sent: `msauth://broker`, `msauthv2://broker`, `msauthv3://broker`
    /// (scheme ignoring case) or `https://login.microsoftonline.com/applebroker/msauthv2`. The
    /// article does not define "a broker request"; this follows the library's documented
    /// endpoints (`BrokerEndpoint`: "scheme compared ignoring case, as RFC 3986 allows; host and
    /// path exactly"), with the authority exactly the host (no userinfo, no port: assumed) and no
    /// fragment (assumed: the request's shape is `<endpoint>?<parameters>`, and the article does not
    /// say what a fragment on a request means).
    static func isBrokerEndpoint(_ uri: ParsedURI) -> Bool {
        guard let authority = uri.authority, uri.fragment == nil else { return false }
        for scheme in ["msauth", "msauthv2", "msauthv3"] where equalIgnoringCase(uri.scheme, scheme) {
            return exactlyEqual(authority, "broker") && uri.path.isEmpty
        }
        if equalIgnoringCase(uri.scheme, "https") {
            return exactlyEqual(authority, "login.microsoftonline.com") && exactlyEqual(uri.path, "/applebroker/msauthv2")
        }
        return false
    }
}

/// The model of the broker response's duplicate rule.
public enum ModelBrokerResponse {
    /// What the rule says about a response URL's parameters.
    public struct Parameters: Sendable, Hashable, CustomStringConvertible {
        /// Some name or value does not decode ("Every name and value must decode").
        public var undecodable: Bool
        /// "any parameter name appears twice (compared after decoding)" (among names that decode).
        public var duplicate: Bool
        /// A decoded name that differs from a response field's only by ASCII case or surrounding
        /// whitespace ("a look-alike of a response field's name").
        public var lookAlike: Bool = false

        public var description: String {
            let flags = [undecodable ? "undecodable" : nil, duplicate ? "duplicate" : nil, lookAlike ? "look-alike" : nil]
            return flags.contains { $0 != nil } ? flags.compactMap { $0 }.joined(separator: "+") : "unambiguous"
        }
    }

    /// The response fields the article lists.
    static let fieldNames = ["msg_protocol_ver", "response", "hash", "broker_nonce", "error_code", "error_description", "error", "suberror"]

    /// What the response rule says about a response URL's parameters; `nil` when it is not a URI.
    public static func parameters(_ url: [UInt8]) -> Parameters? {
        guard let uri = ParsedURI(url) else { return nil }
        let check = checkParameters(uri.query)
        return Parameters(
            undecodable: check.undecodable, duplicate: check.duplicate,
            lookAlike: check.parameters.contains { isLookAlike($0.name, of: fieldNames) })
    }
}
