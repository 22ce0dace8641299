import Foundation
import RedirectURIKit
import Testing
@testable import RedirectURIReport

/// `parse route`: each outcome and each reason for a mismatch, in text and JSON, with the exit
/// statuses of the rest of `parse` (0 belongs, 1 not, 2 usage).
@Suite(.serialized)
struct RouteCommandTests {
    static let msal = "msauth.com.contoso.app://auth"

    /// Incoming URL, outcome, the diagnostic that says why (or notes something).
    static let rows: [(incoming: String, outcome: String, code: String?)] = [
        (msal + "?code=1", "response", nil),
        (msal, "response", nil),
        (msal + "/broker?response=abc", "broker", nil),
        (msal + "/switch_browser?code=1", "switch-browser", nil),
        (msal + "/switch_browser_resume?code=1", "switch-browser-resume", nil),
        ("msauth.com.contoso.app://auth#frag", "response", "incoming-fragment"),
        ("MSAUTH.COM.CONTOSO.APP://auth?code=1", "response", "scheme-case-differs"),
        (msal + "/?code=1", "mismatch", "trailing-slash-mismatch"),
        ("msauth.com.contoso.app://callback?code=1", "mismatch", "authority-mismatch"),
        ("msauth.com.contoso.app://auth:1?code=1", "mismatch", "authority-mismatch"),
        ("msauth.com.other.app://auth?code=1", "mismatch", "scheme-mismatch"),
        (msal + "/broker/?x", "mismatch", "path-mismatch"),
        (msal + "/Broker", "mismatch", "path-mismatch"),
        ("not a url", "mismatch", "incoming-invalid"),
    ]

    @Test func eachOutcomeInTextAndJSON() throws {
        for row in Self.rows {
            let belongs = row.outcome != "mismatch"
            let json = try CommandRunner.run(["route", "--json", "--redirect-uri", Self.msal, "--", row.incoming])
            #expect(json.status == (belongs ? 0 : 1), "\(row.incoming)")
            let object = try #require(try CommandRunner.jsonObjects(json.standardOutput).first)
            #expect(Set(object.keys) == ["belongs", "diagnostics", "incoming", "outcome", "redirectURI"])
            #expect(object["outcome"] as? String == row.outcome, "\(row.incoming)")
            #expect(object["belongs"] as? Bool == belongs)
            #expect(object["incoming"] as? String == row.incoming)
            let codes = (object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            #expect(codes == (row.code.map { [$0] } ?? []), "\(row.incoming)")
            let text = try CommandRunner.run(["route", "--redirect-uri", Self.msal, "--", row.incoming])
            #expect(text.status == json.status)
            #expect(text.standardOutput.contains("  outcome    \(row.outcome)\n"))
            #expect(text.standardOutput.contains("  belongs    \(belongs ? "yes" : "no")\n"))
            if let code = row.code { #expect(text.standardOutput.contains(" \(code): "), "\(row.incoming)") }
        }
    }

    /// Many URLs in one run, from arguments and standard input: 1 when any does not belong.
    @Test func manyURLsFailWhenAnyDoesNotBelong() throws {
        let belonging = Self.rows.filter { $0.outcome != "mismatch" }.map(\.incoming)
        #expect(try CommandRunner.run(["route", "--redirect-uri", Self.msal, "--"] + belonging).status == 0)
        #expect(try CommandRunner.run(["route", "--redirect-uri", Self.msal, "--"] + belonging + [Self.msal + "/"]).status == 1)
        let piped = try CommandRunner.run(
            ["route", "--json", "--redirect-uri", Self.msal], standardInput: Data((belonging.joined(separator: "\n") + "\n").utf8))
        #expect(piped.status == 0)
        #expect(try CommandRunner.jsonObjects(piped.standardOutput).count == belonging.count)
    }

    /// An upper-case scheme in the redirect URI is warned about on every answer.
    @Test func upperCaseSchemeIsWarned() throws {
        let outcome = try CommandRunner.run(["route", "--json", "--redirect-uri", "msauth.com.contoso.MailApp://auth", "--", "msauth.com.contoso.mailapp://auth?x=1"])
        let object = try #require(try CommandRunner.jsonObjects(outcome.standardOutput).first)
        let codes = (object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes == ["scheme-upper-case", "scheme-case-differs"])
        #expect(object["belongs"] as? Bool == true)
    }

    @Test func usageErrors() throws {
        for arguments in [["route", "--redirect-uri", "not a uri", "x://y"], ["route", "x://y"], ["route", "--redirect-uri", "/cb", "x://y"]] {
            let outcome = try CommandRunner.runUnchecked(arguments)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.standardOutput.isEmpty)
            #expect(outcome.standardError.contains("--redirect-uri"), "\(arguments)")
        }
    }

    /// Every code `parse route` prints is registered with the severity it is printed with.
    @Test func everyPrintedCodeIsRegistered() throws {
        let registry = try InputAnalyzer.findingRegistry()
        let redirect = try RedirectURI(parsing: "MSAUTH.com.contoso.app://auth")
        for row in Self.rows {
            for diagnostic in RouteReport(redirect: redirect, incoming: Array(row.incoming.utf8)).routing.diagnostics {
                #expect(registry.definition(of: diagnostic.code.rawValue)?.severity == diagnostic.severity, "\(diagnostic.code)")
            }
        }
    }
}
