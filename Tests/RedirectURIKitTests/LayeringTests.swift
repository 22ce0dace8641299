import Foundation
import Testing

/// The core's folders are layers: `Syntax/` (the RFC 3986 grammar) and `Encoding/` (percent-,
/// form- and base64 coding, queries) know nothing of `Operations/`, `Redirect/` or `Broker/`,
/// so the grammar can be read, tested and reused without the redirect rules. A name declared in
/// a higher layer and used in a lower one fails this test.
struct LayeringTests {
    static let core = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RedirectURIKit")

    /// The layers, lowest first; each may use the ones before it.
    static let layers = ["Syntax", "Encoding", "Operations", "Redirect", "Broker", "Registrations", "Registry"]

    static func sources(in layer: String) throws -> [(name: String, text: String)] {
        let folder = core.appendingPathComponent(layer)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// Type names a file declares at any depth (`struct X`, `enum X`, `class X`, `protocol X`,
    /// `typealias X`).
    static func declaredTypes(in text: String) -> Set<String> {
        var names: Set<String> = []
        // Prose says "the ADAL protocol (max_protocol_ver)" too: only code declares.
        let words = code(of: text).split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
        for (index, word) in words.enumerated().dropLast() where ["struct", "enum", "class", "protocol", "typealias"].contains(word) {
            names.insert(String(words[index + 1]))
        }
        return names
    }

    static func identifiers(in text: String) -> Set<String> {
        Set(code(of: text).split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init))
    }

    /// The text without comments and without the words inside string literals (interpolations
    /// aside, a string's words are prose too): comments and messages may name anything.
    static func code(of text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let uncommented = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
            var kept = ""
            var inString = false
            var previous: Character = " "
            for character in uncommented {
                if character == "\"" && previous != "\\" {
                    inString.toggle()
                } else if !inString {
                    kept.append(character)
                }
                previous = character
            }
            return kept
        }.joined(separator: "\n")
    }

    @Test(arguments: 0..<layers.count)
    func noLayerUsesAHigherOne(position: Int) throws {
        var higher: [String: String] = [:]  // type name → layer
        for layer in Self.layers[(position + 1)...] {
            for file in try Self.sources(in: layer) {
                for name in Self.declaredTypes(in: file.text) { higher[name] = layer }
            }
        }
        // A name declared here or below (a nested `Kind`, say) is this layer's own.
        var own: Set<String> = []
        for layer in Self.layers[...position] {
            for file in try Self.sources(in: layer) { own.formUnion(Self.declaredTypes(in: file.text)) }
        }
        let layer = Self.layers[position]
        let files = try Self.sources(in: layer)
        #expect(!files.isEmpty, "no sources in \(layer)")
        for file in files {
            for name in Self.identifiers(in: file.text).subtracting(own) {
                if let owner = higher[name] {
                    Issue.record("\(layer)/\(file.name) uses \(name), declared in \(owner)/")
                }
            }
        }
    }

    /// The test can fail: the higher layers declare the names it looks for.
    @Test func higherLayersDeclareTheirTypes() throws {
        let redirect = try Self.sources(in: "Redirect").reduce(into: Set<String>()) { $0.formUnion(Self.declaredTypes(in: $1.text)) }
        #expect(redirect.isSuperset(of: ["RedirectURI", "RedirectRules", "RedirectVerifier", "BundleID"]))
    }
}
