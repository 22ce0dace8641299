extension BrokerResponse {
    /// Where a response's parts lie in its URL, as UTF-8 offsets, with its kind and protocol
    /// version: what reading a response finds, without the URL's text.
    ///
    /// ``BrokerResponse/read(bytes:)`` gives one for bytes the caller keeps (nothing is copied);
    /// ``BrokerResponse/layout`` gives a response's.
    public struct Layout: Sendable, Hashable {
        /// Success or error.
        public let kind: Kind
        /// `msg_protocol_ver`, when present and valid.
        public let protocolVersion: Int?
        /// Where the URL's components lie.
        public let ranges: URIComponentRanges
        /// Where `response` (base64url ciphertext) lies: ``BrokerResponse/responseRange``.
        public let response: Range<Int>?
        /// Where `hash` lies: ``BrokerResponse/hashRange``.
        public let hash: Range<Int>?
        /// Where the raw `broker_nonce` lies: ``BrokerResponse/brokerNonce``'s offsets.
        public let brokerNonce: Range<Int>?
        /// Where the raw `error_code` lies: ``BrokerResponse/errorCode``'s offsets.
        public let errorCode: Range<Int>?

        /// Where the redirect URI the response came back to lies: everything before `?`
        /// (``BrokerResponse/redirectURI``'s offsets).
        public var redirectURI: Range<Int> { 0..<(ranges.query.map { $0.lowerBound - 1 } ?? ranges.count) }
    }

    /// Where this response's parts lie in ``url``'s text.
    public var layout: Layout {
        Layout(
            kind: kind, protocolVersion: protocolVersion, ranges: url.ranges, response: fields.response, hash: fields.hash,
            brokerNonce: fields.brokerNonce, errorCode: fields.errorCode)
    }

    /// Reads a response URL given as bytes the caller keeps, and requires it to be well formed:
    /// the same answer as ``init(parsing:)`` on the same text (its ``layout``, or the same
    /// error), and invalid UTF-8 fails the URL's syntax at its first byte that is not ASCII.
    ///
    /// A response in the shape brokers send (a success response whose every parameter is a
    /// response field, unencoded, once) is read in place, in one pass, with no copy of its
    /// kilobytes of ciphertext; any other URL is read from a copy of the bytes, as a message.
    /// This is the entry point for a caller that holds bytes (the C API, the bytes of a URL
    /// handed over by the system), which would otherwise make a `String` first.
    ///
    /// ```swift
    /// let url: [UInt8] = Array("msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(String(repeating: "9F", count: 32))".utf8)
    /// let layout = try url.withUnsafeBufferPointer { bytes in try BrokerResponse.read(bytes: bytes) }
    /// layout.response   // 58..<62, the offsets of "eyJh"
    /// ```
    ///
    /// - Throws: ``BrokerMessageError`` naming the first parameter at fault.
    public static func read(bytes: UnsafeBufferPointer<UInt8>) throws(BrokerMessageError) -> Layout {
        var known = BrokerMessage.KnownPieces()
        var protocolVersion: Int?
        if let ranges = commonShapeRanges(bytes, into: &known, protocolVersion: &protocolVersion) {
            let fields = Fields(known)
            let kind = try judge(fields, known, protocolVersion: protocolVersion) { range in
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            return Layout(
                kind: kind, protocolVersion: protocolVersion, ranges: ranges, response: fields.response, hash: fields.hash,
                brokerNonce: fields.brokerNonce, errorCode: fields.errorCode)
        }
        // Any other URL: parsed, then read as a message, as `init(parsing:)` does; a URL that
        // parses is ASCII, so its copy as text is the same bytes.
        let ranges: URIComponentRanges
        do {
            ranges = try URIParser.parse(bytes, as: .uri)
        } catch {
            throw BrokerMessageError(parsing: error)
        }
        let reference = URIReference(validated: Substring(String(decoding: bytes, as: UTF8.self)), ranges: ranges)
        return try BrokerResponse(BrokerMessage(reference)).layout
    }
}
