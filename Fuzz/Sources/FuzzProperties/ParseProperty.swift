// FuzzParse — any bytes through every parsing entry point: nothing traps, and the result is
// structurally sound.
//
// For each grammar, the bytes go through `URIParser.parse` (on the caller's buffer — libFuzzer's
// exact-size copy, or the test's exact-size allocation — so ASan sees any read past the end),
// `URIReference(bytes:)` with contiguous and non-contiguous collections, and — when the bytes are
// UTF-8 — `URIReference(parsing:)` with a String and with a Substring that does not start at its
// base's start. Checked:
// - every entry point gives the same ranges or the same error (kind and offset);
// - on success, an independent check of the ranges against the bytes (delimiters, component byte
//   classes, path rules, grammar constraints, host kind, port number), and the accessors return
//   exactly those slices;
// - on failure, the offset is the first byte that cannot continue any valid reference: the
//   prefix before it parses or fails at its end, and the prefix including it fails there;
// - the grammars are consistent (`URI` = `URI-reference` with a scheme, `absolute-URI` = `URI`
//   without a fragment, `relative-ref` = `URI-reference` without one);
// - the other public entry points that take arbitrary text run without trapping.
// Debug builds additionally run the library's own invariant assertion after every parse.
@_spi(Testing) import RedirectURIKit

enum ParseProperty {
    static func check(_ exact: UnsafeBufferPointer<UInt8>) throws(PropertyFailure) {
        let bytes = Array(exact)
        let string = validString(bytes)
        var outcomes: [URIGrammar: Result<URIComponentRanges, URIParseError>] = [:]

        for grammar in allGrammars {
            let direct = Result { () throws(URIParseError) in try URIParser.parse(exact, as: grammar) }
            outcomes[grammar] = direct
            let viaBytes = parseBytes(bytes, as: grammar).ranges
            try require(viaBytes == direct, "bytes entry point: \(outcome(viaBytes)) vs parser \(outcome(direct)) (\(grammar))")
            let viaLazy = Result { () throws(URIParseError) in try URIReference(bytes: bytes.lazy.map { $0 }, as: grammar) }.ranges
            try require(viaLazy == direct, "non-contiguous bytes: \(outcome(viaLazy)) vs parser \(outcome(direct)) (\(grammar))")
            if let string {
                let viaString = parseString(string, as: grammar)
                try require(viaString.ranges == direct, "String entry point: \(outcome(viaString.ranges)) vs parser \(outcome(direct)) (\(grammar))")
                // Slice by UTF-8 offsets: the input may start with a combining mark.
                let padded = "\u{E9}x" + string + "#\u{E9}"
                let start = padded.utf8.index(padded.startIndex, offsetBy: 3)
                let end = padded.utf8.index(padded.endIndex, offsetBy: -3)
                let substring = padded[start..<end]
                let viaSubstring = Result { () throws(URIParseError) in try URIReference(parsing: substring, as: grammar) }
                try require(viaSubstring.ranges == direct, "Substring entry point: \(outcome(viaSubstring.ranges)) vs parser \(outcome(direct)) (\(grammar))")
                if case .success(let reference) = viaString { try checkAccessors(reference, bytes) }
                if case .success(let reference) = viaSubstring { try checkAccessors(reference, bytes) }
            }
            switch direct {
            case .success(let ranges):
                try checkRanges(ranges, bytes, grammar)
                if case .success(let reference) = parseBytes(bytes, as: grammar) {
                    try checkAccessors(reference, bytes)
                    if grammar == .uriReference { exerciseOperations(reference) }
                }
            case .failure(let error):
                try checkError(error, bytes, grammar)
            }
        }

        // The grammars agree with each other.
        func accepted(_ grammar: URIGrammar) -> URIComponentRanges? { try? outcomes[grammar]?.get() }
        let reference = accepted(.uriReference)
        let hasScheme = reference?.scheme != nil
        let hasFragment = reference?.fragment != nil
        let expectURI = hasScheme ? reference : nil
        try require(accepted(.uri) == expectURI, "URI vs URI-reference with a scheme")
        try require(accepted(.absoluteURI) == (hasFragment ? nil : expectURI), "absolute-URI vs URI without fragment")
        let expectRelative = reference.flatMap { $0.scheme == nil ? $0 : nil }
        try require(accepted(.relativeReference) == expectRelative, "relative-ref vs URI-reference without a scheme")

        // Other entry points that take arbitrary text must not trap.
        if let string {
            _ = IPv4Address(string)
            _ = IPv6Address(string)
            _ = try? PercentEncoding.decodeString(string)
            _ = PercentEncoding.needsDecoding(string, plusIsSpace: true)
        }
        _ = UTF8Validation.firstInvalidIndex(in: bytes)
    }

    /// Fixed bases for resolution, one per path shape.
    static let bases: [URIReference] = [
        "http://a/b/c/d;p?q", "msauth://code/x", "x:", "x:a", "x:/a/b", "file:///", "x://h",
    ].map { try! URIReference(parsing: $0) }

    /// Runs the operations on an accepted reference; their properties are other targets' business.
    static func exerciseOperations(_ reference: URIReference) {
        _ = reference.normalized()
        _ = Set([reference]).count
        _ = reference.hostIsLoopbackLiteral
        _ = reference.portNumber
        _ = try? URIComponents(reference).build()
        for base in bases { _ = try? reference.resolved(against: base) }
        if reference.hasScheme { _ = try? reference.resolved(against: reference) }
    }

    /// The accessors are exactly the slices the ranges describe.
    static func checkAccessors(_ reference: URIReference, _ bytes: [UInt8]) throws(PropertyFailure) {
        let ranges = reference.ranges
        try require(Array(reference.text.utf8) == bytes, "text is not the input")
        func slice(_ range: Range<Int>?) -> [UInt8]? { range.map { Array(bytes[$0]) } }
        func same(_ value: Substring?, _ range: Range<Int>?, _ name: String) throws(PropertyFailure) {
            try require(value.map { Array($0.utf8) } == slice(range), "\(name) accessor disagrees with its range")
        }
        try same(reference.scheme, ranges.scheme, "scheme")
        try same(reference.authority, ranges.authority, "authority")
        try same(reference.userinfo, ranges.userinfo, "userinfo")
        try same(reference.host, ranges.host, "host")
        try same(reference.port, ranges.port, "port")
        try same(reference.path, ranges.path, "path")
        try same(reference.query, ranges.query, "query")
        try same(reference.fragment, ranges.fragment, "fragment")
        try require(reference.hasScheme == (ranges.scheme != nil), "hasScheme")
        try require(reference.hostKind == ranges.hostKind, "hostKind")
        try require(reference.description == String(decoding: bytes, as: UTF8.self), "description")

        // portNumber: 1…65535, digits only, no leading zero.
        var expectedPort: Int? = nil
        if let port = slice(ranges.port), let first = port.first, first != UInt8(ascii: "0"), port.count <= 5 {
            let value = port.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            expectedPort = value <= 65535 ? value : nil
        }
        try require(reference.portNumber == expectedPort, "portNumber \(String(describing: reference.portNumber)) vs \(String(describing: expectedPort))")
    }

    // The byte classes are the reference parser's (written out from RFC 3986 §2–3,
    // independently of the library's tables).
    typealias Classes = ReferenceParser

    /// Whether `bytes` is a run of `allowed` bytes and `%XX` triplets.
    static func isEncoded(_ bytes: ArraySlice<UInt8>, _ allowed: ByteSet) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if allowed.contains(byte) {
                index += 1
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                Classes.hexDigit.contains(bytes[index + 1]), Classes.hexDigit.contains(bytes[index + 2])
            {
                index += 3
            } else {
                return false
            }
        }
        return true
    }

    /// An independent structural check of accepted input.
    static func checkRanges(_ ranges: URIComponentRanges, _ bytes: [UInt8], _ grammar: URIGrammar) throws(PropertyFailure) {
        let count = bytes.count
        try require(ranges.count == count, "count")
        try require(bytes.allSatisfy { $0 < 0x80 }, "accepted non-ASCII")
        var cursor = 0
        if let scheme = ranges.scheme {
            try require(scheme.lowerBound == 0 && scheme.upperBound < count && bytes[scheme.upperBound] == UInt8(ascii: ":"), "scheme delimiter")
            try require(!scheme.isEmpty && Classes.alpha.contains(bytes[0]) && bytes[1..<scheme.upperBound].allSatisfy(Classes.schemeTail.contains), "scheme bytes")
            cursor = scheme.upperBound + 1
        } else {
            try require(grammar == .uriReference || grammar == .relativeReference, "no scheme under \(grammar)")
        }
        if grammar == .relativeReference { try require(ranges.scheme == nil, "scheme in a relative-ref") }
        if let authority = ranges.authority {
            try require(authority.lowerBound == cursor + 2 && bytes[cursor] == UInt8(ascii: "/") && bytes[cursor + 1] == UInt8(ascii: "/"), "authority delimiter")
            guard let host = ranges.host, let kind = ranges.hostKind else { throw failure("authority without host") }
            var hostStart = authority.lowerBound
            if let userinfo = ranges.userinfo {
                try require(userinfo.lowerBound == authority.lowerBound && userinfo.upperBound < authority.upperBound && bytes[userinfo.upperBound] == UInt8(ascii: "@"), "userinfo delimiter")
                try require(isEncoded(bytes[userinfo], Classes.userinfoBytes), "userinfo bytes")
                hostStart = userinfo.upperBound + 1
            }
            try require(host.lowerBound == hostStart, "host start")
            if let port = ranges.port {
                try require(host.upperBound < count && bytes[host.upperBound] == UInt8(ascii: ":") && port.lowerBound == host.upperBound + 1 && port.upperBound == authority.upperBound, "port delimiter")
                try require(bytes[port].allSatisfy(Classes.digit.contains), "port bytes")
            } else {
                try require(host.upperBound == authority.upperBound, "host end")
            }
            let hostBytes = bytes[host]
            let hostText = String(decoding: hostBytes, as: UTF8.self)
            switch kind {
            case .ipv6:
                try require(hostBytes.first == UInt8(ascii: "[") && hostBytes.last == UInt8(ascii: "]"), "IPv6 brackets")
                try require(IPv6Address(hostText.dropFirst().dropLast()) != nil, "IPv6 host does not parse as IPv6Address")
            case .ipvFuture:
                try require(hostBytes.count >= 5 && hostBytes.first == UInt8(ascii: "[") && hostBytes.last == UInt8(ascii: "]"), "IPvFuture brackets")
                try require(hostBytes[host.lowerBound + 1] | 0x20 == UInt8(ascii: "v"), "IPvFuture v")
            case .ipv4:
                guard let address = IPv4Address(hostText) else { throw failure("ipv4 host kind for non-IPv4 text") }
                try require(address.description == hostText, "IPv4 text is not canonical")
            case .regName:
                try require(IPv4Address(hostText) == nil, "reg-name that is an IPv4 address")
                try require(isEncoded(hostBytes, Classes.regNameBytes), "reg-name bytes")
            }
            cursor = authority.upperBound
        } else {
            try require(ranges.userinfo == nil && ranges.host == nil && ranges.port == nil && ranges.hostKind == nil, "authority parts without authority")
        }
        let path = ranges.path
        try require(path.lowerBound == cursor && path.upperBound >= cursor && path.upperBound <= count, "path position")
        let pathBytes = bytes[path]
        try require(isEncoded(pathBytes, Classes.pathBytes), "path bytes")
        if ranges.authority != nil {
            try require(pathBytes.isEmpty || pathBytes.first == UInt8(ascii: "/"), "path-abempty")
        } else {
            try require(!pathBytes.starts(with: "//".utf8), "path starting with // without authority")
            if ranges.scheme == nil {
                let firstSegment = pathBytes.prefix { $0 != UInt8(ascii: "/") }
                try require(!firstSegment.contains(UInt8(ascii: ":")), "path-noscheme with a colon")
            }
        }
        cursor = path.upperBound
        if let query = ranges.query {
            try require(cursor < count && bytes[cursor] == UInt8(ascii: "?") && query.lowerBound == cursor + 1, "query delimiter")
            try require(isEncoded(bytes[query], Classes.queryBytes), "query bytes")
            cursor = query.upperBound
        }
        if let fragment = ranges.fragment {
            try require(grammar != .absoluteURI, "fragment in absolute-URI")
            try require(cursor < count && bytes[cursor] == UInt8(ascii: "#") && fragment.lowerBound == cursor + 1, "fragment delimiter")
            try require(isEncoded(bytes[fragment], Classes.queryBytes), "fragment bytes")
            cursor = fragment.upperBound
        }
        try require(cursor == count, "components do not cover the input")
    }

    /// The error names the first byte that cannot continue a valid reference.
    static func checkError(_ error: URIParseError, _ bytes: [UInt8], _ grammar: URIGrammar) throws(PropertyFailure) {
        let offset = error.offset
        try require(offset >= 0 && offset <= bytes.count, "error offset \(offset) outside 0...\(bytes.count)")
        try require(URIParseError.Kind.allKinds.contains(error.kind), "unlisted error kind \(error.kind.code)")
        _ = error.description
        _ = error.message
        _ = error.excerpt.caretDiagram(at: offset)
        guard offset < bytes.count else { return }
        let before = Array(bytes[..<offset])
        if case .failure(let earlier) = parseBytes(before, as: grammar) {
            try require(earlier.offset == offset, "prefix before the error fails earlier: \(earlier.kind.code)@\(earlier.offset), full input \(error.kind.code)@\(offset) (\(grammar))")
        }
        let through = Array(bytes[...offset])
        switch parseBytes(through, as: grammar) {
        case .success:
            throw failure("prefix through the error byte parses, full input fails with \(error.kind.code)@\(offset) (\(grammar))")
        case .failure(let other):
            try require(other.offset == offset, "prefix through the error byte fails at \(other.offset), full input at \(offset) (\(grammar))")
        }
    }
}
