import Testing
@_spi(Testing) @testable import RedirectURIKit

/// Every form of the "Verification rules" article, with the examples from Microsoft's public SSO
/// documentation.
struct RedirectClassificationTests {
    static let rows: [(uri: String, form: RedirectForm, bundleID: String?)] = [
        // MSAL's default redirect URI without a broker: a client registration, not an app.
        ("msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth", .msalClientID, nil),
        ("MSAL3C62AC97-29EB-4AED-A3C8-ADD0298508DA://auth", .msalClientID, nil),
        ("msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth/p", .msalClientID, nil),
        ("msal3c62ac97-29eb-4aed-a3c8-add0298508da://com.app.id", .adalBroker, "com.app.id"),  // not the form: an app scheme
        ("msal3c62ac97-29eb-4aed-a3c8-add0298508d://auth", .other, nil),           // not a UUID; "auth" is one word
        ("msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth:1", .other, nil),
        // A custom scheme with a one-word host is not read as a bundle ID.
        ("myapp://callback", .other, nil),
        ("x-msauth-app://com", .other, nil),
        // Microsoft's SSO walkthrough: several apps of one vendor share a client ID.
        ("x-msauth-mytestiosapp://com.myapp.mytestapp", .adalBroker, "com.myapp.mytestapp"),
        ("x-msauth-mytestiosapp://com.myapp.mytestapp2", .adalBroker, "com.myapp.mytestapp2"),
        ("x-msauth-mytestiosapp://com.myapp.mytestapp3", .adalBroker, "com.myapp.mytestapp3"),
        ("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", .certificateAuth, "com.myapp.mytestapp"),
        ("msauth://code/x-msauth-mytestiosapp%3a%2f%2fcom.myapp.mytestapp", .certificateAuth, "com.myapp.mytestapp"),
        ("msauth.com.contoso.MailApp://auth", .msalBroker, "com.contoso.MailApp"),  // case kept
        ("MSAUTH.com.contoso.app://auth", .msalBroker, "com.contoso.app"),
        ("msauth://code/msauth.com.contoso.app%3A%2F%2Fauth", .certificateAuth, "com.contoso.app"),
        ("msauth://com.example.app/1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D", .androidBroker, "com.example.app"),
        ("com.example.app:/oauth2redirect/provider", .privateUse, nil),
        ("com.googleusercontent.apps.123:/oauth2redirect", .privateUse, nil),
        ("http://127.0.0.1:51004/callback", .loopback, nil),
        ("http://[::1]:8080/cb", .loopback, nil),
        ("http://127.0.0.1/", .loopback, nil),
        ("https://login.example.com/cb", .https, nil),
        // not a form
        ("http://localhost:51004/callback", .other, nil),
        ("http://[0:0:0:0:0:0:0:1]:80/", .other, nil),           // loopback only as the RFC 8252 literals
        ("http://user@127.0.0.1:80/", .other, nil),
        // Only those two literals, each of its exact length: an address that starts with one, or
        // another spelling of it, is not the loopback form.
        ("http://127.0.0.10:51004/callback", .other, nil),
        ("http://127.0.0.12/", .other, nil),
        ("http://127.0.0.1.:80/", .other, nil),
        ("http://127.0.0.2/", .other, nil),
        ("http://[::01]:8080/cb", .other, nil),
        ("msauth://code/msauth%3A%2F%2Fcode%2Fx-app%253A%252F%252Fcom.app", .other, nil),  // nested wrapper
        ("msauth://code/x-app%253A%252F%252Fcom.app", .other, nil),  // double-encoded: decodes to a relative reference
        ("msauth://code/https%3A%2F%2Fexample.com", .other, nil),   // inner is not a broker form
        ("msauth://code/a/b", .other, nil),                         // two segments
        ("msauth://code/%FF", .other, nil),                         // not UTF-8
        ("msauth.com..app://auth", .other, nil),                    // empty label
        ("msauth.com.app://other", .other, nil),
        ("msauth.://M", .other, nil),                               // "msauth." with nothing after it is never ADAL
        ("msauth.com.app:/auth", .privateUse, nil),
        ("x-app://com.app:443", .other, nil),                       // a port: not a bare bundle ID
        // The ADAL shape is exactly <scheme>://<host>: a path, a query or a fragment makes it
        // another form that carries no bundle ID (Auth0's callback, a custom route).
        ("com.example.app://login.example.com/ios/com.example.app/callback", .other, nil),
        ("myapp://com.example.app/cb", .other, nil),
        ("myapp://com.example.app/", .other, nil),
        ("myapp://com.example.app?x=1", .other, nil),
        ("myapp://com.example.app#f", .other, nil),
        ("myapp://com.example.app?", .other, nil),
        ("x-app://user@com.app", .other, nil),
        ("x-app://com.app%2Eevil", .other, nil),
        ("x-app://127.0.0.1", .other, nil),
        ("myapp:callback", .other, nil),
        ("msauth://com.example.app/notbase64", .other, nil),
        ("urn:ietf:wg:oauth:2.0:oob", .other, nil),
        ("msauthv2://broker?x=1", .other, nil),
    ]

    @Test(arguments: rows)
    func formAndBundleID(uri: String, form: RedirectForm, bundleID: String?) throws {
        let redirect = try RedirectURI(parsing: uri)
        #expect(redirect.form == form)
        let carried = redirect.bundleID?.description ?? redirect.androidPackage.map(String.init)
        #expect(carried == bundleID)
    }

    @Test func rowCountIsPinnedAndEveryFormAppears() {
        #expect(Self.rows.count == 54)
        #expect(Set(Self.rows.map(\.form)) == Set(RedirectForm.allCases))
    }

    @Test func wrapperInnerIsDecodedExactlyOnce() throws {
        let wrapper = try RedirectURI(parsing: "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp")
        let inner = try #require(wrapper.inner)
        #expect(inner.reference.description == "x-msauth-mytestiosapp://com.myapp.mytestapp")
        #expect(inner.form == .adalBroker)
        #expect(inner.inner == nil)
    }

    @Test func androidSignatureHash() throws {
        let android = try RedirectURI(parsing: "msauth://com.example.app/1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D")
        #expect(android.signatureHash?.count == 20)
        #expect(android.signatureHash.map(Base64.encode) == "1wIqXSqBj7w+h11ZifsnqwgyKrY=")
    }

    @Test func relativeReferenceIsOther() throws {
        let redirect = RedirectURI(classifying: try URIReference(parsing: "/cb"))
        #expect(redirect.form == .other)
        #expect(redirect.diagnostics.map(\.code) == [.notAbsolute])
    }

    /// Each near miss names the first condition it fails.
    static let findings: [(uri: String, code: FindingCode?)] = [
        ("msauth://code/a/b", .wrapperShape),
        ("msauth://u@code/x-app%3A%2F%2Fcom.app", .wrapperShape),
        ("msauth://code:1/x-app%3A%2F%2Fcom.app", .wrapperShape),
        ("msauth://code", .wrapperShape),
        ("msauth://code/%C0%AF", .wrapperNotUTF8),
        ("msauth://code/%FF", .wrapperNotUTF8),
        ("msauth://code/%C3%A4", .wrapperInnerInvalid),                    // UTF-8, but not ASCII
        ("msauth://code/x-app%253A%252F%252Fcom.app", .wrapperInnerInvalid),
        ("msauth://code/https%3A%2F%2Flogin.example.com%2Fcb", .wrapperInnerNotBroker),
        ("msauth://code/msal3c62ac97-29eb-4aed-a3c8-add0298508da%3A%2F%2Fauth", .wrapperInnerNotBroker),
        ("msauth://code/msauth%3A%2F%2Fcode%2Fx%253A%252F%252Fcom.a.b", .nestedWrapper),
        ("msauth://code/msauth%3A%2F%2Fu%40code%2Fx", .nestedWrapper),
        ("msauth://com.example.app/abc", .androidSignatureHashInvalid),
        ("msauth.://auth", .msalSchemeWithoutBundleID),
        ("msauth.com..app://auth", .msalSchemeWithoutBundleID),
        ("msauth.com.app://callback", .msalAuthorityNotAuth),
        ("msauth.com.app://auth:443", .msalAuthorityNotAuth),
        ("msauth.com.app://auth/p", .msalPath),
        ("myapp://callback", .customSchemeSingleLabelHost),
        ("myapp://call_back", nil),
        ("x-msauth-mytestiosapp://com.myapp.mytestapp", nil),
    ]

    @Test(arguments: findings)
    func nearMissesNameTheirFinding(uri: String, code: FindingCode?) throws {
        #expect(try RedirectURI(parsing: uri).diagnostics.map(\.code) == (code.map { [$0] } ?? []))
    }

    @Test func everyFindingCodeIsReachedAndExplained() throws {
        #expect(Set(Self.findings.compactMap(\.code)).count == RedirectFindings.codes.count - 1)  // not-absolute: above
        for row in Self.findings {
            for diagnostic in try RedirectURI(parsing: row.uri).diagnostics {
                #expect(!diagnostic.message.isEmpty && diagnostic.message != diagnostic.code.rawValue, "\(row.uri)")
            }
        }
    }

    @Test func bundleIDGrammar() {
        for valid in ["com.app", "a", "com.My-App.2", "1.2"] { #expect(BundleID(valid) != nil, "\(valid)") }
        for invalid in ["", ".", "com.", ".com", "com..app", "com_app", "com app", "cöm.app", "com.app/"] {
            #expect(BundleID(invalid) == nil, "\(invalid)")
        }
        let a = BundleID("com.App")!
        let b = BundleID("com.app")!
        #expect(!a.matches(b))
        #expect(a.matches(b, comparison: .caseInsensitive))
        #expect(a != b)
    }

    @Test func base64IsStrict() {
        #expect(Base64.decode("1wIqXSqBj7w+h11ZifsnqwgyKrY=")?.count == 20)
        #expect(Base64.decode("1wIqXSqBj7w+h11ZifsnqwgyKrZ=") == nil)  // non-zero bits under the padding
        #expect(Base64.decode("abc") == nil)
        #expect(Base64.decode("ab=c") == nil)
        #expect(Base64.decode("a-b_") == nil)                           // base64url alphabet
        #expect(Base64.decode("") == [])
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
    }
}

/// Build → classify returns the same parts.
struct RedirectBuilderTests {
    @Test func eachFormRoundTrips() throws {
        let bundle = try #require(BundleID("com.myapp.mytestapp"))
        let adal = try RedirectURI.adalBroker(scheme: "x-msauth-mytestiosapp", bundleID: bundle)
        #expect(adal.description == "x-msauth-mytestiosapp://com.myapp.mytestapp")
        let wrapper = try RedirectURI.certificateAuth(wrapping: adal)
        #expect(wrapper.description == "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp")
        #expect(wrapper.bundleID == bundle)
        let msal = try RedirectURI.msalBroker(bundleID: try #require(BundleID("com.contoso.MailApp")))
        #expect(msal.description == "msauth.com.contoso.MailApp://auth")
        let hash: [UInt8] = Array(0..<20)
        let android = try RedirectURI.androidBroker(package: "com.example.app", signatureHash: hash)
        #expect(android.signatureHash == hash)
        #expect(try RedirectURI.privateUse(scheme: "com.example.app", path: "/oauth2redirect").form == .privateUse)
        #expect(try RedirectURI.loopback(host: .ipv6, port: 8080, path: "/cb").description == "http://[::1]:8080/cb")
        #expect(try RedirectURI.https(host: "login.example.com", path: "/cb").form == .https)
        let client = try RedirectURI.msalClientID("3c62ac97-29eb-4aed-a3c8-add0298508da")
        #expect(client.description == "msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth")
        #expect(client.clientID == "3c62ac97-29eb-4aed-a3c8-add0298508da")
        #expect(throws: RedirectBuildError.self) { try RedirectURI.msalClientID("3c62ac97") }
        #expect(throws: RedirectBuildError.self) { try RedirectURI.msalClientID("3c62ac97-29eb-4aed-a3c8-add0298508da://x") }
    }

    @Test func buildersRefuseWhatWouldMeanSomethingElse() throws {
        let bundle = try #require(BundleID("com.app"))
        #expect(throws: RedirectBuildError.self) { try RedirectURI.adalBroker(scheme: "https", bundleID: bundle) }
        #expect(throws: RedirectBuildError.self) { try RedirectURI.adalBroker(scheme: "msauth.x", bundleID: bundle) }
        #expect(throws: RedirectBuildError.self) { try RedirectURI.adalBroker(scheme: "x:y", bundleID: bundle) }
        #expect(throws: RedirectBuildError.self) { try RedirectURI.loopback(host: .ipv4, port: 0, path: "/") }
        #expect(throws: RedirectBuildError.self) { try RedirectURI.androidBroker(package: "com.app", signatureHash: [1]) }
        #expect(throws: RedirectBuildError.self) { try RedirectURI.privateUse(scheme: "com.app", path: "//x") }
        let https = try RedirectURI.https(host: "example.com", path: "/")
        #expect(throws: RedirectBuildError.self) { try RedirectURI.certificateAuth(wrapping: https) }
    }

    @Test func generatedPartsSurviveBuildThenClassify() throws {
        var generator = SeededGenerator(seed: 12)
        let labelCharacters = Array("abcXYZ019-")
        func label() -> String { String((0..<Int.random(in: 1...6, using: &generator)).map { _ in labelCharacters.randomElement(using: &generator) ?? "a" }) }
        for _ in 0..<1_000 {
            let text = (0..<Int.random(in: 1...4, using: &generator)).map { _ in label() }.joined(separator: ".")
            // A bundle ID that is also an IPv4 address ("1.9.0.1") is an IPv4 host, never an ADAL host.
            guard IPv4Address(text) == nil else { continue }
            let bundle = try #require(BundleID(text))
            let scheme = "x-msauth-" + label().filter(\.isLetter) + "app"
            guard text.contains(".") else {
                // A one-word host is not read as a bundle ID, so there is no ADAL URI to build.
                #expect(throws: RedirectBuildError.self) { try RedirectURI.adalBroker(scheme: scheme, bundleID: bundle) }
                continue
            }
            let adal = try RedirectURI.adalBroker(scheme: scheme, bundleID: bundle)
            let msal = try RedirectURI.msalBroker(bundleID: bundle)
            for built in [adal, msal, try RedirectURI.certificateAuth(wrapping: adal), try RedirectURI.certificateAuth(wrapping: msal)] {
                let again = try RedirectURI(parsing: built.description)
                #expect(again.form == built.form)
                #expect(again.bundleID == bundle)
            }
            let hash = (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let android = try RedirectURI.androidBroker(package: "com.a" + label().filter(\.isLetter), signatureHash: hash)
            #expect(try RedirectURI(parsing: android.description).signatureHash == hash)
            let port = Int.random(in: 1...65_535, using: &generator)
            let loopback = try RedirectURI.loopback(host: .ipv4, port: port, path: "/cb")
            #expect(try RedirectURI(parsing: loopback.description).reference.portNumber == port)
        }
    }
}

/// The one list of reserved schemes, and the lookup the rules derive from it.
struct SchemeTableTests {
    static func kind(_ scheme: String) -> SchemeKind {
        Array(scheme.utf8).withUnsafeBufferPointer { Schemes.kind(of: $0) }
    }

    /// The table is keyed by name: sorted, reversed or shuffled, every scheme keeps its kind.
    @Test func theKindsDoNotDependOnTheListsOrder() {
        var generator = SeededGenerator(seed: 26)
        for order in [Schemes.reserved.reversed(), Schemes.reserved.sorted { "\($0.scheme)" < "\($1.scheme)" }, Schemes.reserved.shuffled(using: &generator)] {
            let buckets = Schemes.LengthBuckets(Array(order))
            for entry in Schemes.reserved {
                let kind = Array(entry.scheme.description.utf8).withUnsafeBufferPointer { buckets.kind(of: $0) }
                #expect(kind == entry.kind, "\(entry.scheme)")
            }
        }
        #expect(Self.kind("https") == .https && Self.kind("HTTP") == .http && Self.kind("msauth") == .msauth)
        #expect(Self.kind("msauthv2") == .reserved && Self.kind("myapp") == .app)
    }

    @Test func everyReservedSchemeInAnyCaseIsReserved() {
        #expect(RegistrationLint.reservedSchemes.count == Schemes.reserved.count)
        for scheme in RegistrationLint.reservedSchemes {
            for spelling in [scheme, scheme.uppercased()] {
                switch Self.kind(spelling) {
                case .reserved, .http, .https, .msauth: break
                case let other: Issue.record("\(spelling) classified as \(other)")
                }
            }
        }
        #expect(Self.kind("HTTPS") == .https && Self.kind("Http") == .http && Self.kind("mSaUtH") == .msauth)
    }

    @Test func otherSchemesAreAppSchemes() {
        for scheme in ["x-msauth-app", "wsx", "httpx", "msauthv4", "com.contoso.app", "maps2", "fil", "facetime-audi",
                       "a", "msal", "msal3c62ac97-29eb-4aed-a3c8-add0298508d", "msal3c62ac97-29eb-4aed-a3c8-add0298508dax"] {
            #expect(Self.kind(scheme) == .app, "\(scheme)")
        }
        for scheme in ["msauth.", "MSAUTH.com.app", "msauth.x"] {
            #expect(Self.kind(scheme) == .msalPrefix, "\(scheme)")
        }
        for scheme in ["msal3c62ac97-29eb-4aed-a3c8-add0298508da", "MSAL3C62AC97-29EB-4AED-A3C8-ADD0298508DA"] {
            #expect(Self.kind(scheme) == .msalClientID, "\(scheme)")
        }
    }

    /// Only the `msauth.` prefix of a scheme ignores case in verification.
    @Test func verificationSchemeComparison() {
        func match(_ lhs: String, _ rhs: String) -> Bool {
            Array(lhs.utf8).withUnsafeBufferPointer { l in Array(rhs.utf8).withUnsafeBufferPointer { Schemes.matchForVerification(l, $0) } }
        }
        #expect(match("X-App", "x-app") && match("MSAUTH.com.App", "msauth.com.App") && match("msauth.", "MSAUTH."))
        #expect(!match("msauth.com.App", "msauth.com.app") && !match("x-app", "x-ap") && !match("msauth.a", "msauth_a"))
    }
}

/// `RedirectURI.classify` decides in place (offsets, wrappers decoded on the stack) and must give
/// what `RedirectURI` gives.
struct InPlaceClassificationTests {
    func expectAgreement(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let full = try? RedirectURI(parsing: text)
        let shape = try? RedirectURI.classify(text)
        #expect((full == nil) == (shape == nil), "\(text.debugDescription)", sourceLocation: sourceLocation)
        guard let full, let shape else { return }
        #expect(shape.form == full.form, "\(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(shape.ranges == full.reference.ranges, sourceLocation: sourceLocation)
        #expect(shape.bundleID(in: text) == full.bundleID, "\(text.debugDescription)", sourceLocation: sourceLocation)
        if let range = shape.bundleIDRange {
            #expect(full.bundleID.map { Array($0.text.utf8) } == Array(Array(text.utf8)[range]), sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: RedirectClassificationTests.rows.map(\.uri))
    func agreesOnEveryFormExample(uri: String) {
        expectAgreement(uri)
    }

    @Test func rangesSpellTheBundleID() throws {
        let adal = "x-msauth-mytestiosapp://com.myapp.mytestapp"
        #expect(try RedirectURI.classify(adal).bundleIDRange == 24..<43)
        let msal = "msauth.com.contoso.app://auth"
        #expect(try RedirectURI.classify(msal).bundleIDRange == 7..<22)
        let wrapper = "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp"
        let shape = try RedirectURI.classify(wrapper)
        #expect(shape.form == .certificateAuth)
        #expect(shape.bundleIDRange.map { String(decoding: Array(wrapper.utf8)[$0], as: UTF8.self) } == "com.myapp.mytestapp")
        // A wrapper that percent-encodes its bundle ID has no range there, but still a bundle ID.
        let encoded = "msauth://code/x-msauth-app%3A%2F%2Fcom%2Econtoso.app"
        let encodedShape = try RedirectURI.classify(encoded)
        #expect(encodedShape.form == .certificateAuth)
        #expect(encodedShape.bundleIDRange == nil)
        #expect(encodedShape.bundleID(in: encoded)?.description == "com.contoso.app")
    }

    /// The in-place comparison gives what comparing the materialised bundle ID gives.
    @Test(arguments: RedirectClassificationTests.rows.map(\.uri) + ["msauth://code/x-msauth-app%3A%2F%2Fcom%2Econtoso.app"])
    func bundleIDComparedInPlace(uri: String) throws {
        let shape = try RedirectURI.classify(uri)
        let bundleID = try RedirectURI(parsing: uri).bundleID?.description
        for candidate in [bundleID, bundleID.map { $0 + "x" }, bundleID.map { String($0.dropLast()) }, bundleID?.uppercased(),
                          "com.contoso.app", "", "x"].compactMap({ $0 }) {
            #expect(shape.bundleID(in: uri, equals: candidate) == (candidate == bundleID), "\(uri) vs \(candidate)")
        }
    }

    @Test func agreesOnGeneratedWrappersAndLookAlikes() {
        var generator = SeededGenerator(seed: 11)
        let inner = ["x-msauth-app%3A%2F%2Fcom.app", "msauth.com.app%3A%2F%2Fauth", "msauth.com.app%3A%2F%2Fauth%2Fp",
                     "x-app%3A%2F%2Fcom%2Eapp", "msauth%3A%2F%2Fcode%2Fx", "https%3A%2F%2Fh", "%FF", "x-app%253A%252F%252Fa",
                     "x-app%3A%2F%2F", "msauth.%3A%2F%2Fauth", "x-app%3A%2F%2Fcom.app%23f", "a%3Ab"]
        let outer = ["msauth://code/", "MSAUTH://code/", "msauth://CODE/", "msauth://code//", "msauth://u@code/", "msauth://code:1/",
                     "msauth.com.app://auth/", "msauth.com.app://auth", "x-app://", "msauth://com.example.app/"]
        for _ in 0..<4_000 {
            let text = (outer.randomElement(using: &generator) ?? "")
                + (0..<Int.random(in: 0...2, using: &generator)).map { _ in inner.randomElement(using: &generator) ?? "" }.joined()
                + (Bool.random(using: &generator) ? "" : "?q=1")
            expectAgreement(text)
        }
    }
}

extension InPlaceClassificationTests {
    @Test func formIndexRoundTrips() {
        for form in RedirectForm.allCases {
            #expect(RedirectForm(index: form.index) == form)
            #expect(Int(form.index) == RedirectForm.allCases.firstIndex(of: form))
        }
    }
}
