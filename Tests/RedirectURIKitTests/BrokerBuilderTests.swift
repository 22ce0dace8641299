import Testing

@_spi(Testing) @_spi(Toolkit) @testable import RedirectURIKit

/// The message builders write the URL from typed fields and read it back: what they hand out
/// reads as what was built, and what cannot be read so is refused with the field at fault.
struct BrokerBuilderTests {
    static let client = "00000000-0000-0000-0000-000000000001"
    static let correlation = "b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11"
    static let key = "q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D"
    static let hash = "9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08"
    static let authority = "https://login.microsoftonline.com/common"

    static func msal(
        redirect: String = "msauth.com.contoso.app://auth", endpoint: BrokerEndpoint = .msauthv2, clientID: String = client,
        scope: String = "openid profile", key: String = key, extra: [BrokerParameter] = []
    ) throws -> BrokerRequest {
        try BrokerRequest.msal(
            endpoint: endpoint, authority: authority, clientID: clientID, redirectURI: try RedirectURI(parsing: redirect), scope: scope,
            correlationID: correlation, brokerKey: key, clientVersion: "1.2.3", extraParameters: extra)
    }

    @Test func anMSALRequestReadsBackAsBuilt() throws {
        let request = try Self.msal(extra: [BrokerParameter("login_hint", "user@contoso.com"), BrokerParameter("x_app", "a&b=c")])
        #expect(request.endpoint == .msauthv2)
        #expect(request.protocolVersion == 3)
        #expect(request.clientID == Self.client)
        #expect(request.scope == "openid profile")
        #expect(request.loginHint == "user@contoso.com")
        #expect(request.unknownParameters == [BrokerParameter("x_app", "a&b=c")])
        #expect(request.redirectURI?.bundleID?.description == "com.contoso.app")
        #expect(try BrokerRequest(parsing: String(request.url.text)) == request)
        #expect(request.url.text.hasPrefix("msauthv2://broker?msg_protocol_ver=3&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon&"))
    }

    @Test func anADALRequestReadsBackAsBuilt() throws {
        let redirect = try RedirectURI(parsing: "x-msauth-mytestiosapp://com.myapp.mytestapp")
        let request = try BrokerRequest.adal(
            authority: Self.authority, clientID: Self.client, redirectURI: redirect, resource: "https://graph.microsoft.com",
            correlationID: Self.correlation, brokerKey: Self.key, clientVersion: "2.7")
        #expect(request.endpoint == .msauth)
        #expect(request.isADALProtocol)
        #expect(request.protocolVersion == 2)  // ADAL's max_protocol_ver, not MSAL's 3
        #expect(request.value("max_protocol_ver") == "2")
        #expect(request.resource == "https://graph.microsoft.com")
        #expect(try BrokerRequest(parsing: String(request.url.text)) == request)
    }

    /// Every field given to the MSAL builder is in the request, its optional nonce included.
    @Test func anMSALRequestKeepsItsNonce() throws {
        let request = try BrokerRequest.msal(
            endpoint: .msauthv3, authority: Self.authority, clientID: Self.client,
            redirectURI: try RedirectURI(parsing: "msauth.com.contoso.app://auth"), scope: "openid", correlationID: Self.correlation,
            brokerKey: Self.key, clientVersion: "1.2.3", brokerNonce: "7c4f3bda-1e2f-4a5b-8c9d-0e1f2a3b4c5d")
        #expect(request.brokerNonce == "7c4f3bda-1e2f-4a5b-8c9d-0e1f2a3b4c5d")
        #expect(request.correlationID == Self.correlation)
        #expect(request.clientVersion == "1.2.3")
        #expect(try Self.msal().brokerNonce == nil)
    }

    /// What a builder refuses, and the field it names.
    static let refusals: [(name: String, build: @Sendable () throws -> BrokerRequest, kind: BrokerMessageError.Kind, parameter: String?)] = [
        ("not a UUID", { try msal(clientID: "nope") }, .invalidValue, "client_id"),
        ("padded key", { try msal(key: "abc=") }, .invalidValue, "broker_key"),
        ("a redirect URI with a fragment", { try msal(redirect: "msauth.com.contoso.app://auth#x") }, .unbindableRedirectURI, "redirect_uri"),
        ("an https redirect URI", { try msal(redirect: "https://example.com/cb") }, .unbindableRedirectURI, "redirect_uri"),
        ("an extra that repeats a field", { try msal(extra: [BrokerParameter("scope", "x")]) }, .duplicateParameter, "scope"),
        ("an extra that looks like a field", { try msal(extra: [BrokerParameter("Redirect_URI", "x")]) }, .lookAlikeParameter, "Redirect_URI"),
        ("MSAL on msauth://", { try msal(endpoint: .msauth) }, .invalidValue, "msg_protocol_ver"),
    ]

    @Test func refusalsAreCounted() { #expect(Self.refusals.count == 7) }

    @Test(arguments: refusals.indices)
    func aRequestThatWouldReadOtherwiseIsRefused(index: Int) {
        let row = Self.refusals[index]
        do {
            _ = try row.build()
            Issue.record("\(row.name): built")
        } catch let error as BrokerMessageError {
            #expect(error.kind == row.kind, "\(row.name): \(error)")
            #expect(error.parameter == row.parameter, "\(row.name): \(error)")
        } catch {
            Issue.record("\(row.name): \(error)")
        }
    }

    /// A redirect URI with a query is written inside `redirect_uri` (encoded: one `?` in the
    /// URL), and the builder refuses it when the query makes it a form a broker cannot bind.
    @Test func aRedirectURIsQueryStaysInsideTheRequest() throws {
        let written = try BrokerRequest(endpoint: .msauthv2, parameters: [BrokerParameter("redirect_uri", "x-msauth-app://com.contoso.app?x=1")])
        #expect(written.url.text == "msauthv2://broker?redirect_uri=x-msauth-app%3A%2F%2Fcom.contoso.app%3Fx%3D1")
        #expect(written.redirectURI?.description == "x-msauth-app://com.contoso.app?x=1")
        #expect(throws: BrokerMessageError.self) { try Self.msal(redirect: "x-msauth-app://com.contoso.app?x=1") }
    }

    @Test func responsesReadBackAsBuilt() throws {
        let redirect = try RedirectURI(parsing: "msauth.com.contoso.app://auth")
        let success = try BrokerResponse.success(redirectURI: redirect, response: "eyJhbGciOiJub25lIn0", hash: Self.hash, brokerNonce: "n1")
        #expect(success.kind == .success)
        #expect(success.response == "eyJhbGciOiJub25lIn0")
        #expect(success.brokerNonce == "n1")
        #expect(try BrokerResponse(parsing: String(success.url.text)) == success)
        let failure = try BrokerResponse.error(redirectURI: redirect, code: "-50005", description: "User cancelled")
        #expect(failure.kind == .error)
        #expect(failure.errorCode == "-50005")
        #expect(String(failure.url.text) == "msauth.com.contoso.app://auth?error_code=-50005&error_description=User+cancelled")
        let request = try Self.msal()
        #expect(success.comesBack(to: request).outcome == .response)
    }

    /// Never a second `?`: a redirect URI with a query or a fragment is refused; a field with the
    /// wrong syntax is named.
    static let responseRefusals: [(redirect: String, response: String, hash: String, parameter: String, kind: BrokerMessageError.Kind)] = [
        ("msauth.com.contoso.app://auth?x=1", "abcd", hash, "redirect_uri", .notABrokerResponse),
        ("msauth.com.contoso.app://auth#f", "abcd", hash, "redirect_uri", .notABrokerResponse),
        ("msauth.com.contoso.app://auth?", "abcd", hash, "redirect_uri", .notABrokerResponse),
        ("msauth.com.contoso.app://auth", "ab=d", hash, "response", .invalidValue),
        ("msauth.com.contoso.app://auth", "abcd", hash.lowercased(), "hash", .invalidValue),
    ]

    @Test(arguments: responseRefusals.indices)
    func aResponseThatWouldReadOtherwiseIsRefused(index: Int) throws {
        let row = Self.responseRefusals[index]
        let redirect = try RedirectURI(parsing: row.redirect)
        #expect(throws: BrokerMessageError.self) { try BrokerResponse.success(redirectURI: redirect, response: row.response, hash: row.hash) }
        do {
            _ = try BrokerResponse.success(redirectURI: redirect, response: row.response, hash: row.hash)
        } catch {
            #expect(error.kind == row.kind, "\(row): \(error)")
            #expect(error.parameter == row.parameter, "\(row): \(error)")
        }
    }
}
