/// The redirect URIs registered for each client ID: what a broker or a server verifies a request
/// against. Registrations belong to a client ID, not to one app: a broker looks up the request's
/// `client_id` and verifies its `redirect_uri` against that client's redirect URIs only, so a
/// redirect URI registered for another client never matches.
///
/// Read them from what a broker or server already has: an Entra ID application manifest (its
/// public-client redirect URIs, ``init(json:options:)-([UInt8],_)``), an array of manifests, or a
/// plain JSON object from client ID to redirect URIs; or make them from a dictionary.
///
/// ```swift
/// let registrations = try Registrations([
///     "00000000-0000-0000-0000-000000000001": ["msauth.com.contoso.app://auth"],
/// ])
/// let verdict = registrations.verify(request: requestURL, caller: Caller(sourceApplication: sourceApplication))
/// verdict.accepted   // whether to answer
/// verdict.identity   // .claimedByRedirectURI when iOS did not name the caller
/// ```
public struct Registrations: Sendable {
    /// One client and its public-client redirect URIs, as registered.
    public struct Client: Sendable, Hashable {
        /// The client ID (application ID), as written.
        public let clientID: String
        /// Its registered redirect URIs, in order.
        public let redirectURIs: [String]
    }

    /// Every client, in the order read (a dictionary's in the order of its sorted client IDs).
    public let clients: [Client]
    /// Relaxations of the default policy, for every client.
    public let options: VerificationOptions
    /// Each client's verifier, by its client ID lowercased (client IDs are UUIDs, and a request's
    /// `client_id` matches in either case, as ``UUIDSyntax`` compares them).
    let verifiers: [String: RedirectVerifier]

    /// Registrations from a dictionary of client ID to redirect URIs.
    ///
    /// - Throws: ``RegistrationsError``: `invalid-client-id` for a key that is not a UUID,
    ///   `duplicate-client-id` for two keys that differ in letter case only,
    ///   `invalid-registered-uri` for a redirect URI that is not an absolute URI.
    public init(_ registrations: [String: [String]], options: VerificationOptions = .strict) throws(RegistrationsError) {
        try self.init(
            clients: registrations.keys.sorted().map { (Client(clientID: $0, redirectURIs: registrations[$0] ?? []), nil, []) },
            options: options)
    }

    /// Registrations from a JSON text: see ``init(json:options:)-([UInt8],_)``.
    public init(json text: String, options: VerificationOptions = .strict) throws(RegistrationsError) {
        try self.init(json: Array(text.utf8), options: options)
    }

    /// Registrations from a JSON file's bytes, in one of three shapes:
    ///
    /// - an Entra ID application manifest: its `appId` is the client ID, and its public-client
    ///   redirect URIs are `publicClient.redirectUris` (the Microsoft Graph manifest) and the
    ///   `replyUrlsWithType` entries of `type` `InstalledClient` (the Azure AD Graph manifest).
    ///   `web` and `spa` redirect URIs are not a native app's and are not read;
    /// - an array of such manifests;
    /// - an object from client ID to an array of redirect URIs: `{"<client-id>": ["uri", …]}`.
    ///
    /// - Throws: ``RegistrationsError`` with the byte offset where the file is wrong.
    public init(json bytes: [UInt8], options: VerificationOptions = .strict) throws(RegistrationsError) {
        let root: JSONReader.Node
        do {
            root = try JSONReader.read(bytes)
        } catch {
            let kind: RegistrationsError.Kind =
                switch error.reason {
                case .syntax: .invalidJSON
                case .tooDeep: .jsonTooDeep
                case .duplicateKey: .duplicateKey
                }
            throw RegistrationsError(kind, offset: error.offset, detail: error.detail)
        }
        try self.init(clients: try RegistrationsFile.clients(in: root), options: options)
    }

    /// `clients`: each client, where its ID is written (for errors), and where each of its redirect
    /// URIs is.
    init(clients: [(Client, Int?, [Int])], options: VerificationOptions) throws(RegistrationsError) {
        var verifiers: [String: RedirectVerifier] = [:]
        for (client, offset, uriOffsets) in clients {
            let key = client.clientID.lowercased()
            guard BrokerValueSyntax.isUUID(client.clientID) else {
                throw RegistrationsError(.invalidClientID, offset: offset, detail: "'\(client.clientID)' is not a UUID")
            }
            guard verifiers[key] == nil else {
                throw RegistrationsError(.duplicateClientID, offset: offset, detail: "'\(client.clientID)' is registered twice")
            }
            var parsed: [RedirectURI] = []
            for (index, text) in client.redirectURIs.enumerated() {
                do {
                    parsed.append(try RedirectURI(parsing: text))
                } catch {
                    let at = index < uriOffsets.count ? uriOffsets[index] : nil
                    throw RegistrationsError(
                        .invalidRegisteredURI, offset: at,
                        detail: "'\(text)' of client '\(client.clientID)': \(error.kind) at offset \(error.offset)")
                }
            }
            verifiers[key] = RedirectVerifier(registered: client.redirectURIs, parsed: parsed, untrimmed: [], options: options)
        }
        self.clients = clients.map(\.0)
        self.options = options
        self.verifiers = verifiers
    }

    /// The redirect URIs registered for `clientID` (either letter case), or `nil` when the client
    /// has no registration.
    public func redirectURIs(forClientID clientID: String) -> [String]? {
        verifiers[clientID.lowercased()]?.registered
    }

    /// The verifier of one client's redirect URIs, or `nil` when the client has no registration.
    public func verifier(forClientID clientID: String) -> RedirectVerifier? {
        verifiers[clientID.lowercased()]
    }

    /// Verifies a broker request URL (any text) for the caller as iOS reported it, against the
    /// redirect URIs registered for its `client_id`: the request-wide rules of
    /// ``RedirectVerifier/verify(request:caller:)``, then `unregistered-client-id` when the
    /// client has no redirect URI registered, then the redirect rules against that client's.
    public func verify(request: String, caller: Caller) -> VerificationVerdict {
        switch RedirectVerifier.requestMessage(request, caller: caller) {
        case .matched(let message): return verify(message: message, caller: caller)
        case .rejected(let verdict): return verdict
        }
    }

    /// Verifies a broker request already read as a message (see ``verify(request:caller:)``).
    public func verify(message: BrokerMessage, caller: Caller) -> VerificationVerdict {
        var verdict = judge(message, callerBundleID: caller.reportedBundleID)
        verdict.identity = caller.identity
        return verdict
    }

    func judge(_ message: BrokerMessage, callerBundleID: String?) -> VerificationVerdict {
        let judged: RedirectVerifier.JudgedRequest
        switch RedirectVerifier.judgeRequest(message) {
        case .rejected(let rejection): return rejection
        case .matched(let request): judged = request
        }
        // The request-wide rules passed, so client_id is there, once, and a UUID.
        let clientID = message.clientID ?? ""
        guard let verifier = verifier(forClientID: clientID), !verifier.registered.isEmpty else {
            let none = verifiers[clientID.lowercased()] == nil ? "no registration" : "no public-client redirect URI registered"
            var verdict = VerificationVerdict.rejected(.unregisteredClientID, "the request's client_id '\(clientID)' has \(none)")
            verdict.field = BrokerField.clientID.text
            return verdict
        }
        var verdict = verifier.verifyRedirect(of: judged, callerBundleID: callerBundleID)
        if verdict.failedRule == .exactMatch, let owner = otherClient(registering: judged.nested, besides: clientID) {
            verdict.reason = (verdict.reason ?? "") + "; it is registered for client '\(owner)', not for the request's client '\(clientID)'"
        }
        return verdict
    }

    /// Another client whose registrations the redirect URI matches: a rejection says so (a
    /// request that borrows another client's redirect URI).
    func otherClient(registering nested: Result<RedirectURI, URIParseError>, besides clientID: String) -> String? {
        guard case .success(let redirect) = nested else { return nil }
        let own = clientID.lowercased()
        return clients.first { client in
            client.clientID.lowercased() != own
                && verifiers[client.clientID.lowercased()]?.verify(presented: redirect, callerBundleID: nil).accepted == true
        }?.clientID
    }
}
