extension RedirectVerifier {
    /// Verifies a broker request URL (any text) for the caller the OS reported: the broker's
    /// check. The request goes through the `redirect_uri` it carries: rules
    /// `ambiguous-parameters` and `missing-redirect-uri`, then every rule of
    /// ``verify(_:callerBundleID:)`` on the redirect URI (`bundle-id` against `callerBundleID`),
    /// then `client-id`.
    ///
    /// A broker learns the calling app's bundle ID from the OS (iOS passes it with the URL it
    /// opens), never from the request, which any app can write. A server that no OS tells who
    /// called verifies with ``verifyWithoutCaller(request:)`` instead.
    ///
    /// ```swift
    /// let verifier = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"])
    /// verifier.verify(request: "msauthv2://broker?client_id=…&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect_uri=x",
    ///                 callerBundleID: "com.contoso.app").failedRule   // .ambiguousParameters
    /// ```
    public func verify(request: String, callerBundleID: String) -> VerificationVerdict {
        verifyRequest(request, callerBundleID: callerBundleID)
    }

    /// Verifies a broker request URL against the registrations alone, without rule `bundle-id`:
    /// what a server that no OS tells which app called does (a token endpoint reached over the
    /// network). Every other rule of ``verify(request:callerBundleID:)`` applies. A broker has
    /// the OS-reported caller and uses ``verify(request:callerBundleID:)``: without it, any app
    /// that copies a registered redirect URI into its request passes.
    public func verifyWithoutCaller(request: String) -> VerificationVerdict {
        verifyRequest(request, callerBundleID: nil)
    }

    /// A request verified with or without the caller's bundle ID.
    func verifyRequest(_ request: String, callerBundleID: String?) -> VerificationVerdict {
        let reference: URIReference
        do {
            reference = try URIReference(parsing: request, as: .uri)
        } catch {
            return .rejected(.syntax, "the broker request is not a valid absolute URI: \(error.kind) at offset \(error.offset)")
        }
        return verifyRequest(message: BrokerMessage(reference), callerBundleID: callerBundleID)
    }

    /// Verifies a broker request already read as a message, for the caller the OS reported (see
    /// ``verify(request:callerBundleID:)``): its nested `redirect_uri` was parsed when the
    /// message was read and is not parsed again.
    public func verify(message: BrokerMessage, callerBundleID: String) -> VerificationVerdict {
        verifyRequest(message: message, callerBundleID: callerBundleID)
    }

    /// ``verifyWithoutCaller(request:)`` of a request already read as a message.
    public func verifyWithoutCaller(message: BrokerMessage) -> VerificationVerdict {
        verifyRequest(message: message, callerBundleID: nil)
    }

    /// Every rule of a broker request; `callerBundleID` `nil` skips rule `bundle-id`.
    func verifyRequest(message: BrokerMessage, callerBundleID: String?) -> VerificationVerdict {
        guard case .request = message.recognition, message.url.ranges.fragment == nil else {
            return .rejected(
                .syntax,
                "not a broker request (msauth://broker, msauthv2://broker, msauthv3://broker or the applebroker universal link, with no fragment)")
        }
        // ambiguous-parameters: the message's one verdict (an undecodable piece, a name twice,
        // or a look-alike of a field's name).
        if let ambiguity = message.ambiguity {
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
        // missing-redirect-uri
        guard let nested = message.nestedRedirect else {
            return .rejected(.missingRedirectURI, "the broker request has no redirect_uri")
        }
        var verdict = verify(classified: nested, callerBundleID: callerBundleID)
        if verdict.failedRule == .syntax, let text = message.value(.redirectURI) {
            // `redirect_uri=…+` decodes to a trailing space: say which registration it missed.
            verdict.nearMissSource = NearMissSource(.whitespace(text, self))
        }
        guard verdict.accepted else { return verdict }
        // client-id
        if case .success(let presented) = nested, let clientID = presented.clientID {
            let requested = message.value(.clientID) ?? ""
            let same = StringBytes.withUTF8(clientID) { lhs in StringBytes.withUTF8(requested) { UUIDSyntax.sameUUID(lhs, $0) } }
            guard same else {
                return .rejected(.clientID, "the redirect URI names client '\(clientID)' but the request's client_id is '\(requested)'")
            }
        }
        return verdict
    }
}
