/// Syntax-based normalization and equivalence (RFC 3986 §6.2.2). Parsing never normalizes;
/// these are separate operations.
extension URIReference {
    /// The syntax-based normal form (RFC 3986 §6.2.2):
    /// - scheme and host in lowercase (§6.2.2.1); IP literals lowercased too;
    /// - hex digits of percent-encoded triplets in uppercase (§6.2.2.1);
    /// - percent-encoded unreserved characters decoded (§6.2.2.2);
    /// - dot segments removed from the path of a reference with a scheme (§6.2.2.3). A relative
    ///   reference keeps its dot segments: removing them would change what it resolves to.
    ///
    /// Scheme-based rules (§6.2.3: default ports, empty path as `/`) are not applied. When dot
    /// removal leaves a path starting with `//` and there is no authority, the path is written
    /// as `/.//…` so that the result does not turn into an authority (as WHATWG URL does).
    ///
    /// ```swift
    /// try URIReference(parsing: "HTTP://Example.COM/a/./b/../c/%7euser%2f").normalized()
    /// // "http://example.com/a/c/~user%2F"
    /// ```
    public func normalized() -> String {
        var output: [UInt8] = []
        output.reserveCapacity(ranges.count)
        let utf8 = Array(text.utf8)
        func bytes(_ range: Range<Int>) -> ArraySlice<UInt8> { utf8[range] }

        if let scheme = ranges.scheme {
            output += bytes(scheme).map(ASCII.lowercased)
            output.append(ASCII.colon)
        }
        if ranges.authority != nil, let host = ranges.host {
            output += [ASCII.slash, ASCII.slash]
            if let userinfo = ranges.userinfo {
                Self.appendNormalizingPercentEncoding(bytes(userinfo), lowercasing: false, to: &output)
                output.append(ASCII.commercialAt)
            }
            switch ranges.hostKind {
            case .regName?:
                Self.appendNormalizingPercentEncoding(bytes(host), lowercasing: true, to: &output)
            default:
                output += bytes(host).map(ASCII.lowercased)
            }
            if let port = ranges.port {
                output.append(ASCII.colon)
                output += bytes(port)
            }
        }
        var path: [UInt8] = []
        Self.appendNormalizingPercentEncoding(bytes(ranges.path), lowercasing: false, to: &path)
        if hasScheme {
            path = Self.removingDotSegments(path)
            if ranges.authority == nil, path.starts(with: [ASCII.slash, ASCII.slash]) {
                path.insert(contentsOf: [ASCII.slash, ASCII.period], at: 0)
            }
        }
        output += path
        if let query = ranges.query {
            output.append(ASCII.questionMark)
            Self.appendNormalizingPercentEncoding(bytes(query), lowercasing: false, to: &output)
        }
        if let fragment = ranges.fragment {
            output.append(ASCII.numberSign)
            Self.appendNormalizingPercentEncoding(bytes(fragment), lowercasing: false, to: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether two references are equivalent under syntax-based normalization (RFC 3986 §6.2.2).
    public func isEquivalent(to other: URIReference) -> Bool {
        normalized() == other.normalized()
    }

    /// Uppercases triplet hex, decodes triplets of unreserved bytes, and optionally lowercases
    /// letters (for hosts, including letters that were percent-encoded).
    static func appendNormalizingPercentEncoding(
        _ bytes: ArraySlice<UInt8>, lowercasing: Bool, to output: inout [UInt8]
    ) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == ASCII.percentSign, index + 2 < bytes.endIndex,
                let high = ASCII.hexValue(bytes[index + 1]), let low = ASCII.hexValue(bytes[index + 2])
            {
                let decoded = high << 4 | low
                if ByteClass.unreserved.contains(decoded) {
                    output.append(lowercasing ? ASCII.lowercased(decoded) : decoded)
                } else {
                    output += [ASCII.percentSign, ASCII.uppercaseHexDigit(high), ASCII.uppercaseHexDigit(low)]
                }
                index += 3
            } else {
                output.append(lowercasing ? ASCII.lowercased(byte) : byte)
                index += 1
            }
        }
    }

    /// `remove_dot_segments` (RFC 3986 §5.2.4), in time linear in the path length.
    static func removingDotSegments(_ input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        let count = input.count
        func matches(_ pattern: [UInt8], at position: Int) -> Bool {
            position + pattern.count <= count && Array(input[position..<(position + pattern.count)]) == pattern
        }
        func isEnd(_ position: Int) -> Bool { position == count || input[position] == ASCII.slash }
        func removeLastSegment() {
            while let last = output.popLast(), last != ASCII.slash {}
        }
        let dot = ASCII.period
        let slash = ASCII.slash
        while index < count {
            if matches([dot, dot, slash], at: index) {  // A: "../"
                index += 3
            } else if matches([dot, slash], at: index) {  // A: "./"
                index += 2
            } else if matches([slash, dot], at: index), isEnd(index + 2) {
                // B: "/./" or a final "/." → "/"
                if index + 2 == count {
                    output.append(slash)
                    index += 2
                } else {
                    index += 2
                }
            } else if matches([slash, dot, dot], at: index), isEnd(index + 3) {
                // C: "/../" or a final "/.." → "/", removing the last output segment
                removeLastSegment()
                if index + 3 == count {
                    output.append(slash)
                    index += 3
                } else {
                    index += 3
                }
            } else if (index + 1 == count && input[index] == dot)
                || (index + 2 == count && input[index] == dot && input[index + 1] == dot)
            {
                index = count  // D: "." or ".." alone
            } else {
                // E: move the first segment (with its leading '/', if any) to the output.
                var end = index
                if input[end] == slash { end += 1 }
                while end < count, input[end] != slash { end += 1 }
                output += input[index..<end]
                index = end
            }
        }
        return output
    }
}
