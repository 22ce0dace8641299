import Foundation
import Testing

@_spi(Fuzzing) @testable import RedirectURIDoctor

/// What the fuzz properties of the project-kind readers found (each input is also kept in
/// `Corpus/regressions/`): line breaks read the same in every spelling, and names that name each
/// other several times cannot grow a value exponentially.
struct ProjectKindReaderBoundsTests {
    /// A project.yml saved with CRLF line breaks (Windows, git's autocrlf) reads as with LF. Split
    /// as a String, "\r\n" is one Character, not "\n": the whole spec was one line, `name`'s value.
    @Test func yamlWithCRLFLineBreaksReadsAsWithLF() throws {
        let spec =
            "name: Mail\ntargets:\n  Mail:\n    type: application\n    info:\n      path: Info.plist\n      properties:\n        A: |\n          x\n"
        let lf = try YAMLSubsetReader.read(Array(spec.utf8))
        let crlf = try YAMLSubsetReader.read(Array(spec.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        #expect(crlf == lf)
        #expect(crlf["targets"]?["Mail"]?["type"]?.text == "application")
        #expect(crlf["targets"]?["Mail"]?["info"]?["properties"]?["A"]?.text == "x\n")
    }

    /// Object-like macros that each name the next several times: the expansion stops at the
    /// output bound (a refusal on the line that uses them), not after billions of bytes.
    @Test func macroChainsStopAtTheOutputBound() throws {
        var text = "#define M0 " + String(repeating: "x", count: 1000) + "\n"
        for level in 1...12 { text += "#define M\(level)" + String(repeating: " M\(level - 1)", count: 8) + "\n" }
        text += "<string>M12</string>"
        var preprocessor = InfoPlistPreprocessor(definitions: "") { _ in nil }
        #expect(throws: InfoPlistPreprocessor.Failure(line: 14, reason: "the output grows too large")) {
            try preprocessor.process(Array(text.utf8))
        }
        // Below the bound the same chain is expanded in full.
        var small = InfoPlistPreprocessor(definitions: "") { _ in nil }
        #expect(try small.process(Array("#define B x x\n#define A B B\nA".utf8)) == Array("\n\nx x x x".utf8))
    }

    /// .csproj properties that name each other several times: a value grows by at most
    /// `maximumExpansion` bytes, the references past it kept as written; a property never
    /// expands inside itself.
    @Test func csprojPropertyChainsStopAtTheirBound() throws {
        let names = ["A", "B", "C", "D"]
        var group = "<D>" + String(repeating: "d", count: 1000) + "</D>"
        for (index, name) in names.dropLast().enumerated() {
            group += "<\(name)>" + String(repeating: "$(\(names[index + 1]))", count: 100) + "</\(name)>"
        }
        let project = try #require(DotNetProject(data: Data("<Project><PropertyGroup>\(group)</PropertyGroup></Project>".utf8)))
        let value = try #require(project.value("A"))
        #expect(value.utf8.count <= 400 + DotNetProject.maximumExpansion)
        #expect(value.hasPrefix(String(repeating: "d", count: 1000)))
        #expect(value.hasSuffix("$(B)"))
        let selfNamed = try #require(DotNetProject(data: Data("<Project><PropertyGroup><A>x$(A)</A><B>$(A)$(B)</B></PropertyGroup></Project>".utf8)))
        #expect(selfNamed.value("A") == "x$(A)")
        #expect(selfNamed.value("B") == "x$(A)$(B)")
        // A property named by a property the value names is put in too (a few levels deep).
        let nested = try #require(
            DotNetProject(data: Data("<Project><PropertyGroup><P>com.x</P><Id>$(P).app</Id><Bundle>$(Id)</Bundle></PropertyGroup></Project>".utf8)))
        #expect(nested.value("Bundle") == "com.x.app")
    }

    /// The fuzz properties hold on the readers' own fixtures' shapes, and fail on what they
    /// exist to catch.
    @Test func propertiesHoldOnWellFormedInputs() {
        let plist = Array("#ifdef DEBUG\n<string>A</string>\n#endif\n<string>B</string>\n".utf8)
        #expect(PreprocessorProperty.check(plist, definitions: "DEBUG A=msauth.x") == nil)
        #expect(PreprocessorProperty.check(Array("#if A\n".utf8), definitions: "") == nil)
        #expect(ProjectKindReadersProperty.check(Array("name: Mail\ntargets:\n  Mail:\n    type: application\n".utf8), definitions: "") == nil)
    }
}
