import Foundation
import Testing

/// The article "Running the doctor on your project" shows real runs: each `$ parse doctor …`
/// console block with output is run again on the project-shape fixtures and must print exactly
/// what the article shows.
struct DoctorProjectArticleTests {
    static let article = ReleaseTests.repositoryRoot.appendingPathComponent(
        "Sources/RedirectURIDoctor/RedirectURIDoctor.docc/RunningTheDoctorOnYourProject.md")
    static let shapes = ReleaseTests.repositoryRoot.appendingPathComponent("Tests/RedirectURIDoctorTests/Fixtures/Shapes")

    /// (arguments, expected output) of every console block that shows a run.
    static func examples() throws -> [(arguments: [String], output: String)] {
        let text = try String(contentsOf: article, encoding: .utf8)
        var examples: [(arguments: [String], output: String)] = []
        for block in text.components(separatedBy: "```console\n").dropFirst() {
            guard let body = block.components(separatedBy: "\n```").first else { continue }
            var lines = body.components(separatedBy: "\n")
            let prompt = "$ parse doctor "
            guard let command = lines.first, command.hasPrefix(prompt), lines.count > 1 else { continue }
            lines.removeFirst()
            examples.append(
                (["doctor"] + command.dropFirst(prompt.count).split(separator: " ").map(String.init), lines.joined(separator: "\n") + "\n"))
        }
        return examples
    }

    @Test func everyRunIsWhatTheCommandPrints() throws {
        let examples = try Self.examples()
        #expect(examples.count == 4)
        for (arguments, output) in examples {
            let outcome = try CommandRunner.runUnchecked(arguments, in: Self.shapes)
            #expect(outcome.standardOutput == output, "parse \(arguments.joined(separator: " "))")
        }
    }
}
