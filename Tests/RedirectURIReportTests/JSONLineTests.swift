import Foundation
import Testing
@testable import RedirectURIReport

/// Every object of `parse --json` is one line under any line-splitting rule, and long inputs are
/// echoed up to the documented cap.
@Suite(.serialized)
struct JSONLineTests {
    /// The characters Python's `str.splitlines` breaks lines at (the widest common rule):
    /// LF, VT, FF, CR, FS, GS, RS, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR (CR LF is one break).
    static let lineBreaks: Set<Unicode.Scalar> = [
        "\n", "\u{0B}", "\u{0C}", "\r", "\u{1C}", "\u{1D}", "\u{1E}", "\u{85}", "\u{2028}", "\u{2029}",
    ]

    /// `text` split as Python's `str.splitlines()` splits it.
    static func splitLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = scalar == "\r"
            if lineBreaks.contains(scalar) {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { lines.append(String(current)) }
        return lines
    }

    @Test func splitLinesFollowsPython() {
        #expect(Self.splitLines("a\nb\r\nc\u{2028}d\u{85}e\u{1C}f\n") == ["a", "b", "c", "d", "e", "f"])
        #expect(Self.splitLines("a\r\rb") == ["a", "", "b"])
    }

    /// Every C0 control, DEL, every C1 control, U+2028 and U+2029, one input each and all in one.
    static let awkward: [Unicode.Scalar] = (0x01...0x1F).compactMap(Unicode.Scalar.init)
        + (0x7F...0x9F).compactMap(Unicode.Scalar.init) + ["\u{2028}", "\u{2029}"]

    static func input(_ scalars: [Unicode.Scalar]) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: "https://h/a".unicodeScalars)
        view.append(contentsOf: scalars)
        view.append(contentsOf: "b?x=".unicodeScalars)
        view.append(contentsOf: scalars)
        return String(view)
    }

    @Test func eachObjectIsOneLineUnderPythonSplitlines() throws {
        for scalar in Self.awkward {
            let line = InputAnalyzer().analyze(Array(Self.input([scalar]).utf8)).jsonLine()
            #expect(Self.splitLines(line).count == 1, "U+\(String(scalar.value, radix: 16))")
            #expect(!line.unicodeScalars.contains(where: JSONLine.needsEscape))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["input"] as? String == Self.input([scalar]), "the escaped JSON decodes to the input")
        }
    }

    @Test func theCommandPrintsOneLinePerObject() throws {
        // Arguments cannot hold NUL; a file can. Inputs with a LF go through --file, since
        // standard input is split on LF.
        var files: [URL] = []
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        var arguments = ["--json"]
        for scalars in Self.awkward.map({ [$0] }) + [Self.awkward, ["\u{0}"]] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("parse-json-\(UUID().uuidString)")
            try Data(Self.input(scalars).utf8).write(to: file)
            files.append(file)
            arguments += ["--file", file.path]
        }
        let outcome = try CommandRunner.run(arguments)
        let lines = Self.splitLines(outcome.standardOutput)
        #expect(lines.count == files.count)
        #expect(outcome.standardOutput.split(separator: "\n").count == files.count)
        // Arguments, too (the line break stays a character of the one input).
        let direct = try CommandRunner.run(["--json", "--", Self.input(["\u{2028}"]), Self.input(["\u{85}"]), Self.input(["\u{1E}"])])
        #expect(Self.splitLines(direct.standardOutput).count == 3)
    }

    @Test func theDoctorPrintsOneLineToo() throws {
        let plist = FileManager.default.temporaryDirectory.appendingPathComponent("parse-doctor-\(UUID().uuidString).plist")
        try Data(#"""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.a&#x2028;b&#x85;c</string></dict></plist>
            """#.utf8).write(to: plist)
        defer { try? FileManager.default.removeItem(at: plist) }
        let outcome = try CommandRunner.run(["doctor", "--json", "--info-plist", plist.path])
        #expect(Self.splitLines(outcome.standardOutput).count == 1)
        #expect(outcome.standardOutput.contains(#"com.a\u2028b\u0085c"#))
    }

    @Test func escapingKeepsTheValue() throws {
        let line = try JSONLine.encode(["text": "a\u{2028}b\u{85}c\u{9B}d\u{7F}e\u{1F}f/g"])
        #expect(line == #"{"text":"a\u2028b\u0085c\u009bd\u007fe\u001ff/g"}"#)
        let decoded = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
        #expect(decoded?["text"] == "a\u{2028}b\u{85}c\u{9B}d\u{7F}e\u{1F}f/g")
    }

    @Test func shortInputsAreEchoedWhole() throws {
        let input = "https://h/" + String(repeating: "a", count: InputReport.echoLimit - 10)
        let report = InputAnalyzer().analyze(Array(input.utf8))
        #expect(report.input == input)
        #expect(report.inputLength == InputReport.echoLimit)
        #expect(report.inputSHA256 == nil)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.jsonLine().utf8)) as? [String: Any])
        #expect(object["inputSHA256"] is NSNull)
        #expect(object["inputLength"] as? Int == InputReport.echoLimit)
    }

    @Test func longInputsAreCutAndDigested() throws {
        let input = "https://h/?response=" + String(repeating: "a", count: 5_000)
        let report = InputAnalyzer().analyze(Array(input.utf8))
        #expect(report.input == String(input.prefix(InputReport.echoLimit)))
        #expect(report.inputLength == input.utf8.count)
        #expect(report.inputSHA256 == SHA256.hexDigest(Array(input.utf8)))
        // The components are the data, never cut.
        #expect(report.components?.query?.utf8.count == 5_009)
    }

    @Test func theCutNeverSplitsACharacter() {
        // 'é' is two bytes and '€' three: put each across the cut at every position.
        for character in ["é", "€", "😀"] {
            for shift in 0..<4 {
                let prefix = "x:/" + String(repeating: "a", count: InputReport.echoLimit - 3 - shift)
                let input = prefix + character + String(repeating: "b", count: 10)
                let report = InputAnalyzer().analyze(Array(input.utf8))
                #expect(!report.input.contains("\u{FFFD}"), "\(character) shifted \(shift)")
                #expect(report.input.utf8.count <= InputReport.echoLimit)
                #expect(report.input.utf8.count > InputReport.echoLimit - 4)
                #expect(input.hasPrefix(report.input))
            }
        }
    }

    @Test func inputsOverTheParserLimitAreNotEchoedWhole() throws {
        // 17 MB through the command: invalid (input-too-long), one short line, the digest.
        let bytes = Data("https://h/?".utf8) + Data(repeating: UInt8(ascii: "a"), count: 17 * 1_024 * 1_024)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parse-big-\(UUID().uuidString)")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let json = try CommandRunner.run(["--json", "--file", file.path])
        #expect(json.status == 1)
        #expect(json.standardOutput.utf8.count < 4_096)
        let object = try #require(try CommandRunner.jsonObjects(json.standardOutput).first)
        #expect(object["inputLength"] as? Int == bytes.count)
        #expect((object["inputSHA256"] as? String)?.count == 64)
        #expect((object["error"] as? [String: Any])?["kind"] as? String == "input-too-long")
    }

    @Test func textShowsTheErrorBeyondTheEcho() throws {
        let input = "https://h/?" + String(repeating: "a", count: 3_000) + " " + String(repeating: "b", count: 2_000)
        let text = try CommandRunner.run(["--", input])
        #expect(text.status == 1)
        #expect(text.standardOutput.utf8.count < 4_096)
        #expect(text.standardOutput.contains("… (\(input.utf8.count) bytes in all, SHA-256 \(SHA256.hexDigest(Array(input.utf8))))\n"))
        #expect(text.standardOutput.contains("  valid      no: invalid-query-character at offset 3011\n"))
        // The parser's excerpt around the offset, with the caret under the space.
        let lines = text.standardOutput.split(separator: "\n")
        let caret = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "^" })
        let excerpt = lines[caret - 1]
        let column = lines[caret].count - 1
        #expect(Array(excerpt)[column] == " ")
    }
}
