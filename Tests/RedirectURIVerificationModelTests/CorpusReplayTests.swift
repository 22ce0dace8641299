import Foundation
import Testing
import RedirectURIVerificationModel

/// Replays FuzzVerify's committed corpus and its kept regressions through the model and the
/// engine: no input may make them disagree (known engine bugs excepted, see KnownEngineBug).
struct CorpusReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files(_ folder: String) -> [String] {
        let path = root.appendingPathComponent(folder).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { "\(folder)/\($0)" }
    }

    static let inputs = files("Corpus/FuzzVerify") + files("Corpus/regressions/FuzzVerify")

    @Test func corpusIsThere() {
        #expect(Self.files("Corpus/FuzzVerify").count >= 100)
    }

    @Test func everyInput() throws {
        for path in Self.inputs {
            let bytes = [UInt8](try Data(contentsOf: Self.root.appendingPathComponent(path)))
            let c = Recipe.decode(bytes)
            let disagreements = Agreement.check(c)
            #expect(disagreements.isEmpty, "\(path)\n\(disagreements.map(\.description).joined(separator: "\n"))\n\(c)")
        }
    }

    /// Each known engine bug has its reproducer kept, and the reproducer still shows the bug (so
    /// the entry is deleted when the engine is fixed).
    @Test func knownEngineBugsHaveReproducers() throws {
        for bug in KnownEngineBug.all {
            let path = "Corpus/regressions/FuzzVerify/\(bug.name)"
            let bytes = [UInt8](try Data(contentsOf: Self.root.appendingPathComponent(path)))
            let c = Recipe.decode(bytes)
            #expect(Agreement.check(c, excludingKnownBugs: false).contains { bug.explains($0, c) }, "\(path) no longer shows \(bug.name)")
        }
    }
}
