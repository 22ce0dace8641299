import Foundation
import RedirectURIKit
import Testing
@testable import RedirectURIReport

/// A library user encoding the library's own types gets the objects `parse --json` prints: the
/// Codable conformances and the report agree, key for key.
struct LibraryEncodingTests {
    static func json(_ value: some Encodable) throws -> String { try JSONLine.encode(value) }

    static let inputs = [
        "x-msauth-mytestiosapp://com.myapp.mytestapp", "x://h?", "http://u:p@[::1]:8/p?q#f", "a", "",
        "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", "http://localhost:1/cb",
        "http://h:8a/p", "x:/a\u{2028}b", "http://h h/",
    ]

    @Test func componentsErrorsAndDiagnosticsMatchTheReport() throws {
        for input in Self.inputs {
            let report = InputAnalyzer().analyze(Array(input.utf8))
            switch Result(catching: { () throws(URIParseError) in try URIReference(parsing: input) }) {
            case .success(let reference):
                let components = try #require(report.components)
                let form = try #require(report.form)
                #expect(try Self.json(URIComponents(reference)) == Self.json(components), "\(input)")
                let redirect = RedirectURI(classifying: reference)
                #expect(try Self.json(redirect.form) == Self.json(form))
                for diagnostic in redirect.diagnostics {
                    #expect(report.diagnostics.contains(diagnostic))
                }
            case .failure(let error):
                let printed = try #require(report.error)
                #expect(try Self.json(error) == Self.json(printed), "\(input)")
            }
        }
    }

    @Test func verdictsMatchTheReport() throws {
        let registered = ["x-msauth-mytestiosapp://com.myapp.mytestapp"]
        for (presented, caller) in [("x-msauth-mytestiosapp://com.myapp.mytestapp", "com.myapp.mytestapp"),
                                    ("x-msauth-mytestiosapp://com.myapp.mytestapp/", "com.myapp.mytestapp"),
                                    ("x-msauth-mytestiosapp://com.myapp.mytestapp", "com.evil.app")] {
            let verdict = RedirectVerifier(registered: registered).verify(presented, caller: Caller(sourceApplication: caller))
            let report = InputAnalyzer(verification: .init(registered: registered, caller: Caller(sourceApplication: caller))).analyze(Array(presented.utf8))
            let library = try #require(try JSONSerialization.jsonObject(with: Data(Self.json(verdict).utf8)) as? [String: Any])
            let reportVerdict = try #require(report.verdict)
            // The report holds the library's verdict and prints the library's object for it.
            #expect(try Self.json(reportVerdict) == Self.json(verdict))
            let printed = try #require(
                try JSONSerialization.jsonObject(with: Data(Self.json(InputReport.VerdictObject(verdict: reportVerdict)).utf8)) as? [String: Any])
            // The library's verdict carries its diagnostics; the command prints them with the others.
            #expect(Set(library.keys).subtracting(["diagnostics"]) == Set(printed.keys))
            #expect(library["accepted"] as? Bool == printed["accepted"] as? Bool)
            #expect(library["rule"] as? String == printed["rule"] as? String)
            #expect(library["matched"] as? String == printed["matched"] as? String)
            #expect(library["explanation"] as? String == printed["explanation"] as? String)
        }
    }

    /// The message object is the library's: an app encoding the message it read prints what the
    /// command prints.
    @Test func messagesMatchTheReport() throws {
        let hash = String(repeating: "AB", count: 32)
        for input in [
            BrokerMessageReportTests.request, BrokerMessageReportTests.request + "&redirect_uri=x",
            "msauthv2://broker?client_id=%FF", "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash)",
            "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=abcd&hash=ab",
            "msauth.com.contoso.app://auth?error_code=-50005&error_description=User+cancelled",
        ] {
            let message = try BrokerMessage(parsing: input)
            let report = InputAnalyzer().analyze(Array(input.utf8))
            let printed = try #require(report.message, "\(input)")
            #expect(try Self.json(message) == Self.json(printed), "\(input)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.json(printed).utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["type", "protocol", "fields", "problems"])
            #expect((object["problems"] as? [String]) == message.problems.map(\.description), "\(input)")
        }
    }
}
