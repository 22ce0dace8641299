import RedirectURIIDNA
@_spi(Toolkit) import RedirectURIKit

/// Turns one input (any bytes) into an ``InputReport``: the logic behind `parse`.
///
/// ```swift
/// let report = InputAnalyzer().analyze(Array("msauth.com.contoso.app://auth".utf8))
/// report.valid      // true
/// report.form       // "msal-broker"
/// report.bundleID   // "com.contoso.app"
/// ```
public struct InputAnalyzer: Sendable {
    /// Verification settings (see the "Verification rules" article); `nil` means no verification.
    public struct Verification: Sendable {
        /// The registered redirect URIs of one app. When empty and there are no
        /// ``registrations``, the input is checked against itself, so only the syntax, fragment,
        /// wrapper and bundle-ID rules (and a request's own fields) can fail (reported as the
        /// diagnostic `no-registered-uris`).
        public var registered: [String]
        /// The redirect URIs registered per client ID: a broker request is verified against those
        /// of its `client_id`; a redirect URI on its own against every client's.
        public var registrations: Registrations?
        /// The caller as iOS reported it.
        public var caller: Caller
        /// Relaxations of the default policy.
        public var options: VerificationOptions

        /// `registered`, parsed already (``init(registeredRedirects:registrations:caller:options:)``).
        var parsedRegistered: [RedirectURI]?

        /// Creates verification settings.
        public init(
            registered: [String] = [], registrations: Registrations? = nil, caller: Caller, options: VerificationOptions = .strict
        ) {
            self.registered = registered
            self.registrations = registrations
            self.caller = caller
            self.options = options
        }

        /// Creates verification settings from redirect URIs parsed already (they are not parsed
        /// again).
        public init(
            registeredRedirects: [RedirectURI], registrations: Registrations? = nil, caller: Caller, options: VerificationOptions = .strict
        ) {
            self.init(registered: registeredRedirects.map(\.description), registrations: registrations, caller: caller, options: options)
            parsedRegistered = registeredRedirects
        }
    }

    /// Verification to run on every input, if any.
    public var verification: Verification? {
        didSet { verifier = Self.verifier(for: verification) }
    }
    /// The request the app sent, when each input is a response to check against it (`parse
    /// --request`): the verdict is ``BrokerResponse/answers(_:)``'s.
    public var answering: BrokerRequest?
    /// Whether to convert the Unicode host of an `https` IRI to ASCII before strict parsing
    /// (`parse --iri`), exactly or not at all (see ``IRI/convertHost(_:)``). Off by default:
    /// non-ASCII is an error.
    public var convertsIRIHosts: Bool
    /// The registered redirect URIs, parsed once for every input; `nil` without verification
    /// or registrations.
    private var verifier: RedirectVerifier?

    /// Creates an analyzer.
    public init(verification: Verification? = nil, answering: BrokerRequest? = nil, convertsIRIHosts: Bool = false) {
        self.verification = verification
        self.answering = answering
        self.convertsIRIHosts = convertsIRIHosts
        self.verifier = Self.verifier(for: verification)
    }

    /// The verifier of a redirect URI on its own (and of a request without per-client
    /// registrations): the app's registered redirect URIs and every client's.
    static func verifier(for verification: Verification?) -> RedirectVerifier? {
        guard let verification else { return nil }
        let everyClient = verification.registrations?.clients.flatMap(\.redirectURIs) ?? []
        if let parsed = verification.parsedRegistered, everyClient.isEmpty {
            return parsed.isEmpty ? nil : RedirectVerifier(registeredRedirects: parsed, options: verification.options)
        }
        let registered = verification.registered + everyClient
        guard !registered.isEmpty else { return nil }
        return RedirectVerifier(registered: registered, options: verification.options)
    }

    /// What one parse of the input gave: the reference, its classification and its reading as
    /// a broker message. Everything in the report is derived from these values; nothing parses
    /// the input again.
    struct Analysis {
        var report: InputReport
        var redirect: RedirectURI?
        var message: BrokerMessage?
    }

    /// Analyses one input. Never traps, whatever the bytes.
    public func analyze(_ bytes: [UInt8]) -> InputReport {
        var parsed = bytes
        var conversionDiagnostics: [RedirectDiagnostic] = []
        // Valid UTF-8 decodes to the same bytes; invalid UTF-8 gains U+FFFD. (String(validating:as:)
        // needs macOS 15 / iOS 18.)
        if convertsIRIHosts, bytes.contains(where: { $0 >= 0x80 }),
            String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
        {
            let conversion = IRI.convertHost(String(decoding: bytes, as: UTF8.self))
            parsed = Array(conversion.converted.utf8)
            conversionDiagnostics = conversion.diagnostics
        }
        var analysis: Analysis
        do {
            analysis = describe(try URIReference(bytes: parsed))
        } catch {
            analysis = Analysis(report: describe(failure: error, text: String(decoding: parsed, as: UTF8.self)))
        }
        analysis.report.diagnostics = conversionDiagnostics + analysis.report.diagnostics
        if let verification { analysis.report.verdict = verify(parsed, analysis: &analysis, verification) }
        if let answering { analysis.report.verdict = Self.roundTrip(analysis, answering: answering) }
        analysis.report.echo(bytes)
        return analysis.report
    }

    /// The report of an input that is not an RFC 3986 reference.
    func describe(failure error: URIParseError, text: String) -> InputReport {
        var report = InputReport(input: text, valid: false)
        report.error = error
        report.diagnostics = RegistrationLint.lint(text, failedWith: error)
            .filter { $0.code != .invalidRedirectURI }
        return report
    }

    /// Everything but the verdict, from the one parse.
    func describe(_ reference: URIReference) -> Analysis {
        var report = InputReport(input: String(reference.text), valid: true)
        report.components = URIComponents(reference)
        let redirect = RedirectURI(classifying: reference)
        report.form = redirect.form.rawValue
        // A wrapper's inner URI is decoded and parsed when asked for: asked once, here.
        let inner = redirect.inner
        let bundleID = redirect.form == .certificateAuth ? inner?.bundleID : redirect.bundleID
        report.bundleID = bundleID?.description ?? redirect.androidPackage.map(String.init)
        report.clientID = redirect.clientID.map(String.init)
        if let inner {
            // The inner URI as decoded and parsed by the classification, described the same way.
            var innerReport = describe(inner.reference).report
            innerReport.echo(Array(inner.reference.text.utf8))
            report.inner = InputReport.Box(innerReport)
        }
        var diagnostics = redirect.diagnostics
        let message = reference.ranges.query == nil ? nil : BrokerMessage(reference, keepingPieces: true)
        // Registration lint is about redirect URIs; a broker request URL is not one.
        if reference.hasScheme, BrokerEndpoint(reference) == nil {
            diagnostics += RegistrationLint.lint(redirect)
        } else if let nested = message?.redirectURI {
            // The request's redirect URI comes back to the app too, with its scheme lower-cased.
            diagnostics += RegistrationLint.lint(nested).filter { $0.code == .schemeUpperCase }
        }
        report.diagnostics = diagnostics
        if let message {
            describeQuery(message, into: &report)
        }
        return Analysis(report: report, redirect: reference.hasScheme ? redirect : nil, message: message)
    }

    /// Fills `parameters` and, for a broker request or response, `message`.
    func describeQuery(_ message: BrokerMessage, into report: inout InputReport) {
        // The message encodes itself, as the library encodes it.
        if message.recognition != .none { report.message = message }
        if case .request = message.recognition, let request = try? BrokerRequest.parseParameters(message) {
            // A request is one view of the message: its parameters are the pieces the message's
            // walk kept.
            report.parameters = request.parameters
            return
        }
        // Broker messages are form-encoded; any other query is read as RFC 3986 says.
        let decoding: QueryDecoding = message.recognition == .none ? .rfc3986 : .form
        report.parameters = message.parameters.map { parameter in
            let name = (try? parameter.name(decoding)) ?? String(parameter.rawName)
            let value = (try? parameter.value(decoding)) ?? parameter.rawValue.map(String.init)
            return BrokerParameter(name, value)
        }
    }

    func verify(_ bytes: [UInt8], analysis: inout Analysis, _ verification: Verification) -> VerificationVerdict {
        // A broker request is verified through the redirect URI it carries.
        let message = analysis.message.flatMap { message -> BrokerMessage? in
            guard case .request = message.recognition, message.url.ranges.fragment == nil else { return nil }
            return message
        }
        let verifier: RedirectVerifier
        if let registered = self.verifier {
            verifier = registered
        } else {
            // No registrations: the redirect URI is compared with itself.
            let itself = message.map { $0.redirectURI } ?? analysis.redirect
            verifier = RedirectVerifier(registeredRedirects: itself.map { [$0] } ?? [], options: verification.options)
            analysis.report.diagnostics.append(
                RedirectDiagnostic(
                    .warning, .noRegisteredURIs,
                    "no registered redirect URIs were given, so the redirect URI was compared with itself (exact-match and loopback-port were not checked)"
                ))
        }
        var verdict: VerificationVerdict
        if let message {
            analysis.report.diagnostics.append(
                RedirectDiagnostic(
                    .info, .verifiedNestedRedirectURI,
                    "the verdict is about the request's redirect_uri '\(message.value("redirect_uri") ?? "")'"))
            if let registrations = verification.registrations {
                verdict = registrations.verify(message: message, caller: verification.caller)
            } else {
                verdict = verifier.verify(message: message, caller: verification.caller)
            }
        } else if let redirect = analysis.redirect {
            verdict = verifier.verify(redirect, caller: verification.caller)
        } else {
            // Not an absolute URI: rule syntax says why, from a parse as one.
            verdict = verifier.verify(bytes: bytes, caller: verification.caller)
        }
        analysis.report.diagnostics += verdict.diagnostics
        guard self.verifier != nil || verification.registrations != nil || !verdict.accepted else {
            // Compared with itself, it matched no registration: say what was checked instead.
            let caller: String
            switch verification.caller {
            case .reportedByOS(let bundleID): caller = ", and it carries the caller's bundle ID '\(bundleID)', reported by the OS"
            case .notReported: caller = "; iOS did not report the caller, so the bundle ID is the redirect URI's claim"
            }
            var itself = VerificationVerdict(
                accepted: true, failedRule: nil,
                explanation: "accepted: no registered redirect URIs were given, so only its syntax, fragment and wrapper were checked\(caller)",
                diagnostics: verdict.diagnostics)
            itself.identity = verdict.identity
            return itself
        }
        // A Unicode host that --iri did not convert is why rule syntax failed: the rejection
        // says so, naming each code point that conversion would have had to map.
        if verdict.failedRule == .syntax,
            let refusal = analysis.report.diagnostics.first(where: { Self.conversionRefusals.contains($0.code) })
        {
            return VerificationVerdict(
                accepted: false, failedRule: .syntax, explanation: "not a valid absolute URI in ASCII: \(refusal.message)",
                diagnostics: verdict.diagnostics)
        }
        return verdict
    }

    /// Whether the input, read as a broker response, answers `request` (the round trip); an input
    /// that is not a broker response answers nothing.
    static func roundTrip(_ analysis: Analysis, answering request: BrokerRequest) -> VerificationVerdict {
        let response: BrokerResponse
        do throws(BrokerMessageError) {
            guard let message = analysis.message else { throw BrokerMessageError(.notABrokerResponse) }
            response = try BrokerResponse(message)
        } catch {
            return VerificationVerdict(
                accepted: false, failedRule: nil, explanation: "not a broker response, so it answers no request: \(error.description)")
        }
        return response.answers(request)
    }

    /// The codes of a Unicode host that `--iri` did not convert.
    static let conversionRefusals: Set<FindingCode> = [.iriHostMapped, .iriHostNotHTTPS, .idnaError]
}

extension FindingCode {
    /// Verification without registrations: the redirect URI was compared with itself.
    public static let noRegisteredURIs = FindingCode(rawValue: "no-registered-uris")
    /// The verdict on a broker request is the verdict on the `redirect_uri` it carries.
    public static let verifiedNestedRedirectURI = FindingCode(rawValue: "verified-nested-redirect-uri")
}

extension InputAnalyzer {
    /// The codes the report adds to the library's.
    public static let findingDefinitions: [FindingDefinition] = [
        FindingDefinition(
            .noRegisteredURIs, .warning,
            "no registered redirect URIs were given, so the redirect URI was compared with itself"),
        FindingDefinition(
            .verifiedNestedRedirectURI, .info, "the verdict on a broker request is the verdict on the redirect_uri it carries"),
    ]

    /// Every code `parse` prints: the core's, host conversion's and the report's, each with one
    /// severity and one meaning (the app configuration doctor's join them).
    public static func findingRegistry() throws(FindingRegistry.Conflict) -> FindingRegistry {
        try FindingRegistry(FindingRegistry.coreDefinitions, IRI.findingDefinitions, findingDefinitions)
    }
}

extension InputReport {
    /// Sets ``input`` to the echo of `bytes` (the first ``echoLimit`` bytes when longer, cut
    /// before a UTF-8 sequence rather than through it), ``inputLength`` and ``inputSHA256``.
    mutating func echo(_ bytes: [UInt8]) {
        inputLength = bytes.count
        guard bytes.count > Self.echoLimit else {
            input = String(decoding: bytes, as: UTF8.self)
            inputSHA256 = nil
            return
        }
        // A UTF-8 sequence is at most four bytes: step back over at most three continuation
        // bytes so that a character at the cut is left out, not shown as U+FFFD.
        var cut = Self.echoLimit
        while cut > Self.echoLimit - 3, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        if bytes[cut] & 0xC0 == 0x80 { cut = Self.echoLimit }
        input = String(decoding: bytes[..<cut], as: UTF8.self)
        inputSHA256 = SHA256.hexDigest(bytes)
    }

    /// Whether ``input`` holds only the first bytes of the input.
    public var inputIsTruncated: Bool { inputSHA256 != nil }
}
