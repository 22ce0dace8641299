// The comparison of the model with the engine on one case. FuzzVerify fails on any disagreement
// this returns; the tests replay tables and corpora through it.

/// One point on which the model and the engine disagree.
public struct Disagreement: Sendable, Hashable, CustomStringConvertible {
    /// `classify`, `verify`, `request`, `route` or `response`.
    public var check: String
    /// What was checked (the text classified, or a summary).
    public var subject: String
    public var model: String
    public var engine: String
    /// For `classify`: both classifications as compared (`nil`: not a URI).
    public var classifications: (model: Classification?, engine: Classification?)? = nil

    public static func == (a: Disagreement, b: Disagreement) -> Bool {
        a.check == b.check && a.subject == b.subject && a.model == b.model && a.engine == b.engine
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(check)
        hasher.combine(subject)
    }

    public var description: String {
        "\(check) \(subject)\n    model:  \(model)\n    engine: \(engine)"
    }
}

/// The classification findings of the article ("The codes of classification …"), compared between
/// the model and the engine; the engine's other findings (lint, routing) are not the model's.
public let classificationFindings: Set<String> = [
    "wrapper-shape", "wrapper-not-utf8", "wrapper-inner-invalid", "wrapper-inner-not-broker",
    "nested-wrapper", "android-signature-hash-invalid", "msal-scheme-without-bundle-id",
    "msal-authority-not-auth", "msal-path", "custom-scheme-single-label-host",
]

public enum Agreement {
    /// Every disagreement between the model and the engine on `c`, known engine bugs excluded
    /// unless asked.
    public static func check(_ c: VerificationCase, excludingKnownBugs: Bool = true) -> [Disagreement] {
        var found: [Disagreement] = []
        found += classifications(c)
        // One verifier each for the presented URI and the request, as a broker would keep one.
        let model = ModelVerification(registered: c.registered, bundleIDCaseInsensitive: c.bundleIDCaseInsensitive)
        let engine = Engine.Verifier(registered: c.registered, bundleIDCaseInsensitive: c.bundleIDCaseInsensitive)
        found += verification(c, model, engine)
        found += request(c, model, engine)
        found += registrations(c)
        found += roundTrip(c)
        found += routing(c)
        found += response(c)
        if !excludingKnownBugs { return found }
        return found.filter { disagreement in !KnownEngineBug.all.contains { $0.explains(disagreement, c) } }
    }

    // MARK: Classification

    static func classifications(_ c: VerificationCase) -> [Disagreement] {
        var texts = [c.presented] + c.registered.map { Array($0.utf8) }
        if let redirect = c.routeRedirectURI { texts.append(Array(redirect.utf8)) }
        var found: [Disagreement] = []
        var seen: Set<[UInt8]> = []
        for text in texts where seen.insert(text).inserted {
            if let disagreement = classification(text) { found.append(disagreement) }
        }
        return found
    }

    /// The model's and the engine's classification of one text, compared field by field (and the
    /// engine's in-place classification on form and bundle ID).
    public static func classification(_ text: [UInt8]) -> Disagreement? {
        let model = ModelClassifier.classify(text)
        let engine = Engine.classify(text)
        let inPlace = Engine.classifyInPlace(text)
        if inPlace?.form != model?.form.rawValue || inPlace?.bundleID != model?.bundleID {
            return Disagreement(check: "classify-in-place", subject: escapedText(text),
                                model: model.map { "\($0.form.rawValue) bundleID=\($0.bundleID ?? "-")" } ?? "not a URI",
                                engine: inPlace.map { "\($0.form) bundleID=\($0.bundleID ?? "-")" } ?? "not a URI")
        }
        if comparable(model) == comparable(engine) { return nil }
        return Disagreement(check: "classify", subject: escapedText(text),
                            model: comparable(model)?.description ?? "not a URI",
                            engine: comparable(engine)?.description ?? "not a URI",
                            classifications: (comparable(model), comparable(engine)))
    }

    /// What of a classification is compared: everything the article decides.
    static func comparable(_ c: Classification?) -> Classification? {
        guard var c else { return nil }
        c.findings = c.findings.filter { classificationFindings.contains($0) }.sorted()
        return c
    }

    // MARK: Verification

    static func verification(_ c: VerificationCase, _ modelVerifier: ModelVerification, _ engineVerifier: Engine.Verifier) -> [Disagreement] {
        let model = modelVerifier.verify(c.presented, callerBundleID: c.callerBundleID)
        let engine = engineVerifier.verify(c.presented, callerBundleID: c.callerBundleID)
        guard !sameVerdict(model, engine) else { return [] }
        return [Disagreement(check: "verify", subject: escapedText(c.presented), model: model.description, engine: engine.description)]
    }

    /// Verdicts agree on acceptance and the failed rule; warnings are compared on acceptance (a
    /// rejected verdict's diagnostics are not the article's business).
    public static func sameVerdict(_ a: Verdict, _ b: Verdict) -> Bool {
        guard a.accepted == b.accepted, a.failedRule == b.failedRule, a.identity == b.identity else { return false }
        return !a.accepted || a.warnings.sorted() == b.warnings.sorted()
    }

    // MARK: Broker request

    static func request(_ c: VerificationCase, _ modelVerifier: ModelVerification, _ engineVerifier: Engine.Verifier) -> [Disagreement] {
        guard let request = c.request else { return [] }
        let engine = engineVerifier.verify(request: request, callerBundleID: c.callerBundleID)
        let model = ModelBrokerRequest.verify(request, modelVerifier, callerBundleID: c.callerBundleID)
        guard !sameVerdict(model, engine) else { return [] }
        return [Disagreement(check: "request", subject: escapedText(request), model: model.description, engine: engine.description)]
    }

    // MARK: Registrations per client ID

    /// The case's registrations split between two clients (even and odd entries), so that a
    /// request's client ID finds its own, another client's, or none. Registrations that are not
    /// absolute URIs are left out: the library refuses them when registrations are read.
    static func clients(_ c: VerificationCase) -> [(clientID: String, registered: [String])] {
        let usable = c.registered.filter { ParsedURI(Array($0.utf8)) != nil }
        let even = usable.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let odd = usable.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        return [(Recipe.clientIDs[0], even), (Recipe.clientIDs[3], odd)]
    }

    static func registrations(_ c: VerificationCase) -> [Disagreement] {
        guard let request = c.request else { return [] }
        let clients = clients(c)
        guard let engine = Engine.verify(request: request, registrations: clients, callerBundleID: c.callerBundleID,
                                         bundleIDCaseInsensitive: c.bundleIDCaseInsensitive)
        else { return [] }
        let model = ModelRegistrations(clients, bundleIDCaseInsensitive: c.bundleIDCaseInsensitive)
            .verify(Array(request.utf8), callerBundleID: c.callerBundleID)
        guard !sameVerdict(model, engine) else { return [] }
        return [Disagreement(check: "registrations", subject: escapedText(request), model: model.description, engine: engine.description)]
    }

    // MARK: Round trip

    static func roundTrip(_ c: VerificationCase) -> [Disagreement] {
        guard let request = c.request, let response = c.response, let engine = Engine.answers(response: response, request: request)
        else { return [] }
        let model = ModelRoundTrip.answers(response: Array(response.utf8), request: Array(request.utf8))
        guard !sameVerdict(model, engine) else { return [] }
        return [Disagreement(check: "round-trip", subject: "\(escapedText(request)) <- \(escapedText(response))",
                             model: model.description, engine: engine.description)]
    }

    // MARK: Routing

    static func routing(_ c: VerificationCase) -> [Disagreement] {
        guard let redirect = c.routeRedirectURI, let incoming = c.routeIncoming,
              let engine = Engine.route(redirectURI: redirect, incoming: incoming),
              let model = ModelRouter.route(redirectURI: redirect, incoming: incoming)
        else { return [] }
        guard model != engine else { return [] }
        return [Disagreement(check: "route", subject: "\(escapedText(redirect)) <- \(escapedText(incoming))",
                             model: model.description, engine: engine.description)]
    }

    // MARK: Broker response

    static func response(_ c: VerificationCase) -> [Disagreement] {
        guard let url = c.response, let model = ModelBrokerResponse.parameters(Array(url.utf8)) else { return [] }
        let engine = Engine.responseError(url)
        let duplicate = "duplicate-parameter"
        var agrees = true
        switch engine {
        case "not-a-broker-response", "invalid-uri":
            // What makes a response a response is not the article's; only the duplicate and
            // decoding rule is checked.
            break
        case nil:
            agrees = !model.duplicate && !model.undecodable && !model.lookAlike
        case duplicate:
            agrees = model.duplicate
        case "look-alike-parameter":
            agrees = model.lookAlike
        default:
            agrees = !(model.duplicate && !model.undecodable)
        }
        if agrees { return [] }
        return [Disagreement(check: "response", subject: escapedText(url), model: model.description,
                             engine: engine.map { "throws \($0)" } ?? "accepted")]
    }
}
