import Foundation
import RedirectURIFuzzProperties
import Testing
@_spi(Testing) @testable import RedirectURIKit

/// Every public String and Substring entry point gives the same result whichever way the text
/// reaches bytes (`StringBytesPath`): the default (a substring's borrowed span where the runtime
/// has it), `withContiguousStorageIfAvailable` (what iOS and macOS before 26 run, and every
/// string's default) and an exact-size copy
/// (a bridged string's path, and the one where AddressSanitizer sees a read past the end).
///
/// A bug this finds: a path that hands the body a Substring's base string instead of the
/// substring's own bytes, or offsets measured from the base's start, or a decoder that reads
/// the byte after the text (present in a contiguous string's storage, absent in a copy).
///
/// Forcing a path is process-wide, so each check runs in a child process (an exit test), where it
/// runs every input once per path. Inputs: every corpus file, as a Substring that starts inside a
/// longer base (and, for the String entry points, as a String of its own), and generated
/// strings: ASCII and non-ASCII, empty, small (stored inline) and long (one or more 16-byte
/// blocks), as Strings and as Substrings that start at a non-zero offset of their base.
struct StringPathAgreementTests {
    @Test func corpusOfParseRoundTripPercentCodingAndDifferentialTargets() async {
        await #expect(processExitsWith: .success) {
            StringPathAgreement.check(StringPathAgreement.corpusTexts([.parse, .roundTrip, .percentCoding, .differential]))
        }
    }

    @Test func corpusOfRedirectAndBrokerTargets() async {
        await #expect(processExitsWith: .success) {
            StringPathAgreement.check(StringPathAgreement.corpusTexts([.redirect, .broker]))
        }
    }

    @Test func generatedStrings() async {
        await #expect(processExitsWith: .success) {
            StringPathAgreement.check(StringPathAgreement.generatedTexts())
        }
    }

    /// The comparison can fail: results that depend on the path are reported (as the known
    /// issue expected here).
    @Test func aDifferenceIsReported() async {
        await #expect(processExitsWith: .success) {
            withKnownIssue {
                StringPathAgreement.check(["x-msauth-app://com.example.app"]) { _ in ["\(StringBytesPath.forced)"] }
            }
        }
    }
}

enum StringPathAgreement {
    /// Runs every entry point on every text under each path and records an issue for each text
    /// whose results differ from the default path's. Call only in a child process.
    static func check(_ texts: [Substring], results: (Substring) -> [String] = results) {
        #expect(!texts.isEmpty, "no texts to compare")
        for text in texts {
            var byPath: [StringBytesPath: [String]] = [:]
            for path in StringBytesPath.allCases {
                StringBytesPath.forced = path
                byPath[path] = results(text)
            }
            StringBytesPath.forced = .automatic
            guard let expected = byPath[.automatic] else { continue }
            for path in StringBytesPath.allCases where byPath[path] != expected {
                let actual = byPath[path] ?? []
                let first = zip(expected, actual).first { $0 != $1 }
                Issue.record("""
                    \(path) differs from the default path for \(String(text).debugDescription) \
                    (offset \(text.utf8.distance(from: text.base.utf8.startIndex, to: text.startIndex)) in its base):
                      default: \(first?.0 ?? "\(expected.count) results")
                      \(path): \(first?.1 ?? "\(actual.count) results")
                    """)
            }
        }
    }

    // MARK: Inputs

    /// The corpus files of `targets` as text (invalid UTF-8 repaired: the text is what matters
    /// here), each as a Substring that starts inside a longer base (after one of a few prefixes,
    /// ASCII or not, of different lengths), so that the Substring entry points see a non-zero
    /// start offset and the String entry points a copy that starts at zero.
    static func corpusTexts(_ targets: [FuzzTarget]) -> [Substring] {
        let prefixes = ["\u{E9}", "a", String(repeating: "q", count: 17), "\u{1F600}&"]
        var texts: [Substring] = []
        for target in targets {
            for input in CorpusReplay.inputs(of: target) {
                texts.append(embedded(String(decoding: input.bytes, as: UTF8.self), after: prefixes[texts.count % prefixes.count]))
            }
        }
        return texts
    }

    /// `text` as a Substring of `prefix + text + "#\u{E9}"`.
    static func embedded(_ text: String, after prefix: String) -> Substring {
        let base = prefix + text + "#\u{E9}"
        let lower = base.utf8.index(base.startIndex, offsetBy: prefix.utf8.count)
        return base[lower..<base.utf8.index(lower, offsetBy: text.utf8.count)]
    }

    /// Generated texts: URIs and broker messages of every length up to a few blocks, in ASCII
    /// and with non-ASCII bytes, and as Substrings of longer bases.
    static func generatedTexts() -> [Substring] {
        var generator = SeededGenerator(seed: 2_611)
        let pieces = [
            "a", "Z", "9", "-", ".", "_", "~", "=", "&", "+", "%41", "%", "%4", "%G1", "%3a", "/", "?", "#", ":", "@",
            " ", "\u{E9}", "\u{1F600}", "\u{4E2D}", "[", "]", "\u{0}", "\u{7F}", String(repeating: "abcdefgh", count: 3),
        ]
        let starts = [
            "", "x-msauth-app://com.example.app", "msauth.com.example.app://auth", "msauth://code/", "http://127.0.0.1:",
            "http://[::1]", "https://login.microsoftonline.com/applebroker/msauthv2?", "msauthv2://broker?redirect_uri=",
            "x-msauth-app://com.example.app?msg_protocol_ver=3&response=", "msauth://broker?", "msauth://com.example.app/",
            "//", "a:", "1.2.3.4", "::1", "v1.x",
        ]
        var texts: [Substring] = ["", " ", "\u{E9}", "\u{1F600}", Substring(String(repeating: "\u{E9}", count: 20))]
        for _ in 0..<1_000 {
            let start = starts.randomElement(using: &generator) ?? ""
            let count = Int.random(in: 0...24, using: &generator)
            let text = start + (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            texts.append(Substring(text))
            // The same text inside a longer base, ASCII or not before it.
            let prefix = ["\u{E9}", "ab", String(repeating: "q", count: 17), "\u{1F600}&"].randomElement(using: &generator) ?? ""
            texts.append(embedded(text, after: prefix))
        }
        return texts
    }

    // MARK: The entry points

    static let registered = [
        "x-msauth-app://com.example.app", "msauth.com.example.app://auth", "http://127.0.0.1:8080/cb",
        "msauth://code/x-msauth-app%3A%2F%2Fcom.example.app",
    ]
    static let relaxedVerifier = RedirectVerifier(registered: registered, options: VerificationOptions(bundleIDComparison: .caseInsensitive))
    static let redirects = registered.compactMap { try? RedirectURI(parsing: $0) }
    /// Names looked up in every text's query: one a broker sends, one that needs decoding, one not
    /// ASCII (the general path); the text's own first names are looked up too.
    static let names = ["redirect_uri", "x y", "\u{E9}"]

    /// What every public entry point that takes text returns for `text`, one line each. One call
    /// per entry point and overload (String, Substring, UTF-8 view): the corpus replay checks what
    /// the results should be, this checks only that no path changes them.
    static func results(_ text: Substring) -> [String] {
        let string = String(text)
        var out: [String] = []
        func note(_ label: String, _ value: some Any) { out.append("\(label) \(value)") }
        func attempt<T, E: Error>(_ label: String, _ body: () throws(E) -> T) {
            do throws(E) { out.append("\(label) ok \(try body())") } catch { out.append("\(label) error \(error)") }
        }

        // Parsing.
        attempt("URIReference(parsing: String)") { () throws(URIParseError) in try URIReference(parsing: string).ranges }
        attempt("URIReference(parsing: Substring)") { () throws(URIParseError) in try URIReference(parsing: text).ranges }
        attempt("URIReference(bytes: utf8)") { () throws(URIParseError) in try URIReference(bytes: text.utf8).ranges }
        if let reference = try? URIReference(parsing: text) {
            note("normalized", reference.normalized())
            note("portNumber", String(describing: reference.portNumber))
            note("hostIsLoopbackLiteral", reference.hostIsLoopbackLiteral)
            let own = reference.query.map { QueryParameters($0).prefix(2).compactMap { try? $0.name() } } ?? []
            for name in names + own {
                attempt("queryParameter(\(name))") { () throws(QueryParameterError) in
                    let parameter = try reference.queryParameter(name)
                    return "\(String(describing: parameter?.rawValue)) \(String(describing: try? parameter?.value()))"
                }
            }
        }

        // Components built from the text (the build checks each component's bytes).
        attempt("URIComponents(userinfo, host, port).build") { () throws(URIBuildError) in
            try URIComponents(scheme: "x", userinfo: string, host: string, port: string, path: "").build()
        }
        attempt("URIComponents(scheme, path).build") { () throws(URIBuildError) in try URIComponents(scheme: string, path: string).build() }
        attempt("URIComponents(query, fragment).build") { () throws(URIBuildError) in
            try URIComponents(path: "", query: string, fragment: string).build()
        }

        // Redirect URIs.
        attempt("RedirectURI(parsing:)") { () throws(URIParseError) in
            let redirect = try RedirectURI(parsing: string)
            return "\(redirect.form.rawValue) \(String(describing: redirect.bundleID)) \(String(describing: redirect.androidPackage)) \(String(describing: redirect.signatureHash)) \(String(describing: redirect.inner)) \(redirect.diagnostics)"
        }
        attempt("RedirectURI.classify") { () throws(URIParseError) in
            let classification = try RedirectURI.classify(string)
            return "\(classification.form.rawValue) \(classification.ranges) \(String(describing: classification.bundleIDRange)) \(String(describing: classification.bundleID(in: string)))"
        }
        let verdict = relaxedVerifier.verify(string, caller: Caller(sourceApplication: string))
        note("verify", "\(verdict.accepted) \(String(describing: verdict.failedRule)) \(String(describing: verdict.matched)) \(verdict.diagnostics)")
        let selfVerdict = RedirectVerifier(registered: [string]).verify(string, caller: .notReported)
        note("verify(registered text)", "\(selfVerdict.accepted) \(String(describing: selfVerdict.failedRule)) \(selfVerdict.diagnostics)")
        let routing = redirects[1].routes(string)
        note("routes", "\(routing.belongs) \(routing.diagnostics)")
        note("BundleID(String)", String(describing: BundleID(string)))
        note("BundleID(Substring)", String(describing: BundleID(text)))
        note("RegistrationLint", RegistrationLint.lint(string))

        // Percent-encoding, UTF-8, base64, IP addresses.
        attempt("decode(String)") { () throws(PercentDecodingError) in try PercentEncoding.decode(string) }
        attempt("decode(Substring, +)") { () throws(PercentDecodingError) in try PercentEncoding.decode(text, plusIsSpace: true) }
        attempt("decodeString(String, +)") { () throws(PercentDecodingError) in try PercentEncoding.decodeString(string, plusIsSpace: true) }
        attempt("decodeString(Substring)") { () throws(PercentDecodingError) in try PercentEncoding.decodeString(text) }
        note("needsDecoding", PercentEncoding.needsDecoding(text, plusIsSpace: true))
        note("encode(unreserved)", PercentEncoding.encode(text, allowing: .unreserved))
        note("formEncode", PercentEncoding.formEncode(text))
        note("UTF8Validation", String(describing: UTF8Validation.firstInvalidIndex(in: text.utf8)))
        note("Base64.decode", String(describing: Base64.decode(text)))
        note("firstInvalidBase64URLOffset", String(describing: Base64.firstInvalidBase64URLOffset(text)))
        note("IPv4Address(String)", String(describing: IPv4Address(string)))
        note("IPv4Address(Substring)", String(describing: IPv4Address(text)))
        note("IPv6Address(String)", String(describing: IPv6Address(string)?.pieces))
        note("IPv6Address(Substring)", String(describing: IPv6Address(text)?.pieces))

        // The text read as a query.
        let parameters = QueryParameters(text)
        note("QueryParameters", parameters.prefix(8).map { "\($0.rawName)=\(String(describing: $0.rawValue)) \(String(describing: try? $0.value()))" })
        attempt("QueryParameters.decoded") { () throws(QueryParameterError) in try parameters.decoded().count }
        for name in names + parameters.prefix(2).compactMap({ try? $0.name() }) {
            attempt("value(\(name))") { () throws(QueryParameterError) in try parameters.value(name) }
        }
        attempt("single(rfc3986)") { () throws(QueryParameterError) in try QueryParameters(text, decoding: .rfc3986).single("x+y")?.rawValue }

        // Broker messages.
        attempt("BrokerRequest.parseParameters") { () throws(BrokerMessageError) in
            let request = try BrokerRequest.parseParameters(string)
            return "\(request) \(request.problems()) \(request.checkRedirectURI(caller: .reportedByOS(bundleID: "com.example.app")).accepted)"
        }
        attempt("BrokerResponse(parsing:)") { () throws(BrokerMessageError) in
            let response = try BrokerResponse(parsing: string)
            return "\(response.kind) \(String(describing: response.protocolVersion)) \(String(describing: response.response)) \(String(describing: response.hash)) \(String(describing: response.brokerNonce)) \(String(describing: response.errorCode)) \(response.parameters) \(response.redirectURI)"
        }
        return out
    }
}
