import Testing
import RedirectURIKit
@testable import RedirectURIIDNA

struct IDNATests {
    static let asciiRows: [(String, String)] = [
        ("Bücher.example", "xn--bcher-kva.example"),
        ("bücher.example", "xn--bcher-kva.example"),
        ("faß.de", "xn--fa-hia.de"),                 // non-transitional: ß is kept
        ("example.com", "example.com"),
        ("ＥＸＡＭＰＬＥ．com", "example.com"),        // fullwidth letters and dot are mapped
        ("日本語.jp", "xn--wgv71a119e.jp"),
    ]

    @Test(arguments: asciiRows)
    func toASCII(unicode: String, ascii: String) {
        let result = IDNA.toASCII(unicode)
        #expect(result.isValid, "\(result.errors)")
        #expect(result.output == ascii)
    }

    @Test func xnRoundTrips() {
        for (_, ascii) in Self.asciiRows {
            let unicode = IDNA.toUnicode(ascii)
            #expect(unicode.isValid)
            #expect(IDNA.toASCII(unicode.output).output == ascii)
        }
    }

    static let invalid: [(String, IDNAErrors)] = [
        ("-bad.example", .leadingHyphen),
        ("bad-.example", .trailingHyphen),
        ("ab--cd.example", .hyphen3And4),
        ("a..b", .emptyLabel),
        ("xn--a.example", .invalidACELabel),         // "a" is not what "xn--a" decodes to
        ("exa mple.com", .disallowed),
        (String(repeating: "a", count: 64) + ".com", .labelTooLong),
        ("a\u{200D}b.example", .contextJ),            // zero-width joiner outside its context
    ]

    @Test(arguments: invalid)
    func invalidLabelsReportTheirFlag(host: String, flag: IDNAErrors) {
        let result = IDNA.toASCII(host)
        #expect(!result.isValid)
        #expect(result.errors.contains(flag), "\(result.errors)")
    }

    /// The distribution's ICU always has the spoof checker; on Apple platforms libicucore is
    /// expected to export it, and the tests below say so when it does not.
    @Test func spoofCheckerIsThere() {
        #expect(Confusables.isAvailable, "this system's ICU has no spoof checker: confusable checks are off")
    }

    @Test(.enabled(if: Confusables.isAvailable)) func confusables() {
        let cyrillic = "p\u{0430}ypal"   // Cyrillic а
        #expect(Confusables.check(cyrillic).contains(.restrictionLevel))
        #expect(Confusables.skeleton(cyrillic) == Confusables.skeleton("paypal"))
        #expect(Confusables.areConfusable(cyrillic, "paypal"))
        #expect(!Confusables.areConfusable("contoso", "fabrikam"))
        #expect(Confusables.check("paypal").isEmpty)
    }

    @Test func iriHostConversion() throws {
        let result = IRI.convertHost("https://bücher.example/cb?x=ü")
        #expect(result.converted == "https://xn--bcher-kva.example/cb?x=ü")
        #expect(result.diagnostics.map(\.code) == [.iriHostConverted])
        let withPort = IRI.convertHost("http://user@bücher.example:8080/cb")
        #expect(withPort.converted == "http://user@xn--bcher-kva.example:8080/cb")
        #expect(try URIReference(parsing: withPort.converted).portNumber == 8080)
        let spoof = IRI.convertHost("https://p\u{0430}ypal.com/cb")
        if Confusables.isAvailable {
            #expect(spoof.diagnostics.map(\.code) == [.iriHostConverted, .confusableHost])
            #expect(spoof.diagnostics.last?.message.hasSuffix("it looks like 'paypal'") == true)   // hasSuffix: contains(_:) needs macOS 13
        } else {
            // Never silence: a host that could not be checked says so.
            #expect(spoof.diagnostics.map(\.code) == [.iriHostConverted, .confusableCheckUnavailable])
        }
        #expect(IRI.convertHost("x-app://bücher.example").diagnostics.isEmpty)   // only http(s)
        #expect(IRI.convertHost("https://bücher.example/r?u=http://ü.example").converted == "https://xn--bcher-kva.example/r?u=http://ü.example")   // the first "://" ends the scheme
        #expect(IRI.convertHost("https://example.com/ü").converted == "https://example.com/ü")
        #expect(IRI.convertHost("https://-bad.example/").diagnostics.isEmpty)  // ASCII hosts untouched
        #expect(IRI.convertHost("https://-bü.example/").diagnostics.map(\.code) == [.idnaError])
    }

    /// The host is the one the core's parse finds: userinfo ends at the first '@', a port is
    /// digits, and only a reg-name host of an http(s) URI is converted.
    @Test func theHostIsTheCoreParsersHost() {
        let withUserinfo = IRI.convertHost("https://user@bücher.example:8443/cb?q=ü")
        #expect(withUserinfo.converted == "https://user@xn--bcher-kva.example:8443/cb?q=ü")
        #expect(withUserinfo.originalHost == "bücher.example")
        // Two '@': the core rejects the authority, so nothing is converted (a second parser
        // that split at the last '@' would have converted 'bücher.example').
        #expect(IRI.convertHost("https://a@b@bücher.example/").diagnostics.isEmpty)
        #expect(IRI.convertHost("https://bücher.example:80x/").diagnostics.isEmpty)
        #expect(IRI.convertHost("https://ü@example.com/").diagnostics.isEmpty)     // only userinfo is non-ASCII
        #expect(IRI.convertHost("https://[::1]/ü").diagnostics.isEmpty)
        #expect(IRI.convertHost("HTTPS://bücher.example").converted == "HTTPS://xn--bcher-kva.example")
    }
}
