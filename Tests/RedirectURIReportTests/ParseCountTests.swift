import Testing

@_spi(Testing) @_spi(Toolkit) import RedirectURIKit
@testable import RedirectURIReport

/// The report computes once and hands on values: the input is parsed once, and each URI nested
/// in it (a broker request's `redirect_uri` and `authority`, a wrapper's inner URI) once more.
/// Parsing again to decide something again is how two answers drift apart.
struct ParseCountTests {
    static let request =
        "msauthv2://broker?authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon"
        + "&client_id=a3c79321-a853-4be4-8a72-29f948f8698e&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"
        + "&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D"
        + "&client_version=1.2.3&msg_protocol_ver=3&scope=openid"
    static let hash = String(repeating: "A", count: 64)

    /// (input, registered URIs or nil for no verification, parses: the input and its nested URIs)
    static let rows: [(String, [String]?, Int)] = [
        ("msauth.com.contoso.app://auth", nil, 1),
        ("msauth.com.contoso.app://auth", ["msauth.com.contoso.app://auth"], 1),
        ("msauth.com.contoso.app://auth", [], 1),
        ("not a uri", nil, 1),
        // Verifying an input that is not a URI reference parses it once more, as an absolute
        // URI, so that rule syntax gives that grammar's error (the first parse's is a
        // URI-reference error, with another kind or offset).
        ("not a uri", ["msauth.com.contoso.app://auth"], 2),
        ("/relative", ["msauth.com.contoso.app://auth"], 2),
        ("/relative", nil, 1),
        ("msauth.com.contoso.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash)", nil, 1),
        ("x-msauth-app://com.app?error_code=1&error=x", ["x-msauth-app://com.app"], 1),
        // A request: the URL, its redirect_uri and its authority.
        (request, nil, 3),
        (request, ["msauth.com.contoso.app://auth"], 3),
        (request, [], 3),
        (request + "&redirect_uri=x", ["msauth.com.contoso.app://auth"], 2),  // no single redirect_uri
        // A certificate-auth wrapper: the input, and its inner URI twice. Classification decodes
        // the inner URI into stack memory and parses it there to decide the form (so that it
        // allocates nothing); the report's `inner` decodes it into a string and parses that.
        ("msauth://code/msauth.com.contoso.app%3A%2F%2Fauth", nil, 3),
    ]

    @Test(.enabled(if: ParseCount.isCounting), arguments: rows)
    func parsesPerInput(input: String, registered: [String]?, expected: Int) {
        let analyzer = InputAnalyzer(
            verification: registered.map { .init(registered: $0, caller: .reportedByOS(bundleID: "com.contoso.app")) })
        // What `parse --json` does: a request's problems (its authority's parse) are found when
        // the message encodes itself.
        let ((report, _), parses) = ParseCount.counting {
            let report = analyzer.analyze(Array(input.utf8))
            return (report, report.jsonLine())
        }
        #expect(parses == expected, "\(input) with \(registered ?? [])")
        #expect(report.inputLength == input.utf8.count)
    }

    /// `parse --registered` parses each registration once, as the option is read (its transform
    /// makes a `RedirectURI`); the analyzer made from them parses them no more, so a run costs
    /// one parse per registration and the input's own.
    @Test(.enabled(if: ParseCount.isCounting))
    func registrationsParsedOnceAreNotParsedAgain() throws {
        let (registered, optionParses) = ParseCount.counting {
            ["msauth.com.contoso.app://auth", "x-msauth-contoso://com.contoso.app"].compactMap { try? RedirectURI(parsing: $0) }
        }
        #expect(optionParses == 2)
        let (report, parses) = ParseCount.counting {
            let analyzer = InputAnalyzer(verification: .init(registeredRedirects: registered, caller: .notReported))
            return analyzer.analyze(Array(Self.request.utf8))
        }
        #expect(report.verdict?.accepted == true)
        #expect(parses == 3)  // the URL, its redirect_uri and its authority: nothing of the registrations
    }

    /// One walk over the query per input: the message's. The report's parameters, the request's
    /// fields and problems, and the verdict read what that walk found. (An input that is not a
    /// broker message has its query split once for the report's parameters.)
    static let walkRows: [(String, [String]?, Int)] = [
        (request, nil, 1),
        (request, ["msauth.com.contoso.app://auth"], 1),
        (request + "&x_extra=1&redirect_uri=x", ["msauth.com.contoso.app://auth"], 1),
        ("msauth.com.contoso.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash)", nil, 1),
        ("x-msauth-app://com.app?error_code=1&error_description=No+way", ["x-msauth-app://com.app"], 1),
        ("https://example.com/cb?a=1&b=%41&c", nil, 1),
        ("msauth.com.contoso.app://auth", ["msauth.com.contoso.app://auth"], 0),
    ]

    @Test(.enabled(if: ParseCount.isCounting), arguments: walkRows)
    func oneWalkPerInput(input: String, registered: [String]?, expected: Int) {
        let analyzer = InputAnalyzer(
            verification: registered.map { .init(registered: $0, caller: .reportedByOS(bundleID: "com.contoso.app")) })
        let (_, walks) = QueryWalkCount.counting { analyzer.analyze(Array(input.utf8)) }
        #expect(walks == expected, "\(input) with \(registered ?? [])")
    }

    /// A request is a view of its message: reading it walks the query once and parses the URL,
    /// its redirect_uri and its authority once each; asking its fields, its problems, whether
    /// its redirect URI fits the caller, and whether a response comes back to it, walks and
    /// parses nothing more.
    @Test(.enabled(if: ParseCount.isCounting))
    func aRequestIsAViewOfItsMessage() throws {
        let ((request, parsesToRead), walksToRead) = try QueryWalkCount.counting { try ParseCount.counting { try BrokerRequest(parsing: Self.request) } }
        #expect(walksToRead == 1)
        #expect(parsesToRead == 3)
        let response = try BrokerResponse(parsing: "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=abcd&hash=\(Self.hash)")
        let ((outcome, parses), walks) = QueryWalkCount.counting {
            ParseCount.counting {
                (
                    request.clientID, request.redirectURI?.bundleID, request.problems(), request.protocolVersion,
                    request.checkRedirectURI(caller: .reportedByOS(bundleID: "com.contoso.app")).accepted, response.comesBack(to: request).outcome
                )
            }
        }
        #expect(outcome.0 == "a3c79321-a853-4be4-8a72-29f948f8698e")
        #expect(outcome.1?.description == "com.contoso.app")
        #expect(outcome.2 == [])
        #expect(outcome.4)
        #expect(outcome.5 == .response)
        #expect(parses == 0)
        #expect(walks == 0)
    }

    /// The walk counter counts: a test that pins a count can fail.
    @Test(.enabled(if: ParseCount.isCounting))
    func theWalkCounterCounts() throws {
        let message = try BrokerMessage(parsing: "msauth.com.app://auth?a=1&b=2")
        let (_, walks) = QueryWalkCount.counting {
            _ = message.parameters
            _ = message.decodedParameters
            _ = message.value("a")
        }
        #expect(walks == 3)
    }

    /// The registrations are parsed when the analyzer is made, not for every input.
    @Test(.enabled(if: ParseCount.isCounting))
    func registrationsAreParsedOnce() {
        let registered = ["msauth.com.contoso.app://auth", "x-msauth-app://com.app"]
        let (analyzer, parses) = ParseCount.counting {
            InputAnalyzer(verification: .init(registered: registered, caller: .notReported))
        }
        #expect(parses == registered.count)
        let (_, again) = ParseCount.counting {
            for _ in 0..<3 { _ = analyzer.analyze(Array("msauth.com.contoso.app://auth".utf8)) }
        }
        #expect(again == 3)
    }

    /// The counter counts: a test that pins a count can fail.
    @Test(.enabled(if: ParseCount.isCounting))
    func theCounterCounts() throws {
        let (_, parses) = try ParseCount.counting {
            _ = try URIReference(parsing: "a://b")
            _ = try? URIReference(parsing: "a b")
            _ = try RedirectURI(parsing: "x-msauth-app://com.app")
        }
        #expect(parses == 3)
    }
}
