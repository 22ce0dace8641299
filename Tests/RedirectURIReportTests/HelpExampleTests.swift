import Foundation
import Testing

/// Every command's `--help` ends with two or three examples, and each one runs: it is a command a
/// user can paste, not a usage error. The doctor's examples name `MyApp.xcodeproj` and
/// `MyApp/Info.plist`, so they run in a copy of the ContosoMail fixture laid out under those names.
@Suite(.serialized)
struct HelpExampleTests {
    /// (how help is asked for, the command whose examples it shows)
    static let helps: [([String], String)] = [
        (["--help"], "parse"), (["help", "analyze"], "parse"), (["route", "--help"], "parse route"),
        (["doctor", "--help"], "parse doctor"), (["help", "doctor"], "parse doctor"),
    ]

    /// The example lines at the end of a help screen, without their indentation.
    static func examples(_ help: String) throws -> [String] {
        let section = try #require(help.range(of: "\nEXAMPLES:\n", options: .backwards))
        return help[section.upperBound...].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(arguments: helps)
    func helpEndsWithExamplesThatRun(arguments: [String], command: String) throws {
        let help = try CommandRunner.run(arguments)
        #expect(help.status == 0)
        let examples = try Self.examples(help.standardOutput)
        #expect((2...3).contains(examples.count), "\(examples)")
        let folder = try Self.myApp()
        defer { try? FileManager.default.removeItem(at: folder) }
        for example in examples {
            let words = try ShellWords.split(example)
            #expect(words.first == "parse")
            #expect(example.hasPrefix(command + " ") || command == "parse", "\(example)")
            let outcome = try CommandRunner.run(Array(words.dropFirst()), in: folder)
            #expect([0, 1].contains(outcome.status), "\(example): \(outcome.standardError)")
            #expect(!outcome.standardOutput.isEmpty, "\(example)")
        }
    }

    /// A folder with `MyApp.xcodeproj` and `MyApp/Info.plist`: the ContosoMail fixture under the
    /// examples' names (the project's paths are relative to its folder, so `MyApp` is a link).
    static func myApp() throws -> URL {
        let fixture = ReleaseTests.repositoryRoot.appendingPathComponent("Tests/RedirectURIDoctorTests/Fixtures/Life/ContosoMail")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parse-help-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.path) {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("ContosoMail.xcodeproj"), to: folder.appendingPathComponent("MyApp.xcodeproj"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("MyApp"), withDestinationURL: folder.appendingPathComponent("ContosoMail"))
        return folder
    }
}
