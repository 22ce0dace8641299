/// A URL read as a broker message, in one pass over its query: what it is (a request and its
/// endpoint, a response, an error response, or none of them), where the fields its readers use
/// lie (offsets in the URL), and the one verdict on whether its parameters can be read
/// unambiguously. A request keeps every piece (its views read them); a response keeps only its
/// fields' (so that reading one allocates nothing).
///
/// ``BrokerRequest``, ``BrokerResponse`` and ``RedirectVerifier/verify(message:caller:)``
/// read a message; build it once and hand it to each, and the URL is parsed once. Names are
/// compared after form decoding (`+` is a space), so an encoded spelling of a name is that name.
///
/// ```swift
/// let url = try URIReference(parsing: "msauthv2://broker?client_id=…&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&REDIRECT_URI=x", as: .uri)
/// let message = BrokerMessage(url)
/// message.recognition        // .request(.msauthv2)
/// message.ambiguity?.kind    // .lookAlikeParameter, at the offset of "REDIRECT_URI"
/// ```
public struct BrokerMessage: Sendable {
    /// What the URL is, judged from its endpoint and the fields it carries (a fragment or a bad
    /// field does not change it: ``BrokerRequest`` and ``BrokerResponse`` judge those).
    public enum Recognition: Sendable, Hashable {
        /// Addressed to a broker endpoint.
        case request(BrokerEndpoint)
        /// Carries `response` with `msg_protocol_ver` or `hash`.
        case response
        /// Carries `error_code`.
        case errorResponse
        /// None of the above.
        case none

        /// The stable name: `broker-request`, `broker-response`, `broker-error-response`, or
        /// `nil` for none.
        @_spi(Toolkit)
        public var code: String? {
            switch self {
            case .request: "broker-request"
            case .response: BrokerResponse.Kind.success.rawValue
            case .errorResponse: BrokerResponse.Kind.error.rawValue
            case .none: nil
            }
        }
    }

    /// The parsed URL.
    public let url: URIReference
    /// What the URL is.
    public let recognition: Recognition
    /// `msg_protocol_ver` (of the first piece of that name), when valid: 1–3 digits without a
    /// leading zero.
    public let protocolVersion: Int?
    /// Why the parameters cannot be read unambiguously, or `nil`: the first piece that does not
    /// decode (kind `invalid-encoding`) or else the first name that repeats an earlier one
    /// (`duplicate-parameter`) or only looks like a field of the message's kind
    /// (`look-alike-parameter`), at its offset in the URL.
    public var ambiguity: BrokerMessageError? { rare?.ambiguity }
    /// The request's `redirect_uri`, parsed and classified once, when the message is a request
    /// with one decodable `redirect_uri`.
    var nestedRedirect: Result<RedirectURI, URIParseError>? { rare?.nestedRedirect }

    /// What most responses do not have, out of line: held inline, the error and the nested
    /// redirect made every copy and destruction of a message a walk over their strings.
    final class Rare: Sendable {
        let ambiguity: BrokerMessageError?
        /// A request's ambiguity judged against a response's fields instead (what
        /// ``BrokerResponse`` reports when handed a request); for other messages, ``ambiguity``.
        let ambiguityAsResponse: BrokerMessageError?
        let nestedRedirect: Result<RedirectURI, URIParseError>?
        /// Whether a request's single decodable `authority` is an https URI with a host, no
        /// userinfo and no fragment: judged once, when the message is read, so that reading the
        /// request's problems and verifying it parse it once between them.
        let authorityIsValid: Bool?
        /// A request's pieces, every one in order, and where each field's first piece is among
        /// them: what the request's views read instead of walking the query again (empty for
        /// other messages, which keep only ``KnownPieces``).
        let pieces: [Piece]
        let firstPieces: FirstPieces
        /// Whether ``pieces`` are every piece (a message without a query has none to keep).
        var keepsPieces: Bool { !pieces.isEmpty }

        init(
            ambiguity: BrokerMessageError?, ambiguityAsResponse: BrokerMessageError?, nestedRedirect: Result<RedirectURI, URIParseError>?,
            authorityIsValid: Bool? = nil, pieces: [Piece] = [], firstPieces: FirstPieces = FirstPieces()
        ) {
            self.ambiguity = ambiguity
            self.ambiguityAsResponse = ambiguityAsResponse
            self.nestedRedirect = nestedRedirect
            self.authorityIsValid = authorityIsValid
            self.pieces = pieces
            self.firstPieces = firstPieces
        }
    }
    let rare: Rare?

    /// For each field, the index of its first piece among a request's pieces (-1: absent).
    struct FirstPieces: Sendable {
        var indices = SIMD32<Int32>(repeating: -1)
        subscript(field: BrokerField) -> Int? {
            let index = indices[Int(field.rawValue)]
            return index < 0 ? nil : Int(index)
        }
    }

    /// The fields present, and those present more than once.
    let fields: BrokerField.FieldSet
    let repeatedFields: BrokerField.FieldSet
    /// Where the first piece of each field that the typed readers use lies.
    let known: KnownPieces

    /// One `name[=value]` piece, as offsets in the URL's text. 32-bit offsets (inputs are at
    /// most 16 MiB): the pieces a message keeps are copied with it, and at 64 bits they made a
    /// response's reading copy twice the bytes.
    struct Piece: Sendable, Hashable {
        let start32: Int32
        let nameEnd32: Int32
        /// Where the value ends; -1 for a piece without `=`.
        let valueEnd32: Int32

        init(nameStart: Int, nameEnd: Int, valueEnd: Int) {
            start32 = Int32(truncatingIfNeeded: nameStart)
            nameEnd32 = Int32(truncatingIfNeeded: nameEnd)
            valueEnd32 = Int32(truncatingIfNeeded: valueEnd)
        }

        var nameStart: Int { Int(start32) }
        var nameEnd: Int { Int(nameEnd32) }
        var valueEnd: Int { Int(valueEnd32) }
        var valueRange: Range<Int>? { valueEnd < 0 ? nil : (nameEnd &+ 1)..<valueEnd }
        /// The value's range, empty (after the name) for a piece without `=`.
        var valueOrEmpty: Range<Int> { valueRange ?? nameEnd..<nameEnd }
    }

    /// The first piece of each field the typed readers use, by name, and the syntax checks made
    /// as those values were read. Kept in the message instead of an array of every piece, so
    /// that reading a response allocates nothing; the other pieces are read again from the
    /// query (without parsing) when ``parameters`` are asked for.
    struct KnownPieces: Sendable {
        var response, hash, msgProtocolVer, brokerNonce, errorCode, redirectURI, clientID: Piece?
        /// `response` is all base64url (found while finding its end).
        var responseIsBase64URL = false
        /// `hash` is 64 uppercase hex digits.
        var hashIsUppercaseSHA256 = false

        /// The piece of `field`, if it is one of those kept.
        subscript(field: BrokerField) -> Piece? {
            get {
                switch field {
                case .response: response
                case .hash: hash
                case .msgProtocolVer: msgProtocolVer
                case .brokerNonce: brokerNonce
                case .errorCode: errorCode
                case .redirectURI: redirectURI
                case .clientID: clientID
                default: nil
                }
            }
            set {
                switch field {
                case .response: response = newValue
                case .hash: hash = newValue
                case .msgProtocolVer: msgProtocolVer = newValue
                case .brokerNonce: brokerNonce = newValue
                case .errorCode: errorCode = newValue
                case .redirectURI: redirectURI = newValue
                case .clientID: clientID = newValue
                default: break
                }
            }
        }
    }

    /// What one pass over the query found.
    struct Reading {
        var fields = BrokerField.FieldSet()
        var repeatedFields = BrokerField.FieldSet()
        var known = KnownPieces()
        var rule = ParameterPollution()
        var undecodable: QueryParameterError?
        /// Every piece, kept for a request only (a response's reading allocates nothing).
        var keepsPieces = false
        var pieces: [Piece] = []
        var firstPieces = FirstPieces()
    }

    /// Parses a URL and reads it as a broker message: the one parse that a broker's or an app's
    /// reading of the URL needs, with the error type of every other broker call, so that the
    /// whole path fits one `do throws(BrokerMessageError)`.
    ///
    /// - Throws: ``BrokerMessageError`` `invalid-uri` when the text is not an absolute URI.
    public init(parsing text: String) throws(BrokerMessageError) {
        let reference: URIReference
        do {
            reference = try URIReference(parsing: text, as: .uri)
        } catch {
            throw BrokerMessageError(parsing: error)
        }
        self.init(reference)
    }

    /// Reads a parsed URL as a broker message.
    public init(_ url: URIReference) {
        self.init(url, keepingPieces: false)
    }

    /// Reads a parsed URL as a broker message that keeps every piece its walk found, whatever
    /// the message is (a request always keeps them): for a reader that lists every parameter of
    /// any URL, such as the report, so that listing them walks the query no second time.
    @_spi(Toolkit)
    public init(_ url: URIReference, keepingPieces: Bool) {
        var reading = Reading()
        var endpoint: BrokerEndpoint?
        var protocolVersion: Int?
        // One visit to the URL's bytes for the endpoint and the pieces.
        url.withBytes { text in
            endpoint = BrokerEndpoint(bytes: text, url.ranges)
            reading.keepsPieces = keepingPieces || endpoint != nil
            guard let query = url.ranges.query else { return }
            // A request has about twenty pieces: room for them at once, not five regrowths.
            if reading.keepsPieces { reading.pieces.reserveCapacity(24) }
            Self.read(UnsafeBufferPointer(rebasing: text[query]), at: query.lowerBound, into: &reading)
            protocolVersion = Self.readProtocolVersion(reading, in: text)
        }
        self.init(url, reading, endpoint: endpoint, protocolVersion: protocolVersion)
    }

    /// `msg_protocol_ver` of a reading, when valid.
    @inline(__always)
    static func readProtocolVersion(_ reading: Reading, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        reading.known.msgProtocolVer.flatMap { BrokerValueSyntax.protocolVersion(UnsafeBufferPointer(rebasing: text[$0.valueOrEmpty])) }
    }

    /// A message from what one pass over its URL's query found.
    init(_ url: URIReference, _ reading: borrowing Reading, endpoint: BrokerEndpoint?, protocolVersion: Int?) {
        self.url = url
        self.protocolVersion = protocolVersion
        fields = reading.fields
        repeatedFields = reading.repeatedFields
        known = reading.known
        let recognition: Recognition
        if let endpoint {
            recognition = .request(endpoint)
        } else if fields.contains(.errorCode) {
            recognition = .errorResponse
        } else if fields.contains(.response), fields.contains(.msgProtocolVer) || fields.contains(.hash) {
            recognition = .response
        } else {
            recognition = .none
        }
        self.recognition = recognition
        // Most responses have neither an ambiguity nor a nested redirect: tested first, so that
        // their reading builds no optional error or result only to destroy it (through the
        // generic value witnesses, 100 instructions a response).
        let isRequest = if case .request = recognition { true } else { false }
        rare =
            !isRequest && !reading.keepsPieces && reading.undecodable == nil && reading.rule.foundNothing
            ? nil : Self.rare(url, reading, recognition, known: known, redirectIsRepeated: repeatedFields.contains(.redirectURI))
        assert(!isRequest || rare != nil, "a request keeps its pieces")
    }

    /// What a reading found that most messages do not have: its ambiguity, and a request's
    /// `redirect_uri` parsed (`nil` when there is neither).
    @inline(never)
    private static func rare(
        _ url: URIReference, _ reading: borrowing Reading, _ recognition: Recognition, known: KnownPieces, redirectIsRepeated: Bool
    ) -> Rare? {
        func firstAmbiguity(as recognition: Recognition) -> BrokerMessageError? {
            if let undecodable = reading.undecodable {
                return BrokerMessageError(undecodable, queryStart: url.ranges.query?.lowerBound ?? 0)
            }
            // Pieces were numbered by their offset in the URL.
            return reading.rule.firstFinding(for: recognition).map { ParameterPollution.error($0, offset: $0.position) }
        }
        let ambiguity = firstAmbiguity(as: recognition)
        let ambiguityAsResponse = if case .request = recognition { firstAmbiguity(as: .response) } else { ambiguity }
        var nestedRedirect: Result<RedirectURI, URIParseError>?
        if case .request = recognition, !redirectIsRepeated, let redirect = known.redirectURI,
            let text = decodedValue(of: redirect, in: url)
        {
            nestedRedirect = Result { () throws(URIParseError) in try RedirectURI(parsing: text) }
        }
        if reading.keepsPieces {
            var authorityIsValid: Bool?
            if case .request = recognition, let index = reading.firstPieces[.authority], index < reading.pieces.count,
                let text = decodedValue(of: reading.pieces[index], in: url)
            {
                authorityIsValid = BrokerRequest.isValidAuthority(text)
            }
            return Rare(
                ambiguity: ambiguity, ambiguityAsResponse: ambiguityAsResponse, nestedRedirect: nestedRedirect,
                authorityIsValid: authorityIsValid, pieces: reading.pieces, firstPieces: reading.firstPieces)
        }
        return ambiguity == nil && nestedRedirect == nil
            ? nil : Rare(ambiguity: ambiguity, ambiguityAsResponse: ambiguityAsResponse, nestedRedirect: nestedRedirect)
    }

    /// Reads the pieces of `query` (a parsed URL's query, whose bytes start at `queryStart` in
    /// the URL) in one pass.
    static func read(_ query: UnsafeBufferPointer<UInt8>, at queryStart: Int, into reading: inout Reading) {
        QueryWalkCount.record()
        var start = 0
        while start < query.count {
            let (nameEnd, nameHasEscapes) = RawPiece.nameEnd(from: start, in: query)
            let hasValue = nameEnd < query.count && query[nameEnd] == ASCII.equalsSign
            guard hasValue || nameEnd > start else {
                start = nameEnd &+ 1  // an empty piece ("&&")
                continue
            }
            let rawName = UnsafeBufferPointer(rebasing: query[start..<nameEnd])
            var name = PieceName(field: nil, other: nil, lookAlike: nil)
            var failure: PercentDecodingError?
            // Known names need no decoding: most pieces of a message are read without it.
            let knownField = nameHasEscapes ? nil : BrokerField(named: rawName)
            if nameHasEscapes {
                do {
                    name = PieceName(decoded: try PercentEncoding.decodeString(bytes: rawName, plusIsSpace: true))
                } catch {
                    failure = error
                }
            } else if let knownField {
                name.field = knownField
            } else {
                name.other = String(decoding: rawName, as: UTF8.self)
                name.lookAlike = BrokerField.lookAlike(of: rawName)
            }
            var valueEnd = -1
            var valueIsBase64URL = false
            var valueIsUppercaseSHA256 = false
            if hasValue {
                if name.field == .response {
                    // The ciphertext, kilobytes long, is read once: its end and its alphabet
                    // together (see Base64.base64URLValue(inQuery:from:)).
                    (valueEnd, valueIsBase64URL) = Base64.base64URLValue(inQuery: query, from: nameEnd &+ 1)
                } else {
                    valueEnd = VectorScan.firstIndex(of: ASCII.ampersand, in: query, from: nameEnd &+ 1, to: query.count)
                    // Hex digits decode to themselves.
                    if name.field == .hash {
                        valueIsUppercaseSHA256 = BrokerValueSyntax.isUppercaseSHA256Hex(
                            UnsafeBufferPointer(rebasing: query[(nameEnd &+ 1)..<valueEnd]))
                    }
                }
                // Every value must decode, so that the decoded parameters describe the whole
                // message; base64url, hex, and any value without `%` or `+`, decode to
                // themselves.
                if failure == nil, !valueIsBase64URL, !valueIsUppercaseSHA256, mayNeedDecoding(query, (nameEnd &+ 1)..<valueEnd) {
                    do {
                        try PercentEncoding.validate(bytes: UnsafeBufferPointer(rebasing: query[(nameEnd &+ 1)..<valueEnd]), plusIsSpace: true)
                    } catch {
                        failure = error
                    }
                }
            }
            if let failure, reading.undecodable == nil {
                reading.undecodable = QueryParameterError(
                    .invalidEncoding, name: name.decoded ?? String(decoding: rawName, as: UTF8.self), offset: start,
                    underlying: failure)
            }
            let piece = Piece(nameStart: start &+ queryStart, nameEnd: nameEnd &+ queryStart, valueEnd: valueEnd < 0 ? -1 : valueEnd &+ queryStart)
            if let field = name.field {
                if reading.fields.insert(field) {
                    if reading.keepsPieces { reading.firstPieces.indices[Int(field.rawValue)] = Int32(truncatingIfNeeded: reading.pieces.count) }
                    reading.known[field] = piece
                    if field == .response {
                        reading.known.responseIsBase64URL = valueIsBase64URL
                    } else if field == .hash {
                        reading.known.hashIsUppercaseSHA256 = valueIsUppercaseSHA256
                    }
                } else {
                    _ = reading.repeatedFields.insert(field)
                }
            }
            if reading.keepsPieces { reading.pieces.append(piece) }
            // Pieces are numbered by their offset in the URL, which is where a finding is reported.
            reading.rule.add(name, at: piece.nameStart)
            start = (valueEnd < 0 ? nameEnd : valueEnd) &+ 1
        }
    }

    /// Whether `bytes[range]` holds a `%` or a `+`, the only bytes form decoding changes.
    @inline(__always)
    static func mayNeedDecoding(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        VectorScan.firstIndex(of: ASCII.percentSign, in: bytes, from: range.lowerBound, to: range.upperBound) < range.upperBound
            || VectorScan.firstIndex(of: ASCII.plusSign, in: bytes, from: range.lowerBound, to: range.upperBound) < range.upperBound
    }

    /// The decoded value of a piece (`""` for a piece without `=`), `nil` when it does not decode.
    static func decodedValue(of piece: Piece, in url: URIReference) -> String? {
        guard let range = piece.valueRange else { return "" }
        return url.withBytes { bytes in
            try? PercentEncoding.decodeString(bytes: UnsafeBufferPointer(rebasing: bytes[range]), plusIsSpace: true)
        }
    }

    /// The query's pieces, read again with the same piece reader as the pass (nothing parsed).
    var queryParameters: QueryParameters {
        QueryWalkCount.record()
        return QueryParameters(url.ranges.query.map { url.slice($0) } ?? "", decoding: .form)
    }

    /// A kept piece, decoded; `nil` when it does not decode.
    static func decodedParameter(_ piece: Piece, in text: UnsafeBufferPointer<UInt8>) -> BrokerParameter? {
        do throws(PercentDecodingError) {
            let name = try PercentEncoding.decodeString(
                bytes: UnsafeBufferPointer(rebasing: text[piece.nameStart..<piece.nameEnd]), plusIsSpace: true)
            let value = try piece.valueRange.map { range throws(PercentDecodingError) in
                try PercentEncoding.decodeString(bytes: UnsafeBufferPointer(rebasing: text[range]), plusIsSpace: true)
            }
            return BrokerParameter(name, value)
        } catch {
            return nil
        }
    }

    /// The first piece of `field`: a kept one, or one a request's walk found.
    func piece(_ field: BrokerField) -> Piece? {
        if let piece = known[field] { return piece }
        guard let rare, let index = rare.firstPieces[field], index < rare.pieces.count else { return nil }
        return rare.pieces[index]
    }

    /// The pieces, in order, as slices of the URL (nothing decoded): what a reader of any URL's
    /// parameters lists (the report); an app reads ``BrokerRequest/parameters`` or
    /// ``BrokerResponse/parameters``.
    @_spi(Toolkit)
    public var parameters: [QueryParameter] {
        guard url.ranges.query != nil else { return [] }
        if let rare, rare.keepsPieces {
            // Kept by the walk: sliced, not found again.
            return rare.pieces.map { QueryParameter(source: url.text, nameStart: $0.nameStart, nameEnd: $0.nameEnd, valueEnd: $0.valueEnd) }
        }
        return Array(queryParameters)
    }

    /// Every parameter decoded (form decoding), in order; `nil` when one does not decode.
    @_spi(Testing)
    public var decodedParameters: [BrokerParameter]? {
        guard let query = url.ranges.query else { return [] }
        if let rare, rare.keepsPieces {
            // A request's pieces were kept by the walk: decoded, not found again.
            return url.withBytes { text -> [BrokerParameter]? in
                var result: [BrokerParameter] = []
                result.reserveCapacity(rare.pieces.count)
                for piece in rare.pieces {
                    guard let parameter = Self.decodedParameter(piece, in: text) else { return nil }
                    result.append(parameter)
                }
                return result
            }
        }
        // Decoded from the URL's bytes with the pass's piece reader: going through
        // `QueryParameter` slices cost a third more per request (c/BrokerRequest).
        return url.withBytes { text -> [BrokerParameter]? in
            QueryWalkCount.record()
            let bytes = UnsafeBufferPointer(rebasing: text[query])
            var result: [BrokerParameter] = []
            var start = 0
            while let piece = RawPiece.next(in: bytes, from: start) {
                do throws(PercentDecodingError) {
                    let name = try PercentEncoding.decodeString(bytes: UnsafeBufferPointer(rebasing: bytes[piece.name]), plusIsSpace: true)
                    let value = try piece.value.map { range throws(PercentDecodingError) in
                        try PercentEncoding.decodeString(bytes: UnsafeBufferPointer(rebasing: bytes[range]), plusIsSpace: true)
                    }
                    result.append(BrokerParameter(name, value))
                } catch {
                    return nil
                }
                start = piece.end &+ 1
            }
            return result
        }
    }

    /// The decoded value of the parameter named `name` (`""` for a piece without `=`): `nil`
    /// when it is absent, appears more than once, or does not decode — a message read one way
    /// only.
    public func value(_ name: String) -> String? {
        if let field = BrokerField(named: name), piece(field) != nil || !fields.contains(field) {
            return value(field)
        }
        guard url.ranges.query != nil else { return nil }
        var found: QueryParameter?
        for parameter in queryParameters where parameter.hasName(name, .form) {
            guard found == nil else { return nil }
            found = parameter
        }
        guard let found, let value = try? found.value(.form) ?? "" else { return nil }
        return value
    }

    /// The value of `field`, as ``value(_:)`` reads it.
    func value(_ field: BrokerField) -> String? {
        guard !repeatedFields.contains(field), let piece = piece(field) else { return nil }
        return Self.decodedValue(of: piece, in: url)
    }

    /// `client_id`, decoded, when it appears once: what a broker looks the app's registrations up
    /// by (``Registrations/redirectURIs(forClientID:)``) before it builds anything else.
    public var clientID: String? { value(.clientID) }

    /// The request's `redirect_uri`, parsed and classified (once, when the message was read);
    /// `nil` when the message is not a request, has no single decodable `redirect_uri`, or it
    /// does not parse as an absolute URI.
    public var redirectURI: RedirectURI? { try? nestedRedirect?.get() }

    /// Everything wrong with the message as what it is recognised as: for a request, why it
    /// cannot be read or else its ambiguity and ``BrokerRequest/problems()``; for a response or
    /// an error response, why ``BrokerResponse`` rejects it; nothing for a URL that is neither.
    /// Nothing is parsed again.
    public var problems: [BrokerMessageError] {
        switch recognition {
        case .request:
            do {
                return try BrokerRequest.parseParameters(self).problems()
            } catch {
                return [error]
            }
        case .response, .errorResponse:
            do {
                _ = try BrokerResponse(self)
                return []
            } catch {
                return [error]
            }
        case .none:
            return []
        }
    }
}
