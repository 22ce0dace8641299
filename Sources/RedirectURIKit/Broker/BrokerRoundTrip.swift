// The round trip, checked on the client: does this response answer the request the app sent?
// IdentityCore's MSIDBrokerResponseHandler makes the same three checks before it decrypts
// anything: the response URL starts with the redirect URI the request sent
// (verifyResumeStateDicrionary), it carries the protocol version the SDK speaks
// (canHandleBrokerResponse: "2" for ADAL, "3" for MSAL; ADAL's ADBrokerKeyHelper reads versions
// up to its max_protocol_ver), and its broker_nonce is the one the request sent (checkBrokerNonce,
// the nonce exchange that MSAL and ADAL added for iOS 13, when iOS no longer names the broker).

extension BrokerResponse {
    /// Checks that this response answers `request`, the one the app sent: the rules of
    /// ``VerificationRule/roundTrip``, in order.
    ///
    /// - `response-redirect`: it comes back to the request's redirect URI (or its `/broker`
    ///   sub-route), as ``comesBack(to:)`` decides;
    /// - `broker-nonce`: it echoes the request's `broker_nonce`, exactly, when the request sent
    ///   one, and carries none when it did not. The nonce is what stops a response made for
    ///   another request: since iOS 13 the app cannot ask iOS which app opened it, so a response
    ///   is tied to its request by the nonce alone;
    /// - `protocol-version`: its `msg_protocol_ver`, when it has one, is one the request reads:
    ///   the request's `msg_protocol_ver` for MSAL, 1 up to `max_protocol_ver` for ADAL.
    ///
    /// The verdict's ``VerificationVerdict/identity`` is `nil`: a round trip judges no caller.
    ///
    /// ```swift
    /// let request = try BrokerRequest(parsing: sentURL)
    /// let response = try BrokerResponse(parsing: openedURL)
    /// let verdict = response.answers(request)
    /// verdict.accepted      // false when the nonce differs: .brokerNonce
    /// ```
    public func answers(_ request: BrokerRequest) -> VerificationVerdict {
        let routing = comesBack(to: request)
        guard routing.outcome == .response || routing.outcome == .brokerResponse else {
            let why = routing.diagnostics.first.map { ": \($0.message)" } ?? ""
            let expected = request.redirectURI.map { "'\($0)'" } ?? "its redirect_uri"
            return .rejected(.responseRedirect, "the response comes back to '\(redirectURI)', not to the request's redirect URI \(expected)\(why)")
        }
        let sent = request.brokerNonce
        let echoed = message.value(.brokerNonce)
        if sent != echoed {
            var verdict: VerificationVerdict
            switch (sent, echoed) {
            case (.some, .none):
                verdict = .rejected(.brokerNonce, "the request sent a broker_nonce and the response does not echo it: it may answer another request")
            case (.none, .some):
                verdict = .rejected(.brokerNonce, "the response carries a broker_nonce the request did not send: it answers another request")
            default:
                verdict = .rejected(.brokerNonce, "the response's broker_nonce is not the one the request sent: it answers another request")
            }
            verdict.field = BrokerField.brokerNonce.text
            return verdict
        }
        if let version = protocolVersion, let readable = request.readableResponseVersions, !readable.contains(version) {
            var verdict = VerificationVerdict.rejected(
                .protocolVersion,
                "the response is in protocol version \(version), and the request reads "
                    + (readable.count == 1 ? "version \(readable.lowerBound) only" : "versions \(readable.lowerBound)–\(readable.upperBound)"))
            verdict.field = BrokerField.msgProtocolVer.text
            return verdict
        }
        let answer = "the response answers the request: it comes back to its redirect URI"
        let nonce = sent == nil ? ", and neither carries a broker_nonce" : " and echoes its broker_nonce"
        return VerificationVerdict(
            accepted: true, failedRule: nil, matched: request.redirectURI?.description, diagnostics: routing.diagnostics,
            reason: answer + nonce)
    }
}

extension BrokerRequest {
    /// The response protocol versions this request reads: its `msg_protocol_ver` (MSAL), or 1 up
    /// to its `max_protocol_ver` (ADAL); `nil` when it states neither validly.
    var readableResponseVersions: ClosedRange<Int>? {
        if isADALProtocol {
            return value(.maxProtocolVer).flatMap(BrokerValueSyntax.protocolVersion).map { 1...$0 }
        }
        return value(.msgProtocolVer).flatMap(BrokerValueSyntax.protocolVersion).map { $0...$0 }
    }

    /// The version a success answer to this request is written in: the highest it reads
    /// (ADAL's `max_protocol_ver=2` gets version 2, MSAL's `msg_protocol_ver=3` version 3).
    var answerVersion: Int { readableResponseVersions?.upperBound ?? 3 }
}
