import Foundation
import Testing

/// The DocC article "Checking your app in Xcode and CI" shows real runs of every format on the
/// plugin fixture (`Tests/PluginFixtures/SamplePackage`): each `$ parse doctor …` block is run
/// again there and must print exactly what the article shows (a `...` line stands for any lines,
/// as in the README), the SARIF excerpt must be part of the log the command it names prints, the
/// Info.plist excerpt part of the fixture, and the command plugin's block the doctor's lines.
@Suite(.serialized)
struct DocCDoctorArticleTests {
    static let article = ReleaseTests.repositoryRoot
        .appendingPathComponent("Sources/RedirectURIDoctor/RedirectURIDoctor.docc/CheckingYourAppInXcodeAndCI.md")
    static let fixture = ReleaseTests.repositoryRoot.appendingPathComponent("Tests/PluginFixtures/SamplePackage")

    /// A fenced block: its language (empty for none), its lines, the 1-based line of its first
    /// line, and the prose between the previous block and this one.
    struct Block {
        var language: String
        var lines: [String]
        var line: Int
        var prose: String
    }

    static func blocks() throws -> [Block] {
        let lines = try String(contentsOf: article, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var current: Block?
        var prose: [String] = []
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                    prose = []
                } else {
                    current = Block(language: String(line.dropFirst(3)), lines: [], line: index + 2, prose: prose.joined(separator: "\n"))
                }
            } else if current != nil {
                current?.lines.append(line)
            } else {
                prose.append(line)
            }
        }
        return blocks
    }

    static func sourceLocation(_ line: Int) -> SourceLocation {
        SourceLocation(fileID: "RedirectURIDoctor/CheckingYourAppInXcodeAndCI.md", filePath: article.path, line: line, column: 1)
    }

    static func lines(_ output: String) -> [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Each `$ parse doctor …` block, run in the fixture: the same output, and the same exit
    /// status for every format (1: the fixture has an error); every format is shown.
    @Test func everyCommandPrintsWhatTheArticleShows() throws {
        var formats: Set<String> = []
        for block in try Self.blocks() where block.language.isEmpty {
            guard let command = block.lines.first, command.hasPrefix("$ parse doctor ") else { continue }
            let arguments = Array(try ShellWords.split(String(command.dropFirst(2))).dropFirst())
            let outcome = try CommandRunner.run(arguments, in: Self.fixture)
            let actual = Self.lines(outcome.standardOutput)
            #expect(
                ReadmeExampleTests.matches(actual[...], block.lines.dropFirst()),
                "\(command) printed:\n\(actual.joined(separator: "\n"))", sourceLocation: Self.sourceLocation(block.line))
            #expect(outcome.status == 1, "\(command)", sourceLocation: Self.sourceLocation(block.line))
            let format = arguments.firstIndex(of: "--format").map { arguments[$0 + 1] } ?? "text"
            formats.insert(format)
        }
        #expect(formats == ["text", "json", "xcode", "github"])
    }

    /// The SARIF excerpt is what the command named just before it prints, cut: every key it shows
    /// has the value shown, and each array's elements are a subsequence of the log's (an empty
    /// array is empty in the log too). The driver's version is the release's, whatever the
    /// article shows.
    @Test func theSarifExcerptIsPartOfTheLog() throws {
        let sarifBlocks = try Self.blocks().filter { $0.language == "json" }
        #expect(sarifBlocks.count == 1)
        for block in sarifBlocks {
            let named = block.prose.components(separatedBy: "`parse doctor ").last?.prefix { $0 != "`" } ?? ""
            let arguments = Array(try ShellWords.split("doctor " + named))
            #expect(arguments.suffix(2) == ["--format", "sarif"], "\(arguments)", sourceLocation: Self.sourceLocation(block.line))
            let outcome = try CommandRunner.run(arguments, in: Self.fixture)
            #expect(outcome.status == 1)
            let log = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
            let excerpt = try JSONSerialization.jsonObject(with: Data(block.lines.joined(separator: "\n").utf8))
            var problems: [String] = []
            Self.contains(Self.versionless(log), Self.versionless(excerpt), at: "$", problems: &problems)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))", sourceLocation: Self.sourceLocation(block.line))
        }
    }

    /// Whether `whole` holds `part` (see ``theSarifExcerptIsPartOfTheLog()``), with what differs.
    static func contains(_ whole: Any, _ part: Any, at path: String, problems: inout [String]) {
        switch (whole, part) {
        case (let whole as [String: Any], let part as [String: Any]):
            for (key, value) in part {
                guard let actual = whole[key] else {
                    problems.append("\(path).\(key) is not in the log")
                    continue
                }
                contains(actual, value, at: "\(path).\(key)", problems: &problems)
            }
        case (let whole as [Any], let part as [Any]):
            if part.isEmpty, !whole.isEmpty { problems.append("\(path) is empty in the excerpt, not in the log") }
            var rest = whole[...]
            for (index, element) in part.enumerated() {
                var scratch: [String] = []
                guard
                    let found = rest.firstIndex(where: { candidate in
                        scratch = []
                        contains(candidate, element, at: "", problems: &scratch)
                        return scratch.isEmpty
                    })
                else {
                    problems.append("\(path)[\(index)] of the excerpt is in no later element of the log")
                    continue
                }
                rest = rest[(found + 1)...]
            }
        default:
            // Both read by JSONSerialization, so a scalar of one JSON value prints one way.
            if String(describing: whole) != String(describing: part) {
                problems.append("\(path) is \(whole) in the log, \(part) in the excerpt")
            }
        }
    }

    static func versionless(_ log: Any) -> Any {
        guard var log = log as? [String: Any], var runs = log["runs"] as? [[String: Any]] else { return log }
        for index in runs.indices {
            guard var tool = runs[index]["tool"] as? [String: Any], var driver = tool["driver"] as? [String: Any],
                driver["version"] != nil
            else { continue }
            driver["version"] = "VERSION"
            tool["driver"] = driver
            runs[index]["tool"] = tool
        }
        log["runs"] = runs
        return log
    }

    @Test func theExcerptCheckFindsADifference() {
        var problems: [String] = []
        Self.contains(["a": [1, 2, 3], "b": "x"], ["a": [1, 3]], at: "$", problems: &problems)
        #expect(problems.isEmpty)
        Self.contains(["a": [1, 2, 3]], ["a": [3, 1]], at: "$", problems: &problems)
        Self.contains(["a": [1]], ["a": [] as [Int]], at: "$", problems: &problems)
        Self.contains(["b": "x"], ["b": "y", "c": 1], at: "$", problems: &problems)
        #expect(problems.count == 4, "\(problems)")
    }

    /// The Info.plist excerpt is the fixture's, line for line (the article drops the one tab of
    /// the keys of the root dictionary).
    @Test func thePlistExcerptIsTheFixtures() throws {
        let plist = try String(
            contentsOf: Self.fixture.appendingPathComponent("Sources/MisconfiguredApp/Info.plist"), encoding: .utf8)
        let xml = try Self.blocks().filter { $0.language == "xml" }
        #expect(xml.count == 1)
        for block in xml {
            let indented = block.lines.map { "\t" + $0 }.joined(separator: "\n") + "\n"
            #expect(plist.contains(indented), sourceLocation: Self.sourceLocation(block.line))
        }
    }

    /// The command plugin's block: the lines between the command and the plugin's last line are
    /// the doctor's `xcode` output for the target, checked as the plugin checks it (`--package`).
    @Test func theCommandPluginsBlockHasTheDoctorsLines() throws {
        let plugin = try Self.blocks().filter { $0.lines.first?.hasPrefix("$ swift package redirect-doctor ") == true }
        #expect(plugin.count == 1)
        for block in plugin {
            #expect(block.lines.first?.contains("--target MisconfiguredApp") == true)
            let outcome = try CommandRunner.runUnchecked(
                ["doctor", "--package", ".", "--target", "MisconfiguredApp", "--format", "xcode"], in: Self.fixture)
            #expect(outcome.status == 1)
            #expect(Array(block.lines.dropFirst().dropLast()) == Self.lines(outcome.standardOutput), sourceLocation: Self.sourceLocation(block.line))
            #expect(block.lines.last == "error: the app configuration of 'MisconfiguredApp' has problems (see above)")
        }
    }
}
