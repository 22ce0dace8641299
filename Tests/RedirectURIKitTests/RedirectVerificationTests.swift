import Testing
@testable import RedirectURIKit

/// SPEC §6, rule by rule: accepting and rejecting rows, then spoofing attempts.
struct RedirectVerificationTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let presented: String
        let registered: [String]
        let caller: String?
        let rule: String?   // nil: accepted
        var testDescription: String { presented.debugDescription }
        init(_ presented: String, _ registered: [String], caller: String? = nil, rejectedBy rule: String? = nil) {
            self.presented = presented
            self.registered = registered
            self.caller = caller
            self.rule = rule
        }
    }

    static let adal = "x-msauth-mytestiosapp://com.myapp.mytestapp"
    static let wrapper = "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp"
    static let msal = "msauth.com.contoso.MailApp://auth"
    static let loopback4 = "http://127.0.0.1/callback"
    static let loopback6 = "http://[::1]/callback"

    /// Rule 1: valid absolute ASCII URI, no fragment.
    static let rule1: [Row] = [
        Row(adal, [adal]),
        Row("/callback", ["/callback"], rejectedBy: "syntax"),
        Row("com.myapp.mytestapp", [adal], rejectedBy: "syntax"),
        Row("x-msauth-mytestiosapp://com.myapp.mytestäpp", [adal], rejectedBy: "syntax"),
        Row("x-msauth-mytestiosapp://com.myapp.myt\u{0435}stapp", [adal], rejectedBy: "syntax"),   // Cyrillic е homograph
        Row("x-msauth-mytestiosapp://com.myapp.mytestapp\u{200B}", [adal], rejectedBy: "syntax"),  // zero-width space
        Row(" x-msauth-mytestiosapp://com.myapp.mytestapp", [adal], rejectedBy: "syntax"),
        Row(adal + " ", [adal], rejectedBy: "syntax"),
        Row(adal + "\n", [adal], rejectedBy: "syntax"),
        Row(adal + "\u{0}", [adal], rejectedBy: "syntax"),
        Row("x-msauth-mytestiosapp://com.myapp.mytestapp\\@evil.com", [adal], rejectedBy: "syntax"),
        Row("x-msauth-mytestiosapp://com.myapp.mytestapp%zz", [adal], rejectedBy: "syntax"),
        Row(adal + "#", [adal], rejectedBy: "fragment"),
        Row(adal + "#", [adal + "#"], rejectedBy: "fragment"),
        Row(adal + "#x", [adal], rejectedBy: "fragment"),
        Row("https://login.example.com/cb#", ["https://login.example.com/cb"], rejectedBy: "fragment"),
    ]

    /// Rule 2: simple string comparison, scheme case aside.
    static let rule2: [Row] = [
        Row("X-MSAUTH-MyTestIOSApp://com.myapp.mytestapp", [adal]),
        Row("x-msauth-mytestiosapp://COM.MYAPP.MYTESTAPP", [adal], rejectedBy: "exact-match"),
        Row(adal + "/", [adal], rejectedBy: "exact-match"),
        Row("x-msauth-mytestiosapp://com.myapp.mytestapp2", [adal], rejectedBy: "exact-match"),
        Row("x-msauth-mytestiosapp://com.myapp.mytestap", [adal], rejectedBy: "exact-match"),
        Row("x-msauth-mytestiosapp://com.myapp.mytestapp", ["x-msauth-mytestiosapp://com.myapp.mytestapp2"], rejectedBy: "exact-match"),
        Row("x-msauth-mytestiosapp://com.myapp.mytestapp2", [adal, "x-msauth-mytestiosapp://com.myapp.mytestapp2"]),
        Row("x-msauth-mytestiosapp://com.myapp.mytestapp?x=1", [adal], rejectedBy: "exact-match"),
        Row("x-msauth-mytestiosapp://com%2Emyapp.mytestapp", [adal], rejectedBy: "exact-match"),
        Row("x-msauth-mytestiosapp://com.myapp.mytestapp:443", [adal], rejectedBy: "exact-match"),
        Row("https://login.example.com/cb", ["https://login.example.com/cb"]),
        Row("https://login.example.com:443/cb", ["https://login.example.com/cb"], rejectedBy: "exact-match"),
        Row("https://login.example.com/a/../cb", ["https://login.example.com/cb"], rejectedBy: "exact-match"),
        Row("https://login.example.com/cb/extra", ["https://login.example.com/cb"], rejectedBy: "exact-match"),
        Row("https://login.example.com/%63b", ["https://login.example.com/cb"], rejectedBy: "exact-match"),
        Row("https://login.example.com.evil.com/cb", ["https://login.example.com/cb"], rejectedBy: "exact-match"),
        Row("https://login.example.com@evil.com/cb", ["https://login.example.com/cb"], rejectedBy: "exact-match"),
        Row("https://evil.com/cb", [], rejectedBy: "exact-match"),
        Row("http://localhost:8080/cb", ["http://localhost/cb"], rejectedBy: "exact-match"),
        Row("http://localhost/cb", ["http://localhost/cb"]),
        Row(adal, ["not a uri", adal]),
    ]

    /// Rule 3: loopback port exception.
    static let rule3: [Row] = [
        Row("http://127.0.0.1:51004/callback", [loopback4]),
        Row("http://127.0.0.1:1/callback", [loopback4]),
        Row("http://127.0.0.1:65535/callback", [loopback4]),
        Row("HTTP://127.0.0.1:8080/callback", [loopback4]),
        Row("http://127.0.0.1/callback", ["http://127.0.0.1:8080/callback"]),
        Row("http://127.0.0.1:9090/callback", ["http://127.0.0.1:8080/callback"]),
        Row("http://[::1]:51004/callback", [loopback6]),
        Row("http://127.0.0.1:0/callback", [loopback4], rejectedBy: "loopback-port"),
        Row("http://127.0.0.1:65536/callback", [loopback4], rejectedBy: "loopback-port"),
        Row("http://127.0.0.1:080/callback", [loopback4], rejectedBy: "loopback-port"),
        Row("http://127.0.0.1:/callback", [loopback4], rejectedBy: "loopback-port"),
        Row("http://127.0.0.1:99999999999999999999/callback", [loopback4], rejectedBy: "loopback-port"),
        Row("http://127.0.0.1:8080/callback2", [loopback4], rejectedBy: "exact-match"),
        Row("http://127.0.0.1:8080/callback?x", [loopback4], rejectedBy: "exact-match"),
        Row("http://[::1]:8080/callback", [loopback4], rejectedBy: "exact-match"),
        Row("http://127.0.0.1:8080/callback", [loopback6], rejectedBy: "exact-match"),
        Row("http://[0:0:0:0:0:0:0:1]:8080/callback", ["http://[0:0:0:0:0:0:0:1]/callback"], rejectedBy: "exact-match"),
        Row("https://127.0.0.1:8080/callback", ["https://127.0.0.1/callback"], rejectedBy: "exact-match"),
        Row("http://localhost:8080/callback", ["http://localhost/callback"], rejectedBy: "exact-match"),
        Row("http://user@127.0.0.1:8080/callback", ["http://user@127.0.0.1/callback"], rejectedBy: "exact-match"),
        Row("http://127.0.0.2:8080/callback", ["http://127.0.0.2/callback"], rejectedBy: "exact-match"),
        Row("http://127.1:8080/callback", ["http://127.1/callback"], rejectedBy: "exact-match"),
    ]

    /// Rule 4: the certificate-auth wrapper.
    static let rule4: [Row] = [
        Row(wrapper, [adal]),
        Row(wrapper, [wrapper]),
        Row("msauth://code/x-msauth-mytestiosapp%3a%2f%2fcom.myapp.mytestapp", [wrapper]),
        Row(wrapper, ["msauth://code/x-msauth-mytestiosapp%3a%2f%2fcom.myapp.mytestapp"]),
        Row("MSAUTH://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", [adal]),
        Row("msauth://code/X-MSAUTH-MYTESTIOSAPP%3A%2F%2Fcom.myapp.mytestapp", [adal]),
        Row("msauth://code/msauth.com.contoso.MailApp%3A%2F%2Fauth", [msal]),
        Row(adal, [wrapper], rejectedBy: "exact-match"),             // a registered wrapper never matches a plain URI
        Row(wrapper, ["x-msauth-mytestiosapp://com.myapp.mytestapp2"], rejectedBy: "exact-match"),
        Row("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp?x=1", [adal], rejectedBy: "wrapper"),
        Row("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp/", [adal], rejectedBy: "wrapper"),
        Row("msauth://code/x-msauth-mytestiosapp:/com.myapp.mytestapp", [adal], rejectedBy: "wrapper"),
        Row("msauth://code/", [adal], rejectedBy: "wrapper"),
        Row("msauth://code", [adal], rejectedBy: "wrapper"),
        Row("msauth://code:1/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", [adal], rejectedBy: "wrapper"),
        Row("msauth://u@code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", [adal], rejectedBy: "wrapper"),
        Row("msauth://code/x-msauth-mytestiosapp%253A%252F%252Fcom.myapp.mytestapp", [adal], rejectedBy: "wrapper"),
        Row("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp%23", [adal], rejectedBy: "wrapper"),
        Row("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytest%C3%A4pp", [adal], rejectedBy: "wrapper"),
        Row("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp%FF", [adal], rejectedBy: "wrapper"),
        Row("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp%20", [adal], rejectedBy: "wrapper"),
        Row("msauth://code/msauth%3A%2F%2Fcode%2Fx-msauth-mytestiosapp%253A%252F%252Fcom.myapp.mytestapp",
            ["msauth://code/msauth%3A%2F%2Fcode%2Fx-msauth-mytestiosapp%253A%252F%252Fcom.myapp.mytestapp"], rejectedBy: "wrapper"),
    ]

    /// Rule 5: the broker rule.
    static let rule5: [Row] = [
        Row(adal, [adal], caller: "com.myapp.mytestapp"),
        Row(wrapper, [adal], caller: "com.myapp.mytestapp"),
        Row(msal, [msal], caller: "com.contoso.MailApp"),
        Row(adal, [adal], caller: "com.myapp.mytestapp2", rejectedBy: "bundle-id"),
        Row(adal, [adal], caller: "com.myapp", rejectedBy: "bundle-id"),
        Row(adal, [adal], caller: "COM.MYAPP.MYTESTAPP", rejectedBy: "bundle-id"),
        Row(msal, [msal], caller: "com.contoso.mailapp", rejectedBy: "bundle-id"),
        Row("MSAUTH.COM.CONTOSO.MAILAPP://auth", [msal], caller: "com.contoso.MailApp", rejectedBy: "bundle-id"),
        Row(wrapper, [adal], caller: "com.evil.app", rejectedBy: "bundle-id"),
        Row("https://login.example.com/cb", ["https://login.example.com/cb"], caller: "com.example.app", rejectedBy: "bundle-id"),
        Row("http://127.0.0.1:8080/cb", ["http://127.0.0.1/cb"], caller: "com.example.app", rejectedBy: "bundle-id"),
        Row("com.example.app:/oauth2redirect", ["com.example.app:/oauth2redirect"], caller: "com.example.app", rejectedBy: "bundle-id"),
        Row("msauth://com.example.app/1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D", ["msauth://com.example.app/1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D"], caller: "com.example.app", rejectedBy: "bundle-id"),
        Row(adal, [adal], caller: "", rejectedBy: "bundle-id"),
        Row(adal, [adal], caller: "com.myapp.mytestapp ", rejectedBy: "bundle-id"),
    ]

    static let all = rule1 + rule2 + rule3 + rule4 + rule5

    @Test func rowCountsArePinned() {
        #expect([Self.rule1.count, Self.rule2.count, Self.rule3.count, Self.rule4.count, Self.rule5.count] == [16, 21, 22, 22, 15])
        #expect(Set(Self.all.compactMap(\.rule)) == Set(VerificationRule.all.map(\.identifier)))
    }

    @Test(arguments: all)
    func verdict(row: Row) {
        let verdict = RedirectVerifier(registered: row.registered).verify(row.presented, callerBundleID: row.caller)
        #expect(verdict.accepted == (row.rule == nil), "\(verdict.explanation)")
        #expect(verdict.failedRule?.identifier == row.rule, "\(verdict.explanation)")
        if verdict.accepted { #expect(verdict.matched != nil) } else { #expect(verdict.matched == nil) }
    }

    @Test func matchedNamesTheRegisteredURI() {
        let verdict = RedirectVerifier(registered: ["https://a.example/cb", Self.adal]).verify(Self.wrapper)
        #expect(verdict.matched == Self.adal)
    }

    @Test func caseInsensitiveBundleIDIsAnExplicitRelaxationWithADiagnostic() {
        let relaxed = RedirectVerifier(registered: [Self.adal], options: VerificationOptions(bundleIDComparison: .caseInsensitive))
        let verdict = relaxed.verify(Self.adal, callerBundleID: "COM.MYAPP.MYTESTAPP")
        #expect(verdict.accepted)
        #expect(verdict.diagnostics.map(\.code) == ["bundle-id-case-relaxed"])
        #expect(relaxed.verify(Self.adal, callerBundleID: "com.myapp.mytestapp").diagnostics.isEmpty)
    }

    @Test func invalidUTF8BytesFailRuleOne() {
        let verdict = RedirectVerifier(registered: [Self.adal]).verify(bytes: Array(Self.adal.utf8) + [0xFF])
        #expect(verdict.failedRule == .syntax)
    }

    /// Properties: a valid redirect URI verifies against itself; never when the caller differs.
    @Test func verifiesAgainstItselfAndNeverForAnotherCaller() throws {
        var generator = SeededGenerator(seed: 21)
        let pieces = ["x-msauth-app://", "msauth.", "com", ".", "app", "App", "2", "-", "://auth", "msauth://code/",
                      "%3A%2F%2F", "http://127.0.0.1", ":8080", "/cb", "https://example.com", "?x=1", "/", ":"]
        var accepted = 0
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let verifier = RedirectVerifier(registered: [text])
            let selfVerdict = verifier.verify(text)
            guard let reference = try? URIReference(parsing: text, as: .uri), reference.fragment == nil else {
                #expect(!selfVerdict.accepted)
                continue
            }
            if !RedirectVerifier.isWrapper(reference) {
                #expect(selfVerdict.accepted, "\(text)")
            }
            guard selfVerdict.accepted else { continue }
            accepted += 1
            let redirect = RedirectURI(classifying: reference)
            if let bundle = redirect.bundleID {
                #expect(verifier.verify(text, callerBundleID: bundle.description).accepted, "\(text)")
                #expect(!verifier.verify(text, callerBundleID: bundle.description + "x").accepted, "\(text)")
                #expect(!verifier.verify(text, callerBundleID: "x" + bundle.description).accepted, "\(text)")
            } else {
                #expect(!verifier.verify(text, callerBundleID: "com.app").accepted, "\(text)")
            }
        }
        #expect(accepted > 1000)
    }
}

/// SPEC §7: response routing on the client side.
struct ResponseRoutingTests {
    @Test func routing() throws {
        let redirect = try RedirectURI(parsing: "msauth.com.contoso.app://auth")
        #expect(redirect.routes("msauth.com.contoso.app://auth?response=abc").belongs)
        #expect(redirect.routes("MSAUTH.COM.CONTOSO.APP://auth?response=abc").belongs)
        #expect(redirect.routes("msauth.com.contoso.app://auth").belongs)
        #expect(!redirect.routes("msauth.com.contoso.app://AUTH?response=abc").belongs)
        #expect(!redirect.routes("msauth.com.contoso.app2://auth?response=abc").belongs)
        #expect(!redirect.routes("msauth.com.contoso.app://auth/x").belongs)
        #expect(!redirect.routes("not a url").belongs)
        let nearMiss = redirect.routes("msauth.com.contoso.app://auth/?response=abc")
        #expect(!nearMiss.belongs)
        #expect(nearMiss.diagnostics.map(\.code) == ["trailing-slash-mismatch"])
        let https = try RedirectURI(parsing: "https://login.example.com/cb/")
        #expect(https.routes("https://login.example.com/cb?code=1").diagnostics.map(\.code) == ["trailing-slash-mismatch"])
    }
}

/// SPEC §6, registration lint.
struct RegistrationLintTests {
    static let rows: [(String, [String])] = [
        ("msauth.com.contoso.app://auth", []),
        ("x-msauth-mytestiosapp://com.myapp.mytestapp", ["scheme-without-bundle-id"]),
        ("com.myapp.mytestapp://com.myapp.mytestapp", []),
        ("https://login.example.com/cb", []),
        ("http://127.0.0.1/cb", []),
        ("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", []),
        ("http://localhost:8080/cb", ["localhost-instead-of-loopback-literal"]),
        ("mailto://com.app", ["reserved-scheme"]),
        ("tel:/cb", ["reserved-scheme"]),
        ("myapp:/callback", ["private-use-scheme-without-dot"]),
        ("myapp://callback", ["scheme-without-bundle-id"]),          // "callback" is a (one-label) bundle ID
        ("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth", ["unexpanded-build-variable", "invalid-redirect-uri"]),
        ("x-app://$(PRODUCT_BUNDLE_IDENTIFIER)", ["unexpanded-build-variable", "private-use-scheme-without-dot", "scheme-without-bundle-id"]),
        ("msauth.com.app://auth ", ["whitespace", "invalid-redirect-uri"]),
        ("msauth.com.app://auth#x", ["fragment-in-redirect-uri"]),
    ]

    @Test(arguments: rows)
    func findings(uri: String, codes: [String]) {
        #expect(RegistrationLint.lint(uri).map(\.code) == codes)
    }
}
