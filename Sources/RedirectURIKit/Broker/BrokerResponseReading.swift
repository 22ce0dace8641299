/// A broker response read from its text in one pass over the query: the URL's syntax and the
/// message's pieces together.
///
/// A response is mostly one value, kilobytes of base64url ciphertext. Parsed first and read as a
/// message after, those kilobytes were tested twice: once as query bytes, once as base64url. Here
/// the part before the query is parsed as usual, and the query is checked piece by piece while
/// the message reads it: base64url bytes are query bytes, so the ciphertext's alphabet test is its
/// syntax check too.
///
/// Only the success path is taken this way. Anything the pass does not accept (a byte outside the
/// query, a fragment, no query) makes it give up, and the caller parses the URL the ordinary way,
/// so every error, its kind and its offset, is the parser's own.
extension BrokerMessage {
    /// `text` parsed as a URI and read as a message in one pass over its query, or `nil` when the
    /// pass cannot vouch for it (see above).
    static func readingResponse(_ text: String) -> BrokerMessage? {
        StringBytes.withUTF8(text) { bytes -> BrokerMessage? in
            guard bytes.count <= URIParser.maximumInputLength else { return nil }
            // The first '?' starts the query when the part before it is a URI without a fragment:
            // no earlier component may hold one.
            let questionMark = VectorScan.firstIndex(of: ASCII.questionMark, in: bytes, from: 0, to: bytes.count)
            guard questionMark < bytes.count,
                let head = try? URIParser.parse(UnsafeBufferPointer(rebasing: bytes[..<questionMark]), as: .uri),
                head.fragment == nil
            else { return nil }
            let queryStart = questionMark &+ 1
            var reading = Reading()
            let query = UnsafeBufferPointer(rebasing: bytes[queryStart...])
            guard read(query, at: queryStart, into: &reading, validating: true) else { return nil }
            let ranges = head.followed(byQueryFrom: queryStart, to: bytes.count)
            // Debug builds check the pass against the plain parse of the whole text (uncounted).
            assert(
                (try? Scanner(input: bytes, vectorized: false).scanReference(.uri)) == ranges,
                "a broker response read in one pass disagrees with its parse")
            let url = URIReference(validated: Substring(text), ranges: ranges)
            return BrokerMessage(
                url, reading, endpoint: BrokerEndpoint(bytes: bytes, ranges), protocolVersion: readProtocolVersion(reading, in: bytes))
        }
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
