import Foundation
import Testing
@_spi(Toolkit) import RedirectURIKit
@testable import RedirectURIReport

/// The `parse --json` contract: every key present, absent values as null.
struct JSONContractTests {
    static let topLevelKeys: Set<String> = [
        "input", "inputLength", "inputSHA256", "valid", "error", "components", "form", "bundleID", "clientID", "inner", "parameters", "message",
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

struct BrokerMessageReportTests {
    static let request = "msauthv2://broker?msg_protocol_ver=3&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon"
        + "&client_id=00000000-0000-0000-0000-000000000001&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"
        + "&scope=User.Read+openid&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11"
        + "&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D&client_version=1.2.3&x_extra=1"

    @Test func requestFillsParametersAndMessage() throws {
        let report = InputAnalyzer().analyze(Array(Self.request.utf8))
        #expect(report.parameters?.first == BrokerParameter("msg_protocol_ver", "3"))
        #expect(report.parameters?.contains(BrokerParameter("scope", "User.Read openid")) == true)
        let message = try #require(report.message?.summary)
        #expect(message.type == "broker-request")
        #expect(message.protocolVersion == 3)
        #expect(message.fields["redirect_uri.bundle_id"] == "com.contoso.app")
        #expect(message.fields["unknown_parameters"] == "x_extra")
        #expect(message.problems.isEmpty)
        #expect(report.diagnostics.isEmpty)
    }

    @Test func nestedRedirectURIIsCheckedAgainstTheCaller() throws {
        let analyzer = InputAnalyzer(verification: .init(registered: [], caller: .reportedByOS(bundleID: "com.evil.app")))
        let report = analyzer.analyze(Array(Self.request.utf8))
        #expect(report.verdict?.accepted == false)
        #expect(report.verdict?.failedRule == .bundleID)
        // The verdict says it once; the message's problems are about the message alone.
        #expect(report.message?.summary.problems == [])
        #expect(report.isFailure)
    }

    @Test func responsesAndErrorResponses() throws {
        let hash = String(repeating: "AB", count: 32)
        let success = InputAnalyzer().analyze(Array("msauth.com.contoso.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash)".utf8))
        #expect(success.message?.summary.type == "broker-response")
        #expect(success.message?.summary.fields["response"] == "abcd")
        #expect(success.message?.summary.problems.isEmpty == true)
        let lowercase = InputAnalyzer().analyze(Array("msauth.com.contoso.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash.lowercased())".utf8))
        #expect(lowercase.message?.summary.problems.map(\.description) == ["invalid-value 'hash': must be 64 uppercase hex digits (a SHA-256)"])
        let failure = InputAnalyzer().analyze(Array("msauth.com.contoso.app://auth?error_code=-50005&error_description=User+cancelled".utf8))
        #expect(failure.message?.summary.type == "broker-error-response")
        #expect(failure.message?.summary.fields["error_description"] == "User cancelled")
    }

    @Test func plainQueriesUseRFC3986Decoding() {
        let report = InputAnalyzer().analyze(Array("https://example.com/cb?a=b+c&d".utf8))
        #expect(report.parameters == [BrokerParameter("a", "b+c"), BrokerParameter("d", nil)])
        #expect(report.message == nil)
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
