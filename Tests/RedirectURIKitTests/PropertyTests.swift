import Testing
@testable import RedirectURIKit

/// Properties over generated inputs (seeded, so every run checks the same inputs).
struct PropertyTests {
    static let tokens = [
        "a", "Z", "0", "9", "127", "255", ".", "-", "_", "~", "+", "!", "$", "&", "'", "(", ")", "*", ",",
        ";", "=", ":", "/", "//", "?", "#", "@", "%41", "%3a", "%C3%A9", "[::1]", "[v1.x]", "[1:2::3]",
        "1.2.3.4", "..", "./", "http:", "x-msauth-app://", "msauth.com.app://auth", "%", " ", "[", "\\",
    ]

    static func generatedStrings(count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 0...12, using: &generator)
            return (0..<length).map { _ in tokens.randomElement(using: &generator) ?? "" }.joined()
        }
    }

    @Test func serializeOfParseIsTheInput() {
        var accepted = 0
        for text in Self.generatedStrings(count: 20_000, seed: 1) {
            guard case .success(let reference) = parseOutcome(text) else { continue }
            accepted += 1
            let components = URIComponents(reference)
            #expect(components.serialized == text)
            #expect((try? components.build())?.description == text, "\(text)")
        }
        #expect(accepted > 1000)  // the generator must keep producing valid references
    }

    @Test func entryPointsAgree() {
        for text in Self.generatedStrings(count: 5_000, seed: 2) {
            let fromString = parseOutcome(text)
            let fromBytes = Result { () throws(URIParseError) in try URIReference(bytes: Array(text.utf8)) }
            let padded = "<<" + text + ">>"
            let slice = padded.dropFirst(2).dropLast(2)
            let fromSubstring = Result { () throws(URIParseError) in try URIReference(parsing: slice) }
            switch (fromString, fromBytes, fromSubstring) {
            case (.success(let a), .success(let b), .success(let c)):
                #expect(a.ranges == b.ranges && a.ranges == c.ranges, "\(text)")
                #expect(a.componentTuple == c.componentTuple, "\(text)")
            case (.failure(let a), .failure(let b), .failure(let c)):
                #expect(a.kind == b.kind && a.offset == b.offset && a.offset == c.offset, "\(text)")
            default:
                Issue.record("entry points disagree on \(text.debugDescription)")
            }
        }
    }

    @Test func normalizationIsIdempotentAndValid() throws {
        for text in Self.generatedStrings(count: 20_000, seed: 3) {
            guard case .success(let reference) = parseOutcome(text) else { continue }
            let once = reference.normalized()
            let reparsed = try URIReference(parsing: once)
            #expect(reparsed.normalized() == once, "\(text)")
            #expect(reparsed.hasScheme == reference.hasScheme)
        }
    }

    @Test func randomBytesNeverTrap() {
        var generator = SeededGenerator(seed: 4)
        let grammars: [URIGrammar] = [.uriReference, .uri, .absoluteURI, .relativeReference]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &generator)
            // Half the inputs from the URI alphabet, so that parsing gets past the first byte.
            let alphabet: [UInt8] = Array("ab:/?#[]@%1.".utf8)
            let bytes: [UInt8] = (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0...255, using: &generator)
                    : alphabet.randomElement(using: &generator) ?? 0
            }
            for grammar in grammars {
                do {
                    let reference = try URIReference(bytes: bytes, as: grammar)
                    #expect(reference.ranges.count == bytes.count)
                } catch {
                    #expect(error.offset >= 0 && error.offset <= bytes.count)
                }
            }
            _ = try? PercentEncoding.decodeString(String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test func decodeOfEncodeIsIdentity() throws {
        var generator = SeededGenerator(seed: 5)
        let classes: [ByteClass] = [.unreserved, .pchar, .path, .queryOrFragment, .userinfo, .regName]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for byteClass in classes {
                let encoded = PercentEncoding.encode(bytes, allowing: byteClass)
                #expect(try PercentEncoding.decode(encoded) == bytes)
                #expect(encoded.utf8.allSatisfy { byteClass.contains($0) || $0 == ASCII.percentSign || ByteClass.hexDigit.contains($0) })
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(try PercentEncoding.decodeString(PercentEncoding.formEncode(text), plusIsSpace: true) == text)
        }
    }

    @Test func encodedComponentsAlwaysParse() throws {
        var generator = SeededGenerator(seed: 6)
        for _ in 0..<2_000 {
            let raw = (0..<Int.random(in: 0...16, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let components = URIComponents(
                scheme: "x-app", host: PercentEncoding.encode(raw, allowing: .regName),
                path: "/" + PercentEncoding.encode(raw, allowing: .path),
                query: PercentEncoding.encode(raw, allowing: .queryOrFragment))
            let built = try components.build()
            #expect(URIComponents(built) == components)
        }
    }

    @Test func resolvingAnAbsoluteReferenceKeepsIt() throws {
        let base = try URIReference(parsing: "http://a/b/c/d;p?q")
        for text in Self.generatedStrings(count: 10_000, seed: 7) {
            guard case .success(let reference) = parseOutcome(text) else { continue }
            let resolved = try reference.resolved(against: base)
            #expect(resolved.hasScheme)
            if reference.hasScheme { #expect(resolved.scheme == reference.scheme) }
            #expect(resolved.fragment == reference.fragment)
        }
    }
}
