// A deliberately plain RFC 3986 parser: split with Appendix B's regular expression
//   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
// then check each component against its ABNF rule. Slow and obvious on purpose: it is the oracle
// for the library's single-pass scanner.
import RedirectURIKit

struct ReferenceParser {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static let alpha = ByteSet("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    static let digit = ByteSet("0123456789".utf8)
    static let hexDigit = digit.union("abcdefABCDEF".utf8)
    static let unreserved = alpha.union(digit).union("-._~".utf8)
    static let subDelims = ByteSet("!$&'()*+,;=".utf8)
    static let pchar = unreserved.union(subDelims).union(":@".utf8)
    static let userinfoBytes = unreserved.union(subDelims).union(":".utf8)
    static let regNameBytes = unreserved.union(subDelims)
    static let pathBytes = pchar.union("/".utf8)
    static let queryBytes = pchar.union("/?".utf8)
    static let schemeTail = alpha.union(digit).union("+-.".utf8)
    static let futureTail = unreserved.union(subDelims).union(":".utf8)

    static func byte(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }

    func parse(as grammar: URIGrammar) -> ComponentRanges? {
        let n = bytes.count
        let colon = Self.byte(":"), slash = Self.byte("/"), question = Self.byte("?"), hash = Self.byte("#")

        // Appendix B.
        var index = 0
        var scheme: Range<Int>? = nil
        var end = 0
        while end < n, ![colon, slash, question, hash].contains(bytes[end]) { end += 1 }
        if end > 0, end < n, bytes[end] == colon {
            scheme = 0..<end
            index = end + 1
        }
        var authority: Range<Int>? = nil
        if index + 1 < n, bytes[index] == slash, bytes[index + 1] == slash {
            var stop = index + 2
            while stop < n, ![slash, question, hash].contains(bytes[stop]) { stop += 1 }
            authority = (index + 2)..<stop
            index = stop
        }
        let pathStart = index
        while index < n, bytes[index] != question, bytes[index] != hash { index += 1 }
        let path = pathStart..<index
        var query: Range<Int>? = nil
        if index < n, bytes[index] == question {
            let start = index + 1
            index = start
            while index < n, bytes[index] != hash { index += 1 }
            query = start..<index
        }
        var fragment: Range<Int>? = nil
        if index < n, bytes[index] == hash { fragment = (index + 1)..<n }

        // Grammar.
        switch grammar {
        case .uri: guard scheme != nil else { return nil }
        case .absoluteURI: guard scheme != nil, fragment == nil else { return nil }
        case .relativeReference: guard scheme == nil else { return nil }
        case .uriReference: break
        }

        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ). A candidate that is not a scheme
        // would be a relative path whose first segment holds a ':' — invalid either way.
        if let scheme {
            guard Self.alpha.contains(bytes[0]), bytes[1..<scheme.upperBound].allSatisfy(Self.schemeTail.contains) else {
                return nil
            }
        }
        var result = ComponentRanges(scheme: scheme, authority: authority, path: path, query: query, fragment: fragment)
        if let authority {
            guard parseAuthority(authority, into: &result) else { return nil }
        } else if scheme == nil {
            // path-noscheme: the first segment has no ':' (RFC 3986 §4.2).
            let firstSegment = bytes[path].prefix { $0 != slash }
            guard !firstSegment.contains(colon) else { return nil }
        }
        guard isEncoded(path, Self.pathBytes) else { return nil }
        if let query { guard isEncoded(query, Self.queryBytes) else { return nil } }
        if let fragment { guard isEncoded(fragment, Self.queryBytes) else { return nil } }
        return result
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]`
    func parseAuthority(_ authority: Range<Int>, into result: inout ComponentRanges) -> Bool {
        var hostStart = authority.lowerBound
        if let at = bytes[authority].firstIndex(of: Self.byte("@")) {
            guard isEncoded(authority.lowerBound..<at, Self.userinfoBytes) else { return false }
            result.userinfo = authority.lowerBound..<at
            hostStart = at + 1
        }
        let hostPort = hostStart..<authority.upperBound
        var hostEnd: Int
        if bytes[hostPort].first == Self.byte("[") {
            guard let close = bytes[hostPort].firstIndex(of: Self.byte("]")) else { return false }
            let content = bytes[(hostStart + 1)..<close]
            if let first = content.first, first == Self.byte("v") || first == Self.byte("V") {
                guard isIPvFuture(content.dropFirst()) else { return false }
                result.hostKind = .ipvFuture
            } else {
                guard isIPv6(content) else { return false }
                result.hostKind = .ipv6
            }
            hostEnd = close + 1
        } else {
            hostEnd = bytes[hostPort].firstIndex(of: Self.byte(":")) ?? hostPort.upperBound
            guard isEncoded(hostStart..<hostEnd, Self.regNameBytes) else { return false }
            result.hostKind = isIPv4(bytes[hostStart..<hostEnd]) ? .ipv4 : .regName
        }
        result.host = hostStart..<hostEnd
        if hostEnd < hostPort.upperBound {
            guard bytes[hostEnd] == Self.byte(":") else { return false }
            let port = (hostEnd + 1)..<hostPort.upperBound
            guard bytes[port].allSatisfy(Self.digit.contains) else { return false }
            result.port = port
        }
        return true
    }

    /// `*( allowed / pct-encoded )`
    func isEncoded(_ range: Range<Int>, _ allowed: ByteSet) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            if allowed.contains(bytes[index]) {
                index += 1
            } else if bytes[index] == Self.byte("%"), index + 2 < range.upperBound,
                Self.hexDigit.contains(bytes[index + 1]), Self.hexDigit.contains(bytes[index + 2])
            {
                index += 3
            } else {
                return false
            }
        }
        return true
    }

    /// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`
    func isIPv4(_ text: ArraySlice<UInt8>) -> Bool {
        let octets = text.split(separator: Self.byte("."), omittingEmptySubsequences: false)
        guard octets.count == 4 else { return false }
        for octet in octets {
            guard (1...3).contains(octet.count), octet.allSatisfy(Self.digit.contains) else { return false }
            if octet.count > 1, octet.first == Self.byte("0") { return false }
            guard let value = Int(String(decoding: octet, as: UTF8.self)), value <= 255 else { return false }
        }
        return true
    }

    /// `IPv6address` (the nine forms of RFC 3986 §3.2.2): at most one `::`, standing for at least
    /// one zero piece; pieces of 1–4 hex digits; an IPv4 address allowed only as the last two.
    func isIPv6(_ text: ArraySlice<UInt8>) -> Bool {
        let colon = Self.byte(":")
        func pieceCount(_ part: ArraySlice<UInt8>) -> Int? {
            if part.isEmpty { return 0 }
            let fields = part.split(separator: colon, omittingEmptySubsequences: false)
            var total = 0
            for (position, field) in fields.enumerated() {
                if position == fields.count - 1, field.contains(Self.byte(".")) {
                    guard isIPv4(field) else { return nil }
                    total += 2
                } else {
                    guard (1...4).contains(field.count), field.allSatisfy(Self.hexDigit.contains) else { return nil }
                    total += 1
                }
            }
            return total
        }
        var doubleColon: Int? = nil
        var index = text.startIndex
        while index + 1 < text.endIndex {
            if text[index] == colon, text[index + 1] == colon { doubleColon = index; break }
            index += 1
        }
        if let doubleColon {
            let left = text[..<doubleColon]
            let right = text[(doubleColon + 2)...]
            // An IPv4 tail may not precede "::".
            guard !left.contains(Self.byte(".")), let l = pieceCount(left), let r = pieceCount(right) else { return false }
            return l + r <= 7
        }
        return pieceCount(text) == 8
    }

    /// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`, after the `v`.
    func isIPvFuture(_ text: ArraySlice<UInt8>) -> Bool {
        guard let dot = text.firstIndex(of: Self.byte(".")) else { return false }
        let version = text[..<dot]
        let tail = text[(dot + 1)...]
        return !version.isEmpty && version.allSatisfy(Self.hexDigit.contains)
            && !tail.isEmpty && tail.allSatisfy(Self.futureTail.contains)
    }
}

/// The library's ranges in a form the reference parser also produces.
struct ComponentRanges: Equatable, CustomStringConvertible {
    var scheme: Range<Int>?
    var authority: Range<Int>?
    var userinfo: Range<Int>?
    var host: Range<Int>?
    var port: Range<Int>?
    var path: Range<Int>
    var query: Range<Int>?
    var fragment: Range<Int>?
    var hostKind: HostKind?

    init(
        scheme: Range<Int>? = nil, authority: Range<Int>? = nil, userinfo: Range<Int>? = nil,
        host: Range<Int>? = nil, port: Range<Int>? = nil, path: Range<Int>, query: Range<Int>? = nil,
        fragment: Range<Int>? = nil, hostKind: HostKind? = nil
    ) {
        (self.scheme, self.authority, self.userinfo, self.host, self.port) = (scheme, authority, userinfo, host, port)
        (self.path, self.query, self.fragment, self.hostKind) = (path, query, fragment, hostKind)
    }

    init(_ ranges: URIComponentRanges) {
        self.init(
            scheme: ranges.scheme, authority: ranges.authority, userinfo: ranges.userinfo, host: ranges.host,
            port: ranges.port, path: ranges.path, query: ranges.query, fragment: ranges.fragment,
            hostKind: ranges.hostKind)
    }

    var description: String {
        func show(_ range: Range<Int>?) -> String { range.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? "nil" }
        return "scheme \(show(scheme)) authority \(show(authority)) userinfo \(show(userinfo)) host \(show(host)) "
            + "port \(show(port)) path \(show(path)) query \(show(query)) fragment \(show(fragment)) "
            + "hostKind \(hostKind.map { "\($0)" } ?? "nil")"
    }
}
