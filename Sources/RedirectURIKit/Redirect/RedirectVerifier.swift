/// A rule of the verification policy. Identifiers are stable; the "Verification rules" article
/// defines each, in the order they are applied.
public struct VerificationRule: Sendable, Hashable, CustomStringConvertible {
    /// The stable identifier, e.g. `exact-match`.
    public let identifier: String
    /// What the rule requires, in one sentence.
    public let requirement: String

    /// A valid absolute RFC 3986 URI, ASCII only.
    public static let syntax = VerificationRule(
        identifier: "syntax",
        requirement: "the redirect URI must be a valid absolute RFC 3986 URI in ASCII")
    /// No fragment, not even an empty `#` (RFC 6749 §3.1.2).
    public static let fragment = VerificationRule(
        identifier: "fragment",
        requirement: "the redirect URI must not have a fragment, not even an empty '#'")
    /// The certificate-auth wrapper's shape, and a decoded ADAL or MSAL broker URI inside it.
    public static let wrapper = VerificationRule(
        identifier: "wrapper",
        requirement:
            "a certificate-auth wrapper must be msauth://code/ with one path segment and no query, decoding once to an ADAL or MSAL broker redirect URI without a fragment (or to the ADAL shape whose one-label host is the caller's bundle ID)"
    )
    /// Equal to a registered URI (the scheme's case aside, but not an MSAL bundle ID's).
    public static let exactMatch = VerificationRule(
        identifier: "exact-match",
        requirement:
            "the redirect URI must equal a registered redirect URI character for character (only the scheme's case may differ, and not in an MSAL bundle ID)"
    )
    /// A loopback port that differs from the registered one must be 1–65535 without leading zeros.
    public static let loopbackPort = VerificationRule(
        identifier: "loopback-port",
        requirement: "a loopback redirect URI may change its port only to a port 1–65535 written without leading zeros")
    /// The bundle ID carried by the URI equals the caller's.
    public static let bundleID = VerificationRule(
        identifier: "bundle-id",
        requirement: "the bundle ID in the redirect URI must equal the caller's bundle ID exactly")
    /// A broker request whose parameters are duplicated, named twice, look like a field's name to
    /// a server that folds names, or do not decode.
    public static let ambiguousParameters = VerificationRule(
        identifier: "ambiguous-parameters",
        requirement:
            "a broker request must have no duplicated parameter, not both names of one parameter, no name a server would fold into a parameter's name, and every parameter must decode"
    )
    /// A broker request without a `redirect_uri`.
    public static let missingRedirectURI = VerificationRule(
        identifier: "missing-redirect-uri",
        requirement: "a broker request must carry a redirect_uri")
    /// A client-ID redirect URI used by a request for another client.
    public static let clientID = VerificationRule(
        identifier: "client-id",
        requirement: "a client-ID redirect URI must be used by a request whose client_id is that client ID")
    /// A broker request without a field its protocol requires, `broker_key` above all: the broker
    /// encrypts its answer to that key, so without it nothing binds the answer to the requester
    /// (IdentityCore's MSIDBrokerConstants and ADAL's broker request list the fields). The
    /// verdict's ``VerificationVerdict/field`` names the field.
    public static let missingField = VerificationRule(
        identifier: "missing-field",
        requirement:
            "a broker request must carry every field its protocol requires: broker_key first (the answer is encrypted to it), broker_nonce on msauthv3, and authority, client_id, correlation_id, client_version, and max_protocol_ver with resource (ADAL) or msg_protocol_ver with scope (MSAL)"
    )
    /// A broker request field whose value does not have its syntax (a UUID, base64url, an https
    /// authority, a protocol version, a flag). The verdict's ``VerificationVerdict/field`` names
    /// it.
    public static let invalidField = VerificationRule(
        identifier: "invalid-field",
        requirement:
            "every field of a broker request must have its syntax (client_id and correlation_id UUIDs, broker_key base64url, authority an https URI, a protocol version number, YES/NO flags, no empty value)"
    )
    /// A request whose `client_id` has no registration (``Registrations``).
    public static let unregisteredClientID = VerificationRule(
        identifier: "unregistered-client-id",
        requirement: "the request's client_id must be a client with registered redirect URIs")
    /// A response that does not come back to the request's redirect URI (or its `/broker`
    /// sub-route).
    public static let responseRedirect = VerificationRule(
        identifier: "response-redirect",
        requirement: "a broker response must come back to the redirect URI of the request it answers (or to its /broker sub-route)")
    /// A response that does not echo the request's `broker_nonce`, or carries one the request
    /// did not send.
    public static let brokerNonce = VerificationRule(
        identifier: "broker-nonce",
        requirement: "a broker response must echo the request's broker_nonce exactly when the request sent one, and carry none otherwise")
    /// A response in a protocol version the request cannot read.
    public static let protocolVersion = VerificationRule(
        identifier: "protocol-version",
        requirement:
            "a broker response must be in the protocol version its request reads: msg_protocol_ver=2 for ADAL's max_protocol_ver=2, the request's msg_protocol_ver for MSAL"
    )

    /// The rules of verifying a redirect URI or a broker request, in evaluation order.
    public static let verification: [VerificationRule] = [
        .ambiguousParameters, .missingRedirectURI, .missingField, .invalidField, .unregisteredClientID, .syntax, .fragment, .wrapper,
        .exactMatch, .loopbackPort, .bundleID, .clientID,
    ]

    /// The rules of checking that a response answers its request (``BrokerResponse/answers(_:)``),
    /// in evaluation order.
    public static let roundTrip: [VerificationRule] = [.responseRedirect, .brokerNonce, .protocolVersion]

    /// All rules: ``verification``, then ``roundTrip``.
    public static let all: [VerificationRule] = verification + roundTrip

    /// The identifier.
    public var description: String { identifier }
}

/// The outcome of verifying a presented redirect URI.
public struct VerificationVerdict: Sendable, Hashable {
    /// Whether the redirect URI is accepted.
    public var accepted: Bool
    /// The rule that failed, when rejected.
    public var failedRule: VerificationRule?
    /// The registered redirect URI that matched, when accepted.
    public var matched: String?
    /// Relaxations that were applied and other findings.
    public var diagnostics: [RedirectDiagnostic]
    /// For an `exact-match` rejection (or a `syntax` one that whitespace explains): the nearest
    /// registered redirect URI and the one way it differs, when one differs in one way only.
    /// Worked out when asked, so that rejecting costs one small allocation, not the comparison.
    public var nearMiss: NearMiss? { nearMissSource?.nearMiss }
    /// What ``nearMiss`` is worked out from (a reference: the verdict stays small).
    var nearMissSource: NearMissSource? = nil
    /// Why a rejection happened (built when the rule fails), or an acceptance's own explanation
    /// (a report's, see `init(accepted:failedRule:explanation:)`).
    var reason: String?
    /// The caller's bundle ID that an acceptance was checked against.
    var callerBundleID: String?
    /// Which identity the verdict rests on: the caller as iOS reported it (rule `bundle-id` ran),
    /// or the bundle ID the redirect URI claims (iOS did not report the caller). `nil` for a
    /// verdict on a round trip (``BrokerResponse/answers(_:)``), which judges no caller.
    public var identity: VerdictIdentity?
    /// The broker field a rule named, when the rule is about one (`missing-field`,
    /// `invalid-field`, `broker-nonce`): e.g. `broker_key`.
    public var field: String?

    /// One sentence explaining the verdict. Built when asked, so that accepting costs nothing.
    public var explanation: String {
        guard accepted else {
            let why = reason ?? failedRule?.requirement ?? "rejected"
            return nearMiss.map { why + "; " + $0.message } ?? why
        }
        if let reason { return reason }
        let match = "accepted: matches the registered redirect URI '\(matched ?? "")'"
        if let callerBundleID { return match + " and the caller's bundle ID '\(callerBundleID)', reported by the OS" }
        guard identity == .claimedByRedirectURI else { return match }
        return match
            + "; iOS did not report the caller, so the app is the one the redirect URI claims: the answer must go to that redirect URI, encrypted to the request's broker_key"
            + (nonceBound ? " and echoing its broker_nonce" : "")
    }

    /// Whether the request verified carried a `broker_nonce` that the answer must echo.
    var nonceBound = false

    static func rejected(_ rule: VerificationRule, _ reason: String) -> Self {
        VerificationVerdict(accepted: false, failedRule: rule, matched: nil, diagnostics: [], reason: reason)
    }
}

/// Options that relax the default policy. Every relaxation that changes a verdict is reported
/// as a diagnostic.
public struct VerificationOptions: Sendable, Hashable {
    /// How the bundle ID is compared with the caller's (rule `bundle-id`). Default: exact.
    public var bundleIDComparison: BundleID.Comparison

    /// The default, strict policy.
    public static let strict = VerificationOptions(bundleIDComparison: .exact)

    /// Creates options.
    public init(bundleIDComparison: BundleID.Comparison = .exact) {
        self.bundleIDComparison = bundleIDComparison
    }
}

/// Decides whether a presented redirect URI is acceptable for an app: the check a broker or an
/// authorization server makes before it issues tokens.
///
/// The rules, in order, are those of the "Verification rules" article: `syntax` (an absolute
/// ASCII URI), `fragment` (none), `wrapper` (a certificate-auth wrapper around an ADAL or MSAL
/// broker URI, nothing else), `exact-match` (equal to a registration; only the scheme's case may
/// differ, and not an MSAL bundle ID's), `loopback-port` (the one exception: a loopback port may
/// change) and `bundle-id` (the carried bundle ID is the caller's). A broker request is verified
/// through its `redirect_uri`, after `ambiguous-parameters` and `missing-redirect-uri`, and with
/// `client-id` after.
///
/// ```swift
/// let verifier = RedirectVerifier(registered: ["x-msauth-mytestiosapp://com.myapp.mytestapp"])
/// verifier.verify("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp",
///                 caller: .reportedByOS(bundleID: "com.myapp.mytestapp")).accepted      // true
/// verifier.verify("x-msauth-mytestiosapp://com.myapp.mytestapp",
///                 caller: .reportedByOS(bundleID: "com.evil.app")).failedRule           // .bundleID
/// verifier.verify("x-msauth-mytestiosapp://com.myapp.mytestapp",
///                 caller: .notReported).identity                                        // .claimedByRedirectURI
/// ```
public struct RedirectVerifier: Sendable {
    /// The app's registered redirect URIs, as registered.
    public let registered: [String]
    /// Relaxations of the default policy.
    public let options: VerificationOptions
    /// What a presented plain URI is compared with: the registrations that parse as absolute
    /// URIs and are not wrapper candidates (a registered wrapper never matches a plain URI), with
    /// their registered text. Registrations that do not parse can never match.
    let plainCandidates: [(RedirectURI, String)]
    /// What a presented wrapper's decoded URI is compared with: every plain registration, and
    /// the decoded URI of every registered wrapper. Both lists are made once, so that verifying
    /// allocates nothing for them.
    let wrapperCandidates: [(RedirectURI, String)]
    /// Registrations that parse only once the whitespace around them is removed, with their
    /// registered text: they never match, but they explain a rejection.
    let untrimmedCandidates: [(RedirectURI, String)]

    /// Creates a verifier for an app's registered redirect URIs.
    public init(registered: [String], options: VerificationOptions = .strict) {
        var parsed: [RedirectURI] = []
        var untrimmed: [(RedirectURI, String)] = []
        for text in registered {
            if let redirect = try? RedirectURI(parsing: text) {
                parsed.append(redirect)
            } else if let trimmed = NearMiss.trimmed(text), let redirect = try? RedirectURI(parsing: String(trimmed)) {
                untrimmed.append((redirect, text))
            }
        }
        self.init(registered: registered, parsed: parsed, untrimmed: untrimmed, options: options)
    }

    /// Creates a verifier for registered redirect URIs that were parsed already (they are not
    /// parsed again).
    ///
    /// A label of its own, not an overload of ``init(registered:options:)``: with one label for
    /// both, `RedirectVerifier(registered: [])` was ambiguous to the compiler.
    public init(registeredRedirects registered: [RedirectURI], options: VerificationOptions = .strict) {
        self.init(registered: registered.map { String($0.reference.text) }, parsed: registered, untrimmed: [], options: options)
    }

    /// `parsed`: the registrations that parse, in order; `untrimmed`: those that parse only
    /// without the whitespace around them.
    init(registered: [String], parsed: [RedirectURI], untrimmed: [(RedirectURI, String)], options: VerificationOptions) {
        self.registered = registered
        untrimmedCandidates = untrimmed
        self.options = options
        var plain: [(RedirectURI, String)] = []
        var unwrapped: [(RedirectURI, String)] = []
        for redirect in parsed {
            let text = String(redirect.reference.text)
            if redirect.reference.withBytes({ RedirectRules.isWrapperCandidate($0, redirect.reference.ranges) }) {
                // A registered wrapper around the one-label ADAL shape too: only a presented wrapper
                // read for that host as the caller's is compared with it.
                if let inner = redirect.inner ?? redirect.singleLabelADALInner { unwrapped.append((inner, text)) }
            } else {
                plain.append((redirect, text))
                unwrapped.append((redirect, text))
            }
        }
        plainCandidates = plain
        wrapperCandidates = unwrapped
    }

    /// Verifies `presented` (any text) for the caller as iOS reported it: rule `bundle-id` runs
    /// when iOS named the caller, and the verdict's ``VerificationVerdict/identity`` says which.
    public func verify(_ presented: String, caller: Caller) -> VerificationVerdict {
        var verdict = verify(presented, callerBundleID: caller.reportedBundleID)
        verdict.identity = caller.identity
        return verdict
    }

    /// Verifies a redirect URI that was parsed and classified already (it is not parsed again).
    public func verify(_ presented: RedirectURI, caller: Caller) -> VerificationVerdict {
        var verdict = verify(presented: presented, callerBundleID: caller.reportedBundleID)
        verdict.identity = caller.identity
        return verdict
    }

    /// `presented` (any text), `nil` leaving rule `bundle-id` out: the one path every public
    /// entry point takes, each stating its caller.
    func verify(_ presented: String, callerBundleID: String?) -> VerificationVerdict {
        let parsed = Result { () throws(URIParseError) in try URIReference(parsing: presented, as: .uri) }
        guard case .failure(let error) = parsed else { return verify(parsed, callerBundleID: callerBundleID) }
        // Rule `syntax` failed: a near miss may be the whitespace around the text (found when asked).
        var verdict = Self.syntaxRejection(error)
        verdict.nearMissSource = NearMissSource(.whitespace(presented, self))
        return verdict
    }

    /// When `presented` failed rule `syntax` only because of whitespace around it: the
    /// registration it would otherwise equal.
    func whitespaceNearMiss(_ presented: String) -> NearMiss? {
        guard let trimmed = NearMiss.trimmed(presented), let redirect = try? RedirectURI(parsing: String(trimmed)) else {
            return nil
        }
        let candidates =
            redirect.reference.withBytes({ RedirectRules.isWrapperCandidate($0, redirect.reference.ranges) })
            ? redirect.inner.map { inner in (inner, wrapperCandidates) } : (redirect, plainCandidates)
        guard let (compared, list) = candidates,
            let match = list.first(where: { Self.compare(compared, $0.0) == .equal })
        else { return nil }
        return NearMiss.surroundingWhitespace(registered: match.1, presentedHasIt: true)
    }

    func verify(_ parsed: Result<URIReference, URIParseError>, callerBundleID: String?) -> VerificationVerdict {
        switch parsed {
        case .success(let reference): verify(presented: RedirectURI(classifying: reference), callerBundleID: callerBundleID)
        case .failure(let error): Self.syntaxRejection(error)
        }
    }

    /// Rule `syntax`: not a valid absolute URI (ASCII is implied: the grammar has no non-ASCII
    /// byte).
    static func syntaxRejection(_ error: URIParseError) -> VerificationVerdict {
        .rejected(.syntax, "not a valid absolute URI: \(error.kind) at offset \(error.offset)")
    }

    /// Verifies a presented redirect URI that was parsed and classified already (a broker
    /// message's `redirect_uri`), so that it is not parsed again.
    func verify(classified parsed: Result<RedirectURI, URIParseError>, callerBundleID: String?) -> VerificationVerdict {
        switch parsed {
        case .success(let redirect): verify(presented: redirect, callerBundleID: callerBundleID)
        case .failure(let error): Self.syntaxRejection(error)
        }
    }

    /// Every rule after `syntax`, on a presented redirect URI that parsed. (Taking the classified
    /// URI itself, not a `Result` of it: wrapping it cost the verifier 3 % in instructions.)
    func verify(presented: RedirectURI, callerBundleID: String?) -> VerificationVerdict {
        let reference = presented.reference
        // fragment
        if let fragment = reference.ranges.fragment {
            return .rejected(.fragment, "the redirect URI has a fragment ('#' at offset \(fragment.lowerBound - 1))")
        }
        // wrapper, then exact-match and loopback-port.
        let matched: String
        // What rule bundle-id reads: the wrapper, whose bundle ID is its inner URI's, or the inner
        // URI itself when it is the one-label ADAL shape read as the caller's.
        var carrier = presented
        if reference.withBytes({ RedirectRules.isWrapperCandidate($0, reference.ranges) }) {
            switch unwrap(presented, callerBundleID: callerBundleID) {
            case .rejected(let verdict): return verdict
            case .matched(let inner):
                if presented.form != .certificateAuth { carrier = inner }
                switch match(inner, against: wrapperCandidates) {
                case .rejected(let verdict): return verdict
                case .matched(let text): matched = text
                }
            }
        } else {
            switch match(presented, against: plainCandidates) {
            case .rejected(let verdict): return verdict
            case .matched(let text): matched = text
            }
        }
        // bundle-id
        var diagnostics: [RedirectDiagnostic] = []
        if let callerBundleID {
            switch checkBundleID(of: carrier, caller: callerBundleID) {
            case .rejected(let verdict): return verdict
            case .matched(let diagnostic): diagnostics += diagnostic.map { [$0] } ?? []
            }
        }
        return VerificationVerdict(
            accepted: true, failedRule: nil, matched: matched, diagnostics: diagnostics,
            reason: nil, callerBundleID: callerBundleID)
    }

    /// Either a verdict that ends verification, or what the next step needs.
    enum Step<Value> {
        case matched(Value)
        case rejected(VerificationVerdict)
    }

    /// Rule `wrapper`: the decision made it a wrapper (or named why not); a redirect URI also
    /// has no query, and the decoded URI no fragment. A wrapper around the one-label ADAL shape
    /// (`myapp://contoso`) is a wrapper when that host is exactly the caller's bundle ID, as the
    /// same URI unwrapped is read: classification alone declines the inner URI, so that a
    /// callback host is not taken for a bundle ID, but the broker knows the caller, and ADAL
    /// forms both URIs from the app's bundle ID alike (its broker redirect URI is valid when its
    /// host is the bundle ID, whatever the number of labels; the wrapper is that URI encoded).
    func unwrap(_ presented: RedirectURI, callerBundleID: String?) -> Step<RedirectURI> {
        if presented.form != .certificateAuth, let callerBundleID, let inner = presented.singleLabelADALInner,
            inner.reference.host?.utf8.elementsEqual(callerBundleID.utf8) == true
        {
            return wrapperConditions(presented, inner)
        }
        guard presented.form == .certificateAuth, let inner = presented.inner else {
            // A wrapper candidate's only findings are the reason it is not a wrapper.
            let reason = presented.diagnostics.first
            return .rejected(.rejected(.wrapper, reason.map { "\($0.code): \($0.message)" } ?? "not a certificate-auth wrapper"))
        }
        return wrapperConditions(presented, inner)
    }

    /// What rule `wrapper` asks of a wrapper beyond its form: no query, no fragment inside.
    func wrapperConditions(_ presented: RedirectURI, _ inner: RedirectURI) -> Step<RedirectURI> {
        guard presented.reference.ranges.query == nil else {
            return .rejected(.rejected(.wrapper, "a certificate-auth wrapper used as a redirect URI has no query"))
        }
        guard inner.reference.ranges.fragment == nil else {
            return .rejected(.rejected(.wrapper, "the decoded inner URI has a fragment"))
        }
        return .matched(inner)
    }

    /// Rules `exact-match` and `loopback-port` against `candidates` (what to compare, and the
    /// registered text to report).
    func match(_ presented: RedirectURI, against candidates: [(RedirectURI, String)]) -> Step<String> {
        var portRejection: VerificationVerdict?
        for (candidate, text) in candidates {
            switch Self.compare(presented, candidate) {
            case .equal: return .matched(text)
            case .loopbackPortInvalid(let why): portRejection = portRejection ?? .rejected(.loopbackPort, why)
            case .different: continue
            }
        }
        if let portRejection { return .rejected(portRejection) }
        var verdict = VerificationVerdict.rejected(.exactMatch, "'\(presented.reference.text)' matches no registered redirect URI")
        verdict.nearMissSource = NearMissSource(.presented(presented, candidates, untrimmedCandidates))
        return .rejected(verdict)
    }

    enum Comparison: Equatable {
        case equal
        case loopbackPortInvalid(String)
        case different
    }

    /// Rule `exact-match` (the scheme compared by ``Schemes/matchForVerification(_:_:)``, the
    /// rest byte for byte) and rule `loopback-port`.
    static func compare(_ presented: RedirectURI, _ registered: RedirectURI) -> Comparison {
        let lhs = presented.reference
        let rhs = registered.reference
        guard let lhsScheme = lhs.ranges.scheme, let rhsScheme = rhs.ranges.scheme else { return .different }
        let sameScheme = lhs.withBytes { lhsBytes in
            rhs.withBytes { rhsBytes in
                Schemes.matchForVerification(
                    UnsafeBufferPointer(rebasing: lhsBytes[lhsScheme]), UnsafeBufferPointer(rebasing: rhsBytes[rhsScheme]))
            }
        }
        guard sameScheme else { return .different }
        // Everything after the scheme, byte for byte: a generic walk of the two UTF-8 views cost
        // a quarter of a verification.
        let sameRest = lhs.withBytes { lhsBytes in
            rhs.withBytes { rhsBytes in
                UnsafeBufferPointer(rebasing: lhsBytes[lhsScheme.upperBound...])
                    .equalsBytes(of: UnsafeBufferPointer(rebasing: rhsBytes[rhsScheme.upperBound...]))
            }
        }
        if sameRest { return .equal }

        // loopback-port: both loopback (http, a loopback literal, no userinfo) with the same host
        // text, and equal but for the port.
        guard presented.form == .loopback, registered.form == .loopback, lhs.host == rhs.host,
            lhs.path == rhs.path, lhs.query == rhs.query, lhs.fragment == nil, rhs.fragment == nil
        else { return .different }
        for (side, reference) in [("presented", lhs), ("registered", rhs)] {
            if let port = reference.port, reference.portNumber == nil {
                return .loopbackPortInvalid("the \(side) loopback port '\(port)' is not 1–65535 without leading zeros")
            }
        }
        return .equal
    }

    /// Rule `bundle-id`.
    func checkBundleID(of presented: RedirectURI, caller callerBundleID: String) -> Step<RedirectDiagnostic?> {
        if presented.form == .msalClientID {
            // The client-ID form names a client registration that several apps may share: nothing
            // in it is the app's, so there is nothing to hold against the caller.
            return .rejected(
                .rejected(
                    .bundleID,
                    "a client-ID redirect URI names a client registration, not an app: it carries no bundle ID to compare with the caller's bundle ID '\(callerBundleID)' (a broker needs msauth.<bundle ID>://auth)"
                ))
        }
        // A one-word host is a bundle ID when it is exactly the caller's (classification alone
        // declines to read `myapp://callback` as one).
        if presented.isSingleLabelADALShape, let host = presented.reference.host,
            host.utf8.elementsEqual(callerBundleID.utf8)
        {
            return .matched(nil)
        }
        guard let carried = presented.form.carriesBundleID ? presented.bundleID : nil else {
            return .rejected(
                .rejected(
                    .bundleID,
                    "a caller bundle ID was given but this \(presented.form.rawValue) redirect URI carries none"))
        }
        guard let caller = BundleID(callerBundleID) else {
            return .rejected(.rejected(.bundleID, "the caller bundle ID '\(callerBundleID)' is not a valid bundle ID"))
        }
        if carried.matches(caller) { return .matched(nil) }
        guard options.bundleIDComparison == .caseInsensitive, carried.matches(caller, comparison: .caseInsensitive) else {
            return .rejected(.rejected(.bundleID, "the redirect URI carries bundle ID '\(carried)' but the caller is '\(caller)'"))
        }
        return .matched(
            RedirectDiagnostic(
                .warning, .bundleIDCaseRelaxed,
                "bundle ID '\(carried)' matched caller '\(caller)' only because case-insensitive comparison was enabled"))
    }
}
