import RedirectURIIDNA
import RedirectURIKit

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
        /// The registered redirect URIs. When empty, the input is checked against itself, so
        /// only the syntax, fragment, wrapper and bundle-ID rules can fail (reported as the
        /// diagnostic `no-registered-uris`).
        public var registered: [String]
        /// The caller's bundle ID, as the OS reports it.
        public var callerBundleID: String?
        /// Relaxations of the default policy.
        public var options: VerificationOptions

        /// Creates verification settings.
        public init(registered: [String], callerBundleID: String?, options: VerificationOptions = .strict) {
            self.registered = registered
            self.callerBundleID = callerBundleID
            self.options = options
        }
    }

    /// Verification to run on every input, if any.
    public var verification: Verification?
    /// Whether to convert the Unicode host of an http(s) IRI to ASCII (UTS #46) before strict
    /// parsing (`parse --iri`). Off by default: non-ASCII is an error.
    public var convertsIRIHosts: Bool

    /// Creates an analyzer.
    public init(verification: Verification? = nil, convertsIRIHosts: Bool = false) {
        self.verification = verification
        self.convertsIRIHosts = convertsIRIHosts
    }

    /// Analyses one input. Never traps, whatever the bytes.
    public func analyze(_ bytes: [UInt8]) -> InputReport {
        var parsed = bytes
        var conversionDiagnostics: [DiagnosticReport] = []
        if convertsIRIHosts, bytes.contains(where: { $0 >= 0x80 }), UTF8Validation.firstInvalidIndex(in: bytes) == nil {
            let conversion = IRI.convertHost(String(decoding: bytes, as: UTF8.self))
            parsed = Array(conversion.converted.utf8)
            conversionDiagnostics = conversion.diagnostics.map(DiagnosticReport.init)
        }
        var report = describe(parsed)
        report.diagnostics = conversionDiagnostics + report.diagnostics
        if let verification { report.verdict = verify(parsed, report: &report, verification) }
        report.echo(bytes)
        return report
    }

    /// Everything but the verdict.
    func describe(_ bytes: [UInt8]) -> InputReport {
        var report = InputReport(input: String(decoding: bytes, as: UTF8.self), valid: false)
        let reference: URIReference
        do {
            reference = try URIReference(bytes: bytes)
        } catch {
            report.error = ErrorReport(error)
            report.diagnostics = RegistrationLint.lint(report.input)
                .filter { $0.code != .invalidRedirectURI }
                .map(DiagnosticReport.init)
            return report
        }
        report.valid = true
        report.components = ComponentsReport(reference)
        let redirect = RedirectURI(classifying: reference)
        report.form = redirect.form.rawValue
        report.bundleID = redirect.bundleID?.description ?? redirect.androidPackage.map(String.init)
        report.clientID = redirect.clientID.map(String.init)
        if let inner = redirect.inner {
            report.inner = InputReport.Box(InputAnalyzer().analyze(Array(inner.reference.text.utf8)))
        }
        var diagnostics = redirect.diagnostics
        // Registration lint is about redirect URIs; a broker request URL is not one.
        if reference.hasScheme, BrokerEndpoint(reference) == nil {
            diagnostics += RegistrationLint.lint(report.input)
        }
        report.diagnostics = diagnostics.map(DiagnosticReport.init)
        if let query = reference.query {
            describeQuery(query, of: reference, into: &report)
        }
        return report
    }

    /// Fills `parameters` and, for a broker request or response, `message`.
    func describeQuery(_ query: Substring, of reference: URIReference, into report: inout InputReport) {
        let isRequest = BrokerEndpoint(reference) != nil
        let names = Set(QueryParameters(query).compactMap { try? $0.name(.form) })
        let isResponse =
            !isRequest && (names.contains("response") || names.contains("error_code"))
            && (names.contains("msg_protocol_ver") || names.contains("hash") || names.contains("error_code"))
        // Broker messages are form-encoded; any other query is read as RFC 3986 says.
        let decoding: QueryDecoding = isRequest || isResponse ? .form : .rfc3986
        report.parameters = QueryParameters(query, decoding: decoding).map { parameter in
            let name = (try? parameter.name(decoding)) ?? String(parameter.rawName)
            let value = (try? parameter.value(decoding)) ?? parameter.rawValue.map(String.init)
            return ParameterReport(name: name, value: value)
        }
        if isRequest {
            report.message = describeRequest(reference)
        } else if isResponse {
            report.message = describeResponse(reference)
        }
    }

    func describeRequest(_ reference: URIReference) -> MessageReport {
        let request: BrokerRequest
        do {
            request = try BrokerRequest.parseParameters(reference)
        } catch {
            return MessageReport(type: "broker-request", protocol: nil, fields: [:], problems: [error.description])
        }
        var fields: [String: String] = ["endpoint": request.endpoint.rawValue]
        for parameter in request.parameters where BrokerRequest.knownNames.contains(parameter.name) && fields[parameter.name] == nil {
            fields[parameter.name] = parameter.value ?? ""
        }
        if let redirect = request.redirectURI {
            fields["redirect_uri.form"] = redirect.form.rawValue
            fields["redirect_uri.bundle_id"] = redirect.bundleID?.description
        }
        if !request.unknownParameters.isEmpty {
            fields["unknown_parameters"] = request.unknownParameters.map(\.name).joined(separator: ",")
        }
        var problems = request.problems().map(\.description)
        if let caller = verification?.callerBundleID, request.value("redirect_uri") != nil {
            let verdict = request.checkRedirectURI(callerBundleID: caller, options: verification?.options ?? .strict)
            if !verdict.accepted {
                problems.append("invalid-redirect-uri 'redirect_uri': \(verdict.explanation) (rule \(verdict.failedRule?.identifier ?? "?"))")
            }
        }
        return MessageReport(type: "broker-request", protocol: request.protocolVersion, fields: fields, problems: problems)
    }

    func describeResponse(_ reference: URIReference) -> MessageReport {
        let errorLike = QueryParameters(reference.query ?? "").contains { $0.hasName("error_code") }
        let type = errorLike ? "broker-error-response" : "broker-response"
        let response: BrokerResponse
        do {
            response = try BrokerResponse(reference)
        } catch {
            return MessageReport(type: type, protocol: nil, fields: [:], problems: [error.description])
        }
        var fields: [String: String] = ["redirect_uri": String(response.redirectURI)]
        for name in ["msg_protocol_ver", "response", "hash", "broker_nonce", "error_code", "error_description", "error", "suberror"] {
            if let value = response.value(name) { fields[name] = value }
        }
        return MessageReport(type: response.kind.rawValue, protocol: response.protocolVersion, fields: fields, problems: [])
    }

    func verify(_ bytes: [UInt8], report: inout InputReport, _ verification: Verification) -> VerdictReport {
        let text = String(decoding: bytes, as: UTF8.self)
        var registered = verification.registered
        // A broker request is verified through the redirect URI it carries.
        let request =
            (try? URIReference(bytes: bytes, as: .uri)).flatMap { BrokerEndpoint($0) } != nil
            ? try? BrokerRequest.parseParameters(text) : nil
        if registered.isEmpty {
            registered = [request.map { $0.value("redirect_uri") ?? "" } ?? text]
            report.diagnostics.append(
                DiagnosticReport(
                    severity: "warning", code: "no-registered-uris",
                    message:
                        "no registered redirect URIs were given, so the redirect URI was compared with itself (exact-match and loopback-port were not checked)"
                ))
        }
        let verifier = RedirectVerifier(registered: registered, options: verification.options)
        let verdict: VerificationVerdict
        if let request {
            report.diagnostics.append(
                DiagnosticReport(
                    severity: "info", code: "verified-nested-redirect-uri",
                    message: "the verdict is about the request's redirect_uri '\(request.value("redirect_uri") ?? "")'"))
            verdict = verifier.verify(request: text, callerBundleID: verification.callerBundleID)
        } else {
            verdict = verifier.verify(bytes: bytes, callerBundleID: verification.callerBundleID)
        }
        report.diagnostics += verdict.diagnostics.map(DiagnosticReport.init)
        return VerdictReport(
            accepted: verdict.accepted, rule: verdict.failedRule?.identifier,
            matched: verdict.matched, explanation: verdict.explanation)
    }
}

extension DiagnosticReport {
    /// The report of a library diagnostic.
    public init(_ diagnostic: RedirectDiagnostic) {
        self.init(severity: diagnostic.severity.rawValue, code: diagnostic.code.rawValue, message: diagnostic.message)
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
