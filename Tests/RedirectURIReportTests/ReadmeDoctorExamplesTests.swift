import Foundation
import Testing

/// The `parse doctor` examples of the article *The doctor's checks* are real runs: each
/// `$ swift run parse doctor …` block is run again on the committed fixtures and must print exactly
/// what the article shows, whole (no `...`).
struct ReadmeDoctorExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// (arguments, expected output) for every console block that runs `parse doctor`.
    static func examples() throws -> [(arguments: [String], output: String)] {
        let readme = try String(contentsOf: ReadmeExampleTests.doctorArticle, encoding: .utf8)
        var examples: [(arguments: [String], output: String)] = []
        for block in readme.components(separatedBy: "```console\n").dropFirst() {
            guard let body = block.components(separatedBy: "\n```").first else { continue }
            var lines = body.components(separatedBy: "\n")
            let prompt = "$ swift run parse doctor "
            guard let command = lines.first, command.hasPrefix(prompt) else { continue }
            lines.removeFirst()
            examples.append((["doctor"] + command.dropFirst(prompt.count).split(separator: " ").map(String.init),
                             lines.joined(separator: "\n") + "\n"))
        }
        return examples
    }

    @Test func everyDoctorExampleIsWhatTheCommandPrints() throws {
        let examples = try Self.examples()
        #expect(examples.count == 5)
        for (arguments, output) in examples {
            let process = Process()
            process.executableURL = CommandRunner.executable
            process.arguments = arguments
            process.currentDirectoryURL = Self.root
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(printed == output, "parse \(arguments.joined(separator: " "))")
        }
    }
}
