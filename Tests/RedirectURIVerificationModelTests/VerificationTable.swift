import RedirectURIVerificationModel

// The hand-written table: every rule and every example of the "Verification rules" article, with
// the expected answer written out, replayed through the model AND the engine. A row that the
// engine is known to get wrong names the reason (a pending engine change, or a known engine bug
// with the article's sentence that decides it).

/// An expected verdict, written out.
enum Expect: Hashable, CustomStringConvertible {
    case accepted
    case acceptedWarning(String)
    case rejected(String)

    var verdict: Verdict {
        switch self {
        case .accepted: return .accept()
        case .acceptedWarning(let warning): return .accept([warning])
        case .rejected(let rule): return .reject(rule)
        }
    }

    var description: String { verdict.description }
}

/// Why the engine is expected to disagree with a row (until the reason goes away).
enum EngineIssue: Hashable {
    /// An engine bug the model found (KnownEngineBug), with the article's deciding sentence.
    case bug(String)

    var reason: String {
        switch self {
        case .bug(let what): return "known engine bug: \(what)"
        }
    }
}

struct Source: Hashable { let file: String; let line: Int }

struct ClassifyRow: CustomStringConvertible {
    var text: String
    /// `nil`: not an absolute URI.
    var form: Form?
    var bundleID: String? = nil
    var clientID: String? = nil
    var androidPackage: String? = nil
    var finding: String? = nil
    var engine: EngineIssue? = nil
    var source: Source

    var description: String { text }
}

struct VerifyRow: CustomStringConvertible {
    var presented: String
    var registered: [String]
    var caller: String? = nil
    var caseInsensitive = false
    var expect: Expect
    var engine: EngineIssue? = nil
    var source: Source

    var description: String { "\(presented) for \(registered) caller \(caller ?? "-")" }
}

struct RegistrationsRow: CustomStringConvertible {
    var request: String
    var caller: String? = nil
    var expect: Expect
    var source: Source

    var description: String { request }
}

struct RoundTripRow: CustomStringConvertible {
    var request: String
    var response: String
    var expect: Expect
    var source: Source

    var description: String { response }
}

struct RequestRow: CustomStringConvertible {
    var request: String
    var registered: [String]
    var caller: String? = nil
    var expect: Expect
    var engine: EngineIssue? = nil
    var source: Source

    var description: String { request }
}

struct RouteRow: CustomStringConvertible {
    var redirect: String
    var incoming: String
    var outcome: Route
    var warning: String? = nil
    var engine: EngineIssue? = nil
    var source: Source

    var description: String { "\(incoming) -> \(redirect)" }
}

struct ResponseRow: CustomStringConvertible {
    var url: String
    var duplicate: Bool
    var undecodable: Bool = false
    var source: Source

    var description: String { url }
}

func here(_ file: String = #fileID, _ line: Int = #line) -> Source { Source(file: file, line: line) }


enum VerificationTable {
    static let uuid = "3c62ac97-29eb-4aed-a3c8-add0298508da"
    static let hash = "1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D"

    // MARK: Forms

    static let classify: [ClassifyRow] = [
        // form-wrapper: the article's examples
        ClassifyRow(text: "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", form: .certificateAuth, bundleID: "com.myapp.mytestapp", source: here()),
        ClassifyRow(text: "msauth://code/msauth.com.contoso.app%3A%2F%2Fauth", form: .certificateAuth, bundleID: "com.contoso.app", source: here()),
        ClassifyRow(text: "msauth://code/https%3A%2F%2Flogin.example.com%2Fcb", form: .other, finding: "wrapper-inner-not-broker", source: here()),
        ClassifyRow(text: "msauth://code/msauth%3A%2F%2Fcode%2Fx%253A%252F%252Fcom.a.b", form: .other, finding: "nested-wrapper", source: here()),
        ClassifyRow(text: "msauth://code/a/b", form: .other, finding: "wrapper-shape", source: here()),
        ClassifyRow(text: "msauth://code/%C0%AF", form: .other, finding: "wrapper-not-utf8", source: here()),
        // form-wrapper: each condition
        ClassifyRow(text: "MSAUTH://code/msauth.com.contoso.app%3A%2F%2Fauth", form: .certificateAuth, bundleID: "com.contoso.app", source: here()),
        ClassifyRow(text: "msauth://CODE/msauth.com.contoso.app%3A%2F%2Fauth", form: .other, source: here()),
        ClassifyRow(text: "msauth://u@code/msauth.com.contoso.app%3A%2F%2Fauth", form: .other, finding: "wrapper-shape", source: here()),
        ClassifyRow(text: "msauth://code:443/msauth.com.contoso.app%3A%2F%2Fauth", form: .other, finding: "wrapper-shape", source: here()),
        ClassifyRow(text: "msauth://code/", form: .other, finding: "wrapper-shape", source: here()),
        ClassifyRow(text: "msauth://code", form: .other, finding: "wrapper-shape", source: here()),
        ClassifyRow(text: "msauth://code/%FF", form: .other, finding: "wrapper-not-utf8", source: here()),
        ClassifyRow(text: "msauth://code/not%20a%20uri", form: .other, finding: "wrapper-inner-invalid", source: here()),
        ClassifyRow(text: "msauth://code/x%C3%A9%3A%2F%2Fcom.a.b", form: .other, finding: "wrapper-inner-invalid", source: here()),
        ClassifyRow(text: "msauth://code/msauth.com.contoso.app%253A%252F%252Fauth", form: .other, finding: "wrapper-inner-invalid", source: here()),
        ClassifyRow(text: "msauth://code/msauth.com.contoso.app%3A%2F%2Fauth?code=1", form: .certificateAuth, bundleID: "com.contoso.app", source: here()),
        ClassifyRow(text: "msauth://code/msal\(uuid)%3A%2F%2Fauth", form: .other, finding: "wrapper-inner-not-broker", source: here()),
        ClassifyRow(text: "msauth://code/com.example.app%3A%2Fcb", form: .other, finding: "wrapper-inner-not-broker", source: here()),
        ClassifyRow(text: "msauth://code/msauth%3A%2F%2Fcom.example.app%2F1wIqXSqBj7w%252Bh11ZifsnqwgyKrY%253D", form: .other, finding: "wrapper-inner-not-broker", source: here()),
        // form-android
        ClassifyRow(text: "msauth://com.example.app/\(hash)", form: .androidBroker, androidPackage: "com.example.app", source: here()),
        ClassifyRow(text: "msauth://com.example.app/abc", form: .other, finding: "android-signature-hash-invalid", source: here()),
        ClassifyRow(text: "msauth://com.example_1.app/\(hash)", form: .androidBroker, androidPackage: "com.example_1.app", source: here()),
        ClassifyRow(text: "msauth://1com.example.app/\(hash)", form: .other, source: here()),
        ClassifyRow(text: "msauth://example/\(hash)", form: .other, source: here()),
        ClassifyRow(text: "msauth://com.example.app:1/\(hash)", form: .other, source: here()),
        ClassifyRow(text: "msauth://com.example.app/1wIqXSqBj7w+h11ZifsnqwgyKrY=", form: .androidBroker, androidPackage: "com.example.app", source: here()),
        ClassifyRow(text: "msauth://com.example.app/1wIqXSqBj7w%2Bh11ZifsnqwgyKrY", form: .other, finding: "android-signature-hash-invalid", source: here()),
        ClassifyRow(text: "msauth://com.example.app/AAAAAAAAAAAAAAAAAAAAAAAAAAA%3D", form: .androidBroker, androidPackage: "com.example.app", source: here()),
        ClassifyRow(text: "msauth://com.example.app/AAAAAAAAAAAAAAAAAAAAAAAAAAB%3D", form: .other, finding: "android-signature-hash-invalid", source: here()),
        ClassifyRow(text: "msauth://com.example.app/a/b", form: .other, finding: "android-signature-hash-invalid", source: here()),
        ClassifyRow(text: "msauth://com.example.app", form: .other, finding: "android-signature-hash-invalid", source: here()),
        // form-msal
        ClassifyRow(text: "msauth.com.contoso.MailApp://auth", form: .msalBroker, bundleID: "com.contoso.MailApp", source: here()),
        ClassifyRow(text: "msauth.://auth", form: .other, finding: "msal-scheme-without-bundle-id", source: here()),
        ClassifyRow(text: "msauth.com.app://callback", form: .other, finding: "msal-authority-not-auth", source: here()),
        ClassifyRow(text: "MSAUTH.com.contoso.app://auth", form: .msalBroker, bundleID: "com.contoso.app", source: here()),
        ClassifyRow(text: "msauth.com.contoso.app://auth/cb", form: .msalBroker, bundleID: "com.contoso.app", finding: "msal-path", source: here()),
        ClassifyRow(text: "msauth.com.contoso.app://AUTH", form: .other, finding: "msal-authority-not-auth", source: here()),
        ClassifyRow(text: "msauth.com.contoso.app://auth:443", form: .other, finding: "msal-authority-not-auth", source: here()),
        ClassifyRow(text: "msauth.com..app://auth", form: .other, finding: "msal-scheme-without-bundle-id", source: here()),
        ClassifyRow(text: "msauth.com.contoso.app:/auth", form: .privateUse, source: here()),
        // form-msal-client-id
        ClassifyRow(text: "msal\(uuid)://auth", form: .msalClientID, clientID: uuid, source: here()),
        ClassifyRow(text: "MSAL\(uuid.uppercased())://auth", form: .msalClientID, clientID: uuid.uppercased(), source: here()),
        ClassifyRow(text: "msal\(uuid)://auth/x", form: .msalClientID, clientID: uuid, finding: "msal-path", source: here()),
        ClassifyRow(text: "msal3c62ac97://auth", form: .other, finding: "custom-scheme-single-label-host", source: here()),
        ClassifyRow(text: "msal\(uuid)://auth.x", form: .adalBroker, bundleID: "auth.x", source: here()),
        // form-adal
        ClassifyRow(text: "x-msauth-mytestiosapp://com.myapp.mytestapp", form: .adalBroker, bundleID: "com.myapp.mytestapp", source: here()),
        ClassifyRow(text: "myapp://callback", form: .other, finding: "custom-scheme-single-label-host", source: here()),
        ClassifyRow(text: "mailto://com.example.app", form: .other, source: here()),
        ClassifyRow(text: "x-app://user@com.example.app", form: .other, source: here()),
        ClassifyRow(text: "x-app://com.example.app:1", form: .other, source: here()),
        // The ADAL shape is exactly <scheme>://<host> (deliberately changed: a path or a query
        // was allowed, and the host was read as the bundle ID).
        ClassifyRow(text: "x-app://com.Example.app/cb?x=1", form: .other, source: here()),
        ClassifyRow(text: "com.example.app://login.example.com/ios/com.example.app/callback", form: .other, source: here()),
        ClassifyRow(text: "myapp://com.example.app/cb", form: .other, source: here()),
        ClassifyRow(text: "myapp://com.example.app/", form: .other, source: here()),
        ClassifyRow(text: "myapp://com.example.app?x=1", form: .other, source: here()),
        ClassifyRow(text: "myapp://com.example.app#f", form: .other, source: here()),
        ClassifyRow(text: "myapp://callback/", form: .other, source: here()),
        ClassifyRow(text: "msauth://code/x-app%3A%2F%2Fcom.example.app%2Fcb", form: .other, finding: "wrapper-inner-not-broker", source: here()),
        ClassifyRow(text: "x-app://1.2.3.4", form: .other, source: here()),
        ClassifyRow(text: "x-app://1.2.3", form: .adalBroker, bundleID: "1.2.3", source: here()),
        ClassifyRow(text: "x-app://com_example.app", form: .other, source: here()),
        ClassifyRow(text: "MSAUTHV2://com.example.app", form: .other, source: here()),
        // form-private-use
        ClassifyRow(text: "com.example.app:/oauth2redirect/provider", form: .privateUse, source: here()),
        ClassifyRow(text: "com.example.app:", form: .privateUse, source: here()),
        ClassifyRow(text: "com.example.app:oauth", form: .other, source: here()),
        ClassifyRow(text: "myapp:/cb", form: .other, source: here()),
        // form-loopback, form-https
        ClassifyRow(text: "http://127.0.0.1:51004/callback", form: .loopback, source: here()),
        ClassifyRow(text: "http://[::1]/callback", form: .loopback, source: here()),
        ClassifyRow(text: "HTTP://127.0.0.1:0/cb", form: .loopback, source: here()),
        ClassifyRow(text: "http://localhost:51004/callback", form: .other, source: here()),
        ClassifyRow(text: "http://[0:0:0:0:0:0:0:1]/cb", form: .other, source: here()),
        ClassifyRow(text: "http://u@127.0.0.1/cb", form: .other, source: here()),
        ClassifyRow(text: "https://login.example.com/cb", form: .https, source: here()),
        ClassifyRow(text: "https:///cb", form: .other, source: here()),
        ClassifyRow(text: "https://u@login.example.com/cb", form: .other, source: here()),
        // not absolute URIs
        ClassifyRow(text: "/cb", form: nil, source: here()),
        ClassifyRow(text: "x-app://com.example.app/a b", form: nil, source: here()),
        ClassifyRow(text: "x-app://com.exämple.app", form: nil, source: here()),
    ]

    // MARK: Verifying a presented redirect URI

    static let verify: [VerifyRow] = [
        // syntax
        VerifyRow(presented: "msauth.com.contoso.app://auth ", registered: ["msauth.com.contoso.app://auth"], expect: .rejected("syntax"), source: here()),
        VerifyRow(presented: "msauth.com.contoso.äpp://auth", registered: ["msauth.com.contoso.äpp://auth"], expect: .rejected("syntax"), source: here()),
        VerifyRow(presented: "https://login.example.com/c%G0", registered: ["https://login.example.com/c%G0"], expect: .rejected("syntax"), source: here()),
        VerifyRow(presented: "/cb", registered: ["/cb"], expect: .rejected("syntax"), source: here()),
        // fragment
        VerifyRow(presented: "https://login.example.com/cb#", registered: ["https://login.example.com/cb#"], expect: .rejected("fragment"), source: here()),
        VerifyRow(presented: "https://login.example.com/cb#x", registered: ["https://login.example.com/cb"], expect: .rejected("fragment"), source: here()),
        // wrapper
        VerifyRow(presented: "msauth://code/https%3A%2F%2Flogin.example.com%2Fcb", registered: ["https://login.example.com/cb"], expect: .rejected("wrapper"), source: here()),
        VerifyRow(presented: "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", registered: ["x-msauth-mytestiosapp://com.myapp.mytestapp"], caller: "com.myapp.mytestapp", expect: .accepted, source: here()),
        VerifyRow(presented: "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp?x=1", registered: ["x-msauth-mytestiosapp://com.myapp.mytestapp"], expect: .rejected("wrapper"), source: here()),
        VerifyRow(presented: "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp%23f", registered: ["x-msauth-mytestiosapp://com.myapp.mytestapp#f"], expect: .rejected("wrapper"), source: here()),
        VerifyRow(presented: "msauth://code/msauth%3A%2F%2Fcode%2Fx%253A%252F%252Fcom.a.b", registered: ["msauth://code/msauth%3A%2F%2Fcode%2Fx%253A%252F%252Fcom.a.b"], expect: .rejected("wrapper"), source: here()),
        VerifyRow(presented: "msauth://code/a/b", registered: ["msauth://code/a/b"], expect: .rejected("wrapper"), source: here()),
        VerifyRow(presented: "msauth://code/com.example.app%3A%2Fcb", registered: ["com.example.app:/cb"], expect: .rejected("wrapper"), source: here()),
        VerifyRow(presented: "msauth://code/msal\(uuid)%3A%2F%2Fauth", registered: ["msal\(uuid)://auth"], expect: .rejected("wrapper"), source: here()),
        // exact-match: the article's examples
        VerifyRow(presented: "MSAUTH.com.contoso.app://auth", registered: ["msauth.com.contoso.app://auth"], expect: .accepted, source: here()),
        VerifyRow(presented: "X-MSAUTH-APP://com.app.id", registered: ["x-msauth-app://com.app.id"], expect: .accepted, source: here()),
        VerifyRow(presented: "msauth.com.Contoso.app://auth", registered: ["msauth.com.contoso.app://auth"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "x-msauth-app://COM.app.id", registered: ["x-msauth-app://com.app.id"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "https://login.example.com/cb/", registered: ["https://login.example.com/cb"], expect: .rejected("exact-match"), source: here()),
        // exact-match: no normalization of any kind
        VerifyRow(presented: "https://LOGIN.example.com/cb", registered: ["https://login.example.com/cb"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "https://login.example.com:443/cb", registered: ["https://login.example.com/cb"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "https://login.example.com/./cb", registered: ["https://login.example.com/cb"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "https://login.example.com/%63b", registered: ["https://login.example.com/cb"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "https://login.example.com/cb?x=1", registered: ["https://login.example.com/cb"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "https://login.example.com/c", registered: ["https://login.example.com/cb"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "HTTPS://login.example.com/cb", registered: ["https://login.example.com/cb"], expect: .accepted, source: here()),
        VerifyRow(presented: "https://login.example.com/cb", registered: [], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "https://login.example.com/cb", registered: ["https://login.example.com/cb "], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "https://login.example.com/cb", registered: ["/cb", "https://login.example.com/cb"], expect: .accepted, source: here()),
        VerifyRow(presented: "msauth.com.contoso.app://auth", registered: ["MSAUTH.com.contoso.app://auth"], expect: .accepted, source: here()),
        // exact-match for wrappers: the decoded URI is compared
        VerifyRow(presented: "msauth://code/x-msauth-app%3a%2f%2fcom.app.id", registered: ["msauth://code/x-msauth-app%3A%2F%2Fcom.app.id"], expect: .accepted, source: here()),
        VerifyRow(presented: "msauth://code/x-msauth-app%3A%2F%2Fcom.app.id", registered: ["x-msauth-app://com.app.id"], expect: .accepted, source: here()),
        VerifyRow(presented: "MSAUTH://code/X-MSAUTH-APP%3A%2F%2Fcom.app.id", registered: ["x-msauth-app://com.app.id"], expect: .accepted, source: here()),
        VerifyRow(presented: "msauth://code/x-msauth-app%3A%2F%2FCOM.app.id", registered: ["x-msauth-app://com.app.id"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "x-msauth-app://com.app.id", registered: ["msauth://code/x-msauth-app%3A%2F%2Fcom.app.id"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "msauth://code/msauth.com.Contoso.app%3A%2F%2Fauth", registered: ["msauth://code/msauth.com.contoso.app%3A%2F%2Fauth"], expect: .rejected("exact-match"), source: here()),
        // loopback-port: the article's examples
        VerifyRow(presented: "http://127.0.0.1:51004/callback", registered: ["http://127.0.0.1/callback"], expect: .accepted, source: here()),
        VerifyRow(presented: "http://127.0.0.1:0/callback", registered: ["http://127.0.0.1/callback"], expect: .rejected("loopback-port"), source: here()),
        VerifyRow(presented: "http://127.0.0.1:051004/callback", registered: ["http://127.0.0.1/callback"], expect: .rejected("loopback-port"), source: here()),
        VerifyRow(presented: "http://127.0.0.1:/callback", registered: ["http://127.0.0.1/callback"], expect: .rejected("loopback-port"), source: here()),
        VerifyRow(presented: "http://localhost:51004/callback", registered: ["http://127.0.0.1/callback"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "http://[::1]:51004/callback", registered: ["http://127.0.0.1/callback"], expect: .rejected("exact-match"), source: here()),
        // loopback-port: more
        VerifyRow(presented: "http://[::1]:51004/callback", registered: ["http://[::1]:8080/callback"], expect: .accepted, source: here()),
        VerifyRow(presented: "http://127.0.0.1/callback", registered: ["http://127.0.0.1:8080/callback"], expect: .accepted, source: here()),
        VerifyRow(presented: "http://127.0.0.1:65535/callback", registered: ["http://127.0.0.1/callback"], expect: .accepted, source: here()),
        VerifyRow(presented: "http://127.0.0.1:65536/callback", registered: ["http://127.0.0.1/callback"], expect: .rejected("loopback-port"), source: here()),
        VerifyRow(presented: "http://127.0.0.1:51004/callback", registered: ["http://127.0.0.1:0/callback"], expect: .rejected("loopback-port"), source: here()),
        VerifyRow(presented: "HTTP://127.0.0.1:51004/callback", registered: ["http://127.0.0.1/callback"], expect: .accepted, source: here()),
        VerifyRow(presented: "http://127.0.0.1:51004/callback/", registered: ["http://127.0.0.1/callback"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "http://127.0.0.1:0/callback/", registered: ["http://127.0.0.1/callback"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "http://u@127.0.0.1:51004/callback", registered: ["http://u@127.0.0.1/callback"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "https://127.0.0.1:51004/callback", registered: ["https://127.0.0.1/callback"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "http://127.0.0.1:51004/callback", registered: ["http://127.0.0.1/callback"], caller: "com.app.id", expect: .rejected("bundle-id"), source: here()),
        // bundle-id: the article's examples
        VerifyRow(presented: "x-msauth-app://com.app.id", registered: ["x-msauth-app://com.app.id"], caller: "com.evil.app", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "https://login.example.com/cb", registered: ["https://login.example.com/cb"], caller: "com.example.app", expect: .rejected("bundle-id"), source: here()),
        // bundle-id: more
        VerifyRow(presented: "x-msauth-app://com.app.id", registered: ["x-msauth-app://com.app.id"], caller: "com.app.id", expect: .accepted, source: here()),
        VerifyRow(presented: "x-msauth-app://com.app.id", registered: ["x-msauth-app://com.app.id"], caller: "com.App.id", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "x-msauth-app://com.app.id", registered: ["x-msauth-app://com.app.id"], caller: "com.App.id", caseInsensitive: true, expect: .acceptedWarning("bundle-id-case-relaxed"), source: here()),
        VerifyRow(presented: "x-msauth-app://com.app.id", registered: ["x-msauth-app://com.app.id"], caller: "com.app.id", caseInsensitive: true, expect: .accepted, source: here()),
        VerifyRow(presented: "msauth.com.Contoso.app://auth", registered: ["msauth.com.Contoso.app://auth"], caller: "com.contoso.app", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "msauth.com.contoso.app://auth", registered: ["msauth.com.contoso.app://auth"], caller: "com.contoso.app", expect: .accepted, source: here()),
        VerifyRow(presented: "msauth.com.contoso.app://auth", registered: ["msauth.com.contoso.app://auth"], caller: "com.contoso.app.x", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "msauth.com.contoso.app://auth", registered: ["msauth.com.contoso.app://auth"], caller: "com..contoso.app", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "x-msauth-app://com.app.id", registered: ["x-msauth-app://com.app.id"], caller: "", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "msauth://code/msauth.com.contoso.app%3A%2F%2Fauth", registered: ["msauth.com.contoso.app://auth"], caller: "com.contoso.app", expect: .accepted, source: here()),
        VerifyRow(presented: "msauth://code/msauth.com.contoso.app%3A%2F%2Fauth", registered: ["msauth.com.contoso.app://auth"], caller: "com.evil.app", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "com.example.app:/cb", registered: ["com.example.app:/cb"], caller: "com.example.app", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "msauth://com.example.app/\(hash)", registered: ["msauth://com.example.app/\(hash)"], caller: "com.example.app", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "msauth://com.example.app/\(hash)", registered: ["msauth://com.example.app/\(hash)"], expect: .accepted, source: here()),
        // A one-label host is the bundle ID exactly when it is the caller's, in the ADAL shape
        // (deliberately changed: it was rejected).
        VerifyRow(presented: "myapp://callback", registered: ["myapp://callback"], caller: "callback", expect: .accepted, source: here()),
        VerifyRow(presented: "myapp://callback", registered: ["myapp://callback"], caller: "Callback", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "myapp://callback", registered: ["myapp://callback"], caller: "callback", caseInsensitive: true, expect: .accepted, source: here()),
        VerifyRow(presented: "myapp://callback", registered: ["myapp://callback"], caller: "Callback", caseInsensitive: true, expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "myapp://callback/", registered: ["myapp://callback/"], caller: "callback", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "myapp://callback:80", registered: ["myapp://callback:80"], caller: "callback", expect: .rejected("bundle-id"), source: here()),
        // Inside a certificate-auth wrapper the same reading holds (deliberately changed: the wrapper
        // was rejected while the same URI unwrapped was accepted). Without the caller, or for
        // another one, the decoded URI is no broker URI and the wrapper fails.
        VerifyRow(presented: "msauth://code/myapp%3A%2F%2Fcallback", registered: ["myapp://callback"], caller: "callback", expect: .accepted, source: here()),
        VerifyRow(presented: "msauth://code/myapp%3A%2F%2Fcallback", registered: ["msauth://code/myapp%3a%2f%2fcallback"], caller: "callback", expect: .accepted, source: here()),
        VerifyRow(presented: "msauth://code/myapp%3A%2F%2Fcallback", registered: ["myapp://callback"], expect: .rejected("wrapper"), source: here()),
        VerifyRow(presented: "msauth://code/myapp%3A%2F%2Fcallback", registered: ["myapp://callback"], caller: "Callback", expect: .rejected("wrapper"), source: here()),
        VerifyRow(presented: "msauth://code/myapp%3A%2F%2Fcallback", registered: ["myapp://callback"], caller: "other", expect: .rejected("wrapper"), source: here()),
        VerifyRow(presented: "msauth://code/myapp%3A%2F%2Fcallback?x=1", registered: ["myapp://callback"], caller: "callback", expect: .rejected("wrapper"), source: here()),
        VerifyRow(presented: "msauth://code/myapp%3A%2F%2Fcallback%2F", registered: ["myapp://callback/"], caller: "callback", expect: .rejected("wrapper"), source: here()),
        VerifyRow(presented: "msauth://code/myapp%3A%2F%2Fcallback", registered: ["myapp://other"], caller: "callback", expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "msauth://code/myapp%3A%2F%2Fcallback", registered: ["msauth://code/myapp%3A%2F%2Fcallback"], caller: "callback", expect: .accepted, source: here()),
        VerifyRow(presented: "msal\(uuid)://auth", registered: ["msal\(uuid)://auth"], caller: "auth", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "myapp://callback", registered: ["myapp://callback"], expect: .accepted, source: here()),
        // The ADAL shape is exactly <scheme>://<host>: with a path the host is no bundle ID.
        VerifyRow(presented: "com.example.app://login.example.com/ios/com.example.app/callback", registered: ["com.example.app://login.example.com/ios/com.example.app/callback"], caller: "com.example.app", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "myapp://com.example.app/cb", registered: ["myapp://com.example.app/cb"], caller: "com.example.app", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "myapp://com.example.app/cb", registered: ["myapp://com.example.app/cb"], expect: .accepted, source: here()),
        // The client-ID form carries no bundle ID: a caller bundle ID fails it (deliberately
        // changed: it was accepted with the warning no-bundle-binding).
        VerifyRow(presented: "msal\(uuid)://auth", registered: ["msal\(uuid)://auth"], caller: "com.example.app", expect: .rejected("bundle-id"), source: here()),
        VerifyRow(presented: "msal\(uuid)://auth", registered: ["msal\(uuid)://auth"], expect: .accepted, source: here()),
        VerifyRow(presented: "MSAL\(uuid)://auth", registered: ["msal\(uuid)://auth"], expect: .accepted, source: here()),
        VerifyRow(presented: "msal\(uuid.uppercased())://auth", registered: ["msal\(uuid)://auth"], expect: .accepted, source: here()),
        VerifyRow(presented: "msal\(uuid)://AUTH", registered: ["msal\(uuid)://auth"], expect: .rejected("exact-match"), source: here()),
        VerifyRow(presented: "msal\(uuid)://auth", registered: ["msal\(uuid)://auth"], caller: "com..x", expect: .rejected("bundle-id"), source: here()),
        // Where the article is silent, what the model assumes (and the engine does): an exact match needs no loopback exception, so its ports are not checked.
        VerifyRow(presented: "http://127.0.0.1:0/cb", registered: ["http://127.0.0.1:0/cb"], expect: .accepted, source: here()),
    ]

    // MARK: Verifying a broker request

    static let registeredForRequests = [
        "msauth.com.contoso.app://auth", "msal\(uuid)://auth", "https://login.example.com/cb",
    ]

    /// `request` with every field its protocol requires that it lacks, appended before any
    /// fragment (valid values; `without` left out): a row about the redirect rules states only
    /// the parameters it is about.
    static func full(_ request: String, without: String? = nil) -> String {
        let head = request.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let base = String(head[0])
        let query = base.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        let names = Set(query.split(separator: "&").map { String($0.prefix { $0 != "=" }) })
        let lower = base.lowercased()
        let adal = lower.hasPrefix("msauth://") || (names.contains("max_protocol_ver") && !names.contains("msg_protocol_ver"))
        var fields = [
            ("authority", "https%3A%2F%2Flogin.microsoftonline.com%2Fcommon"), ("client_id", uuid),
            ("correlation_id", "b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11"), ("broker_key", "q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D"),
            ("client_version", "1.2.3"),
        ]
        fields += adal ? [("max_protocol_ver", "2"), ("resource", "https%3A%2F%2Fgraph.microsoft.com")] : [("msg_protocol_ver", "3"), ("scope", "openid")]
        if lower.hasPrefix("msauthv3://") { fields.append(("broker_nonce", "n0nce")) }
        var written = base
        for (name, value) in fields where !names.contains(name) && name != without {
            written += (written.contains("?") ? "&" : "?") + name + "=" + value
        }
        return head.count > 1 ? written + "#" + head[1] : written
    }

    static let request: [RequestRow] = [
        RequestRow(request: full("msauthv2://broker?client_id=\(uuid)&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), registered: registeredForRequests, caller: "com.contoso.app", expect: .accepted, source: here()),
        RequestRow(request: full("msauth://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), registered: registeredForRequests, caller: "com.contoso.app", expect: .accepted, source: here()),
        RequestRow(request: full("MSAUTHV3://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), registered: registeredForRequests, expect: .accepted, source: here()),
        RequestRow(request: full("https://login.microsoftonline.com/applebroker/msauthv2?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), registered: registeredForRequests, expect: .accepted, source: here()),
        // syntax: not a broker request at all
        RequestRow(request: "msauthv2://broker?redirect_uri=a b", registered: registeredForRequests, expect: .rejected("syntax"), source: here()),
        RequestRow(request: "https://login.example.com/cb?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", registered: registeredForRequests, expect: .rejected("syntax"), source: here()),
        RequestRow(request: "msauthv2://Broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", registered: registeredForRequests, expect: .rejected("syntax"), source: here()),
        // ambiguous-parameters
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect_uri=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect%5Furi=msauth.com.contoso.app%3A%2F%2Fauth", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?x=1&x=2&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&x=%FF", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        // Look-alikes of a field's name: a server that folds case or trims reads them as the field.
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&REDIRECT_URI=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect_uri+=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&%09Client_Id=x", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        // A capital in a name that looks like no field's is only a name.
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&X_Custom=1"), registered: registeredForRequests, expect: .accepted, source: here()),
        RequestRow(request: "msauthv2://broker?%C0%AF=1&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        // Names a server folds into redirect_uri: cut at NUL, trimmed of NBSP or a zero-width space, full-width, dotless i, a Roman numeral i, PHP's "." and "[]" (each next to the real one).
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect_uri%00=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect_uri%00x=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&%C2%A0redirect_uri=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&%E2%80%8Bredirect_uri=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&%EF%BD%92edirect_uri=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&red%C4%B1rect_uri=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect_ur%E2%85%B0=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect.uri=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect+uri%5B%5D=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect_uri%5B0%5D=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("ambiguous-parameters"), source: here()),
        // A folded name alone: the broker sees no redirect_uri where a server sees one.
        RequestRow(request: "msauthv2://broker?redirect.uri=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        // Every field gets the same fold: scope with a long s, broker_key with the Kelvin sign, CLIENT_ID.
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&%C5%BFcope=openid&broker_%E2%84%AAey=x", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&CLIENT_ID=x", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        // Two names of one field.
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&extra_qp=a%3D1&extra_query_param=a%3D2", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&extra_query_param=a%3D2&extra%5Fqp=a%3D1", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        // Near misses: one name of the field; names no server folds into a field.
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&extra_qp=a%3D1"), registered: registeredForRequests, expect: .accepted, source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&extra_query_param=a%3D1"), registered: registeredForRequests, expect: .accepted, source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect-uri=x&redirect_uri_x=1&redirect%C3%BCri=1&%C2%A0x=1&x%5B%5D=1"), registered: registeredForRequests, expect: .accepted, source: here()),
        RequestRow(request: "msauthv2://broker?a+b=1&a%20b=2&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=%FF", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        // missing-redirect-uri
        RequestRow(request: "msauthv2://broker?client_id=\(uuid)", registered: registeredForRequests, expect: .rejected("missing-redirect-uri"), source: here()),
        RequestRow(request: "msauthv2://broker", registered: registeredForRequests, expect: .rejected("missing-redirect-uri"), source: here()),
        // PHP reads `redirect uri` as redirect_uri: ambiguous, not missing.
        RequestRow(request: "msauthv2://broker?redirect+uri=msauth.com.contoso.app%3A%2F%2Fauth", registered: registeredForRequests, expect: .rejected("ambiguous-parameters"), source: here()),
        // the redirect rules, through the request
        RequestRow(request: full("msauthv2://broker?redirect%5Furi=msauth.com.contoso.app%3A%2F%2Fauth"), registered: registeredForRequests, caller: "com.contoso.app", expect: .accepted, source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), registered: registeredForRequests, caller: "com.evil.app", expect: .rejected("bundle-id"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth%2F"), registered: registeredForRequests, expect: .rejected("exact-match"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth%23"), registered: registeredForRequests, expect: .rejected("fragment"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth+"), registered: registeredForRequests, expect: .rejected("syntax"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth%3A%2F%2Fcode%2Fhttps%253A%252F%252Flogin.example.com%252Fcb"), registered: registeredForRequests, expect: .rejected("wrapper"), source: here()),
        // client-id
        // A client-ID redirect URI carries no bundle ID: rejected for a caller, inside a request too.
        RequestRow(request: full("msauthv2://broker?client_id=\(uuid)&redirect_uri=msal\(uuid)%3A%2F%2Fauth"), registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("bundle-id"), source: here()),
        RequestRow(request: full("msauthv2://broker?client_id=\(uuid)&redirect_uri=msal\(uuid)%3A%2F%2Fauth"), registered: registeredForRequests, expect: .accepted, source: here()),
        // A look-alike of redirect_uri next to it: by case, or decoding to a trailing space.
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&redirect_uri%20=https%3A%2F%2Flogin.example.com%2Fcb", registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("ambiguous-parameters"), source: here()),
        RequestRow(request: full("msauthv2://broker?client_id=\(uuid.uppercased())&redirect_uri=msal\(uuid)%3A%2F%2Fauth"), registered: registeredForRequests, expect: .accepted, source: here()),
        RequestRow(request: full("msauthv2://broker?client_id=00000000-0000-0000-0000-000000000000&redirect_uri=msal\(uuid)%3A%2F%2Fauth"), registered: registeredForRequests, expect: .rejected("client-id"), source: here()),
        RequestRow(request: "msauthv2://broker?redirect_uri=msal\(uuid)%3A%2F%2Fauth", registered: registeredForRequests, expect: .rejected("missing-field"), source: here()),
        RequestRow(request: full("msauthv2://broker?client_id=00000000-0000-0000-0000-000000000000&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), registered: registeredForRequests, expect: .accepted, source: here()),
        // Where the article is silent, what the model assumes (and the engine does): a request URL
        // with a fragment, a userinfo or a port is not a broker request; a bare `redirect_uri` is
        // one, with no value; empty pieces are no parameters.
        RequestRow(request: "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth#x", registered: registeredForRequests, expect: .rejected("syntax"), source: here()),
        RequestRow(request: "msauthv2://broker:1?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", registered: registeredForRequests, expect: .rejected("syntax"), source: here()),
        RequestRow(request: "msauthv2://u@broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", registered: registeredForRequests, expect: .rejected("syntax"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri"), registered: registeredForRequests, expect: .rejected("syntax"), source: here()),
        RequestRow(request: full("msauthv2://broker?&&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&&"), registered: registeredForRequests, expect: .accepted, source: here()),
        // missing-field: every field the protocol requires, broker_key first; broker_nonce on msauthv3.
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", without: "broker_key"), registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("missing-field"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", without: "scope"), registered: registeredForRequests, expect: .rejected("missing-field"), source: here()),
        RequestRow(request: full("msauth://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", without: "resource"), registered: registeredForRequests, expect: .rejected("missing-field"), source: here()),
        RequestRow(request: full("msauthv3://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", without: "broker_nonce"), registered: registeredForRequests, expect: .rejected("missing-field"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", without: "broker_nonce"), registered: registeredForRequests, expect: .accepted, source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&broker_key"), registered: registeredForRequests, expect: .rejected("invalid-field"), source: here()),
        // invalid-field: a value without its syntax.
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&broker_key=abcde"), registered: registeredForRequests, expect: .rejected("invalid-field"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&client_id=3c62ac97"), registered: registeredForRequests, expect: .rejected("invalid-field"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&authority=http%3A%2F%2Flogin.microsoftonline.com%2Fcommon"), registered: registeredForRequests, expect: .rejected("invalid-field"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&msg_protocol_ver=03"), registered: registeredForRequests, expect: .rejected("invalid-field"), source: here()),
        RequestRow(request: full("msauth://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&msg_protocol_ver=3"), registered: registeredForRequests, expect: .rejected("invalid-field"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&force=maybe"), registered: registeredForRequests, expect: .rejected("invalid-field"), source: here()),
        // missing-field comes before invalid-field, and both before the redirect rules.
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth%2F&force=maybe", without: "broker_key"), registered: registeredForRequests, expect: .rejected("missing-field"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth%2F&force=maybe"), registered: registeredForRequests, expect: .rejected("invalid-field"), source: here()),
        // bundle-id for a request: a redirect URI that carries no bundle ID (and is not the
        // client-ID form) binds the answer to nothing, whether or not the OS reported the caller.
        RequestRow(request: full("msauthv2://broker?redirect_uri=https%3A%2F%2Flogin.example.com%2Fcb"), registered: registeredForRequests, expect: .rejected("bundle-id"), source: here()),
        RequestRow(request: full("msauthv2://broker?redirect_uri=https%3A%2F%2Flogin.example.com%2Fcb"), registered: registeredForRequests, caller: "com.contoso.app", expect: .rejected("bundle-id"), source: here()),
    ]

    // MARK: Registrations per client ID

    /// The registrations of two clients: the request looks up its own client's.
    static let clients: [(clientID: String, registered: [String])] = [
        (uuid, ["msauth.com.contoso.app://auth"]),
        ("00000000-0000-0000-0000-000000000001", ["msauth.com.fabrikam.app://auth"]),
        ("00000000-0000-0000-0000-000000000002", []),
    ]

    static let registrations: [RegistrationsRow] = [
        RegistrationsRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), expect: .accepted, source: here()),
        RegistrationsRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), caller: "com.contoso.app", expect: .accepted, source: here()),
        RegistrationsRow(request: full("msauthv2://broker?client_id=\(uuid.uppercased())&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), expect: .accepted, source: here()),
        // A redirect URI registered for another client matches nothing here.
        RegistrationsRow(request: full("msauthv2://broker?redirect_uri=msauth.com.fabrikam.app%3A%2F%2Fauth"), expect: .rejected("exact-match"), source: here()),
        RegistrationsRow(request: full("msauthv2://broker?client_id=00000000-0000-0000-0000-000000000001&redirect_uri=msauth.com.fabrikam.app%3A%2F%2Fauth"), caller: "com.fabrikam.app", expect: .accepted, source: here()),
        RegistrationsRow(request: full("msauthv2://broker?client_id=00000000-0000-0000-0000-000000000001&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), expect: .rejected("exact-match"), source: here()),
        // unregistered-client-id: no registration, or none for public clients.
        RegistrationsRow(request: full("msauthv2://broker?client_id=00000000-0000-0000-0000-000000000009&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), expect: .rejected("unregistered-client-id"), source: here()),
        RegistrationsRow(request: full("msauthv2://broker?client_id=00000000-0000-0000-0000-000000000002&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), expect: .rejected("unregistered-client-id"), source: here()),
        // The request-wide rules come first: an unknown client's request without broker_key is missing a field.
        RegistrationsRow(request: full("msauthv2://broker?client_id=00000000-0000-0000-0000-000000000009&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", without: "broker_key"), expect: .rejected("missing-field"), source: here()),
        RegistrationsRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), caller: "com.evil.app", expect: .rejected("bundle-id"), source: here()),
    ]

    // MARK: The round trip

    static let sentRequest = full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&broker_nonce=n0nce")
    static let adalRequest = full("msauth://broker?redirect_uri=x-msauth-app%3A%2F%2Fcom.contoso.app&broker_nonce=n0nce")
    static let responseHash = String(repeating: "9F86D081", count: 8)

    static let roundTrip: [RoundTripRow] = [
        RoundTripRow(request: sentRequest, response: "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(responseHash)&broker_nonce=n0nce", expect: .accepted, source: here()),
        RoundTripRow(request: sentRequest, response: "msauth.com.contoso.app://auth/broker?msg_protocol_ver=3&response=eyJh&hash=\(responseHash)&broker_nonce=n0nce", expect: .accepted, source: here()),
        RoundTripRow(request: sentRequest, response: "MSAUTH.COM.CONTOSO.APP://auth?error_code=-50005&broker_nonce=n0nce", expect: .accepted, source: here()),
        // response-redirect
        RoundTripRow(request: sentRequest, response: "msauth.com.evil.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(responseHash)&broker_nonce=n0nce", expect: .rejected("response-redirect"), source: here()),
        RoundTripRow(request: sentRequest, response: "msauth.com.contoso.app://auth/?msg_protocol_ver=3&response=eyJh&hash=\(responseHash)&broker_nonce=n0nce", expect: .rejected("response-redirect"), source: here()),
        // broker-nonce: missing, different, or not sent.
        RoundTripRow(request: sentRequest, response: "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(responseHash)", expect: .rejected("broker-nonce"), source: here()),
        RoundTripRow(request: sentRequest, response: "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(responseHash)&broker_nonce=N0NCE", expect: .rejected("broker-nonce"), source: here()),
        RoundTripRow(request: sentRequest, response: "msauth.com.contoso.app://auth?error_code=-50005", expect: .rejected("broker-nonce"), source: here()),
        RoundTripRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), response: "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(responseHash)&broker_nonce=n0nce", expect: .rejected("broker-nonce"), source: here()),
        RoundTripRow(request: full("msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"), response: "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(responseHash)", expect: .accepted, source: here()),
        // The nonce compares decoded: %6E is n.
        RoundTripRow(request: sentRequest, response: "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(responseHash)&broker_nonce=%6E0nce", expect: .accepted, source: here()),
        // protocol-version: MSAL reads its own version; ADAL up to max_protocol_ver.
        RoundTripRow(request: sentRequest, response: "msauth.com.contoso.app://auth?msg_protocol_ver=2&response=eyJh&hash=\(responseHash)&broker_nonce=n0nce", expect: .rejected("protocol-version"), source: here()),
        RoundTripRow(request: adalRequest, response: "x-msauth-app://com.contoso.app?msg_protocol_ver=2&response=eyJh&hash=\(responseHash)&broker_nonce=n0nce", expect: .accepted, source: here()),
        RoundTripRow(request: adalRequest, response: "x-msauth-app://com.contoso.app?msg_protocol_ver=1&response=eyJh&hash=\(responseHash)&broker_nonce=n0nce", expect: .accepted, source: here()),
        RoundTripRow(request: adalRequest, response: "x-msauth-app://com.contoso.app?msg_protocol_ver=3&response=eyJh&hash=\(responseHash)&broker_nonce=n0nce", expect: .rejected("protocol-version"), source: here()),
    ]

    // MARK: Routing an incoming URL

    static let route: [RouteRow] = [
        RouteRow(redirect: "msauth.com.contoso.app://auth", incoming: "msauth.com.contoso.app://auth?code=1", outcome: .response, source: here()),
        RouteRow(redirect: "msauth.com.contoso.app://auth", incoming: "msauth.com.contoso.app://auth/broker?response=x", outcome: .brokerResponse, source: here()),
        RouteRow(redirect: "msauth.com.contoso.app://auth", incoming: "msauth.com.contoso.app://auth/switch_browser?x=1", outcome: .switchBrowser, source: here()),
        RouteRow(redirect: "msauth.com.contoso.app://auth", incoming: "msauth.com.contoso.app://auth/switch_browser_resume?x=1", outcome: .switchBrowserResume, source: here()),
        RouteRow(redirect: "msauth.com.contoso.app://auth", incoming: "msauth.com.contoso.app://auth/other", outcome: .mismatch, source: here()),
        RouteRow(redirect: "msauth.com.contoso.app://auth", incoming: "msauth.com.contoso.app://auth/", outcome: .mismatch, warning: "trailing-slash-mismatch", source: here()),
        RouteRow(redirect: "https://login.example.com/cb/", incoming: "https://login.example.com/cb", outcome: .mismatch, warning: "trailing-slash-mismatch", source: here()),
        RouteRow(redirect: "msauth.com.Contoso.app://auth", incoming: "msauth.com.contoso.app://auth", outcome: .response, source: here()),
        RouteRow(redirect: "msauth.com.contoso.app://auth", incoming: "msauth.com.contoso.app://AUTH", outcome: .mismatch, source: here()),
        RouteRow(redirect: "msauth.com.contoso.app://auth", incoming: "msauth.com.contoso.app://auth#x", outcome: .response, source: here()),
        RouteRow(redirect: "https://login.example.com/cb", incoming: "https://login.example.com/cb/broker", outcome: .brokerResponse, source: here()),
        RouteRow(redirect: "https://login.example.com/cb", incoming: "https://login.example.com:443/cb", outcome: .mismatch, source: here()),
        RouteRow(redirect: "https://login.example.com/cb", incoming: "https://login.example.com/cb/broker/", outcome: .mismatch, source: here()),
        RouteRow(redirect: "https://login.example.com/cb", incoming: "not a url", outcome: .mismatch, source: here()),
        RouteRow(redirect: "com.example.app:/cb", incoming: "COM.EXAMPLE.APP:/cb/switch_browser", outcome: .switchBrowser, source: here()),
        RouteRow(redirect: "https://login.example.com/", incoming: "https://login.example.com?code=1", outcome: .mismatch, warning: "trailing-slash-mismatch", source: here()),
        RouteRow(redirect: "https://login.example.com/a/b/", incoming: "https://login.example.com?code=1", outcome: .mismatch, source: here()),
    ]

    // MARK: Reading a broker response

    static let hashValue64 = String(repeating: "9F86D081", count: 8)

    static let response: [ResponseRow] = [
        ResponseRow(url: "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(hashValue64)", duplicate: false, source: here()),
        ResponseRow(url: "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&response=eyJi&hash=\(hashValue64)", duplicate: true, source: here()),
        ResponseRow(url: "msauth.com.contoso.app://auth?error_code=1&error_description=a&error_description=b", duplicate: true, source: here()),
        ResponseRow(url: "msauth.com.contoso.app://auth?error_code=1&error%5Fdescription=a&error_description=b", duplicate: true, source: here()),
        ResponseRow(url: "msauth.com.contoso.app://auth?error_code=1&error_description=%FF", duplicate: false, undecodable: true, source: here()),
        ResponseRow(url: "msauth.com.contoso.app://auth/broker?msg_protocol_ver=3&response=eyJh&hash=\(hashValue64)&a+b=1&a%20b=2", duplicate: true, source: here()),
    ]
}
