import Testing
@testable import RedirectURIKit

/// The "Verification rules" article, rule by rule: accepting and rejecting rows, then spoofing attempts.
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
    static let clientIDRedirect = "msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth"

    /// Rules syntax and fragment: a valid absolute ASCII URI, no fragment.
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

    /// Rule exact-match: simple string comparison, the scheme's case aside (not an MSAL bundle ID's).
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
        // The MSAL form's bundle ID lives in the scheme: only `msauth.` ignores case.
        Row("MSAUTH.com.contoso.MailApp://auth", [msal]),
        Row("msauth.com.contoso.mailapp://auth", [msal], rejectedBy: "exact-match"),
        Row("msauth.COM.contoso.MailApp://auth", [msal], rejectedBy: "exact-match"),
        Row("msauth.com.contoso.MailApp://auth", ["msauth.com.contoso.mailapp://auth"], rejectedBy: "exact-match"),
        Row("msal3C62AC97-29EB-4AED-A3C8-ADD0298508DA://auth", [clientIDRedirect]),
    ]

    /// Rule loopback-port: the one exception to exact-match.
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
        // The port is relaxed only when both sides are the loopback form: not for a registration
        // with userinfo, nor for an address that merely starts with the literal.
        Row("http://127.0.0.1:8080/callback", ["http://user@127.0.0.1/callback"], rejectedBy: "exact-match"),
        Row("http://user@127.0.0.1:8080/callback", [loopback4], rejectedBy: "exact-match"),
        Row("http://127.0.0.10:8080/callback", ["http://127.0.0.10/callback"], rejectedBy: "exact-match"),
        Row("http://127.1:8080/callback", ["http://127.1/callback"], rejectedBy: "exact-match"),
    ]

    /// Rule wrapper: a certificate-auth wrapper around an ADAL or MSAL broker URI, nothing else.
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
        // A wrapper of any other form hands that registration's code to whoever claims msauth,
        // with or without a caller bundle ID.
        Row("msauth://code/https%3A%2F%2Flogin.example.com%2Fcb", ["https://login.example.com/cb"], rejectedBy: "wrapper"),
        Row("msauth://code/http%3A%2F%2F127.0.0.1%2Fcallback", [loopback4], rejectedBy: "wrapper"),
        Row("msauth://code/com.example.app%3A%2Foauth2redirect", ["com.example.app:/oauth2redirect"], rejectedBy: "wrapper"),
        Row("msauth://code/msauth%3A%2F%2Fcom.example.app%2F1wIqXSqBj7w%252Bh11ZifsnqwgyKrY%253D",
            ["msauth://com.example.app/1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D"], rejectedBy: "wrapper"),
        Row("msauth://code/msal3c62ac97-29eb-4aed-a3c8-add0298508da%3A%2F%2Fauth", [clientIDRedirect], rejectedBy: "wrapper"),
        Row("msauth://code/myapp%3A%2F%2Fcallback", ["myapp://callback"], rejectedBy: "wrapper"),
        Row("msauth://code/myapp%3A%2F%2Fcallback", ["myapp://callback"], caller: "other", rejectedBy: "wrapper"),
        Row("msauth://code/https%3A%2F%2Flogin.example.com%2Fcb", ["msauth://code/https%3A%2F%2Flogin.example.com%2Fcb"], rejectedBy: "wrapper"),
    ]

    /// Rule bundle-id: the carried bundle ID is the caller's.
    static let rule5: [Row] = [
        Row(adal, [adal], caller: "com.myapp.mytestapp"),
        Row(wrapper, [adal], caller: "com.myapp.mytestapp"),
        // The one-label ADAL shape is read as the caller's bundle ID inside a wrapper too, as alone.
        Row("msauth://code/myapp%3A%2F%2Fcallback", ["myapp://callback"], caller: "callback"),
        Row("myapp://callback", ["myapp://callback"], caller: "callback"),
        Row(msal, [msal], caller: "com.contoso.MailApp"),
        Row(adal, [adal], caller: "com.myapp.mytestapp2", rejectedBy: "bundle-id"),
        Row(adal, [adal], caller: "com.myapp", rejectedBy: "bundle-id"),
        Row(adal, [adal], caller: "COM.MYAPP.MYTESTAPP", rejectedBy: "bundle-id"),
        Row(msal, [msal], caller: "com.contoso.mailapp", rejectedBy: "bundle-id"),
        Row("MSAUTH.COM.CONTOSO.MAILAPP://auth", [msal], caller: "com.contoso.MailApp", rejectedBy: "exact-match"),
        Row("msauth.com.contoso.mailapp://auth", ["msauth.com.contoso.mailapp://auth"], caller: "com.contoso.MailApp", rejectedBy: "bundle-id"),
        // A one-word host is the bundle ID exactly when it is the caller's (deliberately changed:
        // it was rejected); only in the ADAL shape, only exactly.
        Row("myapp://callback", ["myapp://callback"], caller: "callback"),
        Row("myapp://MyApp", ["myapp://MyApp"], caller: "MyApp"),
        Row("myapp://callback", ["myapp://callback"], caller: "Callback", rejectedBy: "bundle-id"),
        Row("myapp://callback", ["myapp://callback"], caller: "callback2", rejectedBy: "bundle-id"),
        Row("myapp://callback/", ["myapp://callback/"], caller: "callback", rejectedBy: "bundle-id"),
        Row("myapp://callback?x=1", ["myapp://callback?x=1"], caller: "callback", rejectedBy: "bundle-id"),
        Row("myapp://callback:1", ["myapp://callback:1"], caller: "callback", rejectedBy: "bundle-id"),
        Row("https://callback", ["https://callback"], caller: "callback", rejectedBy: "bundle-id"),
        // The client-ID form names a client, not an app: it carries no bundle ID, so a caller
        // bundle ID fails it (deliberately changed: it was accepted with a warning).
        Row(clientIDRedirect, [clientIDRedirect], caller: "com.any.app", rejectedBy: "bundle-id"),
        // The ADAL shape is exactly <scheme>://<host>: with a path (Auth0's callback, myapp://host/cb)
        // it carries no bundle ID (deliberately changed: the host was read as one).
        Row("com.example.app://login.example.com/ios/com.example.app/callback",
            ["com.example.app://login.example.com/ios/com.example.app/callback"], caller: "com.example.app", rejectedBy: "bundle-id"),
        Row("myapp://com.example.app/cb", ["myapp://com.example.app/cb"], caller: "com.example.app", rejectedBy: "bundle-id"),
        Row("myapp://com.example.app?x=1", ["myapp://com.example.app?x=1"], caller: "com.example.app", rejectedBy: "bundle-id"),
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
        #expect([Self.rule1.count, Self.rule2.count, Self.rule3.count, Self.rule4.count, Self.rule5.count] == [16, 26, 25, 30, 30])
        // Every rule of verifying one app's registrations has a row here; unregistered-client-id
        // and the round trip's have theirs in RegistrationsTests and BrokerRoundTripTests.
        let requestRules = BrokerRequestVerificationTests.rows.compactMap(\.rule)
        let elsewhere: Set<VerificationRule> = Set(VerificationRule.roundTrip + [.unregisteredClientID])
        #expect(Set(Self.all.compactMap(\.rule) + requestRules) == Set(VerificationRule.all.filter { !elsewhere.contains($0) }.map(\.identifier)))
    }

    @Test(arguments: all)
    func verdict(row: Row) {
        let verdict = RedirectVerifier(registered: row.registered).verify(row.presented, caller: Caller(sourceApplication: row.caller))
        #expect(verdict.accepted == (row.rule == nil), "\(verdict.explanation)")
        #expect(verdict.failedRule?.identifier == row.rule, "\(verdict.explanation)")
        if verdict.accepted { #expect(verdict.matched != nil) } else { #expect(verdict.matched == nil) }
    }

    @Test func matchedNamesTheRegisteredURI() {
        let verdict = RedirectVerifier(registered: ["https://a.example/cb", Self.adal]).verify(Self.wrapper, caller: .notReported)
        #expect(verdict.matched == Self.adal)
    }

    @Test func caseInsensitiveBundleIDIsAnExplicitRelaxationWithADiagnostic() {
        let relaxed = RedirectVerifier(registered: [Self.adal], options: VerificationOptions(bundleIDComparison: .caseInsensitive))
        let verdict = relaxed.verify(Self.adal, caller: .reportedByOS(bundleID: "COM.MYAPP.MYTESTAPP"))
        #expect(verdict.accepted)
        #expect(verdict.diagnostics.map(\.code) == [.bundleIDCaseRelaxed])
        #expect(relaxed.verify(Self.adal, caller: .reportedByOS(bundleID: "com.myapp.mytestapp")).diagnostics.isEmpty)
    }

    @Test func invalidUTF8BytesFailRuleOne() {
        let verdict = RedirectVerifier(registered: [Self.adal]).verify(bytes: Array(Self.adal.utf8) + [0xFF], caller: .notReported)
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
            let selfVerdict = verifier.verify(text, caller: .notReported)
            guard let reference = try? URIReference(parsing: text, as: .uri), reference.fragment == nil else {
                #expect(!selfVerdict.accepted)
                continue
            }
            if !reference.withBytes({ RedirectRules.isWrapperCandidate($0, reference.ranges) }) {
                #expect(selfVerdict.accepted, "\(text)")
            }
            guard selfVerdict.accepted else { continue }
            accepted += 1
            let redirect = RedirectURI(classifying: reference)
            if let bundle = redirect.bundleID {
                #expect(verifier.verify(text, caller: Caller(sourceApplication: bundle.description)).accepted, "\(text)")
                #expect(!verifier.verify(text, caller: Caller(sourceApplication: bundle.description + "x")).accepted, "\(text)")
                #expect(!verifier.verify(text, caller: .reportedByOS(bundleID: "x" + bundle.description)).accepted, "\(text)")
            } else if redirect.form != .msalClientID {
                #expect(!verifier.verify(text, caller: .reportedByOS(bundleID: "com.app")).accepted, "\(text)")
            }
        }
        #expect(accepted > 1000)
    }
}

/// Routing an incoming URL on the client side.
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
        #expect(nearMiss.diagnostics.map(\.code) == [.trailingSlashMismatch])
        let https = try RedirectURI(parsing: "https://login.example.com/cb/")
        #expect(https.routes("https://login.example.com/cb?code=1").diagnostics.map(\.code) == [.trailingSlashMismatch])
        // Only a trailing '/' apart: '/cb/' and an empty path differ by more (a path mismatch).
        #expect(https.routes("https://login.example.com?code=1").diagnostics.map(\.code) == [.pathMismatch])
        // Every other mismatch says where it is.
        #expect(redirect.routes("msauth.com.contoso.app://AUTH?x").diagnostics.map(\.code) == [.authorityMismatch])
        #expect(redirect.routes("msauth.com.contoso.app2://auth?x").diagnostics.map(\.code) == [.schemeMismatch])
        #expect(redirect.routes("msauth.com.contoso.app://auth/x").diagnostics.map(\.code) == [.pathMismatch])
        let root = try RedirectURI(parsing: "https://login.example.com/")
        #expect(root.routes("https://login.example.com?code=1").diagnostics.map(\.code) == [.trailingSlashMismatch])
    }

    static let subRoutes: [(incoming: String, outcome: ResponseRouting.Outcome)] = [
        ("msauth.com.contoso.app://auth?response=abc", .response),
        ("msauth.com.contoso.app://auth/broker?response=abc", .brokerResponse),
        ("msauth.com.contoso.app://auth/switch_browser?action_uri=x&code=y", .switchBrowser),
        ("msauth.com.contoso.app://auth/switch_browser_resume?action_uri=x&code=y", .switchBrowserResume),
        ("msauth.com.contoso.app://auth/switch_browser/", .mismatch),
        ("msauth.com.contoso.app://auth/brokerx", .mismatch),
        ("msauth.com.contoso.app://auth/Broker", .mismatch),
        ("msauth.com.contoso.app://auth/x/broker", .mismatch),
        ("msauth.com.contoso.app://auth/switch_browser_resume/broker", .mismatch),
        ("msauth.com.contoso.app://authbroker", .mismatch),
    ]

    @Test(arguments: subRoutes)
    func subRoutesAreNamedOutcomes(incoming: String, outcome: ResponseRouting.Outcome) throws {
        let redirect = try RedirectURI(parsing: "msauth.com.contoso.app://auth")
        #expect(redirect.routes(incoming).outcome == outcome)
        #expect(redirect.routes(incoming).belongs == (outcome != .mismatch))
    }

    @Test func subRoutesFollowAPath() throws {
        let redirect = try RedirectURI(parsing: "https://login.example.com/cb")
        #expect(redirect.routes("https://login.example.com/cb/switch_browser?code=1").outcome == .switchBrowser)
        #expect(redirect.routes("https://login.example.com/switch_browser").outcome == .mismatch)
    }
}

/// The registration lint.
struct RegistrationLintTests {
    static let rows: [(String, [FindingCode])] = [
        ("msauth.com.contoso.app://auth", []),
        ("x-msauth-mytestiosapp://com.myapp.mytestapp", [FindingCode(rawValue: "scheme-without-bundle-id")]),
        ("com.myapp.mytestapp://com.myapp.mytestapp", []),
        ("https://login.example.com/cb", []),
        ("http://127.0.0.1/cb", []),
        ("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", []),
        ("http://localhost:8080/cb", [FindingCode(rawValue: "localhost-instead-of-loopback-literal")]),
        ("mailto://com.app", [FindingCode(rawValue: "reserved-scheme")]),
        ("tel:/cb", [FindingCode(rawValue: "reserved-scheme")]),
        ("myapp:/callback", [FindingCode(rawValue: "private-use-scheme-without-dot")]),
        ("myapp://callback", [FindingCode(rawValue: "private-use-scheme-without-dot"), FindingCode(rawValue: "scheme-without-bundle-id")]),  // "callback" is not a bundle ID
        ("msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth", [FindingCode(rawValue: "not-broker-capable")]),
        ("msauth://code/https%3A%2F%2Flogin.example.com%2Fcb", [FindingCode(rawValue: "reserved-scheme")]),
        ("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth", [FindingCode(rawValue: "unexpanded-build-variable"), FindingCode(rawValue: "invalid-redirect-uri")]),
        ("x-app://$(PRODUCT_BUNDLE_IDENTIFIER)", [FindingCode(rawValue: "unexpanded-build-variable"), FindingCode(rawValue: "private-use-scheme-without-dot"), FindingCode(rawValue: "scheme-without-bundle-id")]),
        ("msauth.com.app://auth ", [FindingCode(rawValue: "whitespace"), FindingCode(rawValue: "invalid-redirect-uri")]),
        ("msauth.com.app://auth#x", [FindingCode(rawValue: "fragment-in-redirect-uri")]),
    ]

    @Test(arguments: rows)
    func findings(uri: String, codes: [FindingCode]) {
        #expect(RegistrationLint.lint(uri).map(\.code) == codes)
    }
}

/// Verifying a broker request through the redirect URI it carries.
struct BrokerRequestVerificationTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let query: String
        let registered: [String]
        let caller: String?
        let rule: String?
        /// Whether the row's query gets the fields a complete request carries that it lacks.
        let complete: Bool
        var testDescription: String { query.debugDescription }
        init(_ query: String, _ registered: [String], caller: String? = nil, complete: Bool = true, rejectedBy rule: String? = nil) {
            self.query = query
            self.registered = registered
            self.caller = caller
            self.complete = complete
            self.rule = rule
        }
    }

    /// The fields of a complete MSAL request besides `redirect_uri`, as MSAL writes them.
    static let fields = [
        ("msg_protocol_ver", "3"), ("authority", "https%3A%2F%2Flogin.microsoftonline.com%2Fcommon"), ("client_id", client),
        ("scope", "openid"), ("correlation_id", "b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11"),
        ("broker_key", "q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D"), ("client_version", "1.2.3"),
    ]

    /// `query` after the fields it does not write itself: a row states only what it is about.
    static func complete(_ query: String) -> String {
        let names = Set(query.split(separator: "&").map { String($0.prefix { $0 != "=" }) })
        return (fields.filter { !names.contains($0.0) }.map { "\($0.0)=\($0.1)" } + [query]).joined(separator: "&")
    }

    static let msal = "msauth.com.contoso.app://auth"
    static let encodedMSAL = "msauth.com.contoso.app%3A%2F%2Fauth"
    static let client = "3c62ac97-29eb-4aed-a3c8-add0298508da"
    static let clientRedirect = "msal\(client)://auth"
    static let encodedClientRedirect = "msal\(client)%3A%2F%2Fauth"

    static let rows: [Row] = [
        Row("client_id=\(client)&redirect_uri=\(encodedMSAL)", [msal], caller: "com.contoso.app"),
        Row("client_id=\(client)&redirect_uri=\(encodedMSAL)", [msal], caller: "com.evil.app", rejectedBy: "bundle-id"),
        Row("redirect_uri=\(encodedMSAL)&redirect_uri=\(encodedMSAL)", [msal], rejectedBy: "ambiguous-parameters"),
        Row("redirect_uri=\(encodedMSAL)&redirect%5Furi=x", [msal], rejectedBy: "ambiguous-parameters"),
        Row("client_id=a&client_id=a&redirect_uri=\(encodedMSAL)", [msal], rejectedBy: "ambiguous-parameters"),
        Row("x=%FF&redirect_uri=\(encodedMSAL)", [msal], rejectedBy: "ambiguous-parameters"),
        Row("x=%zz&redirect_uri=\(encodedMSAL)", [msal], rejectedBy: "syntax"),   // not even a URI
        Row("client_id=\(client)", [msal], rejectedBy: "missing-redirect-uri"),
        Row("redirect_uri=https%3A%2F%2Fevil.example%2Fcb", [msal], rejectedBy: "exact-match"),
        Row("redirect_uri=\(encodedMSAL)%23", [msal], rejectedBy: "fragment"),
        Row("redirect_uri=msauth%3A%2F%2Fcode%2Fhttps%253A%252F%252Fh", ["https://h"], rejectedBy: "wrapper"),
        Row("client_id=\(client)&redirect_uri=\(encodedClientRedirect)", [clientRedirect], caller: "com.any.app", rejectedBy: "bundle-id"),  // carries no bundle ID
        Row("client_id=\(client.uppercased())&redirect_uri=\(encodedClientRedirect)", [clientRedirect]),
        Row("client_id=00000000-0000-0000-0000-000000000000&redirect_uri=\(encodedClientRedirect)", [clientRedirect], rejectedBy: "client-id"),
        Row("client_id=00000000-0000-0000-0000-000000000000&redirect_uri=\(encodedMSAL)", [msal]),
        // missing-field: the request as the app would have written it before this rule.
        Row("redirect_uri=\(encodedClientRedirect)", [clientRedirect], complete: false, rejectedBy: "missing-field"),
        Row("client_id=\(client)&redirect_uri=\(encodedMSAL)", [msal], caller: "com.contoso.app", complete: false, rejectedBy: "missing-field"),
        // invalid-field: an empty broker_key is no key; a client_id must be a UUID.
        Row("broker_key=&redirect_uri=\(encodedMSAL)", [msal], caller: "com.contoso.app", rejectedBy: "invalid-field"),
        Row("client_id=contoso&redirect_uri=\(encodedMSAL)", [msal], rejectedBy: "invalid-field"),
        // bundle-id for a request, caller reported or not: an https redirect URI binds to no app.
        Row("redirect_uri=https%3A%2F%2Fh%2Fcb", ["https://h/cb"], rejectedBy: "bundle-id"),
    ]

    @Test func rowCountIsPinned() {
        #expect(Self.rows.count == 20)
    }

    @Test(arguments: rows)
    func verdict(row: Row) {
        let verifier = RedirectVerifier(registered: row.registered)
        let request = "msauthv2://broker?" + (row.complete ? Self.complete(row.query) : row.query)
        let verdict = row.caller.map { verifier.verify(request: request, caller: Caller(sourceApplication: $0)) } ?? verifier.verify(request: request, caller: .notReported)
        #expect(verdict.accepted == (row.rule == nil), "\(verdict.explanation)")
        #expect(verdict.failedRule?.identifier == row.rule, "\(verdict.explanation)")
    }

    @Test func notABrokerRequestFailsSyntax() {
        let verifier = RedirectVerifier(registered: [Self.msal])
        #expect(verifier.verify(request: "https://example.com/?redirect_uri=\(Self.encodedMSAL)", caller: .reportedByOS(bundleID: "com.contoso.app")).failedRule == .syntax)
        #expect(verifier.verify(request: "msauthv2://broker?redirect_uri=\(Self.encodedMSAL)#f", caller: .reportedByOS(bundleID: "com.contoso.app")).failedRule == .syntax)
        #expect(verifier.verify(request: "msauthv2://broker?redirect_uri=\(Self.encodedMSAL)#f", caller: .notReported).failedRule == .syntax)
    }

    /// Which problem an ambiguous request is rejected for: a piece that does not decode, anywhere
    /// (even after a duplicate, even in a value nobody reads), is named before the duplicate.
    @Test func undecodablePieceIsReportedBeforeADuplicate() {
        let verifier = RedirectVerifier(registered: [Self.msal])
        let rows: [(query: String, explanation: String)] = [
            ("redirect_uri=\(Self.encodedMSAL)&redirect_uri=\(Self.encodedMSAL)&state=%C3", "does not decode"),
            ("redirect_uri=\(Self.encodedMSAL)&redirect_uri=\(Self.encodedMSAL)&state=%C3%A9", "'redirect_uri' appears more than once"),
            ("redirect_uri=\(Self.encodedMSAL)%FF", "does not decode"),
            ("client_id=%FE&redirect_uri=\(Self.encodedMSAL)", "does not decode"),
            ("%FF=1&redirect_uri=\(Self.encodedMSAL)", "does not decode"),
        ]
        for row in rows {
            let verdict = verifier.verify(request: "msauthv2://broker?" + row.query, caller: .reportedByOS(bundleID: "com.contoso.app"))
            #expect(verdict.failedRule == .ambiguousParameters, "\(row.query): \(verdict.explanation)")
            #expect(verdict.explanation.contains(row.explanation), "\(row.query): \(verdict.explanation)")
        }
    }

    /// A client-ID redirect URI in a request fails the bundle-ID rule for any caller (it was
    /// accepted with a warning: a false accept), and passes without one.
    @Test func clientIDRedirectInARequestFailsForACaller() {
        let verifier = RedirectVerifier(registered: [Self.clientRedirect])
        let request = "msauthv2://broker?" + Self.complete("client_id=\(Self.client)&redirect_uri=\(Self.encodedClientRedirect)")
        let verdict = verifier.verify(request: request, caller: .reportedByOS(bundleID: "com.app"))
        #expect(verdict.failedRule == .bundleID)
        #expect(verdict.explanation.contains("carries no bundle ID"))
        #expect(verifier.verify(request: request, caller: .notReported).accepted)
    }
}

/// The lint's build-variable rule is the doctor's grammar: delimited references only.
struct BuildVariableLintTests {
    static let rows: [(String, Bool)] = [
        ("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth", true),
        ("x-app://${TARGET_NAME}", true),
        ("x-app://$(PRODUCT_BUNDLE_IDENTIFIER:rfc1034identifier)", true),
        ("x-app://$(UNTERMINATED", true),
        ("x-app://a$b", false),            // '$' is a sub-delim, legal in a host
        ("x-app://a$$(X)", false),         // an escaped '$'
        ("x-app://com.app", false),
    ]

    @Test(arguments: rows)
    func detection(text: String, expected: Bool) {
        #expect(RegistrationLint.containsBuildVariable(text) == expected)
        #expect(RegistrationLint.lint(text).contains { $0.code == .unexpandedBuildVariable } == expected)
    }
}
