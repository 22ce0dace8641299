import Testing

@testable import RedirectURIKit

/// The broker's check is the easy one: a request is verified against the caller the OS reported
/// unless the call says, by its name, that there is none; and the path that parses a request once
/// has one error type.
struct BrokerSafeDefaultsTests {
    static let registered = "msauth.com.contoso.MailApp://auth"
    static let request = BrokerRequestTests.msalRequest

    /// The same request, the same registrations: only the caller the OS reported decides, and
    /// only the call named for a server without one skips rule `bundle-id`.
    static let callers: [(caller: String?, rule: VerificationRule?)] = [
        ("com.contoso.MailApp", nil),
        ("com.evil.app", .bundleID),
        ("com.contoso.mailapp", .bundleID),  // exact unless relaxed
        ("", .bundleID),
        (nil, nil),
    ]

    @Test(arguments: callers)
    func theCallerDecides(caller: String?, rule: VerificationRule?) throws {
        let verifier = RedirectVerifier(registered: [Self.registered])
        let fromText = caller.map { verifier.verify(request: Self.request, caller: Caller(sourceApplication: $0)) } ?? verifier.verify(request: Self.request, caller: .notReported)
        let message = try BrokerMessage(parsing: Self.request)
        let fromMessage = caller.map { verifier.verify(message: message, caller: Caller(sourceApplication: $0)) } ?? verifier.verify(message: message, caller: .notReported)
        #expect(fromText.failedRule == rule, "\(fromText.explanation)")
        #expect(fromMessage == fromText)
    }

    /// No registration means nothing is accepted, with or without a caller; the empty list is
    /// not ambiguous between the text and the parsed registrations.
    @Test func noRegistrationAcceptsNothing() {
        let verifier = RedirectVerifier(registered: [])
        #expect(verifier.verify(request: Self.request, caller: .reportedByOS(bundleID: "com.contoso.MailApp")).failedRule == .exactMatch)
        #expect(verifier.verify(request: Self.request, caller: .notReported).failedRule == .exactMatch)
        #expect(RedirectVerifier(registeredRedirects: []).verify(request: Self.request, caller: .notReported).failedRule == .exactMatch)
    }

    /// Parse once, verify, read the request: one `do throws(BrokerMessageError)` holds it all, and
    /// a text that is not a URI fails in it with `invalid-uri`.
    static let parseOnce: [(text: String, error: BrokerMessageError.Kind?)] = [
        (request, nil),
        ("msauthv2://broker?%", .invalidURI),
        ("not a uri", .invalidURI),
        ("msauthv2://broker?client_id=x", .missingParameter),
        ("https://example.com/?redirect_uri=a", .notABrokerRequest),
    ]

    @Test(arguments: parseOnce)
    func parseOncePathHasOneErrorType(text: String, expected: BrokerMessageError.Kind?) {
        let verifier = RedirectVerifier(registered: [Self.registered])
        do throws(BrokerMessageError) {
            let message = try BrokerMessage(parsing: text)
            let request = try BrokerRequest(message)
            #expect(verifier.verify(message: message, caller: .reportedByOS(bundleID: "com.contoso.MailApp")).accepted)
            #expect(request.redirectURI?.bundleID?.description == "com.contoso.MailApp")
            #expect(expected == nil)
        } catch {
            #expect(error.kind == expected, "\(error)")
        }
    }
}
