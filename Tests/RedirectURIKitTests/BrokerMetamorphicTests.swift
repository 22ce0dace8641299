import Testing
@_spi(Testing) @_spi(Toolkit) @testable import RedirectURIKit

/// Metamorphic properties of broker messages (SPEC §4, §8): transformations that must not change
/// the outcome of parsing a request, a response or an error response, or that must change it in
/// one known way.
///
/// - Percent-encoding any one byte of a parameter's name (`%5F` for `_`, upper- or lowercase hex)
///   never changes the outcome: names are matched after decoding, so an encoded spelling is the
///   same parameter — otherwise it could smuggle a second value past the duplicate check.
/// - A second copy of any known field, spelled plainly or encoded, first or last in the query, is
///   always `duplicate-parameter` naming that field: a reader that picked one copy would let an
///   attacker choose (parameter pollution).
struct BrokerMetamorphicTests {
    static let uuid = "2CCAE3A8-3B1E-4B6F-9C1E-0123456789AB"
    static let hash = "2C26B46B68FFC68FF99B453C1D30413413422D706483BFA0F98A5E886266E7AE"

    /// Messages that parse, and messages with one fault each (the outcome must be kept too).
    static let requests = [
        "msauthv2://broker?msg_protocol_ver=3&client_id=\(uuid)&redirect_uri=msauth.com.example.app%3A%2F%2Fauth"
            + "&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon&correlation_id=\(uuid)&broker_key=eyJhbGciOiJub25lIn0"
            + "&client_version=1.2.3&scope=openid+profile&claims=%7B%7D&prompt=login&force=NO&skip_cache=YES&login_hint=a%40b.c&x_unknown=1",
        "msauth://broker?max_protocol_ver=2&client_id=\(uuid)&redirect_uri=x-msauth-app%3A%2F%2Fcom.example.app"
            + "&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon&correlation_id=\(uuid)&broker_key=eyJhbGciOiJub25lIn0"
            + "&client_version=1.2.3&resource=https%3A%2F%2Fgraph.microsoft.com&username=a%40b.c",
        // Faults: a missing client_id, a bad UUID, an undecodable value.
        "msauthv2://broker?msg_protocol_ver=3&redirect_uri=msauth.com.example.app%3A%2F%2Fauth&scope=openid",
        "msauthv3://broker?msg_protocol_ver=3&client_id=not-a-uuid&redirect_uri=msauth.com.example.app%3A%2F%2Fauth",
        "msauthv2://broker?msg_protocol_ver=3&client_id=\(uuid)&claims=%FF",
    ]
    static let responses = [
        "msauth.com.example.app://auth?msg_protocol_ver=3&response=eyJhbGciOiJub25lIn0&hash=\(hash)&broker_nonce=n1",
        "x-msauth-app://com.example.app/broker?msg_protocol_ver=2&response=abcd-_01&hash=\(hash)",
        "msauth.com.example.app://auth?error_code=-50005&error_description=user+canceled&error=access_denied&suberror=x&broker_nonce=n1",
        // Faults: a missing hash, a lowercase hash, padded base64url, an empty error code, an
        // undecodable parameter.
        "msauth.com.example.app://auth?msg_protocol_ver=3&response=eyJhbGciOiJub25lIn0",
        "msauth.com.example.app://auth?msg_protocol_ver=3&response=eyJhbGciOiJub25lIn0&hash=\(hash.lowercased())",
        "msauth.com.example.app://auth?msg_protocol_ver=3&response=eyJhbGciOiJub25lIn0%3D&hash=\(hash)",
        "msauth.com.example.app://auth?error_code=&error_description=x",
        "msauth.com.example.app://auth?error_code=1&error_description=%C3",
    ]

    @Test func theBaseMessagesParseAsExpected() throws {
        for request in Self.requests.prefix(2) {
            let parsed = try BrokerRequest(parsing: request)
            #expect(parsed.problems().isEmpty)
        }
        #expect(throws: BrokerMessageError(.missingParameter, parameter: "authority")) { try BrokerRequest(parsing: Self.requests[2]) }
        #expect(try BrokerResponse(parsing: Self.responses[0]).kind == .success)
        #expect(try BrokerResponse(parsing: Self.responses[1]).kind == .success)
        #expect(try BrokerResponse(parsing: Self.responses[2]).kind == .error)
        #expect(throws: BrokerMessageError(.missingParameter, parameter: "hash")) { try BrokerResponse(parsing: Self.responses[3]) }
    }

    // MARK: Percent-encoding a byte of a name

    /// Every message with each byte of each parameter name percent-encoded in turn.
    static func nameEncodings(of url: String) -> [(variant: String, name: String)] {
        let bytes = Array(url.utf8)
        guard let question = bytes.firstIndex(of: ASCII.questionMark) else { return [] }
        var variants: [(String, String)] = []
        var pieceStart = question + 1
        while pieceStart < bytes.count {
            let pieceEnd = bytes[pieceStart...].firstIndex(of: ASCII.ampersand) ?? bytes.count
            let nameEnd = bytes[pieceStart..<pieceEnd].firstIndex(of: ASCII.equalsSign) ?? pieceEnd
            let name = String(decoding: bytes[pieceStart..<nameEnd], as: UTF8.self)
            for index in pieceStart..<nameEnd where bytes[index] != ASCII.percentSign {
                for digits in ["0123456789ABCDEF", "0123456789abcdef"] {
                    let hex = Array(digits.utf8)
                    let triplet = [ASCII.percentSign, hex[Int(bytes[index] >> 4)], hex[Int(bytes[index] & 0x0F)]]
                    let variant = Array(bytes[..<index]) + triplet + Array(bytes[(index + 1)...])
                    variants.append((String(decoding: variant, as: UTF8.self), name))
                }
            }
            pieceStart = pieceEnd + 1
        }
        return variants
    }

    /// An error as the outcome of a parse: its kind and the parameter it names. Not its offset:
    /// encoding a byte of an earlier name moves every later byte by two.
    static func outcome(_ error: BrokerMessageError) -> String {
        "error \(error.kind) \(String(describing: error.parameter))"
    }

    /// The outcome of parsing a request: the request and its problems, or the error.
    static func requestOutcome(_ url: String) -> String {
        switch Result(catching: { () throws(BrokerMessageError) in try BrokerRequest.parseParameters(url) }) {
        case .success(let request):
            let validated = Result { () throws(BrokerMessageError) in try BrokerRequest(parsing: url) }
            let verdict = validated.map { _ in "valid" }.mapError { _ in BrokerMessageError(.invalidURI) }
            let problems = request.problems().map(outcome)
            return "\(request.endpoint) \(request.parameters) problems \(problems) \((try? verdict.get()) ?? validated.failure.map(outcome) ?? "")"
        case .failure(let error):
            return outcome(error)
        }
    }

    /// The outcome of parsing a response: its kind and fields (values as written), or the error.
    static func responseOutcome(_ url: String) -> String {
        switch Result(catching: { () throws(BrokerMessageError) in try BrokerResponse(parsing: url) }) {
        case .success(let response):
            return "\(response.kind) \(String(describing: response.protocolVersion)) \(String(describing: response.response)) "
                + "\(String(describing: response.hash)) \(String(describing: response.brokerNonce)) \(String(describing: response.errorCode)) "
                + "\(response.parameters) \(response.redirectURI)"
                + " \(["error_description", "error", "suberror"].map { response.value($0) })"
        case .failure(let error):
            return outcome(error)
        }
    }

    @Test(arguments: requests)
    func encodingAByteOfARequestNameChangesNothing(url: String) {
        let expected = Self.requestOutcome(url)
        for (variant, name) in Self.nameEncodings(of: url) {
            // A piece whose value does not decode is reported under its decoded name, so
            // `cl%61ims=%FF` is the same error as `claims=%FF`.
            #expect(Self.requestOutcome(variant) == expected, "\(variant) (encoded \(name))")
        }
    }

    @Test(arguments: responses)
    func encodingAByteOfAResponseNameChangesNothing(url: String) {
        let expected = Self.responseOutcome(url)
        for (variant, name) in Self.nameEncodings(of: url) {
            #expect(Self.responseOutcome(variant) == expected, "\(variant) (encoded \(name))")
        }
    }

    // MARK: Duplicated known fields

    /// A valid value for each known name, for adding copies.
    static func value(for name: String) -> String {
        switch name {
        case "client_id", "correlation_id": uuid
        case "redirect_uri": "msauth.com.example.app%3A%2F%2Fauth"
        case "authority": "https%3A%2F%2Flogin.microsoftonline.com%2Fcommon"
        case "broker_key", "response": "eyJhbGciOiJub25lIn0"
        case "msg_protocol_ver": "3"
        case "max_protocol_ver": "2"
        case "hash": hash
        case "force", "skip_cache": "YES"
        case "error_code": "-50005"
        default: "v"
        }
    }

    /// `url` with `name=value` added `copies` times: at the end, or straight after `?`, or both,
    /// spelled plainly or with its first byte percent-encoded.
    static func withCopies(of name: String, in url: String) -> [String] {
        let present = QueryParameters(Substring(url.split(separator: "?", maxSplits: 1).last ?? "")).contains { $0.rawName == name }
        let encodedName = "%" + String(name.utf8.first.map { $0 >> 4 } ?? 0, radix: 16) + String(name.utf8.first.map { $0 & 0xF } ?? 0, radix: 16)
            + name.dropFirst()
        var variants: [String] = []
        for spelling in [name, encodedName] {
            let piece = "\(spelling)=\(value(for: name))"
            let (base, query) = url.split(separator: "?", maxSplits: 1).map(String.init).pairOrSelf
            if present {
                variants.append(url + "&" + piece)
                variants.append(base + "?" + piece + "&" + query)
            } else {
                variants.append(url + "&" + piece + "&" + piece)
                variants.append(base + "?" + piece + "&" + query + "&" + piece)
            }
        }
        return variants
    }

    @Test(arguments: [requests[0], requests[1]])
    func aSecondCopyOfAnyKnownRequestFieldIsADuplicate(url: String) {
        for name in BrokerRequest.knownNames.sorted() {
            for variant in Self.withCopies(of: name, in: url) {
                let error = Result { () throws(BrokerMessageError) in try BrokerRequest(parsing: variant) }.failure
                #expect(error?.kind == .duplicateParameter && error?.parameter == name, "\(variant): \(String(describing: error))")
                #expect(BrokerRequest.leniently(variant)?.value(name) == nil, "duplicated \(name) read as one value")
            }
        }
    }

    /// Every field a response or an error response can carry.
    static let responseFieldNames = ["msg_protocol_ver", "response", "hash", "broker_nonce", "error_code", "error_description", "error", "suberror"]

    @Test(arguments: [responses[0], responses[1], responses[2]])
    func aSecondCopyOfAnyKnownResponseFieldIsADuplicate(url: String) throws {
        _ = try BrokerResponse(parsing: url)
        for name in Self.responseFieldNames {
            for variant in Self.withCopies(of: name, in: url) {
                let error = Result { () throws(BrokerMessageError) in try BrokerResponse(parsing: variant) }.failure
                #expect(error?.kind == .duplicateParameter && error?.parameter == name, "\(variant): \(String(describing: error))")
            }
        }
    }
}

extension BrokerRequest {
    /// The lenient parse, or an empty request when the URL is not one.
    fileprivate static func leniently(_ text: String) -> BrokerRequest? {
        try? parseParameters(text)
    }
}

extension Result {
    /// The error, or `nil` on success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension Array where Element == String {
    /// The two parts of a split in two (the second empty when there is none).
    fileprivate var pairOrSelf: (String, String) { (first ?? "", count > 1 ? self[1] : "") }
}

/// The same properties with every string copied into an allocation of exactly its length
/// (`StringBytesPath.exactCopy`) before the query lookup and the parser read it: under
/// AddressSanitizer a read past the end of a message fails. A child process of its own, since the
/// switch is process-wide.
struct BrokerMetamorphicOnExactCopiesTests {
    @Test func everyPropertyOnExactCopies() async {
        await #expect(processExitsWith: .success) {
            StringBytesPath.forced = .exactCopy
            let tests = BrokerMetamorphicTests()
            #expect(throws: Never.self) { try tests.theBaseMessagesParseAsExpected() }
            for url in BrokerMetamorphicTests.requests { tests.encodingAByteOfARequestNameChangesNothing(url: url) }
            for url in BrokerMetamorphicTests.responses { tests.encodingAByteOfAResponseNameChangesNothing(url: url) }
            for url in BrokerMetamorphicTests.requests.prefix(2) { tests.aSecondCopyOfAnyKnownRequestFieldIsADuplicate(url: url) }
            for url in BrokerMetamorphicTests.responses.prefix(3) {
                #expect(throws: Never.self) { try tests.aSecondCopyOfAnyKnownResponseFieldIsADuplicate(url: url) }
            }
        }
    }
}
