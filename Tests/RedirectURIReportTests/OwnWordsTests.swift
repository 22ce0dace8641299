import Foundation
import Testing

/// The product's documentation states its rules in its own words: no README, DocC article, doc
/// comment or help text cites the team's internal specification ("SPEC §6"), which users do not
/// have. A rule is cited by the DocC article that states it (`<doc:VerificationRules>`).
struct OwnWordsTests {
    static let root = ReleaseTests.repositoryRoot

    /// Every documentation file and every source file of the products.
    static func documents() throws -> [URL] {
        var files = ["README.md", "CHANGELOG.md", "CONTRIBUTING.md", "SECURITY.md", "Fuzz/README.md", "Benchmarks/README.md"]
            .map { root.appendingPathComponent($0) }
        let sources = root.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            if ["swift", "md"].contains(file.pathExtension) { files.append(file) }
        }
        return files
    }

    static func citations(in text: String) -> [String] {
        text.split(separator: "\n").filter { line in
            guard let range = line.range(of: "SPEC") else { return false }
            let before = range.lowerBound == line.startIndex ? " " : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? " " : line[range.upperBound]
            return !(before.isLetter || after.isLetter)
        }.map(String.init)
    }

    @Test func noDocumentCitesTheInternalSpecification() throws {
        let documents = try Self.documents()
        #expect(documents.count > 20)
        for file in documents {
            let text = try String(contentsOf: file, encoding: .utf8)
            let found = Self.citations(in: text)
            #expect(found.isEmpty, "\(file.path): \(found.joined(separator: " | "))")
        }
    }

    @Test func noHelpTextCitesIt() throws {
        for arguments in [["--help"], ["help", "analyze"], ["doctor", "--help"]] {
            let outcome = try CommandRunner.run(arguments)
            #expect(outcome.status == 0)
            #expect(Self.citations(in: outcome.standardOutput).isEmpty, "parse \(arguments.joined(separator: " "))")
        }
    }

    @Test func theCheckFindsACitation() {
        #expect(Self.citations(in: "rules (SPEC §6)") == ["rules (SPEC §6)"])
        #expect(Self.citations(in: "SPECIFICATION, SPECs").isEmpty)
    }
}
