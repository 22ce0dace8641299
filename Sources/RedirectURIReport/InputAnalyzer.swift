import RedirectURI

/// Turns one input (any bytes) into an ``InputReport``: the logic behind `parse`.
///
/// ```swift
/// let report = InputAnalyzer().analyze(Array("msauth.com.contoso.app://auth".utf8))
/// report.valid      // true
/// report.form       // "msal-broker"
/// report.bundleID   // "com.contoso.app"
/// ```
public struct InputAnalyzer: Sendable {
    /// Verification settings (SPEC §6); `nil` means no verification.
    public struct Verification: Sendable {
        /// The registered redirect URIs. When empty, the input is checked against itself, so
        /// only rules 1, 4 and 5 can fail (reported as the diagnostic `no-registered-uris`).
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

    /// Creates an analyzer.
    public init(verification: Verification? = nil) {
        self.verification = verification
    }

    /// Analyses one input. Never traps, whatever the bytes.
    public func analyze(_ bytes: [UInt8]) -> InputReport {
        var report = describe(bytes)
        if let verification { report.verdict = verify(bytes, report: &report, verification) }
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
                .filter { $0.code != "invalid-redirect-uri" }
                .map(DiagnosticReport.init)
            return report
        }
        report.valid = true
        report.components = ComponentsReport(reference)
        let redirect = RedirectURI(classifying: reference)
        report.form = redirect.form.rawValue
        report.bundleID = redirect.bundleID?.description ?? redirect.androidPackage.map(String.init)
        if let inner = redirect.inner {
            report.inner = InputReport.Box(InputAnalyzer().analyze(Array(inner.reference.text.utf8)))
        }
        var diagnostics = redirect.diagnostics
        if reference.hasScheme {
            diagnostics += RegistrationLint.lint(report.input)
        }
        report.diagnostics = diagnostics.map(DiagnosticReport.init)
        return report
    }

    func verify(_ bytes: [UInt8], report: inout InputReport, _ verification: Verification) -> VerdictReport {
        var registered = verification.registered
        if registered.isEmpty {
            registered = [report.input]
            report.diagnostics.append(DiagnosticReport(severity: "warning", code: "no-registered-uris",
                message: "no registered redirect URIs were given, so rules 2 and 3 were not checked"))
        }
        let verifier = RedirectVerifier(registered: registered, options: verification.options)
        let verdict = verifier.verify(bytes: bytes, callerBundleID: verification.callerBundleID)
        report.diagnostics += verdict.diagnostics.map(DiagnosticReport.init)
        return VerdictReport(accepted: verdict.accepted, rule: verdict.failedRule?.identifier,
            matched: verdict.matched, explanation: verdict.explanation)
    }
}

extension DiagnosticReport {
    /// The report of a library diagnostic.
    public init(_ diagnostic: RedirectDiagnostic) {
        self.init(severity: diagnostic.severity.rawValue, code: diagnostic.code, message: diagnostic.message)
    }
}
