/// The line generators of each category, ported function by function from `make_corpus.py`
/// (same names in comments, same branch weights).
enum Generators {
    static let organizations = [
        "contoso", "fabrikam", "myapp", "example", "northwind", "adventureworks", "tailspin", "wingtip",
        "litware", "proseware", "woodgrove", "alpineski", "microsoft", "acme", "globex", "initech",
    ]
    static let apps = [
        "mytestapp", "mail", "teams", "outlook", "notes", "wallet", "drive", "chat", "authenticator",
        "companyportal", "sampleapp", "msaltestapp", "crm", "hr", "expenses", "onenote", "todo", "photos",
        "pay", "field-service",
    ]
    static let tenants = ["common", "organizations", "consumers", "contoso.onmicrosoft.com", "fabrikam.com"]
    static let resources = [
        "https://graph.microsoft.com", "https://graph.windows.net", "https://outlook.office365.com",
        "https://management.core.windows.net/", "00000003-0000-0000-c000-000000000000",
        "https://api.contoso.com/v1",
    ]
    static let scopes = [
        "User.Read", "openid", "profile", "offline_access", "Mail.Read", "Files.ReadWrite",
        "https://graph.microsoft.com/.default", "Calendars.Read",
    ]

    static func line(_ category: Corpus.Category, _ random: inout SeededGenerator) -> String {
        switch category {
        case .shortRedirect: shortRedirect(&random)
        case .certificateAuth: certificateAuth(&random)
        case .brokerRequest: brokerRequest(&random)
        case .brokerResponse: brokerResponse(&random)
        }
    }

    static func base64URL(_ random: inout SeededGenerator, byteCount: Int) -> String {
        TextEncoding.base64URL(random.bytes(byteCount))
    }

    /// `bundle_id`: a bundle ID and the app's short name without dashes.
    static func bundleID(_ random: inout SeededGenerator) -> (bundleID: String, app: String) {
        let organization = random.choice(organizations)
        let app = random.choice(apps)
        let short = app.replacingOccurrences(of: "-", with: "")
        let style = random.unit()
        if style < 0.6 { return ("com.\(organization).\(app)", short) }
        if style < 0.8 { return ("com.\(organization).\(app).\(random.choice(["ios", "dev", "beta", "enterprise"]))", short) }
        if style < 0.9 { return ("\(random.choice(["net", "org", "io", "de"])).\(organization).\(app)", short) }
        // Mixed-case bundle IDs exist.
        return ("com.\(TextEncoding.capitalized(organization)).\(TextEncoding.capitalized(app))", short)
    }

    /// `short_redirect`: category (a).
    static func shortRedirect(_ random: inout SeededGenerator) -> String {
        let r = random.unit()
        let (bundle, app) = bundleID(&random)
        if r < 0.35 { return "x-msauth-\(app)://\(bundle)" }
        if r < 0.55 { return "msauth.\(bundle)://auth" }
        if r < 0.68 { return "\(bundle.lowercased()):/oauth2redirect" }
        if r < 0.76 {
            let port = random.int(in: 1024...65535)
            let path = random.choice(["/callback", "/", "/auth/callback", ""])
            let host = random.choice(["127.0.0.1", "127.0.0.1", "localhost", "[::1]"])
            return "http://\(host):\(port)\(path)"
        }
        if r < 0.86 {
            let organization = random.choice(organizations)
            let query = random.choice(["?x=1", "", "?state=abc&x=1", "#frag"])
            return "https://login.\(organization).com/\(random.choice(["cb", "auth/callback", "signin-oidc"]))\(query)"
        }
        if r < 0.93 { return "msal\(TextEncoding.uuid(&random))://auth" }
        if r < 0.97 { return "https://login.microsoftonline.com/common/oauth2/nativeclient" }
        return "brk-\(TextEncoding.uuid(&random))://\(bundle)"
    }

    /// `app_redirect`: the `<scheme>://<bundle>` forms of a native app.
    static func appRedirect(_ random: inout SeededGenerator) -> String {
        let (bundle, app) = bundleID(&random)
        let r = random.unit()
        if r < 0.6 { return "x-msauth-\(app)://\(bundle)" }
        if r < 0.9 { return "msauth.\(bundle)://auth" }
        return "msal\(TextEncoding.uuid(&random))://auth"
    }

    /// `cert_auth`: category (b), `msauth://code/<percent-encoded redirect>[?code=…]`.
    static func certificateAuth(_ random: inout SeededGenerator) -> String {
        let base = "msauth://code/\(TextEncoding.percentEncoded(appRedirect(&random)))"
        if random.unit() < 0.5 { return base }
        let parameters = [
            ("code", base64URL(&random, byteCount: random.int(in: 300...700))),
            ("client_info", base64URL(&random, byteCount: random.int(in: 90...130))),
            ("state", base64URL(&random, byteCount: 24)),
            ("session_state", TextEncoding.uuid(&random)),
        ]
        return base + "?" + parameters.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    /// `broker_request`: category (c), a broker request URL with 10–15 parameters.
    static func brokerRequest(_ random: inout SeededGenerator) -> String {
        let pct = TextEncoding.percentEncoded
        let authority = "https://login.microsoftonline.com/\(random.choice(tenants))"
        let required: [(String, String)] = [
            ("authority", pct(authority)),
            ("client_id", TextEncoding.uuid(&random)),
            ("redirect_uri", pct(appRedirect(&random))),
            ("resource", pct(random.choice(resources))),
            ("correlation_id", TextEncoding.uuid(&random, uppercase: random.unit() < 0.5)),
            ("broker_key", base64URL(&random, byteCount: 32)),  // 43 characters
            ("client_version", "\(random.int(in: 1...2)).\(random.int(in: 0...9)).\(random.int(in: 0...30))"),
            ("max_protocol_ver", "2"),
        ]
        let optional: [(String, String)] = [
            ("client_app_name", pct(TextEncoding.capitalized(random.choice(apps)) + " App")),
            ("client_app_version", "\(random.int(in: 1...20)).\(random.int(in: 0...99))"),
            ("login_hint", pct("user\(random.int(in: 1...9999))@\(random.choice(organizations)).com")),
            ("username_type", random.choice(["OptionalDisplayableId", "RequiredDisplayableId"])),
            ("extra_qp", pct("domain_hint=\(random.choice(organizations)).com&msafed=0")),
            ("force", random.choice(["NO", "YES"])),
            ("prompt", random.choice(["select_account", "login", "consent"])),
            ("scope", pct(random.sample(scopes, count: random.int(in: 1...4)).joined(separator: " "))),
            ("claims", pct(#"{"access_token":{"xms_cc":{"values":["cp1"]}}}"#)),
            ("intune_enrollment_ids", pct(#"{"enrollment_ids":[]}"#)),
            ("skip_cache", random.choice(["0", "1"])),
        ]
        let total = random.int(in: 10...15)
        var parameters = required + random.sample(optional, count: total - required.count)
        random.shuffle(&parameters)
        let scheme = random.unit() < 0.85 ? "msauth" : "msauthv2"
        return "\(scheme)://broker?" + parameters.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    /// `broker_response`: category (d), `<redirect>?msg_protocol_ver=2&response=<2–6 KB>&hash=<64 hex>`.
    ///
    /// The Python script hashes the response with SHA-256; nothing here can check that digest
    /// (it covers the decrypted payload in real traffic), so 32 random bytes in hex stand in for it:
    /// same length, same alphabet, same upper/lowercase mix.
    static func brokerResponse(_ random: inout SeededGenerator) -> String {
        let characterCount = random.int(in: 2048...6144)
        // ASCII, so the first `characterCount` bytes are the first `characterCount` characters
        // (a byte prefix is much cheaper than a Character walk, which matters under callgrind).
        let response = String(decoding: base64URL(&random, byteCount: characterCount * 3 / 4 + 2).utf8.prefix(characterCount), as: UTF8.self)
        let digest = TextEncoding.hex(random.bytes(32), uppercase: random.unit() < 0.5)
        return "\(appRedirect(&random))?msg_protocol_ver=2&response=\(response)&hash=\(digest)"
    }
}

fileprivate extension String {
    /// `replacingOccurrences(of:with:)` without Foundation.
    func replacingOccurrences(of target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
