import Foundation
import Testing

/// The `parse` examples of the README and of the articles that took over its reference sections
/// (*The parse command*, *The doctor's checks*) are the command's real output: every ```console
/// block line `$ swift run parse …` (or `$ parse …`) is run against the built command from the
/// repository root, and what follows it, up to the next `$` line, must be exactly what it prints.
/// A line `...` (indented or not) stands for any number of lines. Other commands (`swift test`,
/// scripts) are not run.
@Suite(.serialized)
struct ReadmeExampleTests {
    struct Example {
        let document: URL
        let line: Int
        let arguments: [String]
        let expected: [String]
    }

    static let readme = ReleaseTests.repositoryRoot.appendingPathComponent("README.md")
    static let parseArticle = ReleaseTests.repositoryRoot
        .appendingPathComponent("Sources/RedirectURIReport/RedirectURIReport.docc/TheParseCommand.md")
    static let doctorArticle = ReleaseTests.repositoryRoot
        .appendingPathComponent("Sources/RedirectURIDoctor/RedirectURIDoctor.docc/DoctorChecks.md")
    static let documents = [readme, parseArticle, doctorArticle]

    /// Every `parse` example of the documents.
    static func examples() throws -> [Example] {
        try documents.flatMap { try examples(in: $0) }
    }

    /// Every `parse` example of one document.
    static func examples(in document: URL) throws -> [Example] {
        let lines = try String(contentsOf: document, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [Example] = []
        var inConsole = false
        var current: (line: Int, arguments: [String]?, expected: [String])?
        func finish() {
            if let example = current, let arguments = example.arguments {
                examples.append(Example(document: document, line: example.line, arguments: arguments, expected: example.expected))
            }
            current = nil
        }
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") {
                if inConsole { finish() }
                inConsole = !inConsole && line == "```console"
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                finish()
                let words = try ShellWords.split(String(line.dropFirst(2)))
                let command: [String]? = words.starts(with: ["swift", "run", "parse"]) ? Array(words.dropFirst(3))
                    : words.first == "parse" ? Array(words.dropFirst()) : nil
                current = (index + 1, command, [])
            } else {
                current?.expected.append(line)
            }
        }
        return examples
    }

    /// Whether `actual` matches `expected`, where a `...` line matches any run of lines.
    static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first.trimmingCharacters(in: .whitespaces) == "..." {
            let rest = expected.dropFirst()
            return actual.indices.map { actual[$0...] }.contains { matches($0, rest) } || matches(actual[actual.endIndex...], rest)
        }
        guard actual.first == first else { return false }
        return matches(actual.dropFirst(), expected.dropFirst())
    }

    /// The README is for the user who arrives: short, and how to add the package comes early, with
    /// a dependency line that promises no tag (none exists yet; scripts/check-readme-dependency
    /// resolves the line itself).
    @Test func theReadmeIsShortAndStartsWithTheLibrary() throws {
        let lines = try String(contentsOf: Self.readme, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count < 250)
        let dependency = try #require(lines.firstIndex { $0.contains(".package(url:") })
        #expect(dependency < 80)
        #expect(lines[dependency].contains("branch: \"main\""))
    }

    @Test func theDocumentsHaveParseExamples() throws {
        let readme = try Self.examples(in: Self.readme)
        #expect(readme.count == 3)
        #expect(readme.contains { $0.arguments.first == "doctor" })
        let parse = try Self.examples(in: Self.parseArticle)
        #expect(parse.count >= 6)
        #expect(parse.contains { $0.arguments.contains("--json") })
        #expect(parse.contains { $0.arguments.first == "route" })
        #expect(try Self.examples(in: Self.doctorArticle).count >= 3)
    }

    @Test func everyParseExamplePrintsWhatTheReadmeShows() throws {
        for example in try Self.examples() {
            let outcome = try CommandRunner.run(example.arguments, in: ReleaseTests.repositoryRoot)
            var actual = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if actual.last == "" { actual.removeLast() }
            let name = example.document.lastPathComponent
            #expect(Self.matches(actual[...], example.expected[...]),
                "\(name) line \(example.line): parse \(example.arguments.joined(separator: " ")) printed:\n\(actual.joined(separator: "\n"))",
                sourceLocation: SourceLocation(fileID: "RedirectURIReportTests/\(name)", filePath: example.document.path, line: example.line, column: 1))
        }
    }

    @Test func shellWords() throws {
        #expect(try ShellWords.split(#"swift run parse --iri 'https://a b/' "x\"y" c\ d   # a comment"#)
            == ["swift", "run", "parse", "--iri", "https://a b/", "x\"y", "c d"])
        #expect(throws: ShellWords.UnterminatedQuote.self) { try ShellWords.split("parse 'a") }
    }

    @Test func ellipsisMatching() {
        #expect(Self.matches(["a", "b", "c"], ["a", "...", "c"]))
        #expect(Self.matches(["a", "c"], ["a", "...", "c"]))
        #expect(Self.matches(["a", "b"], ["a", "  ..."]))
        #expect(!Self.matches(["a", "b"], ["a"]))
        #expect(!Self.matches(["a", "b", "d"], ["a", "...", "c"]))
    }
}

/// POSIX shell word splitting, enough for the README's command lines: single and double quotes,
/// backslash escapes, and a `#` comment at the start of a word.
enum ShellWords {
    struct UnterminatedQuote: Error {}

    static func split(_ line: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            switch character {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "#" where !inWord:
                return words
            case "'":
                inWord = true
                guard let end = characters.firstIndex(of: "'") else { throw UnterminatedQuote() }
                word += String(characters[..<end])
                characters = characters[(end + 1)...]
            case "\"":
                inWord = true
                while true {
                    guard let next = characters.popFirst() else { throw UnterminatedQuote() }
                    if next == "\"" { break }
                    if next == "\\", let escaped = characters.first, "$`\"\\".contains(escaped) {
                        word.append(escaped)
                        characters = characters.dropFirst()
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                inWord = true
                if let escaped = characters.popFirst() { word.append(escaped) }
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
