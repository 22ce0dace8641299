extension RedirectVerifier {
    /// Verifies a broker request URL (any text) through the `redirect_uri` it carries: rules
    /// `ambiguous-parameters` and `missing-redirect-uri`, then every rule of
    /// ``verify(_:callerBundleID:)`` on the redirect URI, then `client-id`.
    ///
    /// ```swift
    /// let verifier = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"])
    /// verifier.verify(request: "msauthv2://broker?client_id=…&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect_uri=x",
    ///                 callerBundleID: "com.contoso.app").failedRule   // .ambiguousParameters
    /// ```
    public func verify(request: String, callerBundleID: String? = nil) -> VerificationVerdict {
        let reference: URIReference
        do {
            reference = try URIReference(parsing: request, as: .uri)
        } catch {
            return .rejected(.syntax, "the broker request is not a valid absolute URI: \(error.kind) at offset \(error.offset)")
        }
        guard BrokerEndpoint(reference) != nil, reference.ranges.fragment == nil else {
            return .rejected(
                .syntax,
                "not a broker request (msauth://broker, msauthv2://broker, msauthv3://broker or the applebroker universal link, with no fragment)")
        }
        // ambiguous-parameters: every piece decodes, and no decoded name twice.
        let parameters: [(name: String, value: String?)]
        do {
            parameters = try QueryParameters(reference.query ?? "", decoding: .form).decoded()
        } catch {
            return .rejected(.ambiguousParameters, "a parameter does not decode: \(error)")
        }
        var seen: Set<String> = []
        for parameter in parameters where !seen.insert(parameter.name).inserted {
            return .rejected(
                .ambiguousParameters,
                "the parameter '\(parameter.name)' appears more than once; a reader that picks one lets an attacker choose")
        }
        // missing-redirect-uri
        guard let redirect = parameters.first(where: { $0.name == "redirect_uri" }) else {
            return .rejected(.missingRedirectURI, "the broker request has no redirect_uri")
        }
        let verdict = verify(redirect.value ?? "", callerBundleID: callerBundleID)
        guard verdict.accepted else { return verdict }
        // client-id
        if let presented = try? RedirectURI(parsing: redirect.value ?? ""), let clientID = presented.clientID {
            let requested = parameters.first { $0.name == "client_id" }?.value ?? ""
            let same = StringBytes.withUTF8(clientID) { lhs in StringBytes.withUTF8(requested) { UUIDSyntax.sameUUID(lhs, $0) } }
            guard same else {
                return .rejected(.clientID, "the redirect URI names client '\(clientID)' but the request's client_id is '\(requested)'")
            }
        }
        return verdict
    }
}
