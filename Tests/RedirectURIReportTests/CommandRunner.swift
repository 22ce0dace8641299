import Foundation
import Testing

/// Runs the built `parse` executable, which sits next to the test bundle in the build folder.
struct CommandRunner {
    struct Outcome {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On Linux the runner is `<build>/swift-redirect-uriPackageTests.xctest`; on macOS a bundle
        // inside `<build>`, three levels deeper.
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("parse")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/parse")
    }

    /// Runs `parse` with `arguments` and, for an analysis (not `doctor`, `help` or
    /// `--version`), checks that the exit status agrees with what was printed (see
    /// ``PrintedOutcome``): every end-to-end test checks that invariant.
    static func run(
        _ arguments: [String], standardInput: Data? = nil, in directory: URL? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Outcome {
        let outcome = try runUnchecked(arguments, standardInput: standardInput, in: directory)
        let json = printsJSON(arguments)
        if PrintedOutcome.isAnalysis(arguments) {
            PrintedOutcome.expectStatusAgrees(outcome, json: json, sourceLocation: sourceLocation)
        } else if arguments.first == "route", outcome.status != 2 {
            #expect(outcome.status == (PrintedOutcome.routeFailed(outcome.standardOutput, json: json) ? 1 : 0),
                "route: the status disagrees with what was printed", sourceLocation: sourceLocation)
        }
        return outcome
    }

    /// Whether `arguments` ask for JSON: `--json`, `--format json` or `--format=json` (before `--`).
    static func printsJSON(_ arguments: [String]) -> Bool {
        let options = Array(arguments.prefix { $0 != "--" })
        return options.contains("--json") || options.contains("--format=json")
            || zip(options, options.dropFirst()).contains { $0 == ("--format", "json") }
    }

    /// Runs `parse` with `arguments`, checking nothing.
    static func runUnchecked(_ arguments: [String], standardInput: Data? = nil, in directory: URL? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let error = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = input
        try process.run()
        if let standardInput { input.fileHandleForWriting.write(standardInput) }
        try input.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    /// The JSON objects printed by `parse --json`, one per line.
    static func jsonObjects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            guard let dictionary = object as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
            return dictionary
        }
    }
}
