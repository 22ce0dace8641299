import Foundation
import Testing

/// `--format` on every command: `text` and `json` on `parse` and `parse route` (`--json` is
/// `--format json`), the doctor's five, and a usage error (status 2, nothing printed) for a
/// conflicting `--json` or a format that needs a file and line to point at.
@Suite(.serialized)
struct FormatOptionTests {
    static let redirect = "msauth.com.contoso.app://auth"
    static let inputs = ["msauth.com.contoso.app://auth", "http://h:8a/p"]
    static let incoming = [redirect + "/broker?response=abc", redirect + "/?code=1"]

    /// The two commands, with the arguments that give them their inputs.
    static let commands: [(name: String, arguments: [String])] = [
        ("parse", ["--"] + inputs),
        ("parse route", ["--redirect-uri", redirect, "--"] + incoming),
    ]

    static func prefix(_ command: String) -> [String] {
        command == "parse route" ? ["route"] : []
    }

    @Test(arguments: [0, 1])
    func formatJSONIsJSONAndFormatTextIsTheDefault(command: Int) throws {
        let (name, arguments) = Self.commands[command]
        let prefix = Self.prefix(name)
        let text = try CommandRunner.run(prefix + arguments)
        let json = try CommandRunner.run(prefix + ["--json"] + arguments)
        #expect(text.status == 1 && json.status == 1, "\(name): one input fails")
        for spelling in [["--format", "json"], ["--format=json"], ["--json", "--format", "json"]] {
            let outcome = try CommandRunner.run(prefix + spelling + arguments)
            #expect(outcome.status == json.status, "\(name) \(spelling)")
            #expect(outcome.standardOutput == json.standardOutput, "\(name) \(spelling)")
        }
        let objects = try CommandRunner.jsonObjects(json.standardOutput)
        #expect(objects.count == 2, "\(name)")
        let formatText = try CommandRunner.run(prefix + ["--format", "text"] + arguments)
        #expect(formatText.status == text.status)
        #expect(formatText.standardOutput == text.standardOutput)
    }

    /// `--json` with `--format text` asks for two outputs: a usage error that says so.
    @Test(arguments: [0, 1])
    func jsonWithFormatTextIsAUsageError(command: Int) throws {
        let (name, arguments) = Self.commands[command]
        for spelling in [["--json", "--format", "text"], ["--format", "text", "--json"]] {
            let outcome = try CommandRunner.runUnchecked(Self.prefix(name) + spelling + arguments)
            #expect(outcome.status == 2, "\(name) \(spelling)")
            #expect(outcome.standardOutput.isEmpty)
            #expect(outcome.standardError.contains("--json is the same as --format json, and conflicts with --format text."), "\(outcome.standardError)")
        }
    }

    /// xcode, github and sarif point at a file and line: refused, with why and where they are.
    @Test(arguments: [0, 1])
    func theDoctorsFormatsAreAUsageErrorThatSaysWhy(command: Int) throws {
        let (name, arguments) = Self.commands[command]
        for format in ["xcode", "github", "sarif"] {
            for spelling in [["--format", format], ["--format=\(format)"]] {
                let outcome = try CommandRunner.runUnchecked(Self.prefix(name) + spelling + arguments)
                #expect(outcome.status == 2, "\(name) \(spelling)")
                #expect(outcome.standardOutput.isEmpty)
                let message = outcome.standardError.split(separator: "\n").first.map(String.init) ?? ""
                #expect(message.hasPrefix("Error: --format \(format) is a format of 'parse doctor'"), "\(message)")
                #expect(message.contains("is in no file"), "\(message)")
                #expect(message.contains("run 'parse doctor --format \(format)'"), "\(message)")
            }
        }
        // Anything else is argument-parser's invalid value, offering text and json only.
        let unknown = try CommandRunner.runUnchecked(Self.prefix(name) + ["--format", "yaml"] + arguments)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("Please provide one of 'text' and 'json'"), "\(unknown.standardError)")
    }

    /// The doctor takes `--json` as `--format json` too, and refuses it with another format.
    @Test func theDoctorRefusesJSONWithAnotherFormat() throws {
        let project = DoctorCommandTests.path("Sample/IdentitySample.xcodeproj")
        let json = try CommandRunner.run(["doctor", "--json", "--format", "json", "--project", project])
        #expect(json.status == 1)
        #expect(json.standardOutput == (try CommandRunner.run(["doctor", "--format", "json", "--project", project])).standardOutput)
        for format in ["text", "xcode", "github", "sarif"] {
            let outcome = try CommandRunner.runUnchecked(["doctor", "--json", "--format", format, "--project", project])
            #expect(outcome.status == 2, "\(format)")
            #expect(outcome.standardOutput.isEmpty)
            #expect(outcome.standardError.contains("--json is the same as --format json, and conflicts with --format \(format)."))
        }
    }

    /// `--help` names `--format` with the values each command prints.
    @Test func helpNamesTheFormats() throws {
        let root = try CommandRunner.run(["--help"])
        let synopsis = root.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(synopsis.contains("parse [<uri> ... | -] [--file <path> ...] [--format text|json]"))
        #expect(synopsis.contains("parse route --redirect-uri <uri> [<incoming-url> ...] [--format text|json]"))
        #expect(synopsis.contains("[--format text|json|xcode|github|sarif] [--path-root <path>]"))
        #expect(synopsis.contains("--json is the same as --format json"))
        for arguments in [["help", "analyze"], ["route", "--help"]] {
            let help = try CommandRunner.run(arguments).standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains("--format <format>"), "\(arguments)")
            #expect(help.contains("(values: text, json)"), "\(arguments)")
            #expect(help.contains("--json The same as --format json."), "\(arguments)")
            #expect(help.contains("xcode, github and sarif are 'parse doctor' formats"), "\(arguments)")
        }
    }

    @Test func theRunnerKnowsEverySpellingOfJSON() {
        #expect(CommandRunner.printsJSON(["--json", "x"]))
        #expect(CommandRunner.printsJSON(["route", "--format", "json", "--redirect-uri", "a:b"]))
        #expect(CommandRunner.printsJSON(["--format=json"]))
        #expect(!CommandRunner.printsJSON(["--format", "text", "--", "--json"]))
        #expect(!CommandRunner.printsJSON(["--", "--format", "json"]))
    }
}
