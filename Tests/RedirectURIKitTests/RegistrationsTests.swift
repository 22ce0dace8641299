import RedirectURIKit
import Testing

/// Registrations per client ID: the files a broker already has, read strictly, and a request
/// verified against its own client's redirect URIs only.
struct RegistrationsTests {
    static let contoso = "00000000-0000-0000-0000-000000000001"
    static let fabrikam = "00000000-0000-0000-0000-000000000002"
    /// A client ID with letters, whose capitals are another spelling of it.
    static let lettered = "3c62ac97-29eb-4aed-a3c8-add0298508da"

    /// A complete MSAL request for `clientID` carrying `redirect` (form-encoded).
    static func request(clientID: String = contoso, redirect: String = "msauth.com.contoso.app%3A%2F%2Fauth", extra: String = "")
        -> String
    {
        "msauthv2://broker?msg_protocol_ver=3&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon"
            + "&client_id=\(clientID)&redirect_uri=\(redirect)&scope=openid&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11"
            + "&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D&client_version=1.2.3" + extra
    }

    // MARK: The shapes of a registrations file

    /// The Microsoft Graph application manifest: `appId`, `publicClient.redirectUris`; `web` and
    /// `spa` are other platforms' redirect URIs.
    static let graphManifest = """
        {"id": "5b2a9f9c-7d1e-4c3a-9a55-0d7f1c2e3b4a", "appId": "\(contoso)", "displayName": "Contoso",
         "publicClient": {"redirectUris": ["msauth.com.contoso.app://auth", "x-msauth-contoso://com.contoso.app"]},
         "web": {"redirectUris": ["https://mail.contoso.com/signin-oidc"]}, "spa": {"redirectUris": []}}
        """

    /// The Azure AD Graph manifest: `replyUrlsWithType`, public clients typed `InstalledClient`.
    static let aadGraphManifest = """
        {"appId": "\(fabrikam)", "replyUrlsWithType": [
          {"url": "msauth.com.fabrikam.notes://auth", "type": "InstalledClient"},
          {"url": "https://notes.fabrikam.com/cb", "type": "Web"},
          {"url": "https://notes.fabrikam.com/spa", "type": "Spa"}]}
        """

    @Test func theGraphManifestGivesItsPublicClientRedirectURIs() throws {
        let registrations = try Registrations(json: Self.graphManifest)
        #expect(registrations.clients.map(\.clientID) == [Self.contoso])
        #expect(
            registrations.redirectURIs(forClientID: Self.contoso) == ["msauth.com.contoso.app://auth", "x-msauth-contoso://com.contoso.app"])
    }

    @Test func theAADGraphManifestGivesItsInstalledClientReplyURLsOnly() throws {
        let registrations = try Registrations(json: Self.aadGraphManifest)
        #expect(registrations.redirectURIs(forClientID: Self.fabrikam) == ["msauth.com.fabrikam.notes://auth"])
    }

    @Test func anArrayOfManifestsAndAPlainMapReadAlike() throws {
        let array = try Registrations(json: "[\(Self.graphManifest), \(Self.aadGraphManifest)]")
        let map = try Registrations(
            json: """
                {"\(Self.contoso)": ["msauth.com.contoso.app://auth", "x-msauth-contoso://com.contoso.app"],
                 "\(Self.fabrikam)": ["msauth.com.fabrikam.notes://auth"]}
                """)
        let dictionary = try Registrations([
            Self.contoso: ["msauth.com.contoso.app://auth", "x-msauth-contoso://com.contoso.app"],
            Self.fabrikam: ["msauth.com.fabrikam.notes://auth"],
        ])
        for registrations in [array, map, dictionary] {
            #expect(registrations.redirectURIs(forClientID: Self.fabrikam) == ["msauth.com.fabrikam.notes://auth"])
            #expect(registrations.redirectURIs(forClientID: Self.contoso.uppercased())?.count == 2)
            #expect(registrations.verify(request: Self.request(), caller: .notReported).accepted)
        }
    }

    /// A client ID written in capitals in the file is the same client as the request's lower-case one.
    @Test func clientIDsCompareAsUUIDs() throws {
        let registrations = try Registrations(json: #"{"\#(Self.lettered.uppercased())": ["msauth.com.contoso.app://auth"]}"#)
        #expect(registrations.verify(request: Self.request(clientID: Self.lettered), caller: .reportedByOS(bundleID: "com.contoso.app")).accepted)
    }

    // MARK: Files that are not registrations: a typed error where they go wrong

    static let errors: [(json: String, code: String, offset: Int?)] = [
        ("", "invalid-json", 0),
        ("{", "invalid-json", 1),
        (#"{"a": [1,]}"#, "invalid-json", 9),
        (#"{"a": "\x"}"#, "invalid-json", 7),
        (#"{"a": "\uDC00"}"#, "invalid-json", 7),
        (#"{"a": "\uD800x"}"#, "invalid-json", 7),
        ("{\"a\": \"tab\there\"}", "invalid-json", 10),
        (#"{"a": 01}"#, "invalid-json", 7),
        ("{} x", "invalid-json", 3),
        (String(repeating: "[", count: 70), "json-too-deep", 64),
        (#"{"\#(contoso)": ["msauth.com.contoso.app://auth"], "\#(contoso)": []}"#, "duplicate-key", 76),
        (#""just a string""#, "unexpected-registrations-shape", 0),
        (#"{"\#(contoso)": "msauth.com.contoso.app://auth"}"#, "unexpected-registrations-shape", 41),
        (#"{"\#(contoso)": [42]}"#, "unexpected-registrations-shape", 42),
        (#"{"appId": 7}"#, "unexpected-registrations-shape", 10),
        (#"[{"displayName": "no appId"}]"#, "unexpected-registrations-shape", 1),
        (#"{"appId": "\#(contoso)", "replyUrlsWithType": [{"url": "x:/"}]}"#, "unexpected-registrations-shape", 72),
        (#"{"contoso": ["msauth.com.contoso.app://auth"]}"#, "invalid-client-id", 2),
        (#"{"\#(lettered)": [], "\#(lettered.uppercased())": []}"#, "duplicate-client-id", 46),
        (#"{"\#(contoso)": ["msauth.com.contoso.app://auth "]}"#, "invalid-registered-uri", 43),
        (#"{"\#(contoso)": ["/relative"]}"#, "invalid-registered-uri", 43),
    ]

    @Test func badFilesAreTypedErrorsAtTheirOffset() {
        for row in Self.errors {
            #expect(throws: RegistrationsError.self, "\(row.json)") { try Registrations(json: row.json) }
            do {
                _ = try Registrations(json: row.json)
            } catch {
                #expect(error.code == row.code, "\(row.json): \(error)")
                #expect(error.offset == row.offset, "\(row.json): \(error)")
            }
        }
        #expect(Self.errors.count == 21)
    }

    @Test func invalidUTF8IsAnErrorNotAReplacement() {
        var bytes = Array(#"{"\#(Self.contoso)": ["msauth.com.contoso.app://auth"]}"#.utf8)
        bytes.insert(0xFF, at: 2)
        #expect(throws: RegistrationsError(.invalidJSON, offset: 2, detail: "not valid UTF-8")) { try Registrations(json: bytes) }
    }

    /// Escapes decode: the same file with its text escaped reads the same.
    @Test func escapesDecode() throws {
        let escaped = try Registrations(json: #"{"\#(Self.contoso)": ["msauth.com.contoso.app:\/\/\u0061uth"]}"#)
        #expect(escaped.redirectURIs(forClientID: Self.contoso) == ["msauth.com.contoso.app://auth"])
    }

    /// Deep nesting and a megabyte of input end in an error, not a crash or a stack overflow.
    @Test func largeAndDeepInputsAreBounded() {
        let deep = Array(String(repeating: "[", count: 1_000_000).utf8)
        #expect(throws: RegistrationsError(.jsonTooDeep, offset: 64, detail: "nested deeper than 64 levels")) {
            try Registrations(json: deep)
        }
        let long = #"{"\#(Self.contoso)": ["msauth.com.contoso.app://auth"], "x": "\#(String(repeating: "a", count: 1_000_000))"}"#
        #expect(throws: RegistrationsError.self) { try Registrations(json: long) }
    }

    // MARK: Verifying a request against its client's registrations

    static func twoClients() throws -> Registrations {
        try Registrations([Self.contoso: ["msauth.com.contoso.app://auth"], Self.fabrikam: ["msauth.com.fabrikam.notes://auth"]])
    }

    @Test func aRequestIsVerifiedAgainstItsOwnClientOnly() throws {
        let registrations = try Self.twoClients()
        let own = registrations.verify(request: Self.request(), caller: .notReported)
        #expect(own.accepted)
        #expect(own.identity == .claimedByRedirectURI)
        // Fabrikam's redirect URI, in a request for Contoso: registered, but not for this client.
        let borrowed = registrations.verify(
            request: Self.request(redirect: "msauth.com.fabrikam.notes%3A%2F%2Fauth"), caller: .reportedByOS(bundleID: "com.fabrikam.notes"))
        #expect(borrowed.failedRule == .exactMatch)
        #expect(borrowed.explanation.contains("it is registered for client '\(Self.fabrikam)'"))
        #expect(borrowed.identity == .reportedByOS)
    }

    @Test func anUnknownClientIsItsOwnRule() throws {
        let registrations = try Self.twoClients()
        let verdict = registrations.verify(
            request: Self.request(clientID: "00000000-0000-0000-0000-000000000009"), caller: .reportedByOS(bundleID: "com.contoso.app"))
        #expect(verdict.failedRule == .unregisteredClientID)
        #expect(verdict.field == "client_id")
        #expect(verdict.explanation.contains("has no registration"))
    }

    @Test func aClientWithNoPublicClientRedirectURIIsUnregistered() throws {
        let webOnly = try Registrations(json: #"{"appId": "\#(Self.contoso)", "web": {"redirectUris": ["https://contoso.com/cb"]}}"#)
        let verdict = webOnly.verify(request: Self.request(), caller: .notReported)
        #expect(verdict.failedRule == .unregisteredClientID)
        #expect(verdict.explanation.contains("no public-client redirect URI registered"))
    }

    /// The request-wide rules come before the client is looked up: a request without broker_key
    /// for an unknown client is missing a field.
    @Test func theRequestIsJudgedBeforeItsClientIsLookedUp() throws {
        let registrations = try Self.twoClients()
        let request = Self.request(clientID: "00000000-0000-0000-0000-000000000009")
            .replacingOccurrences(of: "&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D", with: "")
        #expect(registrations.verify(request: request, caller: .notReported).failedRule == .missingField)
    }

    /// Every entry point says which identity its verdict rests on, accepted or not.
    @Test func everyEntryPointStatesTheIdentity() throws {
        let verifier = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"])
        let redirect = try RedirectURI(parsing: "msauth.com.contoso.app://auth")
        let message = try BrokerMessage(parsing: Self.request())
        let registrations = try Self.twoClients()
        for (caller, identity) in [
            (Caller.notReported, VerdictIdentity.claimedByRedirectURI), (.reportedByOS(bundleID: "com.evil.app"), .reportedByOS),
        ] {
            let verdicts = [
                verifier.verify("msauth.com.contoso.app://auth", caller: caller), verifier.verify(redirect, caller: caller),
                verifier.verify(bytes: Array("msauth.com.contoso.app://auth".utf8), caller: caller),
                verifier.verify(request: Self.request(), caller: caller), verifier.verify(message: message, caller: caller),
                registrations.verify(request: Self.request(), caller: caller),
                registrations.verify(message: message, caller: caller),
                verifier.verify("not a uri", caller: caller), verifier.verify(request: "not a uri", caller: caller),
                registrations.verify(request: "not a uri", caller: caller),
            ]
            for verdict in verdicts { #expect(verdict.identity == identity, "\(caller): \(verdict.explanation)") }
        }
    }

    /// The caller as iOS passed it: `nil` is not reported; anything else, even empty, is reported
    /// (and then fails rule bundle-id, rather than skipping it).
    @Test func theCallerFromSourceApplication() {
        #expect(Caller(sourceApplication: nil) == .notReported)
        #expect(Caller(sourceApplication: "com.contoso.app") == .reportedByOS(bundleID: "com.contoso.app"))
        #expect(Caller(sourceApplication: "") == .reportedByOS(bundleID: ""))
        let verdict = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"])
            .verify(request: Self.request(), caller: Caller(sourceApplication: ""))
        #expect(verdict.failedRule == .bundleID)
        #expect(Caller.notReported.description == "not-reported")
    }

    /// Two absent bundle IDs are not the same bundle ID.
    @Test func carriesBundleIDIsFalseWithoutOne() throws {
        #expect(try RedirectURI(parsing: "msauth.com.contoso.app://auth").carries(bundleID: "com.contoso.app"))
        #expect(try !RedirectURI(parsing: "msauth.com.contoso.app://auth").carries(bundleID: "com.Contoso.app"))
        #expect(try RedirectURI(parsing: "msauth.com.contoso.app://auth").carries(bundleID: "com.Contoso.app", comparison: .caseInsensitive))
        #expect(try !RedirectURI(parsing: "https://contoso.com/cb").carries(bundleID: "not a bundle ID"))
        #expect(try !RedirectURI(parsing: "https://contoso.com/cb").carries(bundleID: "com.contoso.app"))
        #expect(try !RedirectURI(parsing: "msauth.com.contoso.app://auth").carries(bundleID: ""))
    }

    @Test func formsPrintTheirStableNames() {
        #expect("\(RedirectForm.msalBroker)" == "msal-broker")
        #expect(RedirectForm.allCases.allSatisfy { $0.description == $0.rawValue })
    }
}
