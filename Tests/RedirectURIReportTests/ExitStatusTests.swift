import Foundation
import RedirectURIKit
import Testing
@testable import RedirectURIReport

/// The exit status agrees with what `parse` printed, for every kind of input, in text and JSON.
@Suite(.serialized)
struct ExitStatusTests {
    static let hash = String(repeating: "AB", count: 32)

    /// Inputs of every kind the command meets, each with the status it must exit with alone.
    static let inputs: [(input: String, status: Int32)] = [
        // Redirect URIs of every form.
        ("x-msauth-mytestiosapp://com.myapp.mytestapp", 0),
        ("msauth.com.contoso.MailApp://auth", 0),
        ("msauth.com.contoso.MailApp://auth/extra", 0),
        ("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", 0),
        ("msauth://com.example.app/1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D", 0),
        ("com.example.app:/oauth2redirect/provider", 0),
        ("http://127.0.0.1:51004/callback", 0),
        ("http://[::1]:8080/cb", 0),
        ("https://login.example.com/cb", 0),
        ("http://localhost:8080/cb", 0),                 // warnings only
        ("https://login.example.com/cb#", 0),            // a warning: fragment in a redirect URI
        ("mailto:someone@example.com", 0),
        ("x:", 0),
        // Wrappers that are not the certificate-auth form: warnings, the URI is still valid.
        ("msauth://code/msauth%3A%2F%2Fcode%2Fx", 0),
        ("msauth://code/%FF", 0),
        // Relative references: valid RFC 3986, but not redirect URIs (not-absolute is an error).
        ("a", 1),
        ("", 1),
        ("/cb", 1),
        ("../a?b", 1),
        ("//host/path", 1),
        ("?q", 1),
        ("#f", 1),
        // Invalid.
        ("http://h:8a/p", 1),
        ("http://127.0.0.1:51004/call back", 1),
        ("x-msauth-app://com.app\\evil", 1),
        ("https://pаypal.com/cb", 1),                   // non-ASCII without --iri
        ("1ab:x", 1),
        ("a%zz", 1),
        ("http://[::1", 1),
        ("x:/a\u{2028}b", 1),
        ("x:/a\u{85}b", 1),
        ("x:/a\u{1B}[31mb", 1),
        // Broker requests: well formed, and with problems.
        ("msauthv2://broker?msg_protocol_ver=3&client_id=00000000-0000-0000-0000-000000000001&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon&scope=openid&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D&client_version=1.0", 0),
        ("msauthv2://broker?client_id=a&client_id=b", 1),
        ("msauthv2://broker?redirect_uri=%FF", 1),
        // Broker responses: well formed, error responses, and with problems.
        ("msauth.com.contoso.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash)", 0),
        ("msauth.com.contoso.app://auth?error_code=-50005&error_description=User+cancelled", 0),
        ("msauth.com.contoso.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash.lowercased())", 1),
        ("msauth.com.contoso.app://auth?msg_protocol_ver=3&response=abcd&response=efgh&hash=\(hash)", 1),
        ("msauth.com.contoso.app://auth?msg_protocol_ver=x&response=abcd&hash=\(hash)", 1),
    ]

    /// Verification runs: arguments, input, status.
    static let verifications: [(arguments: [String], input: String, status: Int32)] = [
        (["--registered", "x-msauth-mytestiosapp://com.myapp.mytestapp", "--bundle-id", "com.myapp.mytestapp"],
         "x-msauth-mytestiosapp://com.myapp.mytestapp", 0),
        (["--registered", "x-msauth-mytestiosapp://com.myapp.mytestapp", "--bundle-id", "com.myapp.mytestapp"],
         "x-msauth-mytestiosapp://com.myapp.mytestapp/", 1),
        (["--registered", "x-msauth-mytestiosapp://com.myapp.mytestapp", "--bundle-id", "com.evil.app"],
         "x-msauth-mytestiosapp://com.myapp.mytestapp", 1),
        (["--registered", "x-msauth-mytestiosapp://com.myapp.mytestapp", "--bundle-id", "COM.MYAPP.MYTESTAPP", "--bundle-id-case-insensitive"],
         "x-msauth-mytestiosapp://com.myapp.mytestapp", 0),
        (["--bundle-id", "com.contoso.app"], "msauth.com.contoso.app://auth", 0),
        (["--bundle-id", "com.contoso.app"], "msauth.com.contoso.app://auth#", 1),
        (["--bundle-id", "com.contoso.app"], "https://login.example.com/cb", 1),
        (["--registered", "http://127.0.0.1/cb"], "http://127.0.0.1:51004/cb", 0),
        (["--registered", "http://127.0.0.1/cb"], "http://127.0.0.1:051004/cb", 1),
        (["--registered", "msauth.com.contoso.app://auth"], "a", 1),
        // One rule: with verification, the verdict alone decides, and it judges the request as a
        // whole. A request without broker_key exits 1 (it exited 0, its problems printed and its
        // verdict accepted); an https redirect_uri binds the answer to no app, caller or not.
        (["--registered", "https://login.example.com/cb"],
         "msauthv2://broker?client_id=3c62ac97-29eb-4aed-a3c8-add0298508da&redirect_uri=https%3A%2F%2Flogin.example.com%2Fcb", 1),
        (["--registered", "https://login.example.com/cb"],
         "msauthv2://broker?client_id=3c62ac97-29eb-4aed-a3c8-add0298508da&redirect_uri=https%3A%2F%2Flogin.example.com%2Fcb&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D&client_version=1.2.3&msg_protocol_ver=3&scope=openid", 1),
        (["--registered", "msauth.com.contoso.app://auth"],
         "msauthv2://broker?client_id=3c62ac97-29eb-4aed-a3c8-add0298508da&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D&client_version=1.2.3&msg_protocol_ver=3&scope=openid", 0),
        (["--registered", "msauth.com.contoso.app://auth", "--bundle-id", "com.contoso.app"],
         "msauthv2://broker?client_id=3c62ac97-29eb-4aed-a3c8-add0298508da&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D&client_version=1.2.3&msg_protocol_ver=3&scope=openid", 0),
        (["--registered", "https://login.example.com/cb", "--bundle-id", "com.example.app"],
         "msauthv2://broker?client_id=3c62ac97-29eb-4aed-a3c8-add0298508da&redirect_uri=https%3A%2F%2Flogin.example.com%2Fcb", 1),
        (["--registered", "msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth", "--bundle-id", "com.example.app"],
         "msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth", 1),
        (["--registered", "msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth"], "msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth", 0),
        (["--registered", "myapp://callback", "--bundle-id", "callback"], "myapp://callback", 0),
        (["--registered", "msauth.com.contoso.app://auth"], "msauth.com.contoso.app://auth ", 1),
    ]

    /// An invalid --registered or --bundle-id value is a usage error (status 2, nothing printed)
    /// that names the value; it was a rejection of the input ("rejected (exact-match)").
    @Test func invalidVerificationOptionsAreUsageErrors() throws {
        let rows: [(arguments: [String], named: String)] = [
            (["--registered", "not a uri"], "--registered 'not a uri'"),
            (["--registered", "/cb"], "--registered '/cb'"),
            (["--registered", "msauth.com.contoso.app://auth", "--registered", "https://x.example/a b"], "--registered 'https://x.example/a b'"),
            (["--bundle-id", "com..app"], "--bundle-id 'com..app'"),
            (["--bundle-id", ""], "--bundle-id ''"),
            (["--registered", "msauth.com.contoso.app://auth", "--bundle-id", "$(PRODUCT_BUNDLE_IDENTIFIER)"], "--bundle-id '$(PRODUCT_BUNDLE_IDENTIFIER)'"),
        ]
        for row in rows {
            for json in [false, true] {
                let outcome = try CommandRunner.runUnchecked((json ? ["--json"] : []) + row.arguments + ["--", "msauth.com.contoso.app://auth"])
                #expect(outcome.status == 2, "\(row.arguments)")
                #expect(outcome.standardOutput.isEmpty, "\(row.arguments)")
                #expect(outcome.standardError.contains(row.named), "\(row.arguments): \(outcome.standardError)")
            }
        }
    }

    /// A request carrying `redirect_uri` next to a look-alike (`REDIRECT_URI`, or a name that
    /// decodes to `redirect_uri ` with a trailing space) is ambiguous: a server that folds case
    /// or trims reads another request than the broker. Through the command, in text and JSON.
    @Test func lookAlikeRedirectURIsAreAmbiguousThroughTheCommand() throws {
        let own = "redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"
        let evil = "https%3A%2F%2Fevil.example%2Fcb"
        for query in ["\(own)&REDIRECT_URI=\(evil)", "\(own)&redirect_uri+=\(evil)", "\(own)&redirect_uri%20=\(evil)",
                      "Redirect_Uri=\(evil)&\(own)", "\(own)&%20redirect_uri=\(evil)"] {
            let input = "msauthv2://broker?" + query
            let arguments = ["--registered", "msauth.com.contoso.app://auth", "--bundle-id", "com.contoso.app", "--", input]
            let json = try CommandRunner.run(["--json"] + arguments)
            #expect(json.status == 1, "\(query)")
            let object = try #require(try CommandRunner.jsonObjects(json.standardOutput).first)
            let verdict = try #require(object["verdict"] as? [String: Any])
            #expect(verdict["rule"] as? String == "ambiguous-parameters", "\(query)")
            let text = try CommandRunner.run(arguments)
            #expect(text.status == 1)
            #expect(text.standardOutput.contains("verdict    rejected (ambiguous-parameters)"), "\(query)")
        }
    }

    /// With --bundle-id and no --registered, the explanation never claims a registered match
    /// (a diagnostic says none was given).
    @Test func noRegistrationsNeverExplainAsAMatch() throws {
        let outcome = try CommandRunner.run(["--json", "--bundle-id", "com.contoso.app", "--", "msauth.com.contoso.app://auth"])
        let object = try #require(try CommandRunner.jsonObjects(outcome.standardOutput).first)
        let verdict = try #require(object["verdict"] as? [String: Any])
        #expect(verdict["accepted"] as? Bool == true)
        #expect(verdict["matched"] is NSNull)
        let explanation = try #require(verdict["explanation"] as? String)
        #expect(!explanation.contains("registered redirect URI '"))
        #expect(explanation.contains("no registered redirect URIs were given"))
        let codes = (object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes.contains("no-registered-uris"))
    }

    @Test func eachInputAloneInTextAndJSON() throws {
        for (input, status) in Self.inputs {
            let arguments = ["--", input]
            let text = try CommandRunner.run(arguments)
            let json = try CommandRunner.run(["--json"] + arguments)
            #expect(text.status == status, "text: \(input)")
            #expect(json.status == status, "json: \(input)")
        }
    }

    @Test func verificationInTextAndJSON() throws {
        for (arguments, input, status) in Self.verifications {
            let text = try CommandRunner.run(arguments + ["--", input])
            let json = try CommandRunner.run(["--json"] + arguments + ["--", input])
            #expect(text.status == status, "text: \(arguments) \(input)")
            #expect(json.status == status, "json: \(arguments) \(input)")
        }
    }

    /// Many inputs in one run: 1 when any of them fails, from arguments and standard input alike.
    @Test func oneRunOfManyInputsFailsWhenAnyFails() throws {
        let passing = Self.inputs.filter { $0.status == 0 }.map(\.input)
        #expect(try CommandRunner.run(["--json", "--"] + passing).status == 0)
        #expect(try CommandRunner.run(["--"] + passing).status == 0)
        for failing in Self.inputs.filter({ $0.status == 1 }).map(\.input).prefix(6) {
            #expect(try CommandRunner.run(["--json", "--"] + passing + [failing]).status == 1)
            #expect(try CommandRunner.run(["--"] + [failing] + passing).status == 1)
        }
        let lines = Self.inputs.map(\.input).filter { !$0.contains("\n") && !$0.isEmpty }.joined(separator: "\n") + "\n"
        let piped = try CommandRunner.run(["--json"], standardInput: Data(lines.utf8))
        #expect(piped.status == 1)
    }

    /// The library's rule agrees with the test's reading of the printed JSON, for every input.
    @Test func reportRuleMatchesThePrintedJSON() throws {
        for (input, status) in Self.inputs {
            let report = InputAnalyzer().analyze(Array(input.utf8))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(report.jsonLine().utf8)) as? [String: Any])
            #expect(report.isFailure == PrintedOutcome.isFailure(object), "\(input)")
            #expect(report.isFailure == (status == 1), "\(input)")
        }
    }

    @Test func notAbsoluteIsPrintedAsAnError() throws {
        let text = try CommandRunner.run(["a"])
        #expect(text.status == 1)
        #expect(text.standardOutput.contains("  valid      yes (relative reference)\n"))
        #expect(text.standardOutput.contains("  error      not-absolute: "))
        let json = try CommandRunner.run(["--json", "a"])
        let object = try #require(try CommandRunner.jsonObjects(json.standardOutput).first)
        #expect(object["valid"] as? Bool == true)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.contains { $0["code"] as? String == "not-absolute" && $0["severity"] as? String == "error" })
    }
}

/// The same invariant as a property over generated inputs: for each one, the JSON line and the
/// text the command prints call for the status the command computes from the report; and whole
/// runs of them through the built command exit with 1 exactly when a printed object fails.
@Suite(.serialized)
struct ExitStatusPropertyTests {
    /// A deterministic generator (SplitMix64), so that a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let schemes = ["", "x:", "https:", "http:", "msauth:", "msauth.com.contoso.app:", "x-msauth-app:", "com.example.app:", "1ab:", "MSAUTH.com.app:"]
    static let authorities = ["", "//", "//com.myapp.mytestapp", "//auth", "//code", "//127.0.0.1:51004", "//[::1]:8080", "//localhost",
                              "//h:8a", "//u@h", "//[::1", "//h h", "//com.example.app"]
    static let paths = ["", "/", "/cb", "/x-msauth-app%3A%2F%2Fcom.app", "/1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D", "/%zz", "/a\\b", "/é", "a", "/broker"]
    static let queries = ["", "?", "?a=1", "?msg_protocol_ver=3&response=abcd&hash=" + String(repeating: "AB", count: 32),
                          "?error_code=1&error_description=x+y", "?client_id=a&client_id=b", "?redirect_uri=%FF", "?response=a&response=b&hash=x",
                          "?msg_protocol_ver=3&client_id=00000000-0000-0000-0000-000000000001&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"]
    static let fragments = ["", "#", "#f", "#a#b"]
    static let oddities = ["", "", "", " ", "\u{2028}", "\u{85}", "\u{1B}", "\r", "$(PRODUCT_BUNDLE_IDENTIFIER)"]

    static func inputs(count: Int, seed: UInt64) -> [String] {
        var generator = Generator(state: seed)
        return (0..<count).map { _ in
            let parts = [schemes, authorities, paths, queries, fragments, oddities].map { $0.randomElement(using: &generator) ?? "" }
            // The oddity goes somewhere inside, not only at the end.
            var text = parts[0..<5].joined()
            let position = Int.random(in: 0...text.count, using: &generator)
            text.insert(contentsOf: parts[5], at: text.index(text.startIndex, offsetBy: position))
            return text
        }
    }

    @Test func printedOutputAgreesWithTheStatusForEveryGeneratedInput() throws {
        var failures = 0
        for input in Self.inputs(count: 2_000, seed: 0x5EED) {
            let report = InputAnalyzer().analyze(Array(input.utf8))
            let status = ParseExitStatus.status(of: [report])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(report.jsonLine().utf8)) as? [String: Any])
            #expect(PrintedOutcome.isFailure(object) == (status == 1), "json: \(input.debugDescription)")
            #expect(PrintedOutcome.isFailure(text: TextRenderer().render(report)) == (status == 1), "text: \(input.debugDescription)")
            if status == 1 { failures += 1 }
        }
        // The generated inputs exercise both outcomes in earnest.
        #expect(failures > 200 && failures < 1_800)
    }

    @Test func runsOfGeneratedInputsThroughTheCommand() throws {
        // Arguments (text and JSON) and standard input, a handful of inputs per run.
        let inputs = Self.inputs(count: 120, seed: 0xC0FFEE).filter { !$0.contains("\r") && !$0.contains("\n") }
        for start in stride(from: 0, to: inputs.count, by: 8) {
            let batch = Array(inputs[start..<min(start + 8, inputs.count)])
            _ = try CommandRunner.run(["--"] + batch)
            _ = try CommandRunner.run(["--json", "--"] + batch)
            _ = try CommandRunner.run(["--json"], standardInput: Data((batch.joined(separator: "\n") + "\n").utf8))
        }
    }
}
