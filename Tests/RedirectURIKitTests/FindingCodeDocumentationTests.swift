import Foundation
import Testing
@testable import RedirectURIKit

/// The "Verification rules" article defines every finding code: its *Findings* table lists
/// exactly the codes the core reports, with the severity they are reported at.
struct FindingCodeDocumentationTests {
    /// The article, read from the repository (it ships with the sources).
    static func article() throws -> String {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/RedirectURIKit/RedirectURIKit.docc/VerificationRules.md")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The rows of the *Findings* table: code → severity.
    static func documentedCodes() throws -> [String: String] {
        let text = try article()
        let section = try #require(text.range(of: "## Findings")).upperBound
        var rows: [String: String] = [:]
        for line in text[section...].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        return rows
    }

    @Test func theFindingsTableListsExactlyTheCodes() throws {
        let documented = try Self.documentedCodes()
        #expect(Set(documented.keys) == Set(FindingCode.allCodes.map(\.rawValue)))
    }

    /// Classification findings are reported at the documented severity.
    @Test func classificationSeveritiesAreTheDocumentedOnes() throws {
        let documented = try Self.documentedCodes()
        for entry in RedirectFindings.codes {
            #expect(documented[entry.code.rawValue] == entry.severity.rawValue, "\(entry.code)")
        }
    }

    /// Every code the article's lint table names is a code, and the Findings table has them all.
    @Test func theLintTableNamesOnlyCodes() throws {
        let text = try Self.article()
        let lint = try #require(text.range(of: "## Registration lint"))
        let findings = try #require(text.range(of: "## Findings"))
        let codes = Set(FindingCode.allCodes.map(\.rawValue))
        var named = 0
        for line in text[lint.upperBound..<findings.lowerBound].split(separator: "\n") where line.hasPrefix("| `") {
            let code = line.split(separator: "`")[1]
            #expect(codes.contains(String(code)), "\(code)")
            named += 1
        }
        #expect(named == 10)
    }

    @Test func codesAreUniqueAndSpelledAlike() {
        let raw = FindingCode.allCodes.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        #expect(raw.allSatisfy { $0.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" } })
        #expect(FindingSeverity.info < .warning && FindingSeverity.warning < .error)
    }
}
