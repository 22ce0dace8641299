// Verifying a presented redirect URI: the article's section of that name, one function per rule,
// applied in the article's order; the first rule that fails is the verdict.

/// The model's verdict: accepted, or the identifier of the first rule that failed; and the
/// verification warning (`bundle-id-case-relaxed`).
public struct Verdict: Sendable, Hashable, CustomStringConvertible {
    public var accepted: Bool
    public var failedRule: String?
    public var warnings: [String]
    /// "The verdict says which identity it rests on": `reported-by-os` when the OS reported the
    /// caller, `claimed-by-redirect-uri` when it did not; none for a round trip.
    public var identity: String? = nil

    public static func accept(_ warnings: [String] = []) -> Verdict {
        Verdict(accepted: true, failedRule: nil, warnings: warnings)
    }

    public static func reject(_ rule: String) -> Verdict {
        Verdict(accepted: false, failedRule: rule, warnings: [])
    }

    public var description: String {
        var head = accepted ? "accepted" : "rejected by \(failedRule ?? "?")"
        if let identity { head += " (\(identity))" }
        return warnings.isEmpty ? head : "\(head) [\(warnings.joined(separator: ","))]"
    }
}

/// What the caller passes besides the presented text.
public struct ModelVerification: Sendable {
    /// What exact-match compares each registration with, read once: `nil` when the text is not an
    /// absolute URI ("A registered text that is not an absolute URI never matches"); for a
    /// registered wrapper, its decoded URI.
    let registrations: [(compared: ParsedURI, isWrapper: Bool)?]
    /// `VerificationOptions.bundleIDComparison` set to ignore case.
    public var bundleIDCaseInsensitive: Bool

    public init(registered: [String], bundleIDCaseInsensitive: Bool = false) {
        self.registrations = registered.map { text in
            guard let uri = ParsedURI(Array(text.utf8)) else { return nil }
            if ModelClassifier.isWrapperCandidate(uri), case .success(let (inner, _)) = ModelClassifier.unwrap(uri) {
                return (inner, true)
            }
            // A registered wrapper around the one-label ADAL shape: its decoded URI, which only a
            // presented wrapper read as the caller's reaches.
            if ModelClassifier.isWrapperCandidate(uri), let inner = Self.oneLabelADALInner(uri) { return (inner, true) }
            return (uri, false)
        }
        self.bundleIDCaseInsensitive = bundleIDCaseInsensitive
    }

    /// Verifies presented bytes (any bytes) for the caller: a bundle ID the OS reported, or `nil`
    /// when it reported none. "The verdict says which identity it rests on."
    public func verify(_ presented: [UInt8], callerBundleID: String?) -> Verdict {
        var verdict = verifyRules(presented, callerBundleID: callerBundleID)
        verdict.identity = identity(callerBundleID)
        return verdict
    }

    /// "proven by the OS" when the OS reported the caller, else "claimed by the redirect URI".
    func identity(_ callerBundleID: String?) -> String {
        callerBundleID == nil ? "claimed-by-redirect-uri" : "reported-by-os"
    }

    /// The rules, in order, without the identity.
    func verifyRules(_ presented: [UInt8], callerBundleID: String?) -> Verdict {
        // syntax
        guard let uri = ruleSyntax(presented) else { return .reject("syntax") }
        // fragment
        if !ruleFragment(uri) { return .reject("fragment") }
        // wrapper: for a wrapper, exact-match compares the decoded URI
        let compared: ParsedURI
        let presentedIsWrapper: Bool
        // What bundle-id reads: the presented URI, or a wrapper's one-label ADAL inner URI.
        var carrier = uri
        switch ruleWrapper(uri, callerBundleID: callerBundleID.map { Array($0.utf8) }) {
        case .notACandidate:
            compared = uri
            presentedIsWrapper = false
        case .wrapper(let inner):
            compared = inner
            presentedIsWrapper = true
        case .oneLabelWrapper(let inner):
            compared = inner
            presentedIsWrapper = true
            carrier = inner
        case .fails:
            return .reject("wrapper")
        }
        // exact-match, loopback-port
        if let failed = ruleExactMatchAndLoopbackPort(compared, presentedIsWrapper: presentedIsWrapper) {
            return .reject(failed)
        }
        // bundle-id
        return ruleBundleID(carrier, callerBundleID: callerBundleID.map { Array($0.utf8) })
    }

    public func verify(_ presented: String, callerBundleID: String?) -> Verdict {
        verify(Array(presented.utf8), callerBundleID: callerBundleID)
    }

    /// syntax: "The presented text is an absolute URI (RFC 3986 `URI`), ASCII only. Nothing is
    /// repaired."
    func ruleSyntax(_ presented: [UInt8]) -> ParsedURI? {
        ParsedURI(presented)
    }

    /// fragment: "The presented URI has no fragment, not even an empty `#`."
    func ruleFragment(_ uri: ParsedURI) -> Bool {
        uri.fragment == nil
    }

    /// The decoded URI of a wrapper that fails only because that URI is the ADAL shape with a
    /// one-label host.
    static func oneLabelADALInner(_ uri: ParsedURI) -> ParsedURI? {
        guard case .failure(let finding) = ModelClassifier.unwrap(uri), finding.code == "wrapper-inner-not-broker",
              let segment = ModelClassifier.singleSegment(uri.path), let decoded = percentDecode(segment, plusIsSpace: false),
              let inner = ParsedURI(decoded), ModelClassifier.isADALShape(inner), let host = inner.host, labelCount(host) == 1
        else { return nil }
        return inner
    }

    enum WrapperOutcome { case notACandidate, wrapper(ParsedURI), oneLabelWrapper(ParsedURI), fails }

    /// wrapper: "Applies when the presented URI has the wrapper's candidate shape. It must be a
    /// wrapper, and in addition it has no query, and the decoded URI has no fragment." And: "With
    /// a caller bundle ID, a wrapper whose decoded URI has the ADAL shape with a one-label host
    /// exactly equal to the caller's bundle ID is a wrapper too, as that URI alone is the ADAL
    /// form."
    func ruleWrapper(_ uri: ParsedURI, callerBundleID: [UInt8]?) -> WrapperOutcome {
        guard ModelClassifier.isWrapperCandidate(uri) else { return .notACandidate }
        if let caller = callerBundleID, let inner = Self.oneLabelADALInner(uri), inner.host == caller {
            if uri.query != nil { return .fails }
            return .oneLabelWrapper(inner)
        }
        guard case .success(let (inner, _)) = ModelClassifier.unwrap(uri) else { return .fails }
        if uri.query != nil { return .fails }
        if inner.fragment != nil { return .fails }
        return .wrapper(inner)
    }

    /// exact-match and loopback-port: `nil` when a registration matches, else the rule that fails
    /// ("When that is all that stands between the presented URI and a registration, this rule
    /// [loopback-port] is the one that fails; otherwise exact-match does").
    func ruleExactMatchAndLoopbackPort(_ compared: ParsedURI, presentedIsWrapper: Bool) -> String? {
        var onlyThePortStoodBetween = false
        for registration in registrations {
            // "A registered text that is not an absolute URI never matches."
            guard let (registeredCompared, registeredIsWrapper) = registration else { continue }
            // "A registered wrapper never matches a presented plain URI"; a presented wrapper
            // matches a registered wrapper whose decoded URI it equals.
            if registeredIsWrapper && !presentedIsWrapper { continue }
            if ruleExactMatch(compared, registeredCompared) { return nil }
            switch ruleLoopbackPort(compared, registeredCompared) {
            case .notApplicable: break
            case .portsAcceptable: return nil
            case .portInvalid: onlyThePortStoodBetween = true
            }
        }
        return onlyThePortStoodBetween ? "loopback-port" : "exact-match"
    }

    /// exact-match: the schemes are equal ignoring case, except that after an `msauth.` prefix
    /// (ignoring case) the rest of the scheme — the bundle ID — compares exactly; everything after
    /// the scheme is exactly equal.
    func ruleExactMatch(_ a: ParsedURI, _ b: ParsedURI) -> Bool {
        schemesEqual(a.scheme, b.scheme) && a.afterScheme == b.afterScheme
    }

    func schemesEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if hasPrefixIgnoringCase(a, "msauth.") || hasPrefixIgnoringCase(b, "msauth.") {
            guard hasPrefixIgnoringCase(a, "msauth."), hasPrefixIgnoringCase(b, "msauth.") else { return false }
            return Array(a[7...]) == Array(b[7...])
        }
        return equalIgnoringCase(a, b)
    }

    enum LoopbackPortOutcome { case notApplicable, portsAcceptable, portInvalid }

    /// loopback-port: both `http` with the same loopback literal host text, neither with userinfo,
    /// exactly equal apart from the port: the ports may differ or be absent, but a present one must
    /// be 1–65535, digits only, no leading zero.
    func ruleLoopbackPort(_ a: ParsedURI, _ b: ParsedURI) -> LoopbackPortOutcome {
        guard equalIgnoringCase(a.scheme, "http"), equalIgnoringCase(b.scheme, "http") else { return .notApplicable }
        guard let hostA = a.host, let hostB = b.host, hostA == hostB,
              exactlyEqual(hostA, "127.0.0.1") || exactlyEqual(hostA, "[::1]")
        else { return .notApplicable }
        guard a.userinfo == nil, b.userinfo == nil else { return .notApplicable }
        guard a.afterSchemeWithoutPort == b.afterSchemeWithoutPort else { return .notApplicable }
        for port in [a.port, b.port] {
            if let port, !isLoopbackPortNumber(port) { return .portInvalid }
        }
        return .portsAcceptable
    }

    /// "a number from 1 to 65535 written with digits only and no leading zero".
    func isLoopbackPortNumber(_ port: [UInt8]) -> Bool {
        if port.isEmpty || port.count > 5 { return false }
        if port[0] == UInt8(ascii: "0") { return false }
        var value = 0
        for byte in port {
            if !isASCIIDigit(byte) { return false }
            value = value * 10 + Int(byte - 0x30)
        }
        return value >= 1 && value <= 65535
    }

    /// bundle-id: with a caller bundle ID, the bundle ID the presented URI carries must be exactly
    /// equal to it; a form that carries none (the client-ID form included) fails.
    func ruleBundleID(_ uri: ParsedURI, callerBundleID: [UInt8]?) -> Verdict {
        guard let caller = callerBundleID else { return .accept() }
        let classification = ModelClassifier.classify(uri, wrapperAllowed: true)
        // "A caller bundle ID that is not a bundle ID fails."
        if !isBundleID(caller) { return .reject("bundle-id") }
        // "an ADAL-shaped URI whose host is a single label exactly equal to the caller's bundle
        // ID is the ADAL form, with that bundle ID" (the presented URI, or a wrapper's decoded
        // URI; a URI of another form, such as msal<client ID>://auth, stays that form).
        if classification.form == .other, ModelClassifier.isADALShape(uri), let host = uri.host, labelCount(host) == 1, host == caller {
            return .accept()
        }
        // "A form that carries no bundle ID fails" — the carriers: ADAL (host), MSAL (rest of the
        // scheme), wrapper (the decoded URI's).
        guard let carried = classification.bundleID else { return .reject("bundle-id") }
        let carriedBytes = Array(carried.utf8)
        if carriedBytes == caller { return .accept() }
        if bundleIDCaseInsensitive && equalIgnoringCase(carriedBytes, caller) {
            return .accept(["bundle-id-case-relaxed"])
        }
        return .reject("bundle-id")
    }
}
