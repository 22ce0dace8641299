extension RedirectVerifier {
    /// Verifies a presented redirect URI given as bytes the caller keeps: the same verdict as
    /// ``verify(_:caller:)-(String,_)`` on the same text, and invalid UTF-8 fails rule `syntax`
    /// at its first byte that is not ASCII.
    ///
    /// The bytes are read in place, only during the call: a redirect URI that is accepted as it
    /// stands (a plain URI equal to a registration, its bundle ID the caller's exactly) is
    /// verified without a copy of it. Any other verdict is worked out on a copy of the bytes,
    /// which a rejection's explanation quotes. This is the entry point for a caller that holds
    /// bytes (the C API, a buffer from the network), which would otherwise make a `String` first.
    ///
    /// ```swift
    /// let verifier = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"])
    /// let presented: [UInt8] = Array("msauth.com.contoso.app://auth".utf8)
    /// let verdict = presented.withUnsafeBufferPointer { bytes in
    ///     verifier.verify(bytes: bytes, caller: .reportedByOS(bundleID: "com.contoso.app"))
    /// }
    /// verdict.accepted   // true
    /// ```
    public func verify(bytes presented: UnsafeBufferPointer<UInt8>, caller: Caller) -> VerificationVerdict {
        var verdict = verify(borrowed: presented, callerBundleID: caller.reportedBundleID)
        verdict.identity = caller.identity
        return verdict
    }

    /// Verifies presented bytes; invalid UTF-8 fails rule `syntax`.
    public func verify(bytes presented: [UInt8], caller: Caller) -> VerificationVerdict {
        presented.withUnsafeBufferPointer { bytes in verify(bytes: bytes, caller: caller) }
    }

    /// `presented` (any bytes), `nil` leaving rule `bundle-id` out: what `verify(_:callerBundleID:)`
    /// does for text, on bytes that are copied only when the verdict is not an acceptance in place.
    func verify(borrowed presented: UnsafeBufferPointer<UInt8>, callerBundleID: String?) -> VerificationVerdict {
        let ranges: URIComponentRanges
        do {
            ranges = try URIParser.parse(presented, as: .uri)
        } catch {
            // As for text: rule `syntax`, and the whitespace near miss worked out when asked (on
            // the text the bytes decode to, U+FFFD for what is not UTF-8).
            var verdict = Self.syntaxRejection(error)
            verdict.nearMissSource = NearMissSource(.whitespace(String(decoding: presented, as: UTF8.self), self))
            return verdict
        }
        let decision = RedirectRules.decide(presented, ranges)
        if let matched = acceptedInPlace(presented, ranges, decision, callerBundleID: callerBundleID) {
            return VerificationVerdict(
                accepted: true, failedRule: nil, matched: matched, diagnostics: [], reason: nil, callerBundleID: callerBundleID)
        }
        // Every other verdict, by the rules' one implementation, on the text: the bytes parsed, so
        // they are ASCII and decode to themselves.
        let reference = URIReference(validated: Substring(String(decoding: presented, as: UTF8.self)), ranges: ranges)
        return verify(presented: RedirectURI(reference: reference, decision: decision), callerBundleID: callerBundleID)
    }

    /// The registered text that `bytes` (a URI that parsed to `ranges` and classified as
    /// `decision`) is accepted by, when the rules after `syntax` all pass without a finding in
    /// the simplest way: no fragment, not a wrapper candidate, equal to a plain registration
    /// (``compare(_:_:)``'s first test), and a bundle ID exactly the caller's. `nil` for
    /// anything else, which `verify(presented:callerBundleID:)` then decides: this is a shortcut
    /// to the acceptance it would reach, never a verdict of its own (the tests hold the two
    /// paths equal on every vector).
    func acceptedInPlace(
        _ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URIComponentRanges, _ decision: RedirectDecision, callerBundleID: String?
    ) -> String? {
        guard ranges.fragment == nil, let scheme = ranges.scheme, !RedirectRules.isWrapperCandidate(bytes, ranges) else { return nil }
        let presentedScheme = UnsafeBufferPointer(rebasing: bytes[scheme])
        let presentedRest = UnsafeBufferPointer(rebasing: bytes[scheme.upperBound...])
        var matched: String?
        for (candidate, text) in plainCandidates {
            let registered = candidate.reference
            guard let registeredScheme = registered.ranges.scheme else { continue }
            let equal = registered.withBytes { registeredBytes in
                Schemes.matchForVerification(presentedScheme, UnsafeBufferPointer(rebasing: registeredBytes[registeredScheme]))
                    && presentedRest.equalsBytes(of: UnsafeBufferPointer(rebasing: registeredBytes[registeredScheme.upperBound...]))
            }
            if equal {
                matched = text
                break
            }
            // Rule `loopback-port` may find an earlier candidate equal, or a port invalid.
            if decision.form == .loopback, candidate.form == .loopback { return nil }
        }
        guard let matched else { return nil }
        guard let callerBundleID else { return matched }
        // Rule `bundle-id`, its acceptances without a finding: the one-label ADAL host that is
        // the caller's, or a carried bundle ID equal to the caller's byte for byte (valid, as the
        // carried one is). A client-ID URI is rejected, and anything else is decided in full.
        guard decision.form != .msalClientID else { return nil }
        let isCallers = StringBytes.withUTF8(callerBundleID) { caller -> Bool in
            if decision.findings.contains(.customSchemeSingleLabelHost), let host = ranges.host,
                UnsafeBufferPointer(rebasing: bytes[host]).equalsBytes(of: caller)
            {
                return true
            }
            guard decision.form.carriesBundleID, let carried = decision.bundleIDRange else { return false }
            return UnsafeBufferPointer(rebasing: bytes[carried]).equalsBytes(of: caller)
        }
        return isCallers ? matched : nil
    }
}
