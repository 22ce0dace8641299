import Foundation
@testable import RedirectURIKit

/// A deterministic random number generator (SplitMix64), so that property tests are repeatable.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Files committed next to the tests (the tests never read ../shared).
enum TestFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repositoryRoot = directory.deletingLastPathComponent().deletingLastPathComponent()

    static func lines(_ relativePath: String) throws -> [String] {
        let text = try String(contentsOf: directory.appendingPathComponent(relativePath), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// Parses or returns the error, for table rows that expect either.
func parseOutcome(_ text: String, as grammar: URIGrammar = .uriReference) -> Result<URIReference, URIParseError> {
    Result { () throws(URIParseError) in try URIReference(parsing: text, as: grammar) }
}

extension URIReference {
    /// The seven components in RFC 3986 order, `nil` where absent.
    var componentTuple: [String?] {
        [scheme, userinfo, host, port, path, query, fragment].map { $0.map(String.init) }
    }
}
