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
        let withPort = IRI.convertHost("https://user@bücher.example:8080/cb")
        #expect(withPort.converted == "https://user@xn--bcher-kva.example:8080/cb")
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

    /// Hosts that UTS #46 would map before encoding, and hosts of another scheme: not converted,
    /// so the strict parser rejects them; the error names each mapped code point and its byte
    /// offset in the text.
    static let refusals: [(text: String, code: FindingCode, named: [String])] = [
        ("https://ｂücher.example/cb", .iriHostMapped, ["U+FF42 FULLWIDTH LATIN SMALL LETTER B at byte 8 (to 'b')"]),
        ("https://Bücher.example/cb", .iriHostMapped, ["U+0042 LATIN CAPITAL LETTER B at byte 8 (to 'b')"]),
        ("https://bü\u{AD}cher.example/cb", .iriHostMapped, ["U+00AD SOFT HYPHEN at byte 11 (removed)"]),
        ("https://bü\u{200B}cher.example/cb", .iriHostMapped, ["U+200B ZERO WIDTH SPACE at byte 11 (removed)"]),
        ("https://bücher\u{3002}example/cb", .iriHostMapped, ["U+3002 IDEOGRAPHIC FULL STOP at byte 15 (to '.')"]),
        ("https://ｌｏｇｉｎ.example.com/cb", .iriHostMapped, ["U+FF4C FULLWIDTH LATIN SMALL LETTER L at byte 8 (to 'l')", "U+FF4E FULLWIDTH LATIN SMALL LETTER N at byte 20 (to 'n')"]),
        ("https://１２７.0.0.1/cb", .iriHostMapped, ["U+FF11 FULLWIDTH DIGIT ONE at byte 8 (to '1')"]),
        ("https://bu\u{308}cher.example/cb", .iriHostMapped, ["the label 'bu\u{308}cher' at byte 8 to its normalization form C"]),
        ("http://１２７.0.0.1/cb", .iriHostNotHTTPS, ["only https hosts are"]),
        ("http://bücher.example/cb", .iriHostNotHTTPS, ["only https hosts are"]),
    ]

    /// Whether `text` holds `part` (String.contains(_:) needs macOS 13).
    static func has(_ text: String, _ part: String) -> Bool {
        let bytes = Array(text.utf8), needle = Array(part.utf8)
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    @Test func mappedHostsAreNotConverted() {
        #expect(Self.refusals.count == 10)
        for row in Self.refusals {
            let result = IRI.convertHost(row.text)
            #expect(result.converted == row.text, "\(row.text)")
            #expect(result.asciiHost == nil)
            #expect(result.diagnostics.map(\.code) == [row.code], "\(row.text)")
            let message = result.diagnostics.first?.message ?? ""
            for part in row.named {
                #expect(Self.has(message, part), "\(row.text): \(message)")
            }
            #expect(result.diagnostics.first?.severity == .error)
        }
        // An ASCII label is left as written (exact-match compares it): only Unicode labels are encoded.
        #expect(IRI.convertHost("https://bücher.EXAMPLE/cb").converted == "https://xn--bcher-kva.EXAMPLE/cb")
        // ß and ς are kept (non-transitional): encoding them is exact.
        #expect(IRI.convertHost("https://faß.de/").converted == "https://xn--fa-hia.de/")
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
