import Testing

@_spi(Testing) @_spi(Toolkit) @testable import RedirectURIKit

/// `BrokerMessage`: the one pass that every broker reader builds on.
struct BrokerMessageReadingTests {
    static let hash = String(repeating: "A", count: 64)

    /// What a URL is recognised as.
    static let recognitions: [(String, BrokerMessage.Recognition)] = [
        ("msauthv2://broker?a=1", .request(.msauthv2)),
        ("MSAUTH://broker", .request(.msauth)),
        ("https://login.microsoftonline.com/applebroker/msauthv2?x=1#f", .request(.universalLink)),
        ("msauth.com.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash)", .response),
        ("msauth.com.app://auth?response=abcd&hash=\(hash)", .response),
        ("msauth.com.app://auth?%72esponse=abcd&msg_protocol_ver=3", .response),  // an encoded name is the name
        ("msauth.com.app://auth?response=abcd", .none),  // response alone: any app's query
        ("msauth.com.app://auth?error_code=1&response=abcd&hash=\(hash)", .errorResponse),
        ("x-msauth-app://com.app?error_code=", .errorResponse),
        ("msauth.com.app://auth?RESPONSE=abcd&hash=\(hash)", .none),  // a look-alike is not the field
        ("https://example.com/cb?code=1", .none),
        ("msauth.com.app://auth", .none),
    ]

    /// A success response in the shape brokers send takes the one-pass read (its syntax checked
    /// by its fields' own tests); any other text is parsed and read as a message. Either way the
    /// outcome, the response or the error, is the message reading's.
    @Test func aResponseInTheCommonShapeIsReadInOnePass() throws {
        let ciphertext = String(repeating: "eyJh-_0z", count: 400)
        let good = "msauth.com.app://auth/broker?msg_protocol_ver=3&response=\(ciphertext)&hash=\(Self.hash)"
        let accepted = [
            good,
            "msauth.com.app://auth?hash=\(Self.hash)&response=abcd&msg_protocol_ver=12&broker_nonce=5f2c-A.b_~",
            good + "&",  // an empty last piece
        ]
        // In the shape, and judged by the response's rules.
        let rejected = [
            good.replacingOccurrences(of: "&hash=\(Self.hash)", with: ""),  // no hash
            good.replacingOccurrences(of: "response=\(ciphertext)", with: "response="),  // an empty response
            good.replacingOccurrences(of: "response=\(ciphertext)", with: "response=abcde"),  // 1 mod 4 characters
            good + "&broker_nonce=",  // an empty nonce
        ]
        let declined = [
            // Something only the parser may judge: it reports where and why.
            good + "#f",  // a fragment
            good.replacingOccurrences(of: "eyJh-_0z", with: "eyJh-_0 "),  // a space in the ciphertext
            good.replacingOccurrences(of: "msg_protocol_ver=3", with: "msg_protocol_ver=%3"),  // a broken triplet
            good.replacingOccurrences(of: "hash=", with: "hash=["),  // a byte no query holds
            good + "&na<me=1",  // the same in a name no field has
            good + "& response=x",  // and in a name that only looks like a field's (a raw space)
            good + "&broker_nonce=a b",  // and in a nonce
            "msauth.com.app://auth",  // no query
            "://auth?response=abcd",  // no scheme
            "x://a#b?response=abcd",  // the '?' is in the fragment
            // Something the message judges.
            good.replacingOccurrences(of: "eyJh-_0z", with: "eyJh-.0z"),  // a query byte outside base64url
            good.replacingOccurrences(of: "&hash=", with: "!hash="),  // the same before what looks like the next piece
            good.replacingOccurrences(of: "hash=\(Self.hash)", with: "hash=\(Self.hash.lowercased())"),  // a lowercase hash
            good.replacingOccurrences(of: "hash=\(Self.hash)", with: "hash=\(Self.hash)0"),  // 65 hex digits
            good.replacingOccurrences(of: "msg_protocol_ver=3", with: "msg_protocol_ver=03"),  // not a protocol version
            good.replacingOccurrences(of: "msg_protocol_ver=3", with: "msg_protocol_ver=1234"),  // four digits
            good.replacingOccurrences(of: "msg_protocol_ver=3", with: "msg_protocol_ver=3x"),
            good.replacingOccurrences(of: "response=", with: "%72esponse="),  // an encoded name
            good + "&hash=\(Self.hash)",  // a field twice
            good + "&RESPONSE=abcd",  // a look-alike
            good.replacingOccurrences(of: "response=", with: "RESPONSE="),  // a look-alike instead of the field
            good.replacingOccurrences(of: "&response=", with: "& response="),  // the same with a raw space
            good + "&state=1",  // another parameter
            good + "&broker_nonce",  // a piece without '='
            good + "&broker_nonce=a%20b",  // a nonce that needs decoding
            good.replacingOccurrences(of: "&response", with: "&&response"),  // an empty piece
            "msauth.com.app://auth?error_code=1&error_description=no",  // an error response
        ]
        for (texts, isInTheShape) in [(accepted, true), (rejected, true), (declined, false)] {
            for text in texts {
                var known = BrokerMessage.KnownPieces()
                var version: Int?
                let url = BrokerResponse.readCommonShape(text, into: &known, protocolVersion: &version)
                #expect((url != nil) == isInTheShape, "\(text.prefix(60))")
                if let url { #expect(url.ranges == (try URIReference(parsing: text, as: .uri)).ranges) }
                let general = Result { () throws(BrokerMessageError) in
                    switch Result(catching: { () throws(URIParseError) in try URIReference(parsing: text, as: .uri) }) {
                    case .success(let reference): return try BrokerResponse(BrokerMessage(reference))
                    case .failure(let error): throw BrokerMessageError(parsing: error)
                    }
                }
                let parsed = Result { () throws(BrokerMessageError) in try BrokerResponse(parsing: text) }
                #expect(String(describing: parsed) == String(describing: general), "\(text.prefix(60))")
                if isInTheShape { #expect(((try? parsed.get()) != nil) == accepted.contains(text), "\(text.prefix(60))") }
            }
        }
    }

    @Test(arguments: recognitions)
    func recognition(text: String, expected: BrokerMessage.Recognition) throws {
        #expect(BrokerMessage(try URIReference(parsing: text, as: .uri)).recognition == expected)
    }

    /// The single ambiguity verdict: its kind, the parameter it names, and where that piece
    /// starts (the text after `^`).
    static let ambiguities: [(String, BrokerMessageError.Kind?, String?, String?)] = [
        ("msauthv2://broker?redirect_uri=a&client_id=b", nil, nil, nil),
        ("msauthv2://broker?redirect_uri=a&redirect_uri=b", .duplicateParameter, "redirect_uri", "redirect_uri=b"),
        ("msauthv2://broker?redirect_uri=a&redirect%5Furi=b", .duplicateParameter, "redirect_uri", "redirect%5Furi=b"),
        ("msauthv2://broker?x=1&y=2&x=3", .duplicateParameter, "x", "x=3"),
        ("msauthv2://broker?x=1&X=2", nil, nil, nil),  // names of no field: case is only case
        ("msauthv2://broker?redirect_uri=a&REDIRECT_URI=b", .lookAlikeParameter, "REDIRECT_URI", "REDIRECT_URI=b"),
        ("msauthv2://broker?REDIRECT_URI=b", .lookAlikeParameter, "REDIRECT_URI", "REDIRECT_URI=b"),
        ("msauthv2://broker?redirect_uri+=b", .lookAlikeParameter, "redirect_uri ", "redirect_uri+=b"),
        ("msauthv2://broker?%20client_id%0A=b", .lookAlikeParameter, " client_id\n", "%20client_id%0A=b"),
        // PHP reads a space inside a name as '_', and so does the look-alike rule.
        ("msauthv2://broker?redirect+uri=b", .lookAlikeParameter, "redirect uri", "redirect+uri=b"),
        ("msauthv2://broker?redirect_uri=a&redirect.uri=b", .lookAlikeParameter, "redirect.uri", "redirect.uri=b"),
        ("msauthv2://broker?redirect_uri=a&redirect_uri%00=b", .lookAlikeParameter, "redirect_uri\u{0}", "redirect_uri%00=b"),
        ("msauthv2://broker?redirect_uri=a&%EF%BD%92edirect_uri=b", .lookAlikeParameter, "ｒedirect_uri", "%EF%BD%92edirect_uri=b"),
        ("msauthv2://broker?redirect_uri=a&red%C4%B1rect_uri=b", .lookAlikeParameter, "redırect_uri", "red%C4%B1rect_uri=b"),
        ("msauthv2://broker?redirect_uri=a&%C2%A0redirect_uri=b", .lookAlikeParameter, "\u{A0}redirect_uri", "%C2%A0redirect_uri=b"),
        ("msauthv2://broker?extra_qp=a&extra_query_param=b", .duplicateParameter, "extra_query_param", "extra_query_param=b"),
        ("msauthv2://broker?redirect-uri=b&redirect%C3%BCri=c", nil, nil, nil),  // no server folds these
        // The first piece at fault, whichever rule it breaks.
        ("msauthv2://broker?Scope=1&x=1&x=2", .lookAlikeParameter, "Scope", "Scope=1"),
        ("msauthv2://broker?x=1&x=2&Scope=1", .duplicateParameter, "x", "x=2"),
        // An undecodable piece comes before any duplicate, wherever it is.
        ("msauthv2://broker?x=1&x=2&y=%FF", .invalidEncoding, "y", "y=%FF"),
        ("msauthv2://broker?a=%C3%28&b=%FF", .invalidEncoding, "a", "a=%C3%28"),
        ("msauthv2://broker?%FF=1", .invalidEncoding, "%FF", "%FF=1"),
        // A response field's look-alike counts in a response, not in a request.
        ("msauth.com.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash)&Hash=1", .lookAlikeParameter, "Hash", "Hash=1"),
        ("msauthv2://broker?redirect_uri=a&Hash=1", nil, nil, nil),
        ("x-app://h?Redirect_URI=1", nil, nil, nil),
    ]

    @Test(arguments: ambiguities)
    func ambiguity(text: String, kind: BrokerMessageError.Kind?, parameter: String?, at piece: String?) throws {
        let message = BrokerMessage(try URIReference(parsing: text, as: .uri))
        #expect(message.ambiguity?.kind == kind, "\(text)")
        #expect(message.ambiguity?.parameter == parameter, "\(text)")
        let bytes = Array(text.utf8)
        let expected = piece.flatMap { piece -> Int? in
            let needle = Array(piece.utf8)
            return (0...(bytes.count - needle.count)).last { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        #expect(message.ambiguity?.offset == expected, "\(text)")
    }

    /// A broker request fails `ambiguous-parameters` for a look-alike, and `BrokerRequest` names it.
    @Test func lookAlikesFailVerificationAndValidation() throws {
        let request = "msauthv2://broker?redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&Redirect_Uri=msauth.com.evil.app%3A%2F%2Fauth"
        let verdict = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"]).verify(request: request, caller: .reportedByOS(bundleID: "com.contoso.app"))
        #expect(verdict.failedRule == .ambiguousParameters)
        #expect(throws: BrokerMessageError.self) { try BrokerRequest(parsing: request) }
        #expect(try BrokerRequest.parseParameters(request).problems().first?.kind == .lookAlikeParameter)
    }

    /// A request handed to `BrokerResponse` is judged by a response's fields: a request field's
    /// look-alike is no response's ambiguity, a response field's is (found by FuzzVerify: the
    /// request's look-alike was reported).
    static let requestsReadAsResponses: [(String, BrokerMessageError.Kind, String)] = [
        ("msauthv3://broker?client_i%C2%ADd=1&redirect_uri=x", .missingParameter, "msg_protocol_ver"),
        ("msauthv2://broker?REDIRECT_URI=x", .missingParameter, "msg_protocol_ver"),
        ("msauthv2://broker?redirect_uri=x&Hash=1", .lookAlikeParameter, "Hash"),
        ("msauthv2://broker?redirect_uri=x&redirect_uri=y", .duplicateParameter, "redirect_uri"),
    ]

    @Test(arguments: requestsReadAsResponses)
    func requestReadAsAResponse(text: String, kind: BrokerMessageError.Kind, parameter: String) {
        do {
            _ = try BrokerResponse(parsing: text)
            Issue.record("\(text) was read as a response")
        } catch {
            #expect(error.kind == kind, "\(text)")
            #expect(error.parameter == parameter, "\(text)")
        }
    }

    /// Values are read once and only when the name is there once.
    static let values: [(String, String, String?)] = [
        ("msauthv2://broker?a=1&b=x+y%21", "b", "x y!"),
        ("msauthv2://broker?a=1&b", "b", ""),
        ("msauthv2://broker?a=1&a=2", "a", nil),
        ("msauthv2://broker?a=1", "b", nil),
        ("msauthv2://broker?redirect%5Furi=x", "redirect_uri", "x"),
        ("msauthv2://broker?x=%FF", "x", nil),
    ]

    @Test(arguments: values)
    func singleValue(text: String, name: String, expected: String?) throws {
        #expect(BrokerMessage(try URIReference(parsing: text, as: .uri)).value(name) == expected)
    }

    /// The fields table is keyed by name: every field's name is its own, and the request's known
    /// names are the request fields.
    @Test func fieldsAreNamed() {
        #expect(Set(BrokerField.allCases.map(\.text)).count == BrokerField.allCases.count)
        for field in BrokerField.allCases {
            #expect(BrokerField(named: field.text) == field)
            #expect(BrokerField(named: field.text.uppercased()) == nil)
        }
        #expect(BrokerRequest.knownNames.contains("redirect_uri") && !BrokerRequest.knownNames.contains("hash"))
        #expect(BrokerField.allCases.filter(\.isResponseField).map(\.text).sorted()
            == ["broker_nonce", "error", "error_code", "error_description", "hash", "msg_protocol_ver", "response", "suberror"])
    }
}
