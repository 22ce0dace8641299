extension RedirectVerifier {
    /// Verifies a broker request URL (any text) for the caller as iOS reported it: the broker's
    /// check, against this one app's registrations. A broker that serves many apps looks the
    /// registrations up by the request's `client_id` with ``Registrations/verify(request:caller:)``.
    ///
    /// The request is judged as a whole, in the order of ``VerificationRule/verification``: its
    /// parameters unambiguous (`ambiguous-parameters`), a `redirect_uri` (`missing-redirect-uri`),
    /// every field its protocol requires (`missing-field`: `broker_key` first, `broker_nonce` on
    /// `msauthv3`) with its syntax (`invalid-field`), then every rule of
    /// ``verify(_:caller:)-(String,_)`` on the redirect URI, then `client-id`. A request that
    /// ``BrokerRequest/init(parsing:)`` refuses is never accepted here.
    ///
    /// The bundle ID is never taken from the request, which any app can write: iOS reports the
    /// caller (same-team apps only, since iOS 13), or the verdict says the identity is the
    /// redirect URI's claim (``VerdictIdentity/claimedByRedirectURI``).
    ///
    /// ```swift
    /// let verifier = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"])
    /// verifier.verify(request: "msauthv2://broker?client_id=…&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect_uri=x",
    ///                 caller: .notReported).failedRule   // .ambiguousParameters
    /// ```
    public func verify(request: String, caller: Caller) -> VerificationVerdict {
        switch Self.requestMessage(request, caller: caller) {
        case .matched(let message): return verify(message: message, caller: caller)
        case .rejected(let verdict): return verdict
        }
    }

    /// Verifies a broker request already read as a message (see ``verify(request:caller:)``): its
    /// nested `redirect_uri` was parsed when the message was read and is not parsed again.
    public func verify(message: BrokerMessage, caller: Caller) -> VerificationVerdict {
        var verdict: VerificationVerdict
        switch Self.judgeRequest(message) {
        case .rejected(let rejection): verdict = rejection
        case .matched(let judged): verdict = verifyRedirect(of: judged, callerBundleID: caller.reportedBundleID)
        }
        verdict.identity = caller.identity
        return verdict
    }

    /// A request URL read as a message, or rule `syntax`'s rejection when it is not a URI: the
    /// first step of every request verification.
    static func requestMessage(_ request: String, caller: Caller) -> Step<BrokerMessage> {
        do {
            return .matched(BrokerMessage(try URIReference(parsing: request, as: .uri)))
        } catch {
            var verdict = VerificationVerdict.rejected(
                .syntax, "the broker request is not a valid absolute URI: \(error.kind) at offset \(error.offset)")
            verdict.identity = caller.identity
            return .rejected(verdict)
        }
    }

    /// What the request-wide rules leave for the redirect rules: the request's nested redirect
    /// URI and its field problems, found once.
    struct JudgedRequest {
        let message: BrokerMessage
        let nested: Result<RedirectURI, URIParseError>
        /// `redirect_uri` carries nothing a broker can bind to the caller (a form with no bundle
        /// ID): rule `bundle-id` rejects it whether or not iOS reported the caller.
        let unbindable: BrokerMessageError?
    }

    /// The rules of the request as a whole (`syntax` of the URL as a request,
    /// `ambiguous-parameters`, `missing-redirect-uri`, `missing-field`, `invalid-field`): the
    /// problems ``BrokerRequest/problems()`` finds, each given the rule that names it, so that
    /// verifying and reading a request never give two answers.
    static func judgeRequest(_ message: BrokerMessage) -> Step<JudgedRequest> {
        guard case .request(let endpoint) = message.recognition, message.url.ranges.fragment == nil else {
            return .rejected(
                .rejected(
                    .syntax,
                    "not a broker request (msauth://broker, msauthv2://broker, msauthv3://broker or the applebroker universal link, with no fragment)"
                ))
        }
        // ambiguous-parameters: the message's one verdict (an undecodable piece, a name twice,
        // or a look-alike of a field's name).
        if let ambiguity = message.ambiguity { return .rejected(ambiguousParameters(ambiguity)) }
        // missing-redirect-uri
        guard let nested = message.nestedRedirect else {
            return .rejected(.rejected(.missingRedirectURI, "the broker request has no redirect_uri"))
        }
        let problems = BrokerRequest.problems(of: message, endpoint: endpoint)
        // missing-field: broker_key first (without it the answer cannot be encrypted to the
        // requester), then broker_nonce (msauthv3), then the others in field order.
        let missing = problems.filter { $0.kind == .missingParameter }
        let priority = [BrokerField.brokerKey.text, BrokerField.brokerNonce.text]
        if let first = priority.lazy.compactMap({ name in missing.first { $0.parameter == name } }).first ?? missing.first {
            let field = first.parameter ?? ""
            var verdict = VerificationVerdict.rejected(.missingField, "the broker request has no \(field)" + missingFieldReason(field, endpoint))
            verdict.field = field
            return .rejected(verdict)
        }
        // invalid-field: the first malformed value, in parameter order (the redirect URI's own
        // problems are the redirect rules').
        if let invalid = problems.first(where: { $0.kind == .invalidValue }) {
            let field = invalid.parameter ?? ""
            var verdict = VerificationVerdict.rejected(.invalidField, "the broker request's \(field) \(invalid.detail ?? "is malformed")")
            verdict.field = field
            return .rejected(verdict)
        }
        return .matched(JudgedRequest(message: message, nested: nested, unbindable: problems.first { $0.kind == .unbindableRedirectURI }))
    }

    /// Why a missing field is required, for the rejection's explanation.
    static func missingFieldReason(_ field: String, _ endpoint: BrokerEndpoint) -> String {
        switch field {
        case BrokerField.brokerKey.text:
            ": the broker encrypts its answer to the requester's broker_key, so without one nothing binds the answer to the app that asked"
        case BrokerField.brokerNonce.text:
            ": \(endpoint.base) is the nonce scheme (msauthv3), whose answer must echo the request's broker_nonce"
        default:
            ", which the \(endpoint == .msauth ? "ADAL" : "broker") protocol requires"
        }
    }

    /// Rule `ambiguous-parameters` for the message's ambiguity.
    static func ambiguousParameters(_ ambiguity: BrokerMessageError) -> VerificationVerdict {
        switch ambiguity.kind {
        case .invalidEncoding:
            return .rejected(
                .ambiguousParameters, "a parameter does not decode: \(ambiguity.underlying.map(\.description) ?? ambiguity.description)")
        case .duplicateParameter:
            return .rejected(
                .ambiguousParameters,
                "the parameter '\(ambiguity.parameter ?? "")' "
                    + (ambiguity.detail ?? "appears more than once; a reader that picks one lets an attacker choose"))
        default:
            return .rejected(
                .ambiguousParameters, "the parameter '\(ambiguity.parameter ?? "")' \(ambiguity.detail ?? ambiguity.kind.explanation)")
        }
    }

    /// The redirect rules of a request that passed the request-wide ones, then `client-id`.
    func verifyRedirect(of request: JudgedRequest, callerBundleID: String?) -> VerificationVerdict {
        let message = request.message
        var verdict = verify(classified: request.nested, callerBundleID: callerBundleID)
        if verdict.failedRule == .syntax, let text = message.value(.redirectURI) {
            // `redirect_uri=…+` decodes to a trailing space: say which registration it missed.
            verdict.nearMissSource = NearMissSource(.whitespace(text, self))
        }
        guard verdict.accepted else { return verdict }
        // bundle-id, when iOS did not report the caller: the redirect URI must still carry
        // something a broker binds the answer to (a bundle ID, or the client-ID form bound by
        // rule client-id below); one that carries nothing is the request's own problem.
        if let unbindable = request.unbindable {
            return .rejected(.bundleID, "the redirect_uri \(unbindable.detail ?? "carries no bundle ID")")
        }
        // client-id
        if case .success(let presented) = request.nested, let clientID = presented.clientID {
            let requested = message.value(.clientID) ?? ""
            let same = StringBytes.withUTF8(clientID) { lhs in StringBytes.withUTF8(requested) { UUIDSyntax.sameUUID(lhs, $0) } }
            guard same else {
                return .rejected(.clientID, "the redirect URI names client '\(clientID)' but the request's client_id is '\(requested)'")
            }
        }
        verdict.nonceBound = message.piece(.brokerNonce) != nil
        return verdict
    }
}
