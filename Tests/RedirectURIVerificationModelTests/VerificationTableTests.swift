import Testing
import RedirectURIVerificationModel

/// Replays the hand-written table (VerificationTable.swift) through the model and the engine: each
/// must give the answer written in the row. A model failure is a model bug; an engine failure is an
/// engine bug unless the row names a known reason.
struct VerificationTableTests {
    /// Pinned so that a row lost in an edit is noticed.
    @Test func tableSizes() {
        #expect(VerificationTable.classify.count == 79)
        #expect(VerificationTable.verify.count == 96)
        #expect(VerificationTable.request.count == 73)
        #expect(VerificationTable.registrations.count == 10)
        #expect(VerificationTable.roundTrip.count == 15)
        #expect(VerificationTable.route.count == 17)
        #expect(VerificationTable.response.count == 6)
    }

    /// Runs `body` expecting it to pass, or — when the row names an engine issue — as a known issue.
    static func engine(_ issue: EngineIssue?, _ source: Source, _ body: () -> Void) {
        guard let issue else { return body() }
        withKnownIssue(Comment(rawValue: issue.reason)) { body() }
    }

    static func location(_ source: Source) -> SourceLocation {
        SourceLocation(fileID: source.file, filePath: source.file, line: source.line, column: 1)
    }

    static func expected(_ row: ClassifyRow) -> String {
        guard let form = row.form else { return "not a URI" }
        var parts = [form.rawValue]
        if let bundleID = row.bundleID { parts.append("bundleID=\(bundleID)") }
        if let clientID = row.clientID { parts.append("clientID=\(clientID)") }
        if let package = row.androidPackage { parts.append("package=\(package)") }
        if let finding = row.finding { parts.append("finding=\(finding)") }
        return parts.joined(separator: " ")
    }

    /// The parts of a classification a row states (the hash is checked by its length only).
    static func stated(_ c: Classification?) -> String {
        guard let c else { return "not a URI" }
        var parts = [c.form.rawValue]
        if let bundleID = c.bundleID { parts.append("bundleID=\(bundleID)") }
        if let clientID = c.clientID { parts.append("clientID=\(clientID)") }
        if let package = c.androidPackage { parts.append("package=\(package)") }
        let findings = c.findings.filter { classificationFindings.contains($0) }
        if !findings.isEmpty { parts.append("finding=\(findings.joined(separator: ","))") }
        return parts.joined(separator: " ")
    }

    @Test(arguments: VerificationTable.classify)
    func classify(_ row: ClassifyRow) {
        let model = ModelClassifier.classify(row.text)
        #expect(Self.stated(model) == Self.expected(row), "model", sourceLocation: Self.location(row.source))
        if row.form == .androidBroker { #expect(model?.signatureHash?.count == 20, sourceLocation: Self.location(row.source)) }
        Self.engine(row.engine, row.source) {
            let engine = Engine.classify(Array(row.text.utf8))
            #expect(Self.stated(engine) == Self.expected(row), "engine", sourceLocation: Self.location(row.source))
            #expect(Agreement.classification(Array(row.text.utf8)) == nil, sourceLocation: Self.location(row.source))
        }
    }

    /// The row's verdict with the identity its caller gives: reported by the OS when the row
    /// names a caller, else claimed by the redirect URI.
    static func expected(_ expect: Expect, caller: String?) -> Verdict {
        var verdict = expect.verdict
        verdict.identity = caller == nil ? "claimed-by-redirect-uri" : "reported-by-os"
        return verdict
    }

    @Test(arguments: VerificationTable.verify)
    func verify(_ row: VerifyRow) {
        let expected = Self.expected(row.expect, caller: row.caller)
        let model = ModelVerification(registered: row.registered, bundleIDCaseInsensitive: row.caseInsensitive)
            .verify(row.presented, callerBundleID: row.caller)
        #expect(model == expected, "model", sourceLocation: Self.location(row.source))
        Self.engine(row.engine, row.source) {
            let engine = Engine.verify(Array(row.presented.utf8), registered: row.registered, callerBundleID: row.caller,
                                       bundleIDCaseInsensitive: row.caseInsensitive)
            #expect(Agreement.sameVerdict(engine, expected), "engine: \(engine)", sourceLocation: Self.location(row.source))
        }
    }

    @Test(arguments: VerificationTable.request)
    func request(_ row: RequestRow) {
        let expected = Self.expected(row.expect, caller: row.caller)
        let verification = ModelVerification(registered: row.registered)
        let model = ModelBrokerRequest.verify(row.request, verification, callerBundleID: row.caller)
        #expect(model == expected, "model", sourceLocation: Self.location(row.source))
        Self.engine(row.engine, row.source) {
            let engine = Engine.verify(request: row.request, registered: row.registered, callerBundleID: row.caller,
                                       bundleIDCaseInsensitive: false)
            #expect(Agreement.sameVerdict(engine, expected), "engine: \(engine)", sourceLocation: Self.location(row.source))
        }
    }

    @Test(arguments: VerificationTable.registrations)
    func registrations(_ row: RegistrationsRow) {
        let expected = Self.expected(row.expect, caller: row.caller)
        let model = ModelRegistrations(VerificationTable.clients).verify(Array(row.request.utf8), callerBundleID: row.caller)
        #expect(model == expected, "model", sourceLocation: Self.location(row.source))
        let engine = Engine.verify(request: row.request, registrations: VerificationTable.clients, callerBundleID: row.caller,
                                   bundleIDCaseInsensitive: false)
        #expect(engine.map { Agreement.sameVerdict($0, expected) } == true, "engine: \(String(describing: engine))",
                sourceLocation: Self.location(row.source))
    }

    @Test(arguments: VerificationTable.roundTrip)
    func roundTrip(_ row: RoundTripRow) {
        let model = ModelRoundTrip.answers(response: Array(row.response.utf8), request: Array(row.request.utf8))
        #expect(model == row.expect.verdict, "model", sourceLocation: Self.location(row.source))
        let engine = Engine.answers(response: row.response, request: row.request)
        #expect(engine.map { Agreement.sameVerdict($0, row.expect.verdict) } == true, "engine: \(String(describing: engine))",
                sourceLocation: Self.location(row.source))
    }

    @Test(arguments: VerificationTable.route)
    func route(_ row: RouteRow) {
        let expected = Routing(outcome: row.outcome, warnings: row.warning.map { [$0] } ?? [])
        let model = ModelRouter.route(redirectURI: row.redirect, incoming: row.incoming)
        #expect(model == expected, "model", sourceLocation: Self.location(row.source))
        Self.engine(row.engine, row.source) {
            let engine = Engine.route(redirectURI: row.redirect, incoming: row.incoming)
            #expect(engine == expected, "engine", sourceLocation: Self.location(row.source))
        }
    }

    @Test(arguments: VerificationTable.response)
    func response(_ row: ResponseRow) {
        let model = ModelBrokerResponse.parameters(Array(row.url.utf8))
        #expect(model?.duplicate == row.duplicate, "model", sourceLocation: Self.location(row.source))
        #expect(model?.undecodable == row.undecodable, "model", sourceLocation: Self.location(row.source))
        let engine = Engine.responseError(row.url)
        if row.duplicate {
            #expect(engine == "duplicate-parameter", "engine", sourceLocation: Self.location(row.source))
        } else if row.undecodable {
            #expect(engine != nil && engine != "duplicate-parameter", "engine: \(engine ?? "accepted")", sourceLocation: Self.location(row.source))
        } else {
            #expect(engine == nil, "engine: \(engine ?? "accepted")", sourceLocation: Self.location(row.source))
        }
    }
}
