import Foundation  // NFKC (String.precomposedStringWithCompatibilityMapping), for the look-alike rule

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

/// "A name is ambiguous when a server would read it as a field's name: ... the name ends at a NUL
/// character; each character is replaced by its compatibility form and letter case is ignored
/// (full-width, mathematical and ligature letters, the dotless i, the long s, the Kelvin sign);
/// invisible (default-ignorable) characters are dropped; control characters, spaces and other
/// Unicode white space at either end are removed; and, as PHP does, a space, a `.` or a `[` in
/// the name stands for `_`, and a name followed by `[…]` is that name."
///
/// Written plainly over Foundation's NFKC and the standard library's case mappings, not the
/// library's table. (Where Foundation's Unicode is older than the library's table, a character
/// added since, such as U+1CCD6 OUTLINED LATIN CAPITAL LETTER A, folds in the library only.)
func isLookAlike(_ name: [UInt8], of names: [String]) -> Bool {
    // "ends at a NUL character"
    let beforeNUL = name.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
    var text = ""
    for scalar in String(decoding: beforeNUL, as: UTF8.self).unicodeScalars {
        if scalar.properties.isDefaultIgnorableCodePoint { continue }  // "invisible characters are dropped"
        if scalar.properties.isWhitespace {
            text += " "
        } else if scalar == "\u{0130}" {
            // İ: its simple lowercase (UnicodeData.txt, what Java's equalsIgnoreCase uses) is i;
            // String.lowercased() gives i + U+0307.
            text += "i"
        } else {
            text.unicodeScalars.append(scalar)
        }
    }
    let compatible = text.precomposedStringWithCompatibilityMapping
    // "letter case is ignored": lowercase, uppercase then lowercase (dotless ı, ſ), and
    // lowercase-uppercase-lowercase (ẞ to ss).
    let readings = [compatible.lowercased(), compatible.uppercased().lowercased(), compatible.lowercased().uppercased().lowercased()]
    for reading in readings {
        // "control characters, spaces and other white space at either end are removed"
        var scalars = Array(reading.unicodeScalars)
        while let first = scalars.first, first.value <= 0x20 || first.value == 0x7F { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 || last.value == 0x7F { scalars.removeLast() }
        let trimmed = String(String.UnicodeScalarView(scalars))
        // "a space, a `.` or a `[` stands for `_`"
        var php = trimmed
        for character in [" ", ".", "["] { php = php.replacingOccurrences(of: character, with: "_") }
        var candidates = [php]
        // "a name followed by `[…]` is that name"
        if let open = trimmed.firstIndex(of: "["), trimmed[open...].contains("]") {
            candidates.append(String(trimmed[..<open]).replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: ".", with: "_"))
        }
        for candidate in candidates where names.contains(candidate) && Array(candidate.utf8) != name { return true }
    }
    return false
}

/// "Two names of one field, `extra_qp` and `extra_query_param`, in one request are a duplicate."
func hasBothNamesOfOneField(_ parameters: [DecodedParameter]) -> Bool {
    let names = Set(parameters.map { String(decoding: $0.name, as: UTF8.self) })
    return names.contains("extra_qp") && names.contains("extra_query_param")
}

/// The model of broker requests.
public enum ModelBrokerRequest {
    /// Verifies a broker request URL (any bytes) against `verification`'s registrations, for
    /// the caller the OS reported (`nil`: not reported). "The verdict says which identity it
    /// rests on."
    public static func verify(_ request: [UInt8], _ verification: ModelVerification, callerBundleID: String?) -> Verdict {
        var verdict: Verdict
        switch requestRules(request) {
        case .rejected(let rule): verdict = .reject(rule)
        case .passed(let passed): verdict = redirectRules(passed, verification, callerBundleID: callerBundleID)
        }
        verdict.identity = verification.identity(callerBundleID)
        return verdict
    }

    /// A request that passed the request-wide rules: its parameters and its redirect URI.
    struct PassedRequest {
        var parameters: [DecodedParameter]
        var redirectURI: [UInt8]
    }

    enum RequestOutcome {
        case rejected(String)
        case passed(PassedRequest)
    }

    /// The rules about the request as a whole, in order: syntax (as a request), ambiguous-
    /// parameters, missing-redirect-uri, missing-field, invalid-field.
    static func requestRules(_ request: [UInt8]) -> RequestOutcome {
        // "A URL that is not a broker request at all fails syntax."
        guard let uri = ParsedURI(request), let endpoint = brokerEndpoint(uri) else { return .rejected("syntax") }
        // ambiguous-parameters
        let check = checkParameters(uri.query)
        if !check.unambiguous || hasBothNamesOfOneField(check.parameters) { return .rejected("ambiguous-parameters") }
        if check.parameters.contains(where: { isLookAlike($0.name, of: requestParameterNames) }) {
            return .rejected("ambiguous-parameters")
        }
        let parameters = check.parameters
        // missing-redirect-uri: "The request has a `redirect_uri`." A bare `redirect_uri` (no
        // `=`) is a parameter of that name: the request has one, and its value (none, read as
        // empty) then fails the redirect rules (the article does not say; assumed).
        guard let redirectParameter = parameter(parameters, "redirect_uri") else { return .rejected("missing-redirect-uri") }
        // missing-field: "every field its protocol requires".
        for name in requiredFields(endpoint, parameters) where parameter(parameters, name) == nil {
            return .rejected("missing-field")
        }
        // invalid-field
        if hasInvalidField(endpoint, parameters) { return .rejected("invalid-field") }
        return .passed(PassedRequest(parameters: parameters, redirectURI: redirectParameter.value ?? []))
    }

    /// The redirect rules on a request that passed the request-wide ones, then bundle-id's
    /// "carries something to bind", then client-id.
    static func redirectRules(_ request: PassedRequest, _ verification: ModelVerification, callerBundleID: String?) -> Verdict {
        // "Then the redirect_uri value is verified by the rules above, in their order."
        let verdict = verification.verifyRules(request.redirectURI, callerBundleID: callerBundleID)
        if !verdict.accepted { return verdict }
        // bundle-id, for a request: "its redirect URI must carry a bundle ID (the ADAL or MSAL
        // form, or a wrapper around one), or be the client-ID form", reported caller or not.
        let form = ModelClassifier.classify(request.redirectURI)?.form
        if form != .adalBroker && form != .msalBroker && form != .certificateAuth && form != .msalClientID {
            return .reject("bundle-id")
        }
        // client-id
        if !ruleClientID(request.redirectURI, request.parameters) { return .reject("client-id") }
        return verdict
    }

    /// "Required: authority, client_id, redirect_uri, correlation_id, broker_key, client_version;
    /// max_protocol_ver and resource for the ADAL protocol (always on msauth://), msg_protocol_ver
    /// and scope otherwise; broker_nonce on msauthv3://."
    static func requiredFields(_ endpoint: String, _ parameters: [DecodedParameter]) -> [String] {
        var names = ["authority", "client_id", "correlation_id", "broker_key", "client_version"]
        names += isADAL(endpoint, parameters) ? ["max_protocol_ver", "resource"] : ["msg_protocol_ver", "scope"]
        if endpoint == "msauthv3" { names.append("broker_nonce") }
        return names
    }

    /// "The ADAL protocol: msauth://, or a request with max_protocol_ver and no msg_protocol_ver."
    static func isADAL(_ endpoint: String, _ parameters: [DecodedParameter]) -> Bool {
        endpoint == "msauth" || (parameter(parameters, "msg_protocol_ver") == nil && parameter(parameters, "max_protocol_ver") != nil)
    }

    /// invalid-field: each field present has its syntax (a value written without `=` is empty).
    static func hasInvalidField(_ endpoint: String, _ parameters: [DecodedParameter]) -> Bool {
        func value(_ name: String) -> [UInt8]? { parameter(parameters, name).map { $0.value ?? [] } }
        for name in ["client_id", "correlation_id"] {
            if let v = value(name), !isClientID(v) { return true }
        }
        if let key = value("broker_key") {
            let alphabet = key.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
            if key.isEmpty || !alphabet || key.count % 4 == 1 { return true }
        }
        for name in ["max_protocol_ver", "msg_protocol_ver"] {
            if let v = value(name), !isProtocolVersion(v) { return true }
        }
        for name in ["force", "skip_cache"] {
            if let v = value(name), !["YES", "yes", "true", "1", "NO", "no", "false", "0"].contains(String(decoding: v, as: UTF8.self)) {
                return true
            }
        }
        if let authority = value("authority") {
            guard let uri = ParsedURI(authority), equalIgnoringCase(uri.scheme, "https"), let host = uri.host, !host.isEmpty,
                  uri.userinfo == nil, uri.fragment == nil
            else { return true }
        }
        for name in ["client_version", "broker_nonce"] {
            if let v = value(name), v.isEmpty { return true }
        }
        // "msauth:// speaks the ADAL protocol": a msg_protocol_ver there is malformed.
        if endpoint == "msauth", parameter(parameters, "msg_protocol_ver") != nil { return true }
        return false
    }

    /// "1–3 decimal digits without a leading zero."
    static func isProtocolVersion(_ bytes: [UInt8]) -> Bool {
        !bytes.isEmpty && bytes.count <= 3 && bytes[0] != UInt8(ascii: "0") && bytes.allSatisfy(isASCIIDigit)
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
    static func brokerEndpoint(_ uri: ParsedURI) -> String? {
        guard let authority = uri.authority, uri.fragment == nil else { return nil }
        for scheme in ["msauth", "msauthv2", "msauthv3"] where equalIgnoringCase(uri.scheme, scheme) {
            return exactlyEqual(authority, "broker") && uri.path.isEmpty ? scheme : nil
        }
        if equalIgnoringCase(uri.scheme, "https"),
           exactlyEqual(authority, "login.microsoftonline.com") && exactlyEqual(uri.path, "/applebroker/msauthv2")
        {
            return "universal-link"
        }
        return nil
    }
}

/// The model of registrations per client ID: "a request is verified against the redirect URIs
/// registered for its client_id; a client ID with none is rejected by unregistered-client-id".
public struct ModelRegistrations: Sendable {
    /// Each client ID, lowercased (client IDs are UUIDs, compared ignoring case), with its
    /// verification.
    let clients: [(clientID: [UInt8], registered: [String], verification: ModelVerification)]

    public init(_ clients: [(clientID: String, registered: [String])], bundleIDCaseInsensitive: Bool = false) {
        self.clients = clients.map { client in
            (Array(client.clientID.lowercased().utf8), client.registered,
             ModelVerification(registered: client.registered, bundleIDCaseInsensitive: bundleIDCaseInsensitive))
        }
    }

    public func verify(_ request: [UInt8], callerBundleID: String?) -> Verdict {
        var verdict: Verdict
        switch ModelBrokerRequest.requestRules(request) {
        case .rejected(let rule): verdict = .reject(rule)
        case .passed(let passed):
            let clientID = ModelBrokerRequest.value(passed.parameters, "client_id").map(lowercased) ?? []
            if let client = clients.first(where: { $0.clientID == clientID }), !client.registered.isEmpty {
                verdict = ModelBrokerRequest.redirectRules(passed, client.verification, callerBundleID: callerBundleID)
            } else {
                verdict = .reject("unregistered-client-id")
            }
        }
        verdict.identity = callerBundleID == nil ? "claimed-by-redirect-uri" : "reported-by-os"
        return verdict
    }

    func lowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }
}

/// The model of the round trip: "a response answers a request when it comes back to the
/// request's redirect URI (or its /broker sub-route), echoes the request's broker_nonce exactly
/// when the request sent one (and carries none otherwise), and, when it states a protocol version,
/// states one the request reads: the request's msg_protocol_ver for MSAL, 1 up to
/// max_protocol_ver for ADAL."
public enum ModelRoundTrip {
    public static func answers(response: [UInt8], request: [UInt8]) -> Verdict {
        guard let requestURI = ParsedURI(request), let endpoint = ModelBrokerRequest.brokerEndpoint(requestURI),
              let responseURI = ParsedURI(response)
        else { return .reject("syntax") }
        let sent = checkParameters(requestURI.query).parameters
        let answered = checkParameters(responseURI.query).parameters
        let redirect = ModelBrokerRequest.value(sent, "redirect_uri") ?? []
        // response-redirect
        guard let routing = ModelRouter.route(redirectURI: redirect, incoming: response),
              routing.outcome == .response || routing.outcome == .brokerResponse
        else { return .reject("response-redirect") }
        // broker-nonce: compared after decoding; a nonce written without '=' is empty.
        func nonce(_ parameters: [DecodedParameter]) -> [UInt8]? {
            ModelBrokerRequest.parameter(parameters, "broker_nonce").map { $0.value ?? [] }
        }
        if nonce(sent) != nonce(answered) { return .reject("broker-nonce") }
        // protocol-version
        if let version = ModelBrokerRequest.value(answered, "msg_protocol_ver"), ModelBrokerRequest.isProtocolVersion(version) {
            let stated = Int(String(decoding: version, as: UTF8.self)) ?? 0
            let readable: ClosedRange<Int>?
            if ModelBrokerRequest.isADAL(endpoint, sent) {
                readable = ModelBrokerRequest.value(sent, "max_protocol_ver").flatMap { Int(String(decoding: $0, as: UTF8.self)) }.map { 1...max($0, 1) }
            } else {
                readable = ModelBrokerRequest.value(sent, "msg_protocol_ver").flatMap { Int(String(decoding: $0, as: UTF8.self)) }.map { $0...$0 }
            }
            if let readable, !readable.contains(stated) { return .reject("protocol-version") }
        }
        return .accept()
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
            undecodable: check.undecodable, duplicate: check.duplicate || hasBothNamesOfOneField(check.parameters),
            lookAlike: check.parameters.contains { isLookAlike($0.name, of: fieldNames) })
    }
}
