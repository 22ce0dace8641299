/// A broker response URL: the app's redirect URI (optionally with the path `/broker`) and the
/// broker's parameters.
///
/// Reading a response copies nothing: ``response`` and ``hash`` are slices of the URL text, found
/// in one pass over the query, and the ciphertext is never decoded. Success responses carry
/// `msg_protocol_ver`, `response` (base64url) and `hash` (64 uppercase hex digits) and maybe
/// `broker_nonce`; error responses carry `error_code` and maybe `error_description`, `error`,
/// `suberror` in the clear.
///
/// ```swift
/// let response = try BrokerResponse(parsing: "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh…&hash=9F86…")
/// response.response   // "eyJh…", a Substring of the URL
/// ```
public struct BrokerResponse: Sendable {
    /// Success or error.
    public enum Kind: String, Sendable, Hashable {
        /// `response` and `hash`.
        case success = "broker-response"
        /// `error_code`.
        case error = "broker-error-response"
    }

    /// The parsed URL.
    public let url: URIReference
    // A response keeps only the URL and the offsets of its fields, so that copying one retains
    // only the URL's text; the message is read again when its parameters are asked for.
    var message: BrokerMessage { BrokerMessage(url) }
    /// Success or error.
    public let kind: Kind
    /// `msg_protocol_ver`, when present and valid.
    public let protocolVersion: Int?
    /// `response`, base64url ciphertext, as a slice of the URL (no copy, no decoding).
    ///
    /// Making the `Substring` is most of what reading a response costs beyond its parse:
    /// ``responseRange`` hands out the same ciphertext as offsets.
    public var response: Substring? { url.slice(fields.response) }
    /// `hash`, as a slice of the URL (``hashRange`` as offsets).
    public var hash: Substring? { url.slice(fields.hash) }
    /// Where `response` lies in the URL's text (``URIReference/text``), in UTF-8 offsets, as
    /// ``URIReference/ranges`` gives a component's: the ciphertext handed out with no
    /// `Substring` made (the standard library's `Substring` checks both of its ends for scalar
    /// boundaries, in a runtime call). ``URIReference/slice(_:)`` makes the `Substring`.
    public var responseRange: Range<Int>? { fields.response }
    /// Where `hash` lies in the URL's text, in UTF-8 offsets (see ``responseRange``).
    public var hashRange: Range<Int>? { fields.hash }
    /// `broker_nonce`, raw.
    public var brokerNonce: Substring? { url.slice(fields.brokerNonce) }
    /// `error_code`, raw.
    public var errorCode: Substring? { url.slice(fields.errorCode) }
    /// `error_description`, decoded (form decoding), when it appears once: the broker's message
    /// for people, in the clear.
    // By name: a response keeps the offsets of the fields it judges only, so these are found by
    // walking the query again (an error response is short, and read once).
    public var errorDescription: String? { message.value(BrokerField.errorDescription.text) }
    /// `error`, decoded: the OAuth 2.0 error code (`invalid_grant`, `interaction_required`).
    public var error: String? { message.value(BrokerField.error.text) }
    /// `suberror`, decoded: the Microsoft identity platform's refinement of `error`
    /// (`basic_action`, `consent_required`, …).
    public var suberror: String? { message.value(BrokerField.suberror.text) }

    // Where the fields lie in the URL, as offsets: slices are made when asked for. Stored as
    // slices, each copy of a response retained every one of them.
    let fields: Fields

    /// The offsets in the URL of the fields kept as slices.
    struct Fields: Sendable, Equatable {
        var response: Range<Int>?
        var hash: Range<Int>?
        var brokerNonce: Range<Int>?
        var errorCode: Range<Int>?

        /// The values of the field pieces `known`.
        @inline(__always)
        init(_ known: BrokerMessage.KnownPieces) {
            self.init(
                response: Self.value(known.response), hash: Self.value(known.hash), brokerNonce: Self.value(known.brokerNonce),
                errorCode: Self.value(known.errorCode))
        }

        init(response: Range<Int>?, hash: Range<Int>?, brokerNonce: Range<Int>?, errorCode: Range<Int>?) {
            (self.response, self.hash, self.brokerNonce, self.errorCode) = (response, hash, brokerNonce, errorCode)
        }

        /// A piece's value; a name without '=' has the empty value.
        @inline(__always)
        static func value(_ piece: BrokerMessage.Piece?) -> Range<Int>? { piece.map { $0.valueRange ?? $0.nameEnd..<$0.nameEnd } }
    }

    /// The redirect URI the response came back to: everything before `?`.
    public var redirectURI: Substring {
        url.slice(0..<(url.ranges.query.map { $0.lowerBound - 1 } ?? url.ranges.count))
    }

    /// Every parameter, decoded (form decoding), in order.
    public var parameters: [BrokerParameter] { message.decodedParameters ?? [] }

    /// The decoded value of a parameter that appears once (for the error fields).
    public func value(_ name: String) -> String? { message.value(name) }

    /// Parses a response URL and requires it to be well formed.
    ///
    /// - Throws: ``BrokerMessageError`` naming the first parameter at fault.
    public init(parsing text: String) throws(BrokerMessageError) {
        // A response in the shape brokers send is read in one pass over its text (the parse
        // and the fields together); anything else is parsed and read as a message, so that its
        // error is the parser's or the message's.
        var known = BrokerMessage.KnownPieces()
        var protocolVersion: Int?
        if let url = BrokerResponse.readCommonShape(text, into: &known, protocolVersion: &protocolVersion) {
            do {
                try self.init(url, known: known, protocolVersion: protocolVersion)
            } catch {
                assert(
                    Self.agreesWithMessageReading(.failure(error), of: url),
                    "a broker response read in one pass disagrees with its reading as a message")
                throw error
            }
            assert(
                Self.agreesWithMessageReading(.success(self), of: url), "a broker response read in one pass disagrees with its reading as a message")
            return
        }
        let reference: URIReference
        do {
            reference = try URIReference(parsing: text, as: .uri)
        } catch {
            throw BrokerMessageError(parsing: error)
        }
        try self.init(BrokerMessage(reference))
    }

    /// Reads the response parameters of a parsed URL in one pass over its query.
    public init(_ reference: URIReference) throws(BrokerMessageError) {
        try self.init(BrokerMessage(reference))
    }

    /// Reads a message as a response: its parameters must be unambiguous
    /// (``BrokerMessage/ambiguity``), and an error response's `error_code` not empty; a success
    /// response needs `msg_protocol_ver`, `response` (unpadded base64url) and `hash` (64
    /// uppercase hex digits), and a `broker_nonce`, if any, not empty.
    ///
    /// - Throws: ``BrokerMessageError`` naming the first parameter at fault.
    public init(_ message: BrokerMessage) throws(BrokerMessageError) {
        let reference = message.url
        guard reference.ranges.query != nil, reference.ranges.fragment == nil else {
            throw BrokerMessageError(.notABrokerResponse)
        }
        // A request handed over as a response is judged by a response's fields: a look-alike of
        // `client_id` is a request's ambiguity, not a response's.
        if let ambiguity = message.rare?.ambiguityAsResponse { throw ambiguity }
        try self.init(reference, known: message.known, protocolVersion: message.protocolVersion)
    }

    /// The response a URL is by the response rules (``judge(_:protocolVersion:text:)``): a URL
    /// with a query, no fragment and unambiguous parameters, whose field pieces are `known` (none
    /// is there twice) and whose valid `msg_protocol_ver` is `protocolVersion`.
    init(_ reference: URIReference, known: BrokerMessage.KnownPieces, protocolVersion: Int?) throws(BrokerMessageError) {
        // Judged before anything is stored: a response that throws half-made was copied and
        // destroyed whole (68 instructions a read).
        let fields = Fields(known)
        let kind = try Self.judge(fields, known, protocolVersion: protocolVersion) { range in String(reference.slice(range)) }
        self.url = reference
        self.protocolVersion = protocolVersion
        self.fields = fields
        self.kind = kind
    }

    /// The response rules of the fields of a URL, whose pieces are `known` and whose offsets are
    /// `fields`, the one place they are written (see `init(_:known:protocolVersion:)`): the
    /// response's kind. `text` gives the text at a range of the URL, for an error that quotes it.
    @inline(__always)
    static func judge(
        _ fields: Fields, _ known: BrokerMessage.KnownPieces, protocolVersion: Int?, text: (Range<Int>) -> String
    ) throws(BrokerMessageError) -> Kind {
        if let errorCode = fields.errorCode {
            if errorCode.isEmpty { throw BrokerMessageError(.invalidValue, parameter: "error_code", detail: "must not be empty") }
            return .error
        }
        guard let protocolText = Fields.value(known.msgProtocolVer) else {
            throw BrokerMessageError(.missingParameter, parameter: "msg_protocol_ver")
        }
        guard protocolVersion != nil else {
            throw BrokerMessageError(.invalidValue, parameter: "msg_protocol_ver", detail: "'\(text(protocolText))' is not a protocol version")
        }
        guard let responseRange = fields.response else { throw BrokerMessageError(.missingParameter, parameter: "response") }
        guard known.response != nil, known.responseIsBase64URL, !responseRange.isEmpty, responseRange.count % 4 != 1 else {
            throw BrokerMessageError(.invalidValue, parameter: "response", detail: "must be unpadded base64url")
        }
        guard fields.hash != nil else { throw BrokerMessageError(.missingParameter, parameter: "hash") }
        guard known.hash != nil, known.hashIsUppercaseSHA256 else {
            throw BrokerMessageError(.invalidValue, parameter: "hash", detail: "must be 64 uppercase hex digits (a SHA-256)")
        }
        if let brokerNonce = fields.brokerNonce, brokerNonce.isEmpty {
            throw BrokerMessageError(.invalidValue, parameter: "broker_nonce", detail: "must not be empty")
        }
        return .success
    }

    /// The parameters a response or an error response defines (as `BrokerRequest.knownNames`
    /// lists a request's).
    @_spi(Toolkit)
    public static let fieldNames: [String] = BrokerField.allCases.filter(\.isResponseField).map(\.text)

    /// Whether this response comes back to the request's redirect URI, and as what: see
    /// ``RedirectURI/routes(_:)-(URIReference)`` (the broker answers at the redirect URI or at its
    /// `/broker` sub-route).
    /// Nothing is parsed: the redirect URI is the one the request's message parsed.
    public func comesBack(to request: BrokerRequest) -> ResponseRouting {
        guard let redirect = request.redirectURI else {
            return ResponseRouting(
                outcome: .mismatch,
                diagnostics: [
                    RedirectDiagnostic(.error, .requestRedirectURIUnusable, "the request has no single valid redirect_uri")
                ])
        }
        return redirect.routes(url)
    }
}

extension BrokerResponse: Equatable {
    /// Responses are equal when they come back to the same redirect URI with the same decoded
    /// parameters in the same order (so `parse(build(m)) == m`).
    public static func == (lhs: BrokerResponse, rhs: BrokerResponse) -> Bool {
        lhs.redirectURI == rhs.redirectURI && lhs.parameters == rhs.parameters
    }
}
