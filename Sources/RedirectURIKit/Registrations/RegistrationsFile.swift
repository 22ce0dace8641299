/// The shapes a registrations file has, read from its JSON: an Entra ID application manifest,
/// an array of them, or a plain object from client ID to redirect URIs.
///
/// The manifest's field names are Microsoft's: the Microsoft Graph application manifest has
/// `appId` and `publicClient.redirectUris` (the `publicClientApplication` resource type; `web`
/// and `spa` hold other platforms' redirect URIs); the Azure AD Graph manifest, which the portal
/// showed before, has `appId` and `replyUrlsWithType`, whose entries are `{"url", "type"}` with
/// `type` `InstalledClient` for public clients (Microsoft Entra's app manifest reference).
enum RegistrationsFile {
    typealias Entry = (Registrations.Client, Int?, [Int])

    static func clients(in root: JSONReader.Node) throws(RegistrationsError) -> [Entry] {
        switch root.kind {
        case .array(let manifests):
            var entries: [Entry] = []
            for manifest in manifests {
                guard case .object(let members) = manifest.kind else {
                    throw shape("an array of registrations holds Entra ID application manifests, not \(manifest.typeName)", at: manifest.offset)
                }
                entries.append(try client(inManifest: members, at: manifest.offset))
            }
            return entries
        case .object(let members):
            if members.contains(where: { $0.key == "appId" }) { return [try client(inManifest: members, at: root.offset)] }
            var entries: [Entry] = []
            for member in members {
                let (uris, offsets) = try strings(member.value, "the redirect URIs of client '\(member.key)'")
                entries.append((Registrations.Client(clientID: member.key, redirectURIs: uris), member.keyOffset &+ 1, offsets))
            }
            return entries
        default:
            throw shape("the registrations are \(root.typeName)", at: root.offset)
        }
    }

    /// One manifest's client ID and public-client redirect URIs (`publicClient.redirectUris`,
    /// then `replyUrlsWithType`'s `InstalledClient` URLs not already listed).
    static func client(inManifest members: [JSONReader.Member], at offset: Int) throws(RegistrationsError) -> Entry {
        guard let appID = members.first(where: { $0.key == "appId" }) else {
            throw shape("an Entra ID application manifest has an appId", at: offset)
        }
        guard case .string(let clientID) = appID.value.kind else {
            throw shape("appId is \(appID.value.typeName), not a string", at: appID.value.offset)
        }
        var uris: [String] = []
        var offsets: [Int] = []
        if let publicClient = members.first(where: { $0.key == "publicClient" })?.value, !isNull(publicClient) {
            guard case .object(let fields) = publicClient.kind else {
                throw shape("publicClient is \(publicClient.typeName), not an object", at: publicClient.offset)
            }
            if let list = fields.first(where: { $0.key == "redirectUris" })?.value, !isNull(list) {
                (uris, offsets) = try strings(list, "publicClient.redirectUris")
            }
        }
        if let replies = members.first(where: { $0.key == "replyUrlsWithType" })?.value, !isNull(replies) {
            guard case .array(let entries) = replies.kind else {
                throw shape("replyUrlsWithType is \(replies.typeName), not an array", at: replies.offset)
            }
            for entry in entries {
                guard case .object(let fields) = entry.kind, case .string(let url)? = fields.first(where: { $0.key == "url" })?.value.kind,
                    case .string(let type)? = fields.first(where: { $0.key == "type" })?.value.kind
                else {
                    throw shape("each entry of replyUrlsWithType is an object with a string url and type", at: entry.offset)
                }
                if type == "InstalledClient", !uris.contains(url) {
                    uris.append(url)
                    offsets.append((fields.first { $0.key == "url" }?.value.offset ?? entry.offset) &+ 1)
                }
            }
        }
        return (Registrations.Client(clientID: clientID, redirectURIs: uris), appID.value.offset &+ 1, offsets)
    }

    /// An array of strings, and where each string's text starts.
    static func strings(_ value: JSONReader.Node, _ what: String) throws(RegistrationsError) -> ([String], [Int]) {
        guard case .array(let elements) = value.kind else { throw shape("\(what) are \(value.typeName), not an array", at: value.offset) }
        var texts: [String] = []
        var offsets: [Int] = []
        for element in elements {
            guard case .string(let text) = element.kind else { throw shape("\(what) hold \(element.typeName), not a string", at: element.offset) }
            texts.append(text)
            offsets.append(element.offset &+ 1)
        }
        return (texts, offsets)
    }

    static func isNull(_ value: JSONReader.Node) -> Bool {
        if case .null = value.kind { return true }
        return false
    }

    static func shape(_ detail: String, at offset: Int) -> RegistrationsError {
        RegistrationsError(.unexpectedShape, offset: offset, detail: detail)
    }
}
