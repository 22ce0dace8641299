/// Builders for broker messages: each writes the URL from typed fields, reads it back as a
/// message, and checks that the same fields come back, so a builder never hands out a URL that a
/// broker or an app reads otherwise (as the redirect URI builders do for their forms).
///
/// ```swift
/// let redirect = try RedirectURI.msalBroker(bundleID: BundleID("com.contoso.app")!)
/// let request = try BrokerRequest.msal(
///     authority: "https://login.microsoftonline.com/common", clientID: "00000000-0000-0000-0000-000000000001",
///     redirectURI: redirect, scope: "openid profile", correlationID: "b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11",
///     brokerKey: "q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D", clientVersion: "1.2.3")
/// request.url.text   // "msauthv2://broker?msg_protocol_ver=3&authority=https%3A%2F%2F…"
/// ```
extension BrokerRequest {
    /// An MSAL request (`msg_protocol_ver=3`, `scope`), written and read back.
    ///
    /// - Parameter extraParameters: parameters written after the fields, in order (a client's
    ///   `login_hint`, `prompt`, `claims`, or its own): a name the fields already use makes the
    ///   request ambiguous, and is refused.
    /// - Throws: ``BrokerMessageError``: the first of the built request's ``problems()`` (a field
    ///   with the wrong syntax, a redirect URI a broker cannot bind, an extra parameter that
    ///   repeats a field).
    public static func msal(
        endpoint: BrokerEndpoint = .msauthv2, authority: String, clientID: String, redirectURI: RedirectURI, scope: String,
        correlationID: String, brokerKey: String, clientVersion: String, brokerNonce: String? = nil,
        extraParameters: [BrokerParameter] = []
    ) throws(BrokerMessageError) -> BrokerRequest {
        guard endpoint != .msauth else {
            throw BrokerMessageError(
                .invalidValue, parameter: BrokerField.msgProtocolVer.text, detail: "msauth:// speaks the ADAL protocol (max_protocol_ver)")
        }
        var fields: [(BrokerField, String)] = [
            (.msgProtocolVer, "3"), (.authority, authority), (.clientID, clientID), (.redirectURI, redirectURI.description),
            (.scope, scope), (.correlationID, correlationID), (.brokerKey, brokerKey), (.clientVersion, clientVersion),
        ]
        if let brokerNonce { fields.append((.brokerNonce, brokerNonce)) }
        return try built(endpoint, fields, extraParameters)
    }

    /// An ADAL request (`msauth://broker`, `max_protocol_ver=2`, `resource`), written and read
    /// back; see ``msal(endpoint:authority:clientID:redirectURI:scope:correlationID:brokerKey:clientVersion:brokerNonce:extraParameters:)``.
    public static func adal(
        authority: String, clientID: String, redirectURI: RedirectURI, resource: String, correlationID: String, brokerKey: String,
        clientVersion: String, extraParameters: [BrokerParameter] = []
    ) throws(BrokerMessageError) -> BrokerRequest {
        try built(
            .msauth,
            [
                (.maxProtocolVer, "2"), (.authority, authority), (.clientID, clientID), (.redirectURI, redirectURI.description),
                (.resource, resource), (.correlationID, correlationID), (.brokerKey, brokerKey), (.clientVersion, clientVersion),
            ], extraParameters)
    }

    /// Writes the fields, then the extra parameters, reads the URL back, and requires no problem
    /// and every parameter back as written.
    static func built(
        _ endpoint: BrokerEndpoint, _ fields: [(BrokerField, String)], _ extra: [BrokerParameter]
    ) throws(BrokerMessageError) -> BrokerRequest {
        let parameters = fields.map { BrokerParameter($0.0.text, $0.1) } + extra
        let request = try BrokerRequest(endpoint: endpoint, parameters: parameters)
        if let problem = request.problems().first { throw problem }
        guard request.parameters == parameters else {
            throw BrokerMessageError(.invalidValue, detail: "the request written does not read back as built")
        }
        return request
    }
}

extension BrokerResponse {
    /// The success answer to `request`, as a broker writes it: at the request's redirect URI, in
    /// the protocol version the request reads (ADAL's `max_protocol_ver=2` is answered in version
    /// 2, MSAL in the request's `msg_protocol_ver`), echoing the request's `broker_nonce` when it
    /// sent one; ``answers(_:)`` accepts it for that request.
    ///
    /// - Throws: ``BrokerMessageError``: `unbindable-redirect-uri` when the request has no single
    ///   valid redirect URI, or why the response written is not a valid one.
    public static func success(answering request: BrokerRequest, response: String, hash: String) throws(BrokerMessageError) -> BrokerResponse {
        guard let redirectURI = request.redirectURI else {
            throw BrokerMessageError(
                .unbindableRedirectURI, parameter: BrokerField.redirectURI.text, detail: "the request has no single valid redirect_uri")
        }
        return try success(
            redirectURI: redirectURI, response: response, hash: hash, brokerNonce: request.brokerNonce, protocolVersion: request.answerVersion)
    }

    /// A success response: `msg_protocol_ver`, `response` (the base64url ciphertext), `hash`
    /// (its SHA-256, 64 uppercase hex digits) and maybe `broker_nonce`, at the redirect URI,
    /// written and read back. A broker answering a request it holds uses
    /// ``success(answering:response:hash:)``, which takes the version and nonce from it.
    ///
    /// - Parameter protocolVersion: `msg_protocol_ver`: 3 for MSAL (the default), 2 for ADAL.
    /// - Throws: ``BrokerMessageError``: `not-a-broker-response` when the redirect URI has a query
    ///   or a fragment (the parameters would follow a second `?`, or land in the fragment), or
    ///   why the response written is not a valid one (the field at fault).
    public static func success(
        redirectURI: RedirectURI, response: String, hash: String, brokerNonce: String? = nil, protocolVersion: Int = 3
    ) throws(BrokerMessageError) -> BrokerResponse {
        var fields: [(BrokerField, String)] = [(.msgProtocolVer, String(protocolVersion)), (.response, response), (.hash, hash)]
        if let brokerNonce { fields.append((.brokerNonce, brokerNonce)) }
        return try built(redirectURI, fields.map { BrokerParameter($0.0.text, $0.1) })
    }

    /// The error answer to `request`: `error_code`, maybe `error_description`, and the request's
    /// `broker_nonce` echoed when it sent one, at its redirect URI; ``answers(_:)`` accepts it
    /// for that request.
    ///
    /// - Throws: ``BrokerMessageError``, as ``success(answering:response:hash:)``.
    public static func error(answering request: BrokerRequest, code: String, description: String? = nil) throws(BrokerMessageError)
        -> BrokerResponse
    {
        guard let redirectURI = request.redirectURI else {
            throw BrokerMessageError(
                .unbindableRedirectURI, parameter: BrokerField.redirectURI.text, detail: "the request has no single valid redirect_uri")
        }
        return try error(redirectURI: redirectURI, code: code, description: description, brokerNonce: request.brokerNonce)
    }

    /// An error response: `error_code` and maybe `error_description` and `broker_nonce`, at the
    /// redirect URI, written and read back; see ``success(redirectURI:response:hash:brokerNonce:protocolVersion:)``.
    public static func error(
        redirectURI: RedirectURI, code: String, description: String? = nil, brokerNonce: String? = nil
    ) throws(BrokerMessageError) -> BrokerResponse {
        var parameters = [BrokerParameter(BrokerField.errorCode.text, code)]
        if let description { parameters.append(BrokerParameter(BrokerField.errorDescription.text, description)) }
        if let brokerNonce { parameters.append(BrokerParameter(BrokerField.brokerNonce.text, brokerNonce)) }
        return try built(redirectURI, parameters)
    }

    /// A response URL from a redirect URI and any parameters (form-encoded, in order), read back
    /// as a response: for a broker that answers with parameters of its own.
    ///
    /// - Throws: ``BrokerMessageError``, as ``success(redirectURI:response:hash:brokerNonce:)``.
    @_spi(Testing)
    public init(redirectURI: RedirectURI, parameters: [BrokerParameter]) throws(BrokerMessageError) {
        self = try Self.built(redirectURI, parameters)
    }

    /// Writes `redirectURI?parameters`, reads it back, and requires the parameters back as written.
    static func built(_ redirectURI: RedirectURI, _ parameters: [BrokerParameter]) throws(BrokerMessageError) -> BrokerResponse {
        let ranges = redirectURI.reference.ranges
        if ranges.query != nil || ranges.fragment != nil {
            throw BrokerMessageError(
                .notABrokerResponse, parameter: BrokerField.redirectURI.text,
                detail: "the redirect URI has a \(ranges.query != nil ? "query" : "fragment"): the response's parameters would not be the query")
        }
        let response = try BrokerResponse(parsing: redirectURI.description + "?" + BrokerParameter.formEncodedQuery(parameters))
        guard response.parameters == parameters else {
            throw BrokerMessageError(.invalidValue, detail: "the response written does not read back as built")
        }
        return response
    }
}
