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
    /// Success or error.
    public let kind: Kind
    /// `msg_protocol_ver`, when present and valid.
    public let protocolVersion: Int?
    /// `response`, base64url ciphertext, as a slice of the URL (no copy, no decoding).
    public var response: Substring? { url.slice(fields.response) }
    /// `hash`, as a slice of the URL.
    public var hash: Substring? { url.slice(fields.hash) }
    /// `broker_nonce`, raw.
    public var brokerNonce: Substring? { url.slice(fields.brokerNonce) }
    /// `error_code`, raw.
    public var errorCode: Substring? { url.slice(fields.errorCode) }

    // Where the fields lie in the URL, as offsets: slices are made when asked for. Stored as
    // slices, each copy of a response retained every one of them, and making them cost more
    // than finding them (d/BrokerResponse 17,153 -> 15,513 instructions per operation).
    let fields: Fields

    /// The offsets in the URL of the fields kept as slices.
    struct Fields: Sendable {
        var response: Range<Int>?
        var hash: Range<Int>?
        var brokerNonce: Range<Int>?
        var errorCode: Range<Int>?
    }

    /// The redirect URI the response came back to: everything before `?`.
    public var redirectURI: Substring {
        url.slice(0..<(url.ranges.query.map { $0.lowerBound - 1 } ?? url.ranges.count))
    }

    /// Every parameter, decoded (form decoding), in order.
    public var parameters: [BrokerParameter] {
        let decoded = (try? QueryParameters(url.query ?? "", decoding: .form).decoded()) ?? []
        return decoded.map { BrokerParameter($0.name, $0.value) }
    }

    /// The decoded value of a parameter that appears once (for the error fields).
    public func value(_ name: String) -> String? {
        try? QueryParameters(url.query ?? "", decoding: .form).value(name)
    }

    /// Parses a response URL and requires it to be well formed.
    ///
    /// - Throws: ``BrokerMessageError`` naming the first parameter at fault.
    public init(parsing text: String) throws(BrokerMessageError) {
        let reference: URIReference
        do {
            reference = try URIReference(parsing: text, as: .uri)
        } catch {
            throw BrokerMessageError(parsing: error)
        }
        try self.init(reference)
    }

    /// Reads the response parameters of a parsed URL in one pass over its query.
    public init(_ reference: URIReference) throws(BrokerMessageError) {
        guard let queryRange = reference.ranges.query, reference.ranges.fragment == nil else {
            throw BrokerMessageError(.notABrokerResponse)
        }
        let found: Found
        do {
            // The query's bytes, read in place in the URL's: the query is sliced as text only
            // where a piece must be decoded (d/BrokerResponse 12,063 -> 11,868 instructions).
            found = try StringBytes.withUTF8(reference.text) { bytes throws(QueryParameterError) in
                try Self.findParameters(in: UnsafeBufferPointer(rebasing: bytes[queryRange])) {
                    QueryParameters(reference.slice(queryRange), decoding: .form)
                }
            }
        } catch {
            throw BrokerMessageError(error, queryStart: queryRange.lowerBound)
        }
        self.url = reference
        self.fields = found.fields(inURLFrom: queryRange.lowerBound)
        self.protocolVersion = found.protocolVersion
        if let errorCode = found.errorCode {
            kind = .error
            if errorCode.isEmpty { throw BrokerMessageError(.invalidValue, parameter: "error_code", detail: "must not be empty") }
            return
        }
        kind = .success
        guard let protocolText = found.protocolText else { throw BrokerMessageError(.missingParameter, parameter: "msg_protocol_ver") }
        guard protocolVersion != nil else {
            let text = reference.slice((queryRange.lowerBound + protocolText.lowerBound)..<(queryRange.lowerBound + protocolText.upperBound))
            throw BrokerMessageError(.invalidValue, parameter: "msg_protocol_ver", detail: "'\(text)' is not a protocol version")
        }
        guard let response = found.response else { throw BrokerMessageError(.missingParameter, parameter: "response") }
        guard found.responseIsBase64URL, !response.isEmpty, response.count % 4 != 1 else {
            throw BrokerMessageError(.invalidValue, parameter: "response", detail: "must be unpadded base64url")
        }
        guard found.hash != nil else { throw BrokerMessageError(.missingParameter, parameter: "hash") }
        guard found.hashIsUppercaseSHA256 else {
            throw BrokerMessageError(.invalidValue, parameter: "hash", detail: "must be 64 uppercase hex digits (a SHA-256)")
        }
        if let brokerNonce = found.brokerNonce, brokerNonce.isEmpty {
            throw BrokerMessageError(.invalidValue, parameter: "broker_nonce", detail: "must not be empty")
        }
    }

    /// The response parameters' raw values, as byte offsets, found in one pass over the query.
    struct Found: Sendable {
        var protocolText: Range<Int>?
        var response: Range<Int>?
        var hash: Range<Int>?
        var brokerNonce: Range<Int>?
        var errorCode: Range<Int>?
        /// `msg_protocol_ver`'s value, read from the bytes.
        var protocolVersion: Int?
        var responseIsBase64URL = false
        var hashIsUppercaseSHA256 = false
        /// The kept fields' offsets in the whole URL, for a query that starts at `queryStart`.
        func fields(inURLFrom queryStart: Int) -> Fields {
            func shifted(_ range: Range<Int>?) -> Range<Int>? {
                range.map { ($0.lowerBound &+ queryStart)..<($0.upperBound &+ queryStart) }
            }
            return Fields(
                response: shifted(response), hash: shifted(hash), brokerNonce: shifted(brokerNonce),
                errorCode: shifted(errorCode))
        }

        /// Which of ``knownNames`` were seen, a bit each: a second one is a duplicate.
        var seen: UInt8 = 0
    }

    /// The fields a response or an error response defines; the first five are read.
    static let knownNames: [StaticString] = [
        "response", "hash", "msg_protocol_ver", "broker_nonce", "error_code", "error_description", "error", "suberror",
    ]

    /// The position in ``knownNames`` of a raw name that is written plainly (no `%` or `+`).
    @inline(__always)
    static func knownName(_ raw: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < knownNames.count {
            let name = knownNames[index]
            if name.utf8CodeUnitCount == raw.count,
                raw.equalsBytes(of: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            {
                return index
            }
            index &+= 1
        }
        return nil
    }

    /// One pass over the query's pieces. The `response` value — kilobytes of ciphertext — is
    /// read once: its end (the next `&`) and whether it is base64url are found together, since
    /// a block of base64url bytes cannot hold the `&`. Finding the end and then checking the
    /// alphabet in a second pass cost 1.6 times the parse of the whole URL.
    ///
    /// - Parameters:
    ///   - bytes: the query's bytes (a parsed URL's: only query bytes).
    ///   - parameters: the query as text, for the pieces that must be decoded.
    static func findParameters(
        in bytes: UnsafeBufferPointer<UInt8>, _ parameters: () -> QueryParameters
    ) throws(QueryParameterError) -> Found {
        var found = Found()
        // The decoded names of the other parameters, kept only when there are some: any name
        // twice is a duplicate too. (Not a field of `Found`: an array there made every copy of
        // it a retain and a release.)
        var otherNames: [(name: String, offset: Int)] = []
        var start = 0
        while start < bytes.count {
            let (nameEnd, nameHasEscapes) = RawPiece.nameEnd(from: start, in: bytes)
            let hasValue = nameEnd < bytes.count && bytes[nameEnd] == ASCII.equalsSign
            guard hasValue || nameEnd > start else {
                start = nameEnd &+ 1  // an empty piece ("&&")
                continue
            }
            let nameRange = start..<nameEnd
            // Known names never need decoding, but an encoded spelling of one is matched too, so
            // that it cannot smuggle a second value past the duplicate check.
            let name: Int?
            if nameHasEscapes {
                let decoded = try? PercentEncoding.decodeString(bytes: UnsafeBufferPointer(rebasing: bytes[nameRange]), plusIsSpace: true)
                name = decoded.flatMap { decoded in knownNames.firstIndex { $0.description == decoded } }
            } else {
                name = knownName(UnsafeBufferPointer(rebasing: bytes[nameRange]))
            }
            var valueRange: Range<Int>?
            var valueIsBase64URL = false
            if hasValue {
                let valueStart = nameEnd &+ 1
                let valueEnd: Int
                if name == 0 {
                    (valueEnd, valueIsBase64URL) = Base64.base64URLValue(inQuery: bytes, from: valueStart)
                } else {
                    valueEnd = VectorScan.firstIndex(of: ASCII.ampersand, in: bytes, from: valueStart, to: bytes.count)
                }
                valueRange = valueStart..<valueEnd
            }
            start = (valueRange?.upperBound ?? nameEnd) &+ 1
            // Made only where a name or value must be decoded: it holds the query (a retain).
            let piece = RawPiece(name: nameRange, value: valueRange, nameHasEscapes: nameHasEscapes)
            if let name {
                // An error response's `error_description` twice is as ambiguous as a success
                // response's `response` twice: every field, not only the ones read here.
                let bit: UInt8 = 1 &<< UInt8(truncatingIfNeeded: name)
                guard found.seen & bit == 0 else {
                    throw QueryParameterError(.duplicateParameter, name: knownNames[name].description, offset: nameRange.lowerBound)
                }
                found.seen |= bit
            } else {
                otherNames.append((try decodedName(parameters().parameter(piece)), nameRange.lowerBound))
            }
            // A name without '=' has the empty value.
            let value = valueRange ?? nameEnd..<nameEnd
            switch name {
            case 0?:
                found.response = value
                found.responseIsBase64URL = valueIsBase64URL
            case 1?:
                found.hash = value
                found.hashIsUppercaseSHA256 = BrokerValueSyntax.isUppercaseSHA256Hex(UnsafeBufferPointer(rebasing: bytes[value]))
            case 2?:
                found.protocolText = value
                found.protocolVersion = BrokerValueSyntax.protocolVersion(UnsafeBufferPointer(rebasing: bytes[value]))
            case 3?: found.brokerNonce = value
            case 4?: found.errorCode = value
            default: break
            }
            // Every parameter must decode, so that the decoded parameters always describe the
            // whole message (an error response does not check `response` as base64url). A piece
            // with no `%` or `+` decodes to itself, and valid base64url has neither.
            if !(name == 0 && valueIsBase64URL), nameHasEscapes || valueRange.map({ mayNeedDecoding(bytes, $0) }) == true {
                try parameters().parameter(piece).requireDecodable(.form)
            }
        }
        if otherNames.count > 1 {
            var names: Set<String> = []
            for other in otherNames where !names.insert(other.name).inserted {
                throw QueryParameterError(.duplicateParameter, name: other.name, offset: other.offset)
            }
        }
        return found
    }

    /// Whether `bytes[range]` holds a `%` or a `+`, the only bytes form decoding changes.
    @inline(__always)
    static func mayNeedDecoding(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        VectorScan.firstIndex(of: ASCII.percentSign, in: bytes, from: range.lowerBound, to: range.upperBound) < range.upperBound
            || VectorScan.firstIndex(of: ASCII.plusSign, in: bytes, from: range.lowerBound, to: range.upperBound) < range.upperBound
    }

    /// The decoded name of a parameter the response does not define.
    static func decodedName(_ parameter: QueryParameter) throws(QueryParameterError) -> String {
        do {
            return try parameter.name(.form)
        } catch {
            throw parameter.invalidEncoding(error, .form)
        }
    }

    /// Builds a response URL from a redirect URI and parameters (form-encoded, in order).
    public static func url(redirectURI: String, parameters: [BrokerParameter]) -> String {
        redirectURI + "?" + BrokerParameter.formEncodedQuery(parameters)
    }

    /// Whether this response comes back to the request's redirect URI, and as what: see
    /// ``RedirectURI/routes(_:)-(URIReference)`` (the broker answers at the redirect URI or at its
    /// `/broker` sub-route).
    public func comesBack(to request: BrokerRequest) -> ResponseRouting {
        guard let redirectText = request.value("redirect_uri"), let redirect = try? RedirectURI(parsing: redirectText) else {
            return ResponseRouting(
                outcome: .mismatch,
                diagnostics: [
                    RedirectDiagnostic(.error, .invalidRedirectURI, "the request has no single valid redirect_uri")
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
