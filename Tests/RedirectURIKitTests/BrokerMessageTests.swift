import Testing
@_spi(Testing) @_spi(Toolkit) @testable import RedirectURIKit

/// SPEC §4 and §8: query access, broker requests and responses.
struct QueryParametersTests {
    @Test func iterationKeepsEveryPieceInOrderAsSlices() throws {
        let uri = try URIReference(parsing: "x://h?a=1&b&&a=2&c=&=v")
        let pieces = Array(QueryParameters(uri.query ?? ""))
        #expect(pieces.map(\.rawName) == ["a", "b", "a", "c", ""])
        #expect(pieces.map(\.rawValue) == ["1", nil, "2", "", "v"])
        // Slices of the original text: same base string, no copy.
        #expect(pieces[0].rawName.base == uri.text.base)
    }

    @Test func duplicatesAreAnErrorNotAChoice() throws {
        let query = QueryParameters("redirect_uri=a&x=1&redirect_uri=b")
        #expect(throws: QueryParameterError(.duplicateParameter, name: "redirect_uri", offset: 19)) { try query.single("redirect_uri") }
        #expect(query.all(named: "redirect_uri").count == 2)
        // An encoded spelling of the name is the same parameter.
        let sneaky = QueryParameters("redirect_uri=a&redirect%5Furi=b")
        #expect(throws: QueryParameterError(.duplicateParameter, name: "redirect_uri", offset: 15)) { try sneaky.single("redirect_uri") }
    }

    /// Iteration splits any text (not only a parsed query: non-ASCII, spaces, long pieces across
    /// the 16-byte blocks of the piece reader) like a plain reference: pieces between `&`, empty
    /// ones skipped, the name up to the first `=`.
    @Test func iterationAgreesWithAPlainSplitOnAnyText() {
        var generator = SeededGenerator(seed: 31)
        let parts = ["&", "&", "=", "==", "a", "redirect_uri", "%3D", "+", " ", "é", "\u{1F600}",
                     String(repeating: "Q", count: 15), String(repeating: "k", count: 17), String(repeating: "z=", count: 9)]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...14, using: &generator)).map { _ in parts.randomElement(using: &generator) ?? "" }.joined()
            let expected = text.split(separator: "&", omittingEmptySubsequences: true).map { piece -> (Substring, Substring?) in
                guard let equals = piece.firstIndex(of: "=") else { return (piece, nil) }
                return (piece[..<equals], piece[piece.index(after: equals)...])
            }
            let found = QueryParameters(Substring(text)).map { ($0.rawName, $0.rawValue) }
            #expect(found.count == expected.count && zip(found, expected).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }, "\(text)")
        }
    }

    /// `single` and `URIReference.queryParameter` (candidates found in place, names compared a
    /// word at a time) agree with a plain reference lookup: split on '&', skip empty pieces,
    /// decode the name, and make a second match an error at the second piece's offset. Targets cover the
    /// word comparison (8–16 bytes), short and long names, names that no raw name spells as
    /// themselves (`+`, `=`, space), and both decodings.
    @Test(arguments: [QueryDecoding.form, .rfc3986])
    func singleAgreesWithAReferenceLookup(decoding: QueryDecoding) {
        func reference(_ query: String, _ name: String) -> Result<Substring?, QueryParameterError> {
            var found: Substring??
            var offset = 0
            for piece in query.split(separator: "&", omittingEmptySubsequences: false) {
                defer { offset += piece.utf8.count + 1 }
                guard !piece.isEmpty else { continue }
                let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard (try? PercentEncoding.decodeString(parts[0], plusIsSpace: decoding == .form)) == name else { continue }
                if found != nil { return .failure(QueryParameterError(.duplicateParameter, name: name, offset: offset)) }
                found = .some(parts.count > 1 ? parts[1] : nil)
            }
            return .success(found ?? nil)
        }
        var generator = SeededGenerator(seed: decoding == .form ? 23 : 29)
        // Non-ASCII and empty targets take the general path (decoded names compared as strings).
        let targets = ["redirect_uri", "a", "r x", "r+x", "a=b", "client_id", "max_protocol_version_long_name",
                       "redirect uri", " id", "é", "nom_é", ""]
        let names = ["redirect_uri", "redirect%5Furi", "%72edirect_uri", "redirect_ur", "redirect_urix", "redirect_uri%20",
                     // First bytes that the candidate test lets through with '%' and '+'.
                     "!a", "#", "'r", ")", "-redirect_uri", "/x",
                     "client_id", "client_i%64", "a", "%61", "", "r+x", "r%20x", "r%2Bx", "r x", "a%3Db", "+",
                     "max_protocol_version_long_name", "max_protocol_version_long_nam%65", "redirect",
                     "redirect+uri", "redirect%20uri", "+id", "%20id", " id",
                     // Spellings of "é" (one precomposed, one canonically equivalent) and "nom_é".
                     "%C3%A9", "e%CC%81", "é", "nom_%C3%A9", "nom%5F%C3%A9", "nom_e"]
        let values = ["", "x", "x-msauth-app%3A%2F%2Fcom.app", "a=b", String(repeating: "Q", count: 40), "%20+"]
        for _ in 0..<6_000 {
            let target = targets.randomElement(using: &generator) ?? ""
            let pieceCount = Int.random(in: 0...(Bool.random(using: &generator) ? 8 : 90), using: &generator)
            let query = (0..<pieceCount).map { _ -> String in
                let name = names.randomElement(using: &generator) ?? ""
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: return name
                case 1: return ""
                default: return name + "=" + (values.randomElement(using: &generator) ?? "")
                }
            }.joined(separator: "&")
            let actual = Result { () throws(QueryParameterError) in
                try QueryParameters(Substring(query), decoding: decoding).single(target)?.rawValue
            }
            // The in-place lookup on a parsed reference (offsets in the whole text) agrees too;
            // a space makes the URI invalid, so those queries are left to `single`.
            let prefix = "msauth://broker?"
            var candidates = [(actual, 0)]
            // ('#' starts a fragment: then the reference's query is not the whole query.)
            if let reference = try? URIReference(parsing: prefix + query), reference.query.map(String.init) == query {
                candidates.append((Result { () throws(QueryParameterError) in
                    try reference.queryParameter(target, decoding: decoding)?.rawValue
                }, prefix.utf8.count))
            }
            let expected = reference(query, target)
            for (candidate, shift) in candidates {
                switch (candidate, expected) {
                case (.success(let a), .success(let b)): #expect(a == b, "\(target) in \(query)")
                case (.failure(let a), .failure(let b)):
                    #expect(a.kind == b.kind && a.name == b.name, "\(target) in \(query)")
                    #expect(a.offset == b.offset.map { $0 + shift }, "\(target) in \(query)")
                default: Issue.record("the lookup and the reference disagree on \(target) in \(query)")
                }
            }
        }
    }

    /// The in-place lookup tests 32 positions at a time, then 16, the last 16 overlapping: a
    /// piece named the target (plainly, or spelled with an escape) at every offset of queries of
    /// every length to 100, among pieces whose first bytes pass the candidate test without being
    /// the target, alone or twice, is found where the reference says.
    @Test func lookupFindsThePieceAtEveryOffset() throws {
        let spellings = ["redirect_uri=v", "%72edirect_uri=v", "redirect%5Furi", "redirect_uri"]
        for spelling in spellings {
            for length in 0...100 {
                // Filler of pieces that pass the candidate test ('r', and bytes folded with '%'
                // and '+') without being the target.
                let filler = Array(String(repeating: "r=1&-=2&/&!x=3&+4&'&)=&", count: 5).utf8.prefix(length))
                for offset in 0...filler.count {
                    for twice in [false, true] {
                        var bytes = Array(filler[..<offset]) + Array("&\(spelling)&".utf8) + Array(filler[offset...])
                        if twice { bytes += Array("&\(spelling)".utf8) }
                        let query = String(decoding: bytes, as: UTF8.self)
                        let pieceOffset = offset + 1
                        let reference = try URIReference(parsing: "s://h?" + query)
                        let lookup = Result { () throws(QueryParameterError) in try reference.queryParameter("redirect_uri") }
                        switch lookup {
                        case .success(let parameter):
                            #expect(!twice && parameter?.nameStart == pieceOffset + 6, "\(query)")
                        case .failure(let error):
                            #expect(twice && error.kind == .duplicateParameter, "\(query)")
                            #expect(error.offset == bytes.count - spelling.utf8.count + 6, "\(query)")
                        }
                    }
                }
            }
        }
    }

    @Test func plusVersusPercent20() throws {
        let form = QueryParameters("scope=User.Read+openid&name=a%20b%2Bc")
        #expect(try form.value("scope") == "User.Read openid")
        #expect(try form.value("name") == "a b+c")
        let rfc = QueryParameters("scope=User.Read+openid", decoding: .rfc3986)
        #expect(try rfc.value("scope") == "User.Read+openid")
    }

    @Test func decodingErrorsNameTheParameter() {
        #expect(throws: QueryParameterError.self) { try QueryParameters("x=%FF").value("x") }
        do {
            _ = try QueryParameters("a=1&x=%FF").value("x")
        } catch {
            #expect(error.kind == .invalidEncoding)
            #expect(error.name == "x")
            #expect(error.offset == 4)
            #expect(error.underlying == PercentDecodingError(.invalidUTF8, at: 0))
        }
    }
}

struct BrokerRequestTests {
    static let adalRequest = "msauth://broker?authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon"
        + "&client_id=a3c79321-a853-4be4-8a72-29f948f8698e"
        + "&redirect_uri=x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp"
        + "&resource=https%3A%2F%2Fgraph.microsoft.com"
        + "&correlation_id=33A04977-696A-41A6-9798-63BFCC2FF1F7"
        + "&broker_key=Tl_dsTufa0zsOdRdtcymWU_jCPEFScsI0YTWfbx7kO8"
        + "&client_version=2.7.19&max_protocol_ver=2&force=NO&skip_cache=0"
        + "&client_app_name=My+Test+App&client_app_version=1.0&extra_qp=domain_hint%3Dcontoso.com%26msafed%3D0"
        + "&x_custom=kept"
    static let msalRequest = "msauthv2://broker?msg_protocol_ver=3"
        + "&authority=https%3A%2F%2Flogin.microsoftonline.com%2Forganizations"
        + "&client_id=00000000-0000-0000-0000-000000000001"
        + "&redirect_uri=msauth.com.contoso.MailApp%3A%2F%2Fauth"
        + "&scope=User.Read+openid+profile+offline_access"
        + "&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11"
        + "&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D"
        + "&client_version=1.2.3&broker_nonce=7c4f3bda-1e2f-4a5b-8c9d-0e1f2a3b4c5d"
        + "&claims=%7B%22access_token%22%3A%7B%22xms_cc%22%3A%7B%22values%22%3A%5B%22cp1%22%5D%7D%7D%7D"
        + "&client_capabilities=cp1&login_hint=user%40contoso.com&prompt=select_account"
        + "&intune_enrollment_ids=%7B%22enrollment_ids%22%3A%5B%5D%7D&intune_mam_resource=%7B%7D"

    @Test func adalRequest() throws {
        let request = try BrokerRequest(parsing: Self.adalRequest)
        #expect(request.endpoint == .msauth)
        #expect(request.isADALProtocol)
        #expect(request.protocolVersion == 2)
        #expect(request.clientID == "a3c79321-a853-4be4-8a72-29f948f8698e")
        #expect(request.resource == "https://graph.microsoft.com")
        #expect(request.redirectURI?.form == .adalBroker)
        #expect(request.redirectURI?.bundleID?.description == "com.myapp.mytestapp")
        #expect(request.authority?.host == "login.microsoftonline.com")
        #expect(request.force == false)
        #expect(request.skipCache == false)
        #expect(request.value("client_app_name") == "My Test App")
        #expect(request.value("extra_qp") == "domain_hint=contoso.com&msafed=0")
        #expect(request.unknownParameters == [BrokerParameter("x_custom", "kept")])
        #expect(request.checkRedirectURI(caller: .reportedByOS(bundleID: "com.myapp.mytestapp")).accepted)
        #expect(request.checkRedirectURI(caller: .reportedByOS(bundleID: "com.evil.app")).failedRule == .bundleID)
    }

    @Test func msalRequestAndUniversalLink() throws {
        let request = try BrokerRequest(parsing: Self.msalRequest)
        #expect(request.endpoint == .msauthv2)
        #expect(!request.isADALProtocol)
        #expect(request.protocolVersion == 3)
        #expect(request.scope == "User.Read openid profile offline_access")
        #expect(request.redirectURI?.bundleID?.description == "com.contoso.MailApp")
        #expect(request.loginHint == "user@contoso.com")
        let universal = Self.msalRequest.replacingOccurrences(of: "msauthv2://broker", with: "https://login.microsoftonline.com/applebroker/msauthv2")
        #expect(try BrokerRequest(parsing: universal).endpoint == .universalLink)
        let v3 = Self.msalRequest.replacingOccurrences(of: "msauthv2://", with: "msauthv3://")
        #expect(try BrokerRequest(parsing: v3).brokerNonce == "7c4f3bda-1e2f-4a5b-8c9d-0e1f2a3b4c5d")
    }

    /// Each accessor reads its own field: every field of the request below has a value no other
    /// field has.
    @Test func accessorsReadTheirOwnFields() throws {
        let request = try BrokerRequest(parsing: Self.msalRequest)
        let fields: [(String?, String)] = [
            (request.clientID, "00000000-0000-0000-0000-000000000001"),
            (request.correlationID, "b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11"),
            (request.brokerKey, "q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D"),
            (request.brokerNonce, "7c4f3bda-1e2f-4a5b-8c9d-0e1f2a3b4c5d"),
            (request.clientVersion, "1.2.3"),
            (request.scope, "User.Read openid profile offline_access"),
            (request.claims, #"{"access_token":{"xms_cc":{"values":["cp1"]}}}"#),
            (request.prompt, "select_account"),
            (request.loginHint, "user@contoso.com"),
        ]
        for (row, (read, expected)) in fields.enumerated() { #expect(read == expected, "row \(row)") }
    }

    /// `login_hint` is the hint; `username`, which older clients send, only stands in for it.
    static let loginHints: [(String, String?)] = [
        ("&login_hint=a%40contoso.com&username=b%40contoso.com", "a@contoso.com"),
        ("&username=b%40contoso.com&login_hint=a%40contoso.com", "a@contoso.com"),
        ("&username=b%40contoso.com", "b@contoso.com"),
        ("", nil),
    ]

    @Test(arguments: loginHints)
    func loginHintBeforeUsername(parameters: String, expected: String?) throws {
        let request = try BrokerRequest.parseParameters(Self.adalRequest + parameters)
        #expect(request.loginHint == expected)
    }

    /// The protocol decides the required fields, whatever the scheme: an ADAL request
    /// (`max_protocol_ver`, `resource`, no `scope`) sent to msauthv2:// lacks nothing.
    @Test func anADALRequestToMSAuthV2NeedsADALsFields() throws {
        let text = Self.adalRequest.replacingOccurrences(of: "msauth://broker", with: "msauthv2://broker")
        let request = try BrokerRequest.parseParameters(text)
        #expect(request.endpoint == .msauthv2)
        #expect(request.isADALProtocol)
        #expect(request.problems() == [])
        let withoutResource = try BrokerRequest.parseParameters(text.replacingOccurrences(of: "&resource=", with: "&x_resource="))
        #expect(withoutResource.problems().map(\.parameter) == ["resource"])
    }

    /// Malformed values are listed in the order of their parameters in the URL, whatever the
    /// order of the fields.
    @Test func valueProblemsComeInParameterOrder() throws {
        var parameters = try BrokerRequest.parseParameters(Self.msalRequest).parameters
        for (name, bad) in [("client_id", "x"), ("correlation_id", "y"), ("broker_key", "+"), ("client_version", "")] {
            if let index = parameters.firstIndex(where: { $0.name == name }) { parameters[index].value = bad }
        }
        for order in [parameters, parameters.reversed()] {
            let problems = try BrokerRequest(endpoint: .msauthv2, parameters: order).problems()
            let expected = order.map(\.name).filter { ["client_id", "correlation_id", "broker_key", "client_version"].contains($0) }
            #expect(problems.map(\.parameter) == expected)
        }
    }

    /// Every typed error, with the parameter it names.
    static let problems: [(String, BrokerMessageError.Kind, String?)] = [
        ("msauth://broker?" + "client_id=x", .missingParameter, "authority"),
        ("https://example.com/?a=1", .notABrokerRequest, nil),
        ("msauth://broker?a=1#x", .notABrokerRequest, nil),
        ("msauth://broker?a b", .invalidURI, nil),
        ("msauth://broker?x=%FF", .invalidEncoding, "x"),
        // Near misses of the endpoints: the universal link is an https URL, never a scheme of
        // its own; hosts and paths are compared exactly.
        ("universal-link://broker?a=1", .notABrokerRequest, nil),
        ("msauth://BROKER?a=1", .notABrokerRequest, nil),
        ("msauthv2://broker/?a=1", .notABrokerRequest, nil),
        ("msauthv3://user@broker?a=1", .notABrokerRequest, nil),
        ("http://login.microsoftonline.com/applebroker/msauthv2?a=1", .notABrokerRequest, nil),
        ("https://login.microsoftonline.com/applebroker/msauthv2/?a=1", .notABrokerRequest, nil),
        ("https://login.microsoftonline.com:443/applebroker/msauthv2?a=1", .notABrokerRequest, nil),
    ]

    @Test(arguments: problems.indices)
    func parseFailures(row: Int) {
        let (text, kind, parameter) = Self.problems[row]
        do {
            _ = try BrokerRequest(parsing: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.kind == kind, "\(text)")
            #expect(error.parameter == parameter, "\(text)")
        }
    }

    /// The MSAL request with `name` set to `value` (removed for `nil`) and `extra` appended: its
    /// problems, or the error of a request that did not read back.
    static func mutated(_ name: String, _ value: String?, appending extra: [BrokerParameter] = []) -> [BrokerMessageError] {
        var parameters = (try? BrokerRequest.parseParameters(msalRequest))?.parameters ?? []
        if let index = parameters.firstIndex(where: { $0.name == name }) {
            if let value { parameters[index].value = value } else { parameters.remove(at: index) }
        }
        do {
            return try BrokerRequest(endpoint: .msauthv2, parameters: parameters + extra).problems()
        } catch {
            return [error]
        }
    }

    static let valueProblems: [(String, String?, BrokerMessageError.Kind)] = [
        ("client_id", "not-a-uuid", .invalidValue),
        ("client_id", "00000000-0000-0000-0000-00000000000g", .invalidValue),
        ("correlation_id", "{b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11}", .invalidValue),
        ("broker_key", "q3eQh1lA2y0k7u+8/Jq4s5t6u7v8w9x0y1z2A3B4C5D=", .invalidValue),
        ("broker_key", "", .invalidValue),
        ("msg_protocol_ver", "three", .invalidValue),
        // One to three digits, without a leading zero or a sign.
        ("msg_protocol_ver", "03", .invalidValue),
        ("msg_protocol_ver", "0", .invalidValue),
        ("msg_protocol_ver", "+3", .invalidValue),
        ("msg_protocol_ver", "1000", .invalidValue),
        ("msg_protocol_ver", "", .invalidValue),
        ("authority", "http://login.microsoftonline.com/common", .invalidValue),
        ("authority", "https://user@login.microsoftonline.com/common", .invalidValue),
        ("redirect_uri", "https://login.example.com/cb", .unbindableRedirectURI),
        ("redirect_uri", "msauth.com.contoso.MailApp://auth#", .unbindableRedirectURI),
        ("redirect_uri", "not a uri", .unbindableRedirectURI),
        ("client_version", "", .invalidValue),
        ("client_id", nil, .missingParameter),
        ("scope", nil, .missingParameter),
        ("broker_key", nil, .missingParameter),
    ]

    @Test(arguments: valueProblems.indices)
    func valueProblemsNameTheParameter(row: Int) {
        let (name, value, kind) = Self.valueProblems[row]
        let problems = Self.mutated(name, value)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.kind == kind)
        #expect(problems.first?.parameter == name)
    }

    /// A redirect URI of each form a broker can bind to the caller (a bundle ID, or the request's
    /// client ID) leaves the request without problems.
    static let bindableRedirectURIs: [(String, RedirectForm)] = [
        ("msauth.com.contoso.MailApp://auth", .msalBroker),
        ("x-msauth-mytestiosapp://com.myapp.mytestapp", .adalBroker),
        ("msauth://code/msauth.com.contoso.app%3A%2F%2Fauth", .certificateAuth),
        ("msal00000000-0000-0000-0000-000000000001://auth", .msalClientID),
    ]

    @Test(arguments: bindableRedirectURIs)
    func everyBindableFormIsAcceptedInARequest(redirectURI: String, form: RedirectForm) throws {
        #expect(try RedirectURI(parsing: redirectURI).form == form)
        #expect(Self.mutated("redirect_uri", redirectURI) == [])
    }

    @Test func flagsMustBeFlags() {
        #expect(Self.mutated("prompt", "login", appending: [BrokerParameter("force", "maybe")]).map(\.parameter) == ["force"])
    }

    @Test func duplicatedParametersAreProblems() throws {
        let polluted = Self.msalRequest + "&redirect_uri=msauth.com.evil.app%3A%2F%2Fauth"
        // Reported where the second one is in the URL.
        #expect(throws: BrokerMessageError(.duplicateParameter, parameter: "redirect_uri", offset: Self.msalRequest.utf8.count + 1,
            detail: "appears more than once; a reader that picks one lets an attacker choose")) {
            try BrokerRequest(parsing: polluted)
        }
        let request = try BrokerRequest.parseParameters(polluted)
        #expect(request.redirectURI == nil)   // no single value to read
    }

    /// A repeated field is reported once, as the ambiguity; the values judged are each field's
    /// first piece (the one the request's walk found first), so a malformed second piece adds
    /// no problem and a malformed first one does.
    static let repeatedFields: [(appended: String, replacing: (String, String)?, problems: [String])] = [
        ("&client_id=not-a-uuid", nil, ["duplicate-parameter client_id"]),
        ("&broker_key=%2B", nil, ["duplicate-parameter broker_key"]),
        (
            "&client_id=00000000-0000-0000-0000-000000000001",
            ("client_id=00000000-0000-0000-0000-000000000001", "client_id=not-a-uuid"),
            ["duplicate-parameter client_id", "invalid-value client_id"]
        ),
    ]

    @Test(arguments: repeatedFields.indices)
    func theFirstPieceOfARepeatedFieldIsJudged(row: Int) throws {
        let (appended, replacing, expected) = Self.repeatedFields[row]
        var text = Self.msalRequest
        if let (old, new) = replacing { text = text.replacingOccurrences(of: old, with: new) }
        let problems = try BrokerRequest.parseParameters(text + appended).problems()
        #expect(problems.map { "\($0.code) \($0.parameter ?? "")" } == expected)
    }

    @Test func buildThenParseAndParseThenBuild() throws {
        for text in [Self.adalRequest, Self.msalRequest] {
            let request = try BrokerRequest(parsing: text)
            #expect(try BrokerRequest(parsing: String(request.url.text)) == request)
            #expect(try BrokerRequest.parseParameters(String(request.url.text)).parameters == request.parameters)
        }
    }

    @Test func generatedMessagesRoundTrip() throws {
        var generator = SeededGenerator(seed: 31)
        let alphabet = Array("aZ09 -_.~+&=%/?#:@!$'()*,;é\u{1F600}")
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...8, using: &generator)
            let parameters = (0..<count).map { _ -> BrokerParameter in
                let name = String((0..<Int.random(in: 1...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
                let value = Bool.random(using: &generator) ? nil
                    : String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
                return BrokerParameter(name, value)
            }
            let endpoint = BrokerEndpoint.allCases.randomElement(using: &generator) ?? .msauth
            let request = try BrokerRequest(endpoint: endpoint, parameters: parameters)
            #expect(request.parameters == parameters, "\(request.url)")
            let parsed = try BrokerRequest.parseParameters(String(request.url.text))
            #expect(parsed == request, "\(request.url)")
            let query = BrokerParameter.formEncodedQuery(parameters)
            #expect(try QueryParameters(Substring(query), decoding: .form).decoded().map { BrokerParameter($0.name, $0.value) } == parameters)
        }
    }
}

struct BrokerResponseTests {
    static func payload(_ count: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var generator = SeededGenerator(seed: UInt64(count))
        return String((0..<count).map { _ in alphabet.randomElement(using: &generator) ?? "A" })
    }
    static let hash = "9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08"

    @Test(arguments: [2_048, 4_200, 6_144])
    func successResponseIsReadWithoutCopying(size: Int) throws {
        let text = "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=\(Self.payload(size))&hash=\(Self.hash)&broker_nonce=abc"
        let response = try BrokerResponse(parsing: text)
        #expect(response.kind == .success)
        #expect(response.protocolVersion == 3)
        #expect(response.response?.utf8.count == size)
        #expect(response.response?.base == response.url.text.base)   // a slice of the URL
        #expect(response.hash == Self.hash[...])
        #expect(response.brokerNonce == "abc")
        #expect(response.redirectURI == "msauth.com.contoso.app://auth")
    }

    @Test func errorResponse() throws {
        let text = "x-msauth-mytestiosapp://com.myapp.mytestapp?error_code=-50005&error_description=User+cancelled+the+flow&error=access_denied&suberror=consent_required"
        let response = try BrokerResponse(parsing: text)
        #expect(response.kind == .error)
        #expect(response.errorCode == "-50005")
        #expect(response.value("error_description") == "User cancelled the flow")
        #expect(response.value("suberror") == "consent_required")
    }

    static let failures: [(String, BrokerMessageError.Kind, String?)] = [
        ("msauth.com.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash.lowercased())", .invalidValue, "hash"),
        ("msauth.com.app://auth?msg_protocol_ver=3&response=abcd&hash=ABC", .invalidValue, "hash"),
        ("msauth.com.app://auth?msg_protocol_ver=3&response=ab+d&hash=\(hash)", .invalidValue, "response"),
        ("msauth.com.app://auth?msg_protocol_ver=3&response=a&hash=\(hash)", .invalidValue, "response"),
        ("msauth.com.app://auth?msg_protocol_ver=3&hash=\(hash)", .missingParameter, "response"),
        ("msauth.com.app://auth?msg_protocol_ver=3&response=abcd", .missingParameter, "hash"),
        ("msauth.com.app://auth?response=abcd&hash=\(hash)", .missingParameter, "msg_protocol_ver"),
        ("msauth.com.app://auth?msg_protocol_ver=x&response=abcd&hash=\(hash)", .invalidValue, "msg_protocol_ver"),
        ("msauth.com.app://auth?msg_protocol_ver=3&response=abcd&response=efgh&hash=\(hash)", .duplicateParameter, "response"),
        ("msauth.com.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash)&hash=\(hash)", .duplicateParameter, "hash"),
        ("msauth.com.app://auth?msg_protocol_ver=3&%72esponse=abcd&response=efgh&hash=\(hash)", .duplicateParameter, "response"),
        ("msauth.com.app://auth?error_code=", .invalidValue, "error_code"),
        ("msauth.com.app://auth?error_code=1&error=%FF", .invalidEncoding, "error"),
        // Every parameter must decode, the ones an error response does not otherwise check too.
        ("msauth.com.app://auth?error_code=1&response=%FF", .invalidEncoding, "response"),
        ("msauth.com.app://auth?error_code=1&error_description=%C3%28", .invalidEncoding, "error_description"),
        ("msauth.com.app://auth?error_code=1&x_other=%C3%28", .invalidEncoding, "x_other"),
        ("msauth.com.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash)&suberror=%ED%A0%80", .invalidEncoding, "suberror"),
        ("msauth.com.app://auth", .notABrokerResponse, nil),
        ("msauth.com.app://auth?x#y", .notABrokerResponse, nil),
        ("msauth.com.app://auth?x y", .invalidURI, nil),
    ]

    @Test(arguments: failures.indices)
    func failuresNameTheParameter(row: Int) {
        let (text, kind, parameter) = Self.failures[row]
        do {
            _ = try BrokerResponse(parsing: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.kind == kind, "\(text)")
            #expect(error.parameter == parameter, "\(text)")
        }
    }

    /// A parameter that cannot be read is reported at its piece's offset in the whole URL (where
    /// `piece` starts in `text`), not in the query.
    static let offsets: [(text: String, piece: String)] = [
        ("msauth.com.app://auth?msg_protocol_ver=3&response=abcd&response=efgh&hash=\(hash)", "response=efgh"),
        ("msauth.com.app://auth/broker?error_code=1&error=%FF", "error=%FF"),
        ("x-msauth-app://com.app?error_code=1&x=1&x=2", "x=2"),
    ]

    @Test(arguments: offsets)
    func unreadableParametersAreReportedWhereTheyAreInTheURL(text: String, piece: String) throws {
        let bytes = Array(text.utf8), needle = Array(piece.utf8)
        let expected = (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
        #expect(throws: BrokerMessageError.self) { try BrokerResponse(parsing: text) }
        do {
            _ = try BrokerResponse(parsing: text)
        } catch {
            #expect(error.offset == expected, "\(text)")
        }
    }

    /// A broker request reports an undecodable parameter the same way.
    @Test func requestErrorsAreReportedWhereTheyAreInTheURL() {
        let request = "msauthv2://broker?scope=a&x=%FF"
        do {
            _ = try BrokerRequest(parsing: request)
            Issue.record("accepted \(request)")
        } catch {
            #expect(error.kind == .invalidEncoding && error.offset == request.utf8.count - 5, "\(request)")
        }
    }

    @Test func comesBackToTheRequestsRedirectURI() throws {
        let request = try BrokerRequest(parsing: BrokerRequestTests.msalRequest)
        let body = "?msg_protocol_ver=3&response=abcd&hash=\(Self.hash)"
        #expect(try BrokerResponse(parsing: "msauth.com.contoso.MailApp://auth" + body).comesBack(to: request).belongs)
        #expect(try BrokerResponse(parsing: "msauth.com.contoso.mailapp://auth" + body).comesBack(to: request).belongs)  // lowercased scheme
        let withBrokerPath = try BrokerResponse(parsing: "msauth.com.contoso.MailApp://auth/broker" + body).comesBack(to: request)
        #expect(withBrokerPath.outcome == .brokerResponse)
        let slash = try BrokerResponse(parsing: "msauth.com.contoso.MailApp://auth/" + body).comesBack(to: request)
        #expect(!slash.belongs)
        #expect(slash.diagnostics.map(\.code) == [.trailingSlashMismatch])
        #expect(!(try BrokerResponse(parsing: "msauth.com.evil.app://auth" + body).comesBack(to: request).belongs))
    }

    @Test func parseOfBuildIsTheMessage() throws {
        let parameters = [BrokerParameter("msg_protocol_ver", "3"), BrokerParameter("response", Self.payload(3000)),
                          BrokerParameter("hash", Self.hash)]
        let redirect = try RedirectURI(parsing: "msauth.com.app://auth/broker")
        let built = try BrokerResponse.success(redirectURI: redirect, response: Self.payload(3000), hash: Self.hash)
        let parsed = try BrokerResponse(parsing: String(built.url.text))
        #expect(parsed.parameters == parameters)
        #expect(parsed == built)
        #expect(parsed.redirectURI == "msauth.com.app://auth/broker")
        #expect(try BrokerResponse(redirectURI: redirect, parameters: parsed.parameters) == parsed)
    }
}

/// The README's in-place query example, as written there.
struct InPlaceQueryExampleTests {
    @Test func readmeExample() throws {
        let request = try URIReference(parsing: "msauth://broker?client_id=a1&redirect_uri=x-msauth-app%3A%2F%2Fcom.app", as: .uri)
        #expect(try request.queryParameter("redirect_uri")?.rawValue == "x-msauth-app%3A%2F%2Fcom.app")
        #expect(try request.queryParameter("redirect_uri")?.value() == "x-msauth-app://com.app")
        #expect(try request.queryParameter("missing") == nil)
        #expect(try URIReference(parsing: "x-app://h").queryParameter("redirect_uri") == nil)
        #expect(throws: QueryParameterError(.duplicateParameter, name: "a", offset: 17)) {
            try URIReference(parsing: "x://h?a=1&a%3D=2&a=3").queryParameter("a")
        }
    }
}
