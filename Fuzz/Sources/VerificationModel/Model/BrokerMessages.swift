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
    /// Verifies a broker request URL (any bytes) against `verification`'s registrations.
    public static func verify(_ request: [UInt8], _ verification: ModelVerification, callerBundleID: String?) -> Verdict {
        // "A URL that is not a broker request at all fails syntax."
        guard let uri = ParsedURI(request), isBrokerEndpoint(uri) else { return .reject("syntax") }
        // ambiguous-parameters
        let check = checkParameters(uri.query)
        if !check.unambiguous || hasBothNamesOfOneField(check.parameters) { return .reject("ambiguous-parameters") }
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
            undecodable: check.undecodable, duplicate: check.duplicate || hasBothNamesOfOneField(check.parameters),
            lookAlike: check.parameters.contains { isLookAlike($0.name, of: fieldNames) })
    }
}
