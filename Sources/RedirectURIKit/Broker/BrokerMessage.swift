/// A URL read as a broker message, in one pass over its query: what it is (a request and its
/// endpoint, a response, an error response, or none of them), its parameters as offsets in the
/// URL, and the one verdict on whether they can be read unambiguously.
///
/// ``BrokerRequest``, ``BrokerResponse`` and ``RedirectVerifier/verify(message:callerBundleID:)``
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
    /// redirect made every copy and destruction of a message a walk over their strings (d/BrokerResponse
    /// spent about 700 instructions per response on it).
    final class Rare: Sendable {
        let ambiguity: BrokerMessageError?
        let nestedRedirect: Result<RedirectURI, URIParseError>?

        init(ambiguity: BrokerMessageError?, nestedRedirect: Result<RedirectURI, URIParseError>?) {
            self.ambiguity = ambiguity
            self.nestedRedirect = nestedRedirect
        }
    }
    let rare: Rare?

    /// The pieces, in order.
    let pieces: [Piece]
    /// The decoded names that are no field's, in order (most messages have none): the pieces
    /// point into it, so that a piece holds no string and copying one retains nothing.
    let otherNames: [String]
    /// The fields present.
    let fields: BrokerField.FieldSet

    /// One `name[=value]` piece, as offsets in the URL's text.
    struct Piece: Sendable {
        let nameStart: Int
        let nameEnd: Int
        /// Where the value ends; -1 for a piece without `=`.
        let valueEnd: Int
        /// The field the decoded name is.
        let field: BrokerField?
        /// The field the decoded name only looks like.
        let lookAlike: BrokerField?
        /// Where the decoded name is in ``BrokerMessage/otherNames`` when it is no field's;
        /// -1 for a field, or a name that does not decode.
        let other: Int
        /// Whether the name and value decode (form decoding, strict UTF-8).
        let decodes: Bool
        /// Whether the value has its field's syntax, for the fields whose syntax is checked as
        /// they are read: `response` all base64url (found while finding its end), `hash` 64
        /// uppercase hex digits. False for any other piece.
        let valueHasFieldSyntax: Bool

        var valueRange: Range<Int>? { valueEnd < 0 ? nil : (nameEnd &+ 1)..<valueEnd }
    }

    /// A piece's name as the pollution rule sees it.
    func name(of piece: Piece) -> PieceName {
        PieceName(field: piece.field, other: piece.other < 0 ? nil : otherNames[piece.other], lookAlike: piece.lookAlike)
    }

    /// Reads a parsed URL as a broker message.
    public init(_ url: URIReference) {
        self.url = url
        var pieces: [Piece] = []
        var otherNames: [String] = []
        var fields = BrokerField.FieldSet()
        var repeatsAField = false
        var undecodable: QueryParameterError?
        var endpoint: BrokerEndpoint?
        var protocolVersion: Int?
        // One visit to the URL's bytes for the endpoint and the pieces.
        url.withBytes { text in
            endpoint = BrokerEndpoint(bytes: text, url.ranges)
            guard let query = url.ranges.query else { return }
            // Room for a typical message's pieces at once: growing from empty reallocated three
            // times for a four-piece response.
            pieces.reserveCapacity(8)
            undecodable = Self.read(
                UnsafeBufferPointer(rebasing: text[query]), at: query.lowerBound, into: &pieces, otherNames: &otherNames,
                fields: &fields, repeatsAField: &repeatsAField)
            for piece in pieces where piece.field == .msgProtocolVer {
                protocolVersion = BrokerValueSyntax.protocolVersion(UnsafeBufferPointer(rebasing: text[piece.valueRange ?? piece.nameEnd..<piece.nameEnd]))
                break
            }
        }
        self.protocolVersion = protocolVersion
        self.pieces = pieces
        self.otherNames = otherNames
        self.fields = fields
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
        let ambiguity: BrokerMessageError?
        if let undecodable {
            ambiguity = BrokerMessageError(undecodable, queryStart: url.ranges.query?.lowerBound ?? 0)
        } else if !repeatsAField, otherNames.isEmpty {
            // Every name is a field's, each once: the rule has nothing to find (only a name that
            // is no field's can look like one), and most messages end here.
            ambiguity = nil
        } else if let finding = ParameterPollution.firstFinding(
            pieces.lazy.map { PieceName(field: $0.field, other: $0.other < 0 ? nil : otherNames[$0.other], lookAlike: $0.lookAlike) },
            lookAlikesOf: recognition.fieldFilter)
        {
            ambiguity = ParameterPollution.error(finding, offset: pieces[finding.index].nameStart)
        } else {
            ambiguity = nil
        }
        var nestedRedirect: Result<RedirectURI, URIParseError>?
        if case .request = recognition, let redirect = Self.single(.redirectURI, in: pieces), redirect.decodes {
            let text = Self.decodedValue(of: redirect, in: url) ?? ""
            nestedRedirect = Result { () throws(URIParseError) in try RedirectURI(parsing: text) }
        }
        rare = ambiguity == nil && nestedRedirect == nil ? nil : Rare(ambiguity: ambiguity, nestedRedirect: nestedRedirect)
    }

    /// Reads the pieces of `query` (the URL's bytes from `queryStart`) in one pass; returns the
    /// first piece that does not decode.
    static func read(
        _ query: UnsafeBufferPointer<UInt8>, at queryStart: Int, into pieces: inout [Piece], otherNames: inout [String],
        fields: inout BrokerField.FieldSet, repeatsAField: inout Bool
    ) -> QueryParameterError? {
        var undecodable: QueryParameterError?
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
            if nameHasEscapes {
                do {
                    name = PieceName(decoded: try PercentEncoding.decodeString(bytes: rawName, plusIsSpace: true))
                } catch {
                    failure = error
                }
            } else if let field = BrokerField(named: rawName) {
                // Known names need no decoding: most pieces of a message end here.
                name.field = field
            } else {
                name.other = String(decoding: rawName, as: UTF8.self)
                name.lookAlike = BrokerField.lookAlike(of: rawName)
            }
            var valueEnd = -1
            var valueIsBase64URL = false
            var valueHasFieldSyntax = false
            if hasValue {
                if name.field == .response {
                    // The ciphertext, kilobytes long, is read once: its end and its alphabet
                    // together (see Base64.base64URLValue(inQuery:from:)).
                    (valueEnd, valueIsBase64URL) = Base64.base64URLValue(inQuery: query, from: nameEnd &+ 1)
                    valueHasFieldSyntax = valueIsBase64URL
                } else {
                    valueEnd = VectorScan.firstIndex(of: ASCII.ampersand, in: query, from: nameEnd &+ 1, to: query.count)
                    if name.field == .hash {
                        valueHasFieldSyntax = BrokerValueSyntax.isUppercaseSHA256Hex(UnsafeBufferPointer(rebasing: query[(nameEnd &+ 1)..<valueEnd]))
                    }
                }
                // Every value must decode, so that the decoded parameters describe the whole
                // message; base64url, and any value without `%` or `+`, decodes to itself.
                if failure == nil, !valueIsBase64URL, mayNeedDecoding(query, (nameEnd &+ 1)..<valueEnd) {
                    do {
                        try PercentEncoding.validate(bytes: UnsafeBufferPointer(rebasing: query[(nameEnd &+ 1)..<valueEnd]), plusIsSpace: true)
                    } catch {
                        failure = error
                    }
                }
            }
            if let field = name.field, !fields.insert(field) { repeatsAField = true }
            if let failure, undecodable == nil {
                undecodable = QueryParameterError(
                    .invalidEncoding, name: name.decoded ?? String(decoding: rawName, as: UTF8.self), offset: start,
                    underlying: failure)
            }
            var other = -1
            if let name = name.other {
                other = otherNames.count
                otherNames.append(name)
            }
            pieces.append(
                Piece(
                    nameStart: start &+ queryStart, nameEnd: nameEnd &+ queryStart,
                    valueEnd: valueEnd < 0 ? -1 : valueEnd &+ queryStart, field: name.field, lookAlike: name.lookAlike,
                    other: other, decodes: failure == nil, valueHasFieldSyntax: valueHasFieldSyntax))
            start = (valueEnd < 0 ? nameEnd : valueEnd) &+ 1
        }
        return undecodable
    }

    /// Whether `bytes[range]` holds a `%` or a `+`, the only bytes form decoding changes.
    @inline(__always)
    static func mayNeedDecoding(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        VectorScan.firstIndex(of: ASCII.percentSign, in: bytes, from: range.lowerBound, to: range.upperBound) < range.upperBound
            || VectorScan.firstIndex(of: ASCII.plusSign, in: bytes, from: range.lowerBound, to: range.upperBound) < range.upperBound
    }

    /// The one piece that names `field`, or `nil` when there is none or more than one.
    static func single(_ field: BrokerField, in pieces: [Piece]) -> Piece? {
        var found: Piece?
        for piece in pieces where piece.field == field {
            guard found == nil else { return nil }
            found = piece
        }
        return found
    }

    /// The decoded value of a piece (`""` for a piece without `=`), `nil` when it does not decode.
    static func decodedValue(of piece: Piece, in url: URIReference) -> String? {
        guard let range = piece.valueRange else { return "" }
        return url.withBytes { bytes in
            try? PercentEncoding.decodeString(bytes: UnsafeBufferPointer(rebasing: bytes[range]), plusIsSpace: true)
        }
    }

    /// The pieces, in order, as slices of the URL (nothing decoded).
    public var parameters: [QueryParameter] {
        pieces.map { QueryParameter(source: url.text, nameStart: $0.nameStart, nameEnd: $0.nameEnd, valueEnd: $0.valueEnd) }
    }

    /// Every parameter decoded (form decoding), in order; `nil` when one does not decode.
    public var decodedParameters: [BrokerParameter]? {
        var result: [BrokerParameter] = []
        result.reserveCapacity(pieces.count)
        for piece in pieces {
            guard piece.decodes, let name = name(of: piece).decoded, let value = Self.decodedValue(of: piece, in: url) else { return nil }
            result.append(BrokerParameter(name, piece.valueEnd < 0 ? nil : value))
        }
        return result
    }

    /// The decoded value of the parameter named `name` (`""` for a piece without `=`): `nil`
    /// when it is absent, appears more than once, or does not decode — a message read one way
    /// only.
    public func value(_ name: String) -> String? {
        let target = PieceName(decoded: name)
        var found: Piece?
        for piece in pieces where piece.decodes && piece.field == target.field && self.name(of: piece).other == target.other {
            guard found == nil else { return nil }
            found = piece
        }
        return found.flatMap { Self.decodedValue(of: $0, in: url) }
    }

    /// The value of `field`, as ``value(_:)`` reads it.
    func value(_ field: BrokerField) -> String? {
        Self.single(field, in: pieces).flatMap { $0.decodes ? Self.decodedValue(of: $0, in: url) : nil }
    }

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
                return try BrokerRequest.parseParameters(self).problems(redirect: nestedRedirect, message: self)
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

extension BrokerMessage.Recognition {
    /// Which fields a look-alike name counts against: those a message of this kind defines.
    var fieldFilter: (BrokerField) -> Bool {
        switch self {
        case .request: { $0.isRequestField }
        case .response, .errorResponse: { $0.isResponseField }
        case .none: { _ in false }
        }
    }
}
