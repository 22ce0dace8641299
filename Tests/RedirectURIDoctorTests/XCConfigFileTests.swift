import Foundation
import Testing
@testable import RedirectURIDoctor

/// `.xcconfig` reading: assignments, comments, continuation lines, includes and their problems.
@Suite(.serialized)
struct XCConfigFileTests {
    /// Writes `files` (name → text) into a fresh folder and reads the first name.
    static func read(_ files: [(String, String)]) throws -> XCConfigFile {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return XCConfigFile.read(directory.appendingPathComponent(files[0].0), displayRoot: directory)
    }

    static func pairs(_ file: XCConfigFile) -> [String] {
        file.assignments.map { "\($0.conditionalKey ?? $0.name)=\($0.value)" }
    }

    @Test(arguments: [
        ("A = 1", ["A=1"]),
        ("A=1;", ["A=1"]),
        ("  A  =  spaced value  ;  ", ["A=spaced value"]),
        ("A = https://example.com", ["A=https:"]),                            // '//' is a comment, even in a value
        ("A = https:/$()/example.com // the trick", ["A=https:/$()/example.com"]),
        ("// comment\n\nA = 1\r\nB = 2\rC = 3", ["A=1", "B=2", "C=3"]),
        ("A = 1\u{2028}B = 2", ["A=1", "B=2"]),
        ("A = one \\\n    two \\\n    three", ["A=one two three"]),
        ("A =", ["A="]),
        ("A[sdk=iphoneos*] = device\nA = any", ["A[sdk=iphoneos*]=device", "A=any"]),
        ("A[sdk=iphoneos*][arch=arm64] = x", ["A[sdk=iphoneos*][arch=arm64]=x"]),
        ("OTHER = $(inherited) -ObjC", ["OTHER=$(inherited) -ObjC"]),
    ])
    func assignments(text: String, expected: [String]) throws {
        let file = try Self.read([("A.xcconfig", text)])
        #expect(Self.pairs(file) == expected)
        #expect(file.problems.isEmpty)
    }

    @Test func includesAreInlinedWhereTheyStand() throws {
        let file = try Self.read([
            ("App.xcconfig", "A = before\n#include \"Shared/Base.xcconfig\"\nB = $(A)\n#include? \"Missing.xcconfig\""),
            ("Shared/Base.xcconfig", "A = included\n#include \"../Leaf.xcconfig\""),
            ("Leaf.xcconfig", "C = leaf"),
        ])
        #expect(Self.pairs(file) == ["A=before", "A=included", "C=leaf", "B=$(A)"])
        #expect(file.problems.isEmpty)
    }

    @Test func laterAssignmentsWinAndInheritedSeesEarlierOnes() throws {
        let file = try Self.read([("A.xcconfig", "FLAGS = -a\nFLAGS = $(inherited) -b\nID = one\nID = two")])
        var settings = BuildSettings()
        settings.appendLevel(file.assignments.map { ($0.name, $0.value) }, origin: "A.xcconfig")
        settings.appendLevel([("FLAGS", "-base")], origin: "project")
        let expander = BuildSettingExpander(settings: settings, unsetPolicy: .xcodeSemantics)
        #expect(expander.expand("$(FLAGS)").value == "-a -b")
        #expect(expander.expand("$(ID)").value == "two")
    }

    @Test(arguments: [
        ([("A.xcconfig", "#include \"Missing.xcconfig\"")], XCConfigFile.Problem.Kind.missingFile, "Missing.xcconfig"),
        ([("A.xcconfig", "#include \"B.xcconfig\""), ("B.xcconfig", "#include \"A.xcconfig\"")], .includeCycle, "includes itself"),
        ([("A.xcconfig", "#include \"A.xcconfig\"")], .includeCycle, "includes itself"),
        ([("A.xcconfig", "#import \"B.xcconfig\"")], .syntax, "unsupported directive"),
        ([("A.xcconfig", "#include B.xcconfig")], .syntax, "quoted path"),
        ([("A.xcconfig", "#include \"B.xcconfig")], .syntax, "unterminated"),
        ([("A.xcconfig", "9A = 1")], .syntax, "setting name"),
        ([("A.xcconfig", "A 1")], .syntax, "expected '='"),
        ([("A.xcconfig", "A[sdk=x = 1")], .syntax, "expected '='"),
        ([("A.xcconfig", "#include \"<DEVELOPER_DIR>/Makefiles/x.xcconfig\"")], .missingFile, "inside Xcode"),
    ])
    func problems(files: [(String, String)], kind: XCConfigFile.Problem.Kind, text: String) throws {
        let file = try Self.read(files)
        #expect(file.problems.map(\.kind) == [kind])
        #expect(file.problems.first?.message.contains(text) == true)
    }

    @Test func deepIncludeChainsStop() throws {
        var files: [(String, String)] = []
        for index in 0..<40 { files.append(("F\(index).xcconfig", "X\(index) = \(index)\n#include \"F\(index + 1).xcconfig\"")) }
        let file = try Self.read(files)
        #expect(file.assignments.count == XCConfigFile.maximumIncludeDepth)
        #expect(file.problems.map(\.kind) == [.includeCycle])
    }

    @Test func anyBytesNeverTrap() throws {
        var state: UInt64 = 5
        let alphabet = Array("A=_[]#\"/\\;\n\r $()include?".utf8) + [0xE2, 0x80, 0xA8, 0xFF, 0x00]
        for length in stride(from: 0, to: 400, by: 7) {
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return alphabet[Int(state >> 33) % alphabet.count]
            }
            _ = try Self.read([("A.xcconfig", String(decoding: bytes, as: UTF8.self))])
        }
    }
}
