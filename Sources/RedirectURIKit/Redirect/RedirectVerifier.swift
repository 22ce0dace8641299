/// A rule of the verification policy (see <doc:VerificationRules>). Identifiers are stable.
public struct VerificationRule: Sendable, Hashable, CustomStringConvertible {
    /// The stable identifier, e.g. `exact-match`.
    public let identifier: String
    /// The rule's number in the verification policy.
    public let number: Int
    /// What the rule requires, in one sentence.
    public let requirement: String

    /// Rule 1: a valid absolute RFC 3986 URI, ASCII only.
    public static let syntax = VerificationRule(identifier: "syntax", number: 1,
        requirement: "the redirect URI must be a valid absolute RFC 3986 URI in ASCII")
    /// Rule 1: no fragment, not even an empty `#` (RFC 6749 §3.1.2).
    public static let fragment = VerificationRule(identifier: "fragment", number: 1,
        requirement: "the redirect URI must not have a fragment, not even an empty '#' (RFC 6749 §3.1.2)")
    /// Rule 2: equal to a registered URI (scheme case aside).
    public static let exactMatch = VerificationRule(identifier: "exact-match", number: 2,
        requirement: "the redirect URI must equal a registered redirect URI character for character (only the scheme's case may differ)")
    /// Rule 3: a loopback port that differs from the registered one must be 1–65535 without leading zeros.
    public static let loopbackPort = VerificationRule(identifier: "loopback-port", number: 3,
        requirement: "a loopback redirect URI may change its port only to a port 1–65535 written without leading zeros")
    /// Rule 4: the certificate-auth wrapper's shape and decoded inner URI.
    public static let wrapper = VerificationRule(identifier: "wrapper", number: 4,
        requirement: "a certificate-auth wrapper must be msauth://code/ with one path segment, no query, decoding once to a valid URI that is not itself a wrapper")
    /// Rule 5: the bundle ID carried by the URI equals the caller's.
    public static let bundleID = VerificationRule(identifier: "bundle-id", number: 5,
        requirement: "the bundle ID in the redirect URI must equal the caller's bundle ID exactly")

    /// All rules, in evaluation order.
    public static let all: [VerificationRule] = [.syntax, .fragment, .exactMatch, .loopbackPort, .wrapper, .bundleID]

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
    /// Why a rejection happened (rejections only; built when the rule fails).
    var reason: String?
    /// The caller's bundle ID that an acceptance was checked against.
    var callerBundleID: String?

    /// One sentence explaining the verdict. Built when asked, so that accepting costs nothing.
    public var explanation: String {
        guard accepted else { return reason ?? failedRule?.requirement ?? "rejected" }
        return "accepted: matches the registered redirect URI '\(matched ?? "")'"
            + (callerBundleID.map { " and the caller's bundle ID '\($0)'" } ?? "")
    }

    static func rejected(_ rule: VerificationRule, _ reason: String, diagnostics: [RedirectDiagnostic] = []) -> Self {
        VerificationVerdict(accepted: false, failedRule: rule, matched: nil, diagnostics: diagnostics, reason: reason)
    }
}

/// Options that relax the default policy. Every relaxation that changes a verdict is reported
/// as a diagnostic.
public struct VerificationOptions: Sendable, Hashable {
    /// How the bundle ID is compared with the caller's (rule 5). Default: exact.
    public var bundleIDComparison: BundleID.Comparison

    /// The default, strict policy.
    public static let strict = VerificationOptions(bundleIDComparison: .exact)

    /// Creates options.
    public init(bundleIDComparison: BundleID.Comparison = .exact) {
        self.bundleIDComparison = bundleIDComparison
    }
}

/// Decides whether a presented redirect URI is acceptable for an app: the check a broker
/// or an authorization server makes before it issues tokens.
///
/// The default policy accepts only when all of these hold:
/// 1. the presented string is a valid absolute RFC 3986 URI, ASCII only, with no fragment;
/// 2. it equals a registered URI by simple string comparison, except for the scheme's ASCII case;
/// 3. loopback exception: both `http` with the literal `127.0.0.1` or `[::1]` (the same text) and no
///    userinfo may differ in port, and a present port must be 1–65535 without leading zeros;
/// 4. a certificate-auth wrapper (`msauth://code/…`) has one path segment and no query, decodes once
///    (strict UTF-8) to a URI checked by rules 1–3, and matches a registered wrapper with the same
///    decoded URI or a registered plain URI equal to its decoded URI;
/// 5. when the caller's bundle ID is given, the bundle ID carried by the (decoded) URI equals it.
///
/// ```swift
/// let verifier = RedirectVerifier(registered: ["x-msauth-mytestiosapp://com.myapp.mytestapp"])
/// verifier.verify("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp",
///                 callerBundleID: "com.myapp.mytestapp").accepted                      // true
/// verifier.verify("x-msauth-mytestiosapp://com.myapp.mytestapp",
///                 callerBundleID: "com.evil.app").failedRule                           // .bundleID
/// ```
public struct RedirectVerifier: Sendable {
    /// The app's registered redirect URIs, as registered.
    public let registered: [String]
    /// Relaxations of the default policy.
    public let options: VerificationOptions
    /// The registered URIs that parse as absolute URIs, parsed once; the others can never match.
    let registeredURIs: [Registered]

    struct Registered: Sendable {
        let text: String
        let reference: URIReference
        /// For a registered wrapper, its decoded inner URI (`nil` when malformed: it never matches).
        let unwrapped: URIReference?
        let isWrapper: Bool
    }

    /// Creates a verifier for an app's registered redirect URIs.
    public init(registered: [String], options: VerificationOptions = .strict) {
        self.registered = registered
        self.options = options
        self.registeredURIs = registered.compactMap { text in
            guard let reference = try? URIReference(parsing: text, as: .uri) else { return nil }
            let isWrapper = Self.isWrapper(reference)
            let unwrapped: URIReference? = isWrapper ? (try? Self.unwrap(reference).get()) : nil
            return Registered(text: text, reference: reference, unwrapped: unwrapped, isWrapper: isWrapper)
        }
    }

    /// Verifies `presented` (any text) for a caller whose bundle ID the OS reported.
    public func verify(_ presented: String, callerBundleID: String? = nil) -> VerificationVerdict {
        verify(Result { () throws(URIParseError) in try URIReference(parsing: presented, as: .uri) }, callerBundleID: callerBundleID)
    }

    /// Verifies presented bytes; invalid UTF-8 fails rule 1.
    public func verify(bytes presented: [UInt8], callerBundleID: String? = nil) -> VerificationVerdict {
        verify(Result { () throws(URIParseError) in try URIReference(bytes: presented, as: .uri) }, callerBundleID: callerBundleID)
    }

    func verify(_ parsed: Result<URIReference, URIParseError>, callerBundleID: String?) -> VerificationVerdict {
        // Rule 1: a valid absolute URI (ASCII is implied: the grammar has no non-ASCII byte).
        let reference: URIReference
        switch parsed {
        case .success(let parsedReference): reference = parsedReference
        case .failure(let error):
            return .rejected(.syntax, "not a valid absolute URI: \(error.kind) at offset \(error.offset)")
        }
        if let fragment = reference.ranges.fragment {
            return .rejected(.fragment, "the redirect URI has a fragment ('#' at offset \(fragment.lowerBound - 1))")
        }
        let match: MatchOutcome
        if Self.isWrapper(reference) {
            switch Self.unwrap(reference) {
            case .failure(let error): return error.verdict
            case .success(let decoded): match = matchWrapper(decoded: decoded)
            }
        } else {
            match = matchPlain(reference)
        }
        let matched: String
        switch match {
        case .matched(let registeredText): matched = registeredText
        case .rejected(let verdict): return verdict
        }

        // Rule 5: the broker rule.
        var diagnostics: [RedirectDiagnostic] = []
        if let callerBundleID {
            let presentedURI = RedirectURI(classifying: reference)
            let carried = presentedURI.form == .adalBroker || presentedURI.form == .msalBroker
                || presentedURI.form == .certificateAuth ? presentedURI.bundleID : nil
            guard let carried else {
                return .rejected(.bundleID,
                    "a caller bundle ID was given but this \(presentedURI.form.rawValue) redirect URI carries none")
            }
            guard let caller = BundleID(callerBundleID) else {
                return .rejected(.bundleID, "the caller bundle ID '\(callerBundleID)' is not a valid bundle ID")
            }
            if !carried.matches(caller) {
                guard options.bundleIDComparison == .caseInsensitive, carried.matches(caller, comparison: .caseInsensitive) else {
                    return .rejected(.bundleID, "the redirect URI carries bundle ID '\(carried)' but the caller is '\(caller)'")
                }
                diagnostics.append(RedirectDiagnostic(.warning, "bundle-id-case-relaxed",
                    "bundle ID '\(carried)' matched caller '\(caller)' only because case-insensitive comparison was enabled"))
            }
        }
        return VerificationVerdict(accepted: true, failedRule: nil, matched: matched, diagnostics: diagnostics,
            reason: nil, callerBundleID: callerBundleID)
    }

    enum MatchOutcome {
        case matched(String)
        case rejected(VerificationVerdict)
    }

    /// `msauth` scheme with host exactly `code`.
    static func isWrapper(_ reference: URIReference) -> Bool {
        guard let scheme = reference.scheme, scheme.utf8.equalsIgnoringASCIICase(RedirectClassifier.msauth),
            let host = reference.host
        else { return false }
        return host.utf8.elementsEqual(RedirectClassifier.code)
    }

    /// Rule 4's shape checks and the single decoding; returns the decoded inner URI.
    static func unwrap(_ reference: URIReference) -> Result<URIReference, VerdictError> {
        func reject(_ text: String) -> Result<URIReference, VerdictError> { .failure(VerdictError(.rejected(.wrapper, text))) }
        guard reference.userinfo == nil, reference.port == nil else {
            return reject("the wrapper's authority must be exactly 'code'")
        }
        let path = reference.path
        guard path.utf8.first == ASCII.slash, path.utf8.count > 1, !path.utf8.dropFirst().contains(ASCII.slash) else {
            return reject("the wrapper's path must be exactly one non-empty segment")
        }
        guard reference.query == nil else { return reject("the wrapper must not have a query") }
        let decoded: String
        do {
            decoded = try PercentEncoding.decodeString(path.dropFirst())
        } catch {
            return reject("the wrapped URI does not decode (once) to UTF-8: \(error)")
        }
        let inner: URIReference
        do {
            inner = try URIReference(parsing: decoded, as: .uri)
        } catch {
            return reject("the decoded inner URI is not a valid absolute URI: \(error.kind) at offset \(error.offset)")
        }
        guard inner.fragment == nil else { return reject("the decoded inner URI has a fragment") }
        guard !Self.isWrapper(inner) else { return reject("the decoded inner URI is itself a wrapper") }
        return .success(inner)
    }

    struct VerdictError: Error { let verdict: VerificationVerdict; init(_ verdict: VerificationVerdict) { self.verdict = verdict } }

    /// Rule 4's matching: a registered wrapper with the same decoded URI, or a registered plain URI
    /// equal (rules 2–3) to the decoded URI.
    func matchWrapper(decoded: URIReference) -> MatchOutcome {
        var nearMiss: VerificationVerdict?
        for candidate in registeredURIs {
            guard let comparable = candidate.isWrapper ? candidate.unwrapped : candidate.reference else { continue }
            switch compare(decoded, comparable) {
            case .equal: return .matched(candidate.text)
            case .loopbackPortInvalid(let why): nearMiss = nearMiss ?? .rejected(.loopbackPort, why)
            case .different: continue
            }
        }
        return .rejected(nearMiss ?? .rejected(.exactMatch,
            "the wrapped URI '\(decoded.text)' matches no registered redirect URI"))
    }

    /// Rules 2–3 for a plain presented URI: registered wrappers never match it.
    func matchPlain(_ presented: URIReference) -> MatchOutcome {
        var nearMiss: VerificationVerdict?
        for candidate in registeredURIs where !candidate.isWrapper {
            switch compare(presented, candidate.reference) {
            case .equal: return .matched(candidate.text)
            case .loopbackPortInvalid(let why): nearMiss = nearMiss ?? .rejected(.loopbackPort, why)
            case .different: continue
            }
        }
        return .rejected(nearMiss ?? .rejected(.exactMatch, "'\(presented.text)' matches no registered redirect URI"))
    }

    enum Comparison: Equatable {
        case equal
        case loopbackPortInvalid(String)
        case different
    }

    /// Rule 2 (string equality, scheme case aside) and rule 3 (the loopback port exception).
    func compare(_ presented: URIReference, _ registered: URIReference) -> Comparison {
        guard let presentedScheme = presented.scheme, let registeredScheme = registered.scheme,
            presentedScheme.utf8.equalsIgnoringASCIICase(registeredScheme.utf8)
        else { return .different }
        let presentedRest = presented.text.utf8.dropFirst(presentedScheme.utf8.count)
        let registeredRest = registered.text.utf8.dropFirst(registeredScheme.utf8.count)
        if presentedRest.elementsEqual(registeredRest) { return .equal }

        // Rule 3: http, the same loopback literal, no userinfo; everything but the port equal.
        guard presentedScheme.utf8.equalsIgnoringASCIICase(RedirectClassifier.http),
            RedirectClassifier.isLoopback(presented), RedirectClassifier.isLoopback(registered),
            presented.host == registered.host,
            presented.path == registered.path, presented.query == registered.query,
            presented.fragment == nil, registered.fragment == nil
        else { return .different }
        for (side, reference) in [("presented", presented), ("registered", registered)] {
            if let port = reference.port, reference.portNumber == nil {
                return .loopbackPortInvalid("the \(side) loopback port '\(port)' is not 1–65535 without leading zeros")
            }
        }
        return .equal
    }
}
