// The engine's side: every call into the library's rule code (RedirectURI, RedirectVerifier,
// ResponseRouting, BrokerResponse), turned into the same plain records the model produces so
// that the two can be compared. Nothing under Model/ may call anything here.
import RedirectURIKit

public enum Engine {
    /// The engine's classification of `text`, or `nil` when it does not parse.
    public static func classify(_ text: [UInt8]) -> Classification? {
        guard let uri = redirectURI(text) else { return nil }
        return record(uri)
    }

    /// The engine's in-place classification (`RedirectURI.classify`, the broker's hot path):
    /// form and bundle ID only, or `nil` when the text does not parse.
    public static func classifyInPlace(_ text: [UInt8]) -> (form: String, bundleID: String?)? {
        if let string = validUTF8String(text) {
            guard let shape = try? RedirectURI.classify(string) else { return nil }
            return (shape.form.rawValue, shape.bundleID(in: string).map { String($0.text) })
        }
        let shape = text.withUnsafeBufferPointer { buffer in try? RedirectURI.classify(buffer) }
        guard let shape else { return nil }
        // Bytes that are not UTF-8 never parse; a classification here would be a parser bug.
        return (shape.form.rawValue, nil)
    }

    static func redirectURI(_ text: [UInt8]) -> RedirectURI? {
        if let string = validUTF8String(text) {
            return try? RedirectURI(parsing: string)
        }
        guard let reference = try? URIReference(bytes: text, as: .uri) else { return nil }
        return RedirectURI(classifying: reference)
    }

    static func record(_ uri: RedirectURI) -> Classification {
        var result = Classification(Form(rawValue: uri.form.rawValue) ?? .other,
                                    findings: uri.diagnostics.map(findingCode))
        result.bundleID = uri.bundleID.map { String($0.text) }
        result.clientID = uri.clientID.map(String.init)
        result.androidPackage = uri.androidPackage.map(String.init)
        result.signatureHash = uri.signatureHash
        result.innerText = uri.inner.map { $0.description }
        return result
    }

    static func findingCode(_ diagnostic: RedirectDiagnostic) -> String {
        diagnostic.code.rawValue
    }

    /// The engine's verifier for a list of registrations.
    public struct Verifier: Sendable {
        let verifier: RedirectVerifier

        public init(registered: [String], bundleIDCaseInsensitive: Bool) {
            verifier = RedirectVerifier(registered: registered, options: Engine.options(bundleIDCaseInsensitive))
        }

        /// The verdict on presented bytes (the String entry point when they are UTF-8).
        public func verify(_ presented: [UInt8], callerBundleID: String?) -> Verdict {
            let caller = Caller(sourceApplication: callerBundleID)
            if let string = validUTF8String(presented) {
                return record(verifier.verify(string, caller: caller))
            }
            return record(verifier.verify(bytes: presented, caller: caller))
        }

        /// The verdict on a broker request URL.
        public func verify(request: String, callerBundleID: String?) -> Verdict {
            record(verifier.verify(request: request, caller: Caller(sourceApplication: callerBundleID)))
        }
    }

    /// The engine's verdict on presented bytes.
    public static func verify(_ presented: [UInt8], registered: [String], callerBundleID: String?,
                              bundleIDCaseInsensitive: Bool) -> Verdict {
        Verifier(registered: registered, bundleIDCaseInsensitive: bundleIDCaseInsensitive).verify(presented, callerBundleID: callerBundleID)
    }

    static func options(_ bundleIDCaseInsensitive: Bool) -> VerificationOptions {
        VerificationOptions(bundleIDComparison: bundleIDCaseInsensitive ? .caseInsensitive : .exact)
    }

    static func record(_ verdict: VerificationVerdict) -> Verdict {
        let warnings = verdict.diagnostics.map(findingCode).filter { verificationWarnings.contains($0) }
        return Verdict(
            accepted: verdict.accepted, failedRule: verdict.failedRule?.identifier, warnings: warnings, identity: verdict.identity?.rawValue)
    }

    /// The verification warnings the article defines; the verdict may carry other findings too.
    public static let verificationWarnings: Set<String> = ["bundle-id-case-relaxed"]

    /// The engine's verdict on a broker request URL.
    public static func verify(request: String, registered: [String], callerBundleID: String?,
                              bundleIDCaseInsensitive: Bool) -> Verdict {
        Verifier(registered: registered, bundleIDCaseInsensitive: bundleIDCaseInsensitive).verify(request: request, callerBundleID: callerBundleID)
    }

    /// The engine's routing of `incoming` to `redirectURI`; `nil` when the redirect URI does not
    /// parse (there is nothing to route to).
    public static func route(redirectURI: String, incoming: String) -> Routing? {
        guard let redirect = try? RedirectURI(parsing: redirectURI) else { return nil }
        let routing = redirect.routes(incoming)
        let outcome: Route
        switch routing.outcome {
        case .response: outcome = .response
        case .brokerResponse: outcome = .brokerResponse
        case .switchBrowser: outcome = .switchBrowser
        case .switchBrowserResume: outcome = .switchBrowserResume
        case .mismatch: outcome = .mismatch
        }
        let warnings = routing.diagnostics.map(findingCode).filter { routingWarnings.contains($0) }
        return Routing(outcome: outcome, warnings: warnings)
    }

    /// The engine's verdict on a broker request against registrations per client ID; `nil` when
    /// the registrations are not ones the library takes (a client ID that is not a UUID, or twice).
    public static func verify(
        request: String, registrations: [(clientID: String, registered: [String])], callerBundleID: String?, bundleIDCaseInsensitive: Bool
    ) -> Verdict? {
        var map: [String: [String]] = [:]
        for client in registrations {
            guard map[client.clientID] == nil else { return nil }
            map[client.clientID] = client.registered
        }
        guard let engine = try? Registrations(map, options: options(bundleIDCaseInsensitive)) else { return nil }
        return record(engine.verify(request: request, caller: Caller(sourceApplication: callerBundleID)))
    }

    /// Whether the engine says `response` answers `request`; `nil` when the engine does not read
    /// them as a valid request and response.
    public static func answers(response: String, request: String) -> Verdict? {
        guard let request = try? BrokerRequest(parsing: request), let response = try? BrokerResponse(parsing: response) else { return nil }
        return record(response.answers(request))
    }

    /// The routing finding the article decides (the others are informational).
    public static let routingWarnings: Set<String> = ["trailing-slash-mismatch"]

    /// What the engine's `BrokerResponse` says about a response URL's parameters: whether it threw
    /// `duplicateParameter`, and the error kind it threw, if any.
    public static func responseError(_ url: String) -> String? {
        do {
            _ = try BrokerResponse(parsing: url)
            return nil
        } catch {
            return error.kind.code
        }
    }
}

/// The text of well-formed UTF-8 bytes, `nil` otherwise (the model's own validator).
func validUTF8String(_ bytes: [UInt8]) -> String? {
    isWellFormedUTF8(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
}
