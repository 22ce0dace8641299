import Foundation
import RedirectURIReport
import Testing

/// The key table of the article *The parse command* names exactly the keys `parse --json` writes:
/// a key added to the encoder without a row (as `clientID` once was) fails here, and so does a row
/// for a key that is gone.
struct JSONKeyTableTests {
    /// The first cell of each row of the table headed `| key | meaning |`.
    static func documentedKeys() throws -> [String] {
        let article = try String(contentsOf: ReadmeExampleTests.parseArticle, encoding: .utf8)
        let lines = article.split(separator: "\n", omittingEmptySubsequences: false)
        let header = try #require(lines.firstIndex { $0.hasPrefix("| key | meaning |") })
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { row in
            row.split(separator: "|")[0].trimmingCharacters(in: CharacterSet(charactersIn: " `"))
        }
    }

    /// The keys of the objects the encoder writes, for a valid and an invalid input (every key is
    /// written, `null` when absent).
    static func encodedKeys() throws -> Set<String> {
        var keys: Set<String> = []
        for input in ["msauth.com.contoso.app://auth", "http://h:8a/p"] {
            let line = InputAnalyzer().analyze(Array(input.utf8)).jsonLine()
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            keys.formUnion(object.keys)
        }
        return keys
    }

    @Test func theTableListsEveryKeyTheEncoderWrites() throws {
        let documented = try Self.documentedKeys()
        #expect(documented.count == Set(documented).count, "a key listed twice: \(documented)")
        #expect(Set(documented) == (try Self.encodedKeys()))
        #expect(documented.contains("clientID"))
    }
}
