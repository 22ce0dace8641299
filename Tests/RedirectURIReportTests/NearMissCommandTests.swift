import Foundation
import Testing

/// Every kind of near miss through the command: `verdict.nearMiss` is a structured field of
/// `parse --json` (`registered`, `difference`, `component`, `message`), and the text output says
/// the same sentence.
@Suite(.serialized)
struct NearMissCommandTests {
    static let msal = "msauth.com.contoso.app://auth"

    static let rows: [(registered: String, presented: String, difference: String, component: String?)] = [
        (msal, msal + " ", "surrounding-whitespace", nil),
        (msal, "msauth.com.contoso.app://%61uth", "percent-encoding", "host"),
        (msal, "msauth.com.Contoso.app://auth", "letter-case", "scheme"),
        (msal, msal + "/", "trailing-slash", "path"),
        (msal, "com.contoso.app://auth", "msauth-prefix", "scheme"),
        (msal, "msauth.com.contoso.app://auth:443", "port", "port"),
        (msal, "msauth.com.contoso.app://callback", "host", "host"),
        ("https://login.example.com/cb", "https://login.example.com/callback", "path", "path"),
    ]

    @Test func everyKindIsAStructuredField() throws {
        for row in Self.rows {
            let json = try CommandRunner.run(["--json", "--registered", "https://other.example/x", "--registered", row.registered, "--", row.presented])
            #expect(json.status == 1)
            let object = try #require(try CommandRunner.jsonObjects(json.standardOutput).first)
            let verdict = try #require(object["verdict"] as? [String: Any])
            let nearMiss = try #require(verdict["nearMiss"] as? [String: Any], "\(row.presented)")
            #expect(nearMiss["difference"] as? String == row.difference, "\(row.presented)")
            #expect(nearMiss["component"] as? String == row.component, "\(row.presented)")
            #expect(nearMiss["registered"] as? String == row.registered, "\(row.presented)")
            let message = try #require(nearMiss["message"] as? String)
            #expect((verdict["explanation"] as? String)?.contains(message) == true)
            let text = try CommandRunner.run(["--registered", row.registered, "--", row.presented])
            #expect(text.standardOutput.contains(message), "\(row.presented)")
        }
        #expect(Set(Self.rows.map(\.difference)).count == 8)
    }

    /// No registration differs in one way only: `nearMiss` is null, and acceptances have none.
    @Test func noNearMissIsNull() throws {
        for presented in ["x-app://com.contoso.app/other?x=1", Self.msal] {
            let json = try CommandRunner.runUnchecked(["--json", "--registered", Self.msal, "--", presented])
            let object = try #require(try CommandRunner.jsonObjects(json.standardOutput).first)
            let verdict = try #require(object["verdict"] as? [String: Any])
            #expect(verdict["nearMiss"] is NSNull)
        }
    }
}
