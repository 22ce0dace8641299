import Foundation
import Testing

/// `parse` as a broker engineer runs it: registrations per client ID, the caller as iOS reported
/// it (or not), the round trip from the app's side, and standard input.
@Suite(.serialized)
struct BrokerCommandTests {
    static let request =
        "msauthv2://broker?msg_protocol_ver=3&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon"
        + "&client_id=00000000-0000-0000-0000-000000000001&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&scope=openid"
        + "&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D"
        + "&client_version=1.2.3"
    static let hash = String(repeating: "9F86D081", count: 8)

    /// A registrations file of the test's own, in a temporary folder.
    static func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("registrations-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func verdict(_ outcome: CommandRunner.Outcome) throws -> [String: Any] {
        let line = try #require(outcome.standardOutput.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(object["verdict"] as? [String: Any])
    }

    @Test func theVerdictSaysWhichIdentityItRestsOn() throws {
        let registered = ["--registered", "msauth.com.contoso.app://auth"]
        let reported = try CommandRunner.run(["--json"] + registered + ["--bundle-id", "com.contoso.app", "--", Self.request])
        #expect(reported.status == 0)
        #expect(try Self.verdict(reported)["identity"] as? String == "reported-by-os")
        let claimed = try CommandRunner.run(["--json"] + registered + ["--", Self.request])
        #expect(claimed.status == 0)
        #expect(try Self.verdict(claimed)["identity"] as? String == "claimed-by-redirect-uri")
        let text = try CommandRunner.run(registered + ["--", Self.request])
        #expect(text.standardOutput.contains("identity   claimed-by-redirect-uri: iOS did not report the caller"))
    }

    @Test func registrationsPerClientID() throws {
        let map = try Self.file(
            #"{"00000000-0000-0000-0000-000000000001": ["msauth.com.contoso.app://auth"], "00000000-0000-0000-0000-000000000002": ["msauth.com.fabrikam.notes://auth"]}"#
        )
        let manifest = try Self.file(
            #"{"appId": "00000000-0000-0000-0000-000000000001", "publicClient": {"redirectUris": ["msauth.com.contoso.app://auth"]}, "web": {"redirectUris": ["https://contoso.com/cb"]}}"#
        )
        for path in [map, manifest] {
            #expect(try CommandRunner.run(["--registrations", path, "--", Self.request]).status == 0)
            let unknown = try CommandRunner.run(
                ["--json", "--registrations", path, "--", Self.request.replacingOccurrences(of: "000000000001", with: "000000000009")])
            #expect(unknown.status == 1)
            #expect(try Self.verdict(unknown)["rule"] as? String == "unregistered-client-id")
        }
        let borrowed = try CommandRunner.run(
            [
                "--json", "--registrations", map, "--",
                Self.request.replacingOccurrences(of: "msauth.com.contoso.app%3A%2F%2Fauth", with: "msauth.com.fabrikam.notes%3A%2F%2Fauth"),
            ])
        #expect(borrowed.status == 1)
        #expect(try Self.verdict(borrowed)["rule"] as? String == "exact-match")
    }

    @Test func aRequestWithoutBrokerKeyIsRejectedNamingIt() throws {
        let incomplete = Self.request.replacingOccurrences(of: "&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D", with: "")
        let outcome = try CommandRunner.run(["--json", "--registered", "msauth.com.contoso.app://auth", "--", incomplete])
        #expect(outcome.status == 1)
        let verdict = try Self.verdict(outcome)
        #expect(verdict["rule"] as? String == "missing-field")
        #expect(verdict["field"] as? String == "broker_key")
    }

    @Test func unreadableRegistrationsAreAUsageError() throws {
        let missing = try CommandRunner.run(["--registrations", "/nonexistent/registrations.json", "--", Self.request])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("cannot read file '/nonexistent/registrations.json'"))
        let bad = try CommandRunner.run(["--registrations", try Self.file(#"{"contoso": []}"#), "--", Self.request])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("invalid-client-id at offset 2"))
    }

    @Test func theRoundTrip() throws {
        let sent = Self.request.replacingOccurrences(of: "msauthv2://", with: "msauthv3://") + "&broker_nonce=d8a4c2"
        let base = "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(Self.hash)"
        let rows: [(response: String, status: Int32, rule: String?)] = [
            (base + "&broker_nonce=d8a4c2", 0, nil),
            (base + "&broker_nonce=ffff", 1, "broker-nonce"),
            (base, 1, "broker-nonce"),
            (base.replacingOccurrences(of: "contoso", with: "evil") + "&broker_nonce=d8a4c2", 1, "response-redirect"),
            ("msauth.com.contoso.app://auth?msg_protocol_ver=2&response=eyJh&hash=\(Self.hash)&broker_nonce=d8a4c2", 1, "protocol-version"),
        ]
        for row in rows {
            let outcome = try CommandRunner.run(["--json", "--request", sent, "--", row.response])
            #expect(outcome.status == row.status, "\(row.response)")
            let verdict = try Self.verdict(outcome)
            #expect(verdict["rule"] as? String == row.rule, "\(row.response)")
            #expect(verdict["identity"] is NSNull)
        }
        // A --request the app could not have sent is a usage error.
        let notARequest = try CommandRunner.run(["--request", "msauthv2://broker?redirect_uri=x", "--", base])
        #expect(notARequest.status == 2)
        #expect(notARequest.standardError.contains("is not a broker request the app could have sent"))
    }

    @Test func standardInput() throws {
        let dash = try CommandRunner.run(["-"], standardInput: Data("msauth.com.contoso.app://auth\n".utf8))
        #expect(dash.status == 0)
        #expect(dash.standardOutput.hasPrefix("msauth.com.contoso.app://auth\n  valid      yes (URI)"))
        #expect(!dash.standardOutput.contains("\n-\n"))
        let nothing = try CommandRunner.runUnchecked([], standardInput: Data())
        #expect(nothing.status == 2)
        #expect(nothing.standardError.contains("parse: no input"))
        #expect(nothing.standardOutput.isEmpty)
        let dashNothing = try CommandRunner.runUnchecked(["-"], standardInput: Data())
        #expect(dashNothing.status == 2)
    }
}
