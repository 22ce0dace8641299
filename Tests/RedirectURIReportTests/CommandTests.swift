import Foundation
import Testing

/// End-to-end: the built `parse` executable, its output and its exit codes.
@Suite(.serialized)
struct CommandTests {
    @Test func seedExampleExitsZero() throws {
        let outcome = try CommandRunner.run(["x-msauth-mytestiosapp://com.myapp.mytestapp"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("host       com.myapp.mytestapp"))
    }

    @Test func invalidInputExitsOne() throws {
        let outcome = try CommandRunner.run(["--json", "http://ok/", "http://h h/"])
        #expect(outcome.status == 1)
        let objects = try CommandRunner.jsonObjects(outcome.standardOutput)
        #expect(objects.count == 2)
        #expect(objects[0]["valid"] as? Bool == true)
        #expect(objects[1]["valid"] as? Bool == false)
    }

    @Test func usageErrorExitsTwo() throws {
        #expect(try CommandRunner.run(["--no-such-option"]).status == 2)
    }

    @Test func unreadableFileExitsTwo() throws {
        let outcome = try CommandRunner.run(["--file", "/nonexistent/input"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("cannot read"))
    }

    @Test func fileBytesAreOneUnmodifiedInput() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parse-input-\(UUID().uuidString)")
        try Data([0x78, 0x3A, 0x2F, 0x61, 0x0A, 0x00]).write(to: url)  // "x:/a\n\0"
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = try CommandRunner.run(["--json", "--file", url.path])
        #expect(outcome.status == 1)
        let objects = try CommandRunner.jsonObjects(outcome.standardOutput)
        #expect(objects.count == 1)
        let error = try #require(objects.first?["error"] as? [String: Any])
        #expect(error["offset"] as? Int == 4)
    }

    @Test func standardInputIsOneInputPerLine() throws {
        let outcome = try CommandRunner.run(["--json"], standardInput: Data("msauth.com.contoso.app://auth\nhttp://[::1]:8080/cb\n".utf8))
        #expect(outcome.status == 0)
        #expect(try CommandRunner.jsonObjects(outcome.standardOutput).count == 2)
    }

    @Test func inputStartingWithDashAfterDoubleDash() throws {
        let outcome = try CommandRunner.run(["--json", "--", "-a"])
        #expect(outcome.status == 1)   // read as an input (a relative reference, so not-absolute)
        let objects = try CommandRunner.jsonObjects(outcome.standardOutput)
        #expect(objects.first?["input"] as? String == "-a")
    }

    @Test func helpExitsZero() throws {
        let outcome = try CommandRunner.run(["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("Exit status"))
    }

    @Test func verificationVerdictAndExitStatus() throws {
        let registered = ["--registered", "x-msauth-mytestiosapp://com.myapp.mytestapp", "--bundle-id", "com.myapp.mytestapp"]
        let accepted = try CommandRunner.run(["--json"] + registered + ["--", "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp"])
        #expect(accepted.status == 0)
        let verdict = try #require(try CommandRunner.jsonObjects(accepted.standardOutput).first?["verdict"] as? [String: Any])
        #expect(verdict["accepted"] as? Bool == true)
        #expect(verdict["rule"] is NSNull)
        #expect(verdict["matched"] as? String == "x-msauth-mytestiosapp://com.myapp.mytestapp")

        let rejected = try CommandRunner.run(["--json"] + registered + ["--", "x-msauth-mytestiosapp://com.myapp.mytestapp2"])
        #expect(rejected.status == 1)
        let rejection = try #require(try CommandRunner.jsonObjects(rejected.standardOutput).first?["verdict"] as? [String: Any])
        #expect(rejection["accepted"] as? Bool == false)
        #expect(rejection["rule"] as? String == "exact-match")
        #expect(rejection["matched"] is NSNull)
    }

    @Test func verificationWorksForStandardInputAndFiles() throws {
        let registered = ["--registered", "msauth.com.contoso.app://auth", "--bundle-id", "com.contoso.app"]
        let piped = try CommandRunner.run(["--json"] + registered, standardInput: Data("msauth.com.contoso.app://auth\nmsauth.com.contoso.app://auth#\n".utf8))
        #expect(piped.status == 1)
        let rules = try CommandRunner.jsonObjects(piped.standardOutput).map { ($0["verdict"] as? [String: Any])?["rule"] as? String }
        #expect(rules == [nil, "fragment"])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parse-verify-\(UUID().uuidString)")
        try Data("msauth.com.contoso.app://auth".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try CommandRunner.run(registered + ["--file", url.path]).status == 0)
    }

    @Test func textExplainsARejectionInOneSentence() throws {
        let outcome = try CommandRunner.run(["--registered", "x-msauth-mytestiosapp://com.myapp.mytestapp", "--bundle-id", "com.evil.app",
                                             "x-msauth-mytestiosapp://com.myapp.mytestapp"])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("verdict    rejected (bundle-id)"))
        #expect(outcome.standardOutput.contains("the redirect URI carries bundle ID 'com.myapp.mytestapp' but the caller is 'com.evil.app'"))
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RedirectURIDoctorTests/Fixtures")

    @Test func doctorOnGoodAndBrokenConfigurations() throws {
        let good = try CommandRunner.run(["doctor", "--info-plist", Self.fixtures.appendingPathComponent("msal-good-binary.plist").path,
                                          "--redirect-uri", "msauth.com.contoso.MailApp://auth", "--sdk", "msal"])
        #expect(good.status == 0)
        let broken = try CommandRunner.run(["doctor", "--json", "--info-plist", Self.fixtures.appendingPathComponent("msal-missing-msauthv3.plist").path])
        #expect(broken.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(broken.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["code"] as? String == "query-scheme-missing" && $0["severity"] as? String == "error" })
        #expect(findings.allSatisfy { Set($0.keys) == ["severity", "code", "message", "fix", "sdk"] })
        #expect(try CommandRunner.run(["doctor", "--info-plist", "/nonexistent.plist"]).status == 2)
        #expect(try CommandRunner.run(["doctor"]).status == 2)
    }

    @Test func iriConvertsTheHost() throws {
        let outcome = try CommandRunner.run(["--iri", "https://bücher.example/cb"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("xn--bcher-kva.example"))
        #expect(try CommandRunner.run(["https://bücher.example/cb"]).status == 1)   // strict without --iri
    }

    /// --iri never turns a rejection into an acceptance: a host that UTS #46 would have to map,
    /// or any http host, is not converted, and the verdict names why.
    @Test(arguments: [
        ("http://１２７.0.0.1/cb", "http://127.0.0.1/cb", "only https hosts are"),
        ("https://ｌｏｇｉｎ.example.com/cb", "https://login.example.com/cb", "U+FF4C FULLWIDTH LATIN SMALL LETTER L at byte 8"),
        ("https://log\u{AD}in.example.com/cb", "https://login.example.com/cb", "U+00AD SOFT HYPHEN at byte 11 (removed)"),
        ("https://login\u{3002}example.com/cb", "https://login.example.com/cb", "U+3002 IDEOGRAPHIC FULL STOP at byte 13"),
    ])
    func iriRefusesMappedHosts(presented: String, registered: String, named: String) throws {
        let outcome = try CommandRunner.run(["--iri", "--json", "--registered", registered, presented])
        #expect(outcome.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let verdict = try #require(object["verdict"] as? [String: Any])
        #expect(verdict["accepted"] as? Bool == false)
        #expect(verdict["rule"] as? String == "syntax")
        #expect((verdict["explanation"] as? String)?.contains(named) == true, "\(verdict)")
        // Encoded exactly, the same registration is reached.
        #expect(try CommandRunner.run(["--iri", "--registered", "https://xn--bcher-kva.example/cb", "https://bücher.example/cb"]).status == 0)
    }
}
