// FuzzBroker — broker request and response URLs (SPEC §8).
//
// Input: lines separated by LF. Line 0 is parsed as a broker request URL and as a broker response
// URL; line 1 is a caller bundle ID; lines 1… are also read as parameters (`name<TAB>value`, or a
// bare `name` for a parameter without `=`) to build messages from parts.
//
// Properties:
// - parse → build → parse is stable: a parsed request's `url` parses to an equal request, and
//   building that gives the same URL; a parsed response rebuilt from its redirect URI and
//   parameters parses to an equal response of the same kind and values;
// - parse(build(m)) == m for requests built from arbitrary (Unicode) names and values, on every
//   endpoint, and the built URL is a valid RFC 3986 URI;
// - validation: `BrokerRequest(parsing:)` succeeds exactly when the lenient parse has no
//   problems; duplicated parameters are always a problem and never read as a single value;
// - `checkRedirectURI` accepts only a caller whose bundle ID the request's redirect_uri carries;
// - a well-formed response built on the request's redirect URI (or that URI plus `/broker`)
//   parses and comes back to the request (SPEC §7–§8);
// - query parameter splitting agrees with a reference split on `&` and the first `=`, and
//   `single` (the in-place candidate lookup) returns exactly the piece with that decoded name, or
//   reports the duplicate; `URIReference.queryParameter` agrees with it on those names and on
//   near misses, and its value decoded in place is its raw value decoded;
// - `BrokerResponse(parsing:)`, which reads a well-formed response in one pass over its query,
//   agrees with parsing the URL and then reading it: the same response, or the same error;
// - a success response is accepted exactly when its `response` value is non-empty unpadded
//   base64url (checked against a reference, for values of every length, which exercises the
//   vectorised base64url scan);
// - the whole input read as a registrations file (`Registrations(json:)`, strict JSON): never a
//   trap, an error's offset inside the input; read registrations have UUID client IDs whose
//   redirect URIs all parse, and a request verified against them names its identity;
// - the round trip: a response that answers a request (`answers`) comes back to its redirect URI
//   and carries its nonce exactly.
@_spi(Testing) import RedirectURIKit

enum BrokerProperty {
    static let base64URLAlphabet = ByteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func check(_ input: UnsafeBufferPointer<UInt8>) throws(PropertyFailure) {
        let bytes = Array(input)
        try checkRegistrations(bytes)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        let caller = lines.count > 1 ? validString(lines[1]) : nil

        var parsedRequest: BrokerRequest? = nil
        if let text = validString(lines[0]) {
            parsedRequest = try checkRequestRoundTrip(text, caller: caller)
            try checkResponseRoundTrip(text, request: parsedRequest)
            try checkQuerySplitting(text)
        }

        // The response value check, for each line as the value.
        for line in lines {
            let alphabet = base64URLAlphabet
            guard !line.contains(UInt8(ascii: "&")), !line.contains(UInt8(ascii: "#")) else { continue }
            let url = "x-msauth-app://com.example.app?msg_protocol_ver=3&response=" + String(decoding: line, as: UTF8.self)
                + "&hash=2C26B46B68FFC68FF99B453C1D30413413422D706483BFA0F98A5E886266E7AE"
            guard case .success = parseString(url, as: .uri) else { continue }
            let expected = !line.isEmpty && line.allSatisfy(alphabet.contains) && line.count % 4 != 1
            let accepted = (try? BrokerResponse(parsing: url)) != nil
            try require(accepted == expected, "response value \(escaped(line)): accepted \(accepted), expected \(expected)")
        }

        // Build from parts.
        let parameters = lines.dropFirst().map { line -> BrokerParameter in
            if let tab = line.firstIndex(of: 0x09) {
                return BrokerParameter(String(decoding: line[..<tab], as: UTF8.self), String(decoding: line[(tab + 1)...], as: UTF8.self))
            }
            return BrokerParameter(String(decoding: line, as: UTF8.self), nil)
        }
        // Known gap, excluded here and reported: a parameter with an empty name and no value is
        // written as nothing at all, so it cannot survive a round trip.
        .filter { !($0.name.isEmpty && $0.value == nil) }
        let endpoint = BrokerEndpoint.allCases[bytes.count % BrokerEndpoint.allCases.count]
        let built: BrokerRequest
        do throws(BrokerMessageError) {
            built = try BrokerRequest(endpoint: endpoint, parameters: parameters)
        } catch {
            throw failure("request built from \(parameters) does not read back: \(error)")
        }
        try require(built.parameters == parameters && built.endpoint == endpoint, "parse(build(m)) != m for \(built.url)")
        let url = String(built.url.text)
        guard case .success = parseString(url, as: .uri) else { throw failure("built request URL \(url) is not a URI") }
        switch Result(catching: { () throws(BrokerMessageError) in try BrokerRequest.parseParameters(url) }) {
        case .success(let parsed):
            try require(parsed == built, "parse(build(m)) != m for \(url)")
        case .failure(let error):
            throw failure("built request URL \(url) does not parse: \(error)")
        }
        let redirect = parsedRequest?.value("redirect_uri") ?? "x-msauth-app://com.example.app"
        if let redirectURI = try? RedirectURI(parsing: redirect) {
            // The builder refuses a redirect URI with a query or a fragment (never a second '?'),
            // and otherwise gives back the parameters it wrote, at the redirect URI.
            switch Result(catching: { () throws(BrokerMessageError) in try BrokerResponse(redirectURI: redirectURI, parameters: parameters) }) {
            case .success(let response):
                try require(response.parameters == parameters, "response parameters do not survive a round trip: \(response.url)")
                try require(String(response.redirectURI) == redirect, "response redirect URI")
                try require(!redirect.contains("?") && !redirect.contains("#"), "a response built on \(redirect)")
                try require((try? BrokerResponse(parsing: String(response.url.text))) == response, "parse(build(m)) != m: \(response.url)")
            case .failure(let error):
                if error.kind == .notABrokerResponse, error.parameter == "redirect_uri" {
                    try require(redirect.contains("?") || redirect.contains("#"), "refused redirect URI \(redirect)")
                }
            }
        }
    }

    /// Any bytes as a registrations file.
    static func checkRegistrations(_ bytes: [UInt8]) throws(PropertyFailure) {
        let registrations: Registrations
        do throws(RegistrationsError) {
            registrations = try Registrations(json: bytes)
        } catch {
            _ = (error.description, error.explanation)
            if let offset = error.offset {
                try require(offset >= 0 && offset <= bytes.count, "registrations error offset \(offset) outside 0...\(bytes.count)")
            }
            return
        }
        for client in registrations.clients {
            try require(
                client.clientID.utf8.count == 36 && registrations.redirectURIs(forClientID: client.clientID) == client.redirectURIs,
                "client \(client.clientID) is not found by its own ID")
            for uri in client.redirectURIs {
                try require((try? RedirectURI(parsing: uri)) != nil, "registered \(uri) does not parse")
            }
        }
        if let client = registrations.clients.first, let redirect = client.redirectURIs.first {
            let request = "msauthv2://broker?msg_protocol_ver=3&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon"
                + "&client_id=\(client.clientID)&redirect_uri=\(PercentEncoding.formEncode(redirect))&scope=openid"
                + "&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D"
                + "&client_version=1.2.3"
            let verdict = registrations.verify(request: request, caller: .notReported)
            try require(verdict.identity == .claimedByRedirectURI, "a verdict without a reported caller rests on \(String(describing: verdict.identity))")
            try require(verdict.failedRule != .unregisteredClientID, "client \(client.clientID) is registered yet unregistered")
        }
    }

    /// Lenient parse → build → parse, and validation consistency.
    static func checkRequestRoundTrip(_ text: String, caller: String?) throws(PropertyFailure) -> BrokerRequest? {
        let request: BrokerRequest
        switch Result(catching: { () throws(BrokerMessageError) in try BrokerRequest.parseParameters(text) }) {
        case .success(let parsed): request = parsed
        case .failure(let error):
            _ = error.description
            try require((try? BrokerRequest(parsing: text)) == nil, "validated parse accepts what the lenient parse rejects")
            return nil
        }
        let url = String(request.url.text)
        switch Result(catching: { () throws(BrokerMessageError) in try BrokerRequest.parseParameters(url) }) {
        case .success(let again):
            try require(again == request, "request parse → build → parse differs: \(url)")
            try require(String(again.url.text) == url, "request build is not stable: \(url) -> \(again.url)")
        case .failure(let error):
            throw failure("rebuilt request \(url) does not parse: \(error)")
        }

        let problems = request.problems()
        _ = problems.map(\.description)
        switch Result(catching: { () throws(BrokerMessageError) in try BrokerRequest(parsing: text) }) {
        case .success(let validated):
            try require(validated == request, "validated and lenient parses differ")
            try require(problems.isEmpty, "validated parse accepted a request with problems: \(problems)")
        case .failure(let error):
            // The same problem; the validated parse also knows where it is in the URL.
            let first = problems.first
            try require(
                first?.kind == error.kind && first?.parameter == error.parameter && first?.detail == error.detail
                    && (first?.offset == nil || first?.offset == error.offset),
                "validated parse threw \(error), problems are \(problems)")
        }

        // Verifying and reading never give two answers: a request the validated parse refuses is
        // never accepted, whoever the caller.
        for caller in [Caller.notReported, Caller(sourceApplication: caller)] {
            let verdict = request.checkRedirectURI(caller: caller)
            if verdict.accepted {
                try require(problems.isEmpty, "verification accepts a request with problems \(problems) (\(caller))")
            }
        }

        // Duplicates are never read as one value, and the first ambiguity is a problem.
        var counts: [String: Int] = [:]
        for parameter in request.parameters { counts[parameter.name, default: 0] += 1 }
        for (name, count) in counts where count > 1 {
            try require(request.value(name) == nil, "duplicated \(name) read as one value")
            try require(
                problems.contains { $0.kind == .duplicateParameter || $0.kind == .lookAlikeParameter },
                "duplicated \(name) is not a problem")
        }

        // Typed accessors never trap.
        _ = (request.protocolVersion, request.isADALProtocol, request.clientID, request.correlationID, request.brokerKey)
        _ = (request.brokerNonce, request.clientVersion, request.resource, request.scope, request.claims, request.loginHint)
        _ = (request.prompt, request.force, request.skipCache, request.authority, request.redirectURI, request.unknownParameters)

        if let redirect = request.value("redirect_uri"), (try? RedirectURI(parsing: redirect)) != nil,
            !redirect.contains("?"), !redirect.contains("#")
        {
            let parameters = [
                BrokerParameter("msg_protocol_ver", "3"), BrokerParameter("response", "eyJhbGciOiJub25lIn0"),
                BrokerParameter("hash", "2C26B46B68FFC68FF99B453C1D30413413422D706483BFA0F98A5E886266E7AE"),
            ]
            let redirectReference = try? URIReference(parsing: redirect, as: .uri)
            for base in [redirect, redirect + "/broker"] {
                // Appending "/broker" to a redirect URI without an authority whose path is "/" (`m:/`)
                // makes an authority (`m://broker`): that is another URI, not the broker path.
                guard let baseRedirect = try? RedirectURI(parsing: base),
                    baseRedirect.reference.authority == redirectReference?.authority
                else { continue }
                switch Result(catching: { () throws(BrokerMessageError) in
                    try BrokerResponse.success(redirectURI: baseRedirect, response: parameters[1].value ?? "", hash: parameters[2].value ?? "")
                }) {
                case .success(let response):
                    try require(response.kind == .success && response.parameters == parameters, "response fields of \(response.url)")
                    let routing = response.comesBack(to: request)
                    try require(routing.belongs, "response \(response.url) does not come back to its request: \(routing.diagnostics)")
                case .failure(let error):
                    throw failure("well-formed response at \(base) does not build: \(error)")
                }
            }
        }

        if let caller {
            let verdict = request.checkRedirectURI(caller: Caller(sourceApplication: caller))
            if verdict.accepted {
                guard let redirect = request.value("redirect_uri") else { throw failure("accepted without a redirect_uri") }
                try require(carriedBundleID(Array(redirect.utf8)) == caller, "checkRedirectURI accepted caller \(caller) for \(redirect)")
            }
        }
        return request
    }

    /// Response parse → build → parse.
    static func checkResponseRoundTrip(_ text: String, request: BrokerRequest?) throws(PropertyFailure) {
        let parsed = Result(catching: { () throws(BrokerMessageError) in try BrokerResponse(parsing: text) })
        try checkOnePassAgreesWithParseThenRead(text, parsed)
        if case .failure(let error) = parsed { _ = error.description }
        guard case .success(let response) = parsed else { return }
        let rebuilt = String(response.redirectURI) + "?" + BrokerParameter.formEncodedQuery(response.parameters)
        if let redirect = try? RedirectURI(parsing: String(response.redirectURI)) {
            // The builder writes the same URL, and reads the same response back.
            let built = Result { () throws(BrokerMessageError) in try BrokerResponse(redirectURI: redirect, parameters: response.parameters) }
            try require((try? built.get()) == response, "build(parse(x)) != parse(x): \(rebuilt)")
        }
        switch Result(catching: { () throws(BrokerMessageError) in try BrokerResponse(parsing: rebuilt) }) {
        case .success(let again):
            try require(again == response, "response parse → build → parse differs: \(rebuilt)")
            try require(again.kind == response.kind && again.protocolVersion == response.protocolVersion, "response kind or version changed")
            for name in ["response", "hash", "broker_nonce", "error_code", "msg_protocol_ver"] {
                try require(again.value(name) == response.value(name), "response \(name) changed")
            }
        case .failure(let error):
            throw failure("rebuilt response \(rebuilt) does not parse: \(error)")
        }
        if let request {
            _ = response.comesBack(to: request)
            // An answer comes back to the request and carries its nonce, exactly.
            let answer = response.answers(request)
            if answer.accepted {
                try require(response.comesBack(to: request).belongs, "answers a request it does not come back to: \(response.url)")
                let echoed = response.brokerNonce.flatMap { try? PercentEncoding.decodeString($0, plusIsSpace: true) }
                try require(echoed == request.brokerNonce, "answers with another nonce: \(response.url)")
            }
        }
    }

    /// `BrokerResponse(parsing:)` reads a well-formed response in one pass over its query, the
    /// URL's syntax and the message together, and parses anything else first: both ways must
    /// give the same response, or the same error, as parsing the URL and then reading it.
    static func checkOnePassAgreesWithParseThenRead(
        _ text: String, _ onePass: Result<BrokerResponse, BrokerMessageError>
    ) throws(PropertyFailure) {
        let parseThenRead = Result(catching: { () throws(BrokerMessageError) in
            switch Result(catching: { () throws(URIParseError) in try URIReference(parsing: text, as: .uri) }) {
            case .success(let reference):
                return try BrokerResponse(BrokerMessage(reference))
            case .failure(let error):
                throw BrokerMessageError(.invalidURI, offset: error.offset, underlying: .parse(error))
            }
        })
        switch (onePass, parseThenRead) {
        case (.success(let fast), .success(let plain)):
            try require(fast.url == plain.url, "one-pass response URL \(fast.url.ranges) vs \(plain.url.ranges)")
            try require(fast == plain && fast.kind == plain.kind && fast.protocolVersion == plain.protocolVersion, "one-pass response differs")
            let fastFields: [Substring?] = [fast.response, fast.hash, fast.brokerNonce, fast.errorCode]
            let plainFields: [Substring?] = [plain.response, plain.hash, plain.brokerNonce, plain.errorCode]
            try require(fastFields == plainFields, "one-pass response fields differ")
        case (.failure(let fast), .failure(let plain)):
            try require(fast == plain, "one-pass error \(fast) vs \(plain)")
        default:
            throw failure("one pass \(onePass) vs parse then read \(parseThenRead)")
        }
    }

    /// `QueryParameters` splits like a plain reference: pieces between `&`, empty ones skipped, the
    /// name up to the first `=`.
    static func checkQuerySplitting(_ text: String) throws(PropertyFailure) {
        guard case .success(let reference) = parseString(text, as: .uriReference), let query = reference.query else { return }
        let pieces = query.split(separator: "&", omittingEmptySubsequences: true)
        for decoding in [QueryDecoding.form, .rfc3986] {
            let queryParameters = QueryParameters(query, decoding: decoding)
            let parameters = Array(queryParameters)
            try require(parameters.count == pieces.count, "parameter count \(parameters.count) vs \(pieces.count) pieces")
            for (parameter, piece) in zip(parameters, pieces) {
                if let equals = piece.firstIndex(of: "=") {
                    try require(parameter.rawName == piece[..<equals] && parameter.rawValue == piece[piece.index(after: equals)...], "split of \(piece)")
                } else {
                    try require(parameter.rawName == piece && parameter.rawValue == nil, "split of \(piece)")
                }
            }
            // Each name decoded once: how often it occurs and which piece has it first. (Looking
            // the piece up again for every name made this quadratic in the number of pieces.)
            var counts: [String: (count: Int, first: Int)] = [:]
            for (index, parameter) in parameters.enumerated() {
                if let name = try? parameter.name(decoding) {
                    counts[name, default: (0, index)].count += 1
                }
            }
            // `single` for every name present; kept, since the probes below ask for each again.
            var singles: [String: Result<QueryParameter?, QueryParameterError>] = [:]
            for (name, (count, first)) in counts {
                let single = Result(catching: { () throws(QueryParameterError) in try queryParameters.single(name) })
                singles[name] = single
                switch single {
                case .success(let found):
                    try require(count == 1, "single(\(name)) did not report \(count) copies")
                    // The piece it returns is the one piece with that name, slices and all.
                    let expected = parameters[first]
                    try require(found?.rawName == expected.rawName && found?.rawValue == expected.rawValue,
                        "single(\(name)) returned another piece than the one with that name")
                case .failure(let error): try require(count > 1 && error.kind == .duplicateParameter, "single(\(name)) threw \(error) for \(count) copies")
                }
            }
            // The in-place lookup on the reference agrees with `single`, for the names present and
            // for near misses (a name cut short, a name run on), which end on other paths.
            let probes = counts.keys.flatMap { [$0, String($0.dropLast()), $0 + "_"] }
            for name in probes {
                let single = singles[name] ?? Result(catching: { () throws(QueryParameterError) in try queryParameters.single(name) })
                let inPlace = Result(catching: { () throws(QueryParameterError) in try reference.queryParameter(name, decoding: decoding) })
                switch (single, inPlace) {
                case (.success(let a), .success(let b)):
                    try require(a?.rawName == b?.rawName && a?.rawValue == b?.rawValue, "queryParameter(\(name)) differs from single")
                    // The value decoded in place is the raw value decoded.
                    if let b, let raw = b.rawValue {
                        let expected = try? PercentEncoding.decodeString(raw, plusIsSpace: decoding == .form)
                        try require((try? b.value(decoding)) == expected, "value of \(name) differs from its raw value decoded")
                    }
                case (.failure(let a), .failure(let b)):
                    // The same error; the in-place lookup gives its offset in the URI's text.
                    var shifted = a
                    shifted.offset = a.offset.map { $0 + (reference.ranges.query?.lowerBound ?? 0) }
                    try require(shifted == b, "queryParameter(\(name)) threw \(b), single \(a)")
                default: throw failure("queryParameter(\(name)) and single disagree")
                }
            }
            _ = try? queryParameters.decoded()
        }
    }
}
