/// A success response in the shape brokers send, read in one pass over its text: the URL's
/// syntax and the response's fields together.
///
/// A response is mostly one value, kilobytes of base64url ciphertext. Parsed first and read as a
/// message after, those kilobytes were tested twice: once as query bytes, once as base64url. Here
/// the part before the query is parsed as usual, and each piece of the query is read by the test
/// its field's value has to pass anyway: base64url, 64 uppercase hex digits and a protocol
/// version are query bytes that decode to themselves, so passing that test is the piece's syntax
/// check and its decoding check too.
///
/// The shape: no fragment, and a query whose every piece is a response field's name, unencoded,
/// once, with a value that passes its field's test (`broker_nonce`: unreserved bytes). Such a
/// query cannot be ambiguous (no name twice, none that only looks like a field's, nothing that
/// fails to decode), so what is left to judge is what ``BrokerResponse`` judges of any message,
/// which fields are there, by the same rules (`BrokerResponse.init(_:known:protocolVersion:)`).
/// Anything else (an error response, another parameter, an escape, a value that fails its test,
/// a byte outside the query) makes the pass give up, and the caller parses the URL and reads it
/// as a message, so every error, its kind and its offset, is the parser's or the message's own.
/// Debug builds check both outcomes against the plain parse and the message's reading.
extension BrokerResponse {
    /// The URL `text` is, parsed in one pass with the field pieces of its query (into `known`,
    /// its protocol version into `protocolVersion`), or `nil` when it is not in the shape above.
    ///
    /// The pieces are written to the caller's variables, not returned: returned through the
    /// generic closure and then as a response, they were copied with a call to memcpy each time.
    static func readCommonShape(
        _ text: String, into known: inout BrokerMessage.KnownPieces, protocolVersion: inout Int?
    ) -> URIReference? {
        var ranges: URIComponentRanges?
        StringBytes.withUTF8(text) { bytes in ranges = commonShapeRanges(bytes, into: &known, protocolVersion: &protocolVersion) }
        guard let ranges else { return nil }
        return URIReference(validated: Substring(text), ranges: ranges)
    }

    /// The ranges of the URL `bytes` hold, parsed in one pass with the field pieces of its query
    /// (into `known`, its protocol version into `protocolVersion`), or `nil` when it is not in
    /// the shape above: ``readCommonShape(_:into:protocolVersion:)`` on bytes.
    @inline(__always)
    static func commonShapeRanges(
        _ bytes: UnsafeBufferPointer<UInt8>, into known: inout BrokerMessage.KnownPieces, protocolVersion: inout Int?
    ) -> URIComponentRanges? {
        guard bytes.count <= URIParser.maximumInputLength else { return nil }
        // The first '?' starts the query when the part before it is a URI without a fragment:
        // no earlier component may hold one.
        let questionMark = VectorScan.firstIndex(of: ASCII.questionMark, in: bytes, from: 0, to: bytes.count)
        guard questionMark < bytes.count,
            let head = try? URIParser.parse(UnsafeBufferPointer(rebasing: bytes[..<questionMark]), as: .uri),
            head.fragment == nil
        else { return nil }
        let queryStart = questionMark &+ 1
        guard readCommonShapeQuery(bytes, from: queryStart, into: &known, protocolVersion: &protocolVersion) else { return nil }
        let followed = head.followed(byQueryFrom: queryStart, to: bytes.count)
        // Debug builds check the pass against the plain parse of the whole text (uncounted).
        assert(
            (try? Scanner(input: bytes, vectorized: false).scanReference(.uri)) == followed,
            "a broker response read in one pass disagrees with its parse")
        return followed
    }

    /// Whether `outcome`, of reading `url` in one pass, is the outcome of reading it as a
    /// message (the debug builds' check of the pass).
    static func agreesWithMessageReading(_ outcome: Result<BrokerResponse, BrokerMessageError>, of url: URIReference) -> Bool {
        let general = Result { () throws(BrokerMessageError) in try BrokerResponse(BrokerMessage(url)) }
        switch (outcome, general) {
        case (.success(let fast), .success(let plain)):
            return fast.fields == plain.fields && fast.kind == plain.kind && fast.protocolVersion == plain.protocolVersion
        case (.failure(let fast), .failure(let plain)):
            return fast == plain
        default:
            return false
        }
    }

    /// Reads the field pieces of a query in the shape above, from `queryStart` to the end of
    /// `bytes` (offsets in `bytes`), and its protocol version; `false` when the query is in
    /// another shape.
    private static func readCommonShapeQuery(
        _ bytes: UnsafeBufferPointer<UInt8>, from queryStart: Int, into known: inout BrokerMessage.KnownPieces,
        protocolVersion: inout Int?
    ) -> Bool {
        QueryWalkCount.record()
        var seen = BrokerField.FieldSet()
        var start = queryStart
        while start < bytes.count {
            // A field's name is at most 16 bytes, and the shape has no piece without '='.
            let nameLimit = min(bytes.count, start &+ BrokerField.byLength.count)
            let equalsSign = VectorScan.firstIndex(of: ASCII.equalsSign, in: bytes, from: start, to: nameLimit)
            guard equalsSign < nameLimit, let field = BrokerField(named: UnsafeBufferPointer(rebasing: bytes[start..<equalsSign])),
                field.isSuccessResponseField, seen.insert(field)
            else { return false }
            let valueStart = equalsSign &+ 1
            let valueEnd: Int
            if field == .response {
                valueEnd = Base64.base64URLRunEnd(in: bytes, from: valueStart)
                guard valueEnd == bytes.count || bytes[valueEnd] == ASCII.ampersand else { return false }
                known.responseIsBase64URL = true
            } else {
                valueEnd = VectorScan.firstIndex(of: ASCII.ampersand, in: bytes, from: valueStart, to: bytes.count)
                let value = UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd])
                switch field {
                case .hash:
                    guard BrokerValueSyntax.isUppercaseSHA256Hex(value) else { return false }
                    known.hashIsUppercaseSHA256 = true
                case .msgProtocolVer:
                    guard let version = BrokerValueSyntax.protocolVersion(value) else { return false }
                    protocolVersion = version
                default:
                    guard value.allSatisfy(ByteClass.unreserved.contains) else { return false }
                }
            }
            known[field] = BrokerMessage.Piece(nameStart: start, nameEnd: equalsSign, valueEnd: valueEnd)
            start = valueEnd &+ 1
        }
        return true
    }
}

extension URIComponentRanges {
    /// These ranges (of a URI with no query and no fragment, parsed from the first `queryStart - 1`
    /// bytes of a text) followed by `?` and a query from `queryStart` to `total`.
    func followed(byQueryFrom queryStart: Int, to total: Int) -> URIComponentRanges {
        URIComponentRanges(
            schemeEnd: schemeEnd, authorityStart: authorityStart, userinfoEnd: userinfoEnd, hostStart: hostStart,
            hostEnd: hostEnd, portStart: portStart, pathStart: pathStart, pathEnd: pathEnd,
            queryStart: Int32(truncatingIfNeeded: queryStart), fragmentStart: -1, total: Int32(truncatingIfNeeded: total),
            hostKind: HostKind(rawValue: hostKindRaw) ?? .regName)
    }
}
