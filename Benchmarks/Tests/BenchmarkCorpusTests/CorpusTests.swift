// Checks the benchmark inputs: shape, determinism and validity. Nothing here is timed.
import BenchmarkCorpus
import Foundation
import RedirectURIKit
import Testing

@Suite struct CorpusTests {
    let corpus = Corpus.standard

    @Test func categoryCountsMatchTheMix() {
        #expect(corpus.entries.count == 2_000)
        for category in Corpus.Category.allCases {
            #expect(corpus.lines(category).count == category.standardCount)
        }
    }

    /// Pinned: changing the generator changes every figure measured on it, so it must be deliberate.
    @Test func generationIsDeterministic() {
        #expect(Corpus(seed: Corpus.standardSeed).fingerprint == corpus.fingerprint)
        #expect(corpus.fingerprint == 0x4E69_B4E8_3FC1_A2A8)
    }

    @Test func everyLineIsAValidASCIIURI() throws {
        for (category, uri) in corpus.entries {
            #expect(uri.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "\(category) \(uri)")
            #expect(throws: Never.self, "\(category) \(uri)") { try URIReference(parsing: uri, as: .uri) }
            #expect(URL(string: uri, encodingInvalidCharacters: false) != nil, "\(category) \(uri)")
            #expect(URLComponents(string: uri, encodingInvalidCharacters: false) != nil, "\(category) \(uri)")
        }
    }

    @Test func shortRedirectsAreShort() {
        let lengths = corpus.lines(.shortRedirect).map(\.utf8.count)
        #expect(lengths.max()! < 100)
    }

    @Test func certificateWrappersHoldOneEncodedSegment() throws {
        for uri in corpus.lines(.certificateAuth) {
            let reference = try URIReference(parsing: uri)
            #expect(reference.scheme == "msauth" && reference.host == "code")
            #expect(reference.path.dropFirst().contains("/") == false)
            #expect(reference.path.contains("%3A%2F%2F"))
        }
    }

    @Test func brokerRequestsCarryTenToFifteenParameters() throws {
        for uri in corpus.lines(.brokerRequest) {
            let query = try #require(try URIReference(parsing: uri).query)
            let names = query.split(separator: "&").map { $0.prefix { $0 != "=" } }
            #expect((10...15).contains(names.count), "\(uri)")
            #expect(Set(names).count == names.count, "duplicate parameter in \(uri)")
            #expect(names.contains("redirect_uri"))
        }
    }

    @Test func brokerResponsesCarryTwoToSixKilobytes() throws {
        for uri in corpus.lines(.brokerResponse) {
            let query = try #require(try URIReference(parsing: uri).query)
            let parameters = query.split(separator: "&")
            #expect(parameters.count == 3)
            let response = try #require(parameters.first { $0.hasPrefix("response=") }).dropFirst("response=".count)
            #expect((2048...6144).contains(response.count))
            let hash = try #require(parameters.first { $0.hasPrefix("hash=") }).dropFirst("hash=".count)
            #expect(hash.count == 64 && hash.allSatisfy(\.isHexDigit))
        }
    }

    @Test func invalidLinesAreRejectedByBoth() {
        let invalid = corpus.invalidLines()
        #expect(invalid.count == 800)
        for uri in invalid {
            #expect(throws: URIParseError.self, "\(uri)") { try URIReference(parsing: uri) }
            #expect(URL(string: uri, encodingInvalidCharacters: false) == nil, "\(uri)")
            #expect(URLComponents(string: uri, encodingInvalidCharacters: false) == nil, "\(uri)")
        }
    }

    @Test(arguments: [100 * 1024, 1024 * 1024])
    func longResponsesHaveTheirSizeAndParse(byteCount: Int) throws {
        let uri = Corpus.longBrokerResponse(byteCount: byteCount)
        #expect(uri.utf8.count == byteCount)
        _ = try URIReference(parsing: uri, as: .uri)
        #expect(URL(string: uri, encodingInvalidCharacters: false) != nil)
    }

    /// What Foundation's default `URL(string:)` does with the invalid lines: recorded, not required,
    /// so the README can say which comparison the "invalid input" benchmarks make.
    @Test func foundationDefaultOnInvalidInput() {
        let invalid = corpus.invalidLines()
        let accepted = invalid.filter { URL(string: $0) != nil }.count
        let acceptedComponents = invalid.filter { URLComponents(string: $0) != nil }.count
        print("URL(string:) accepts \(accepted) of \(invalid.count) invalid lines; URLComponents \(acceptedComponents)")
    }
}
