import RedirectURIKit
import Testing

/// The round trip on the client: a response checked against the request it answers, and the
/// builders that write the answer a request can read.
struct BrokerRoundTripTests {
    static let hash = "2C26B46B68FFC68FF99B453C1D30413413422D706483BFA0F98A5E886266E7AE"
    static let client = "00000000-0000-0000-0000-000000000001"

    static func msalRequest(endpoint: BrokerEndpoint = .msauthv2, nonce: String? = "d8a4c2") throws -> BrokerRequest {
        try BrokerRequest.msal(
            endpoint: endpoint, authority: "https://login.microsoftonline.com/common", clientID: client,
            redirectURI: try RedirectURI(parsing: "msauth.com.contoso.app://auth"), scope: "openid",
            correlationID: "b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11", brokerKey: "q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D",
            clientVersion: "1.2.3", brokerNonce: nonce)
    }

    static func adalRequest() throws -> BrokerRequest {
        try BrokerRequest.adal(
            authority: "https://login.microsoftonline.com/common", clientID: client,
            redirectURI: try RedirectURI(parsing: "x-msauth-contoso://com.contoso.app"), resource: "https://graph.microsoft.com",
            correlationID: "b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11", brokerKey: "q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D",
            clientVersion: "2.7.1")
    }

    /// ADAL asks for max_protocol_ver=2 and decrypts each version up to it: its answer is in
    /// version 2, MSAL's in version 3, each echoing the request's nonce.
    @Test func theSuccessAnswerIsInTheVersionTheRequestReads() throws {
        let adal = try Self.adalRequest()
        let adalAnswer = try BrokerResponse.success(answering: adal, response: "eyJhbGciOiJub25lIn0", hash: Self.hash)
        #expect(adalAnswer.protocolVersion == 2)
        #expect(adalAnswer.url.text.hasPrefix("x-msauth-contoso://com.contoso.app?msg_protocol_ver=2&response="))
        #expect(adalAnswer.answers(adal).accepted)
        let msal = try Self.msalRequest()
        let msalAnswer = try BrokerResponse.success(answering: msal, response: "eyJhbGciOiJub25lIn0", hash: Self.hash)
        #expect(msalAnswer.protocolVersion == 3)
        #expect(msalAnswer.brokerNonce == "d8a4c2")
        #expect(msalAnswer.answers(msal).accepted)
        // The answer to one request does not answer another.
        #expect(msalAnswer.answers(try Self.msalRequest(nonce: "0000")).failedRule == .brokerNonce)
        #expect(adalAnswer.answers(msal).failedRule == .responseRedirect)
        // A version-3 answer to ADAL is one it cannot read.
        let tooNew = try BrokerResponse.success(
            redirectURI: try RedirectURI(parsing: "x-msauth-contoso://com.contoso.app"), response: "eyJhbGciOiJub25lIn0", hash: Self.hash)
        let verdict = tooNew.answers(adal)
        #expect(verdict.failedRule == .protocolVersion)
        #expect(verdict.field == "msg_protocol_ver")
        #expect(verdict.explanation.contains("reads versions 1–2"))
    }

    @Test func theErrorAnswerEchoesTheNonce() throws {
        let request = try Self.msalRequest(endpoint: .msauthv3)
        let answer = try BrokerResponse.error(answering: request, code: "-50005", description: "User cancelled")
        #expect(answer.kind == .error)
        #expect(answer.errorDescription == "User cancelled")
        #expect(answer.answers(request).accepted)
        let withoutNonce = try BrokerResponse.error(redirectURI: try RedirectURI(parsing: "msauth.com.contoso.app://auth"), code: "-50005")
        let verdict = withoutNonce.answers(request)
        #expect(verdict.failedRule == .brokerNonce)
        #expect(verdict.field == "broker_nonce")
        #expect(verdict.identity == nil)
    }

    /// The error fields are typed, decoded once, and nil when absent or repeated.
    @Test func errorFieldsAreTyped() throws {
        let response = try BrokerResponse(
            parsing:
                "msauth.com.contoso.app://auth?error_code=-50005&error=interaction_required&suberror=basic_action&error_description=Sign+in+again")
        #expect(response.errorCode == "-50005")
        #expect(response.error == "interaction_required")
        #expect(response.suberror == "basic_action")
        #expect(response.errorDescription == "Sign in again")
        let bare = try BrokerResponse(parsing: "msauth.com.contoso.app://auth?error_code=1")
        #expect(bare.error == nil && bare.suberror == nil && bare.errorDescription == nil)
    }

    /// MSAL's sub-routes are not the broker's answer: only the redirect URI and its /broker.
    @Test func onlyTheRedirectURIAndItsBrokerSubRouteAnswer() throws {
        let request = try Self.msalRequest()
        for (path, answers) in [("", true), ("/broker", true), ("/switch_browser", false), ("/switch_browser_resume", false), ("/", false)] {
            let url = "msauth.com.contoso.app://auth\(path)?msg_protocol_ver=3&response=eyJh&hash=\(Self.hash)&broker_nonce=d8a4c2"
            let verdict = try BrokerResponse(parsing: url).answers(request)
            #expect(verdict.accepted == answers, "\(path): \(verdict.explanation)")
            if !answers { #expect(verdict.failedRule == .responseRedirect) }
        }
    }

    /// msauthv3 is the nonce scheme: a request there without broker_nonce is not built, and not read.
    @Test func theNonceSchemeRequiresTheNonce() throws {
        #expect(throws: BrokerMessageError(.missingParameter, parameter: "broker_nonce")) {
            try Self.msalRequest(endpoint: .msauthv3, nonce: nil)
        }
        let request = try Self.msalRequest(endpoint: .msauthv2, nonce: nil)
        let onV3 = String(request.url.text).replacingOccurrences(of: "msauthv2://", with: "msauthv3://")
        #expect(throws: BrokerMessageError.self) { try BrokerRequest(parsing: onV3) }
        let verdict = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"]).verify(request: onV3, caller: .notReported)
        #expect(verdict.failedRule == .missingField)
        #expect(verdict.field == "broker_nonce")
    }

    /// Without broker_key nothing binds the answer to the app: it is named first among the
    /// missing fields, and the verdict and the reader agree.
    @Test func brokerKeyIsTheFirstMissingFieldNamed() throws {
        let request = String(try Self.msalRequest().url.text)
            .replacingOccurrences(of: "&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D", with: "")
            .replacingOccurrences(of: "&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon", with: "")
        let verdict = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"])
            .verify(request: request, caller: .reportedByOS(bundleID: "com.contoso.app"))
        #expect(verdict.failedRule == .missingField)
        #expect(verdict.field == "broker_key")
        #expect(verdict.explanation.contains("encrypts its answer"))
        #expect(throws: BrokerMessageError.self) { try BrokerRequest(parsing: request) }
        let message = try BrokerMessage(parsing: request)
        #expect(message.clientID == Self.client)
    }

    /// A verdict's identity and field are part of its JSON, as parse --json prints it.
    @Test func theAcceptanceSaysWhatItRestsOn() throws {
        let verifier = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"])
        let request = String(try Self.msalRequest(endpoint: .msauthv3).url.text)
        let claimed = verifier.verify(request: request, caller: .notReported)
        #expect(claimed.accepted)
        #expect(claimed.explanation.contains("iOS did not report the caller"))
        #expect(claimed.explanation.contains("echoing its broker_nonce"))
        let proven = verifier.verify(request: request, caller: .reportedByOS(bundleID: "com.contoso.app"))
        #expect(proven.explanation.contains("reported by the OS"))
    }
}
