import Foundation
import Testing
@testable import RedirectURIReport

/// The `parse --json` contract: every key present, absent values as null.
struct JSONContractTests {
    static let topLevelKeys: Set<String> = [
        "input", "valid", "error", "components", "form", "bundleID", "inner", "parameters", "message",
        "verdict", "diagnostics",
    ]
    static let componentKeys: Set<String> = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]

    func object(_ input: String) throws -> [String: Any] {
        let line = InputAnalyzer().analyze(Array(input.utf8)).jsonLine()
        #expect(!line.contains("\n"))
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func validInputHasEveryKey() throws {
        let json = try object("x-msauth-mytestiosapp://com.myapp.mytestapp")
        #expect(Set(json.keys) == Self.topLevelKeys)
        #expect(json["valid"] as? Bool == true)
        #expect(json["error"] is NSNull)
        let components = try #require(json["components"] as? [String: Any])
        #expect(Set(components.keys) == Self.componentKeys)
        #expect(components["scheme"] as? String == "x-msauth-mytestiosapp")
        #expect(components["host"] as? String == "com.myapp.mytestapp")
        #expect(components["path"] as? String == "")
        #expect(components["userinfo"] is NSNull)
        #expect(components["port"] is NSNull)
        #expect(components["query"] is NSNull)
        #expect(components["fragment"] is NSNull)
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String } == ["scheme-without-bundle-id"])
        #expect(diagnostics.allSatisfy { Set($0.keys) == ["severity", "code", "message"] })
        #expect(json["form"] as? String == "adal-broker")
        #expect(json["bundleID"] as? String == "com.myapp.mytestapp")
    }

    @Test func absentAndEmptyDiffer() throws {
        let components = try #require(try object("x://h?")["components"] as? [String: Any])
        #expect(components["query"] as? String == "")
        #expect(components["fragment"] is NSNull)
    }

    @Test func invalidInputHasErrorWithKindAndOffset() throws {
        let json = try object("http://h:8a/p")
        #expect(Set(json.keys) == Self.topLevelKeys)
        #expect(json["valid"] as? Bool == false)
        #expect(json["components"] is NSNull)
        let error = try #require(json["error"] as? [String: Any])
        #expect(Set(error.keys) == ["kind", "offset", "message"])
        #expect(error["kind"] as? String == "invalid-port")
        #expect(error["offset"] as? Int == 11)
    }

    @Test func invalidUTF8IsShownWithReplacementCharacter() throws {
        let report = InputAnalyzer().analyze([0x61, 0xFF, 0x62])
        #expect(report.input == "a\u{FFFD}b")
        #expect(report.error?.offset == 1)
    }

    @Test func relativeReferencesAreValid() throws {
        let json = try object("../a?b")
        #expect(json["valid"] as? Bool == true)
        let components = try #require(json["components"] as? [String: Any])
        #expect(components["scheme"] is NSNull)
        #expect(components["host"] is NSNull)
    }
}

struct TextRendererTests {
    @Test func seedExample() {
        let text = TextRenderer().render(InputAnalyzer().analyze(Array("x-msauth-mytestiosapp://com.myapp.mytestapp".utf8)))
        #expect(text.hasPrefix("x-msauth-mytestiosapp://com.myapp.mytestapp\n"))
        #expect(text.contains("  scheme     x-msauth-mytestiosapp\n"))
        #expect(text.contains("  host       com.myapp.mytestapp\n"))
        #expect(text.contains("  path       (empty)\n"))
        #expect(text.contains("  query      (absent)\n"))
    }

    @Test func errorShowsACaret() {
        let text = TextRenderer().render(InputAnalyzer().analyze(Array("http://h:8a/p".utf8)))
        #expect(text.contains("  valid      no: invalid-port at offset 11\n"))
        #expect(text.contains("  http://h:8a/p\n             ^\n"))
    }

    @Test func controlsAreEscaped() {
        let text = TextRenderer().render(InputAnalyzer().analyze(Array("a\u{1B}[31mb".utf8)))
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("a\\x1B[31mb"))
    }
}
