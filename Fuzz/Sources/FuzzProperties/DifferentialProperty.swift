// FuzzDifferential — the library's parser agrees with two independent implementations.
//
// 1. A plain reference parser written here from RFC 3986 (Appendix B's splitting regex, then
//    each component checked against its ABNF rule), for all four grammars and any bytes: the same
//    inputs are accepted, with the same component ranges and host kind. The library is one
//    hand-fused scanner; the reference is the obvious slow one, so any fast path in the library
//    (vectorised scanning, table lookups, the shared userinfo/host scan) is checked against it.
// 2. The library's own plain byte loop (`URIParser.parseWithoutVectorScan`): the vectorised fast
//    path gives the same ranges or the same error (kind and offset) for every grammar and input.
// 3. Foundation's `URLComponents`, for inputs the library accepts as `URI` (RFC 3986 §3: a
//    scheme, fragment allowed): Foundation parses them too and reports the same scheme, userinfo,
//    host, port, path, query and fragment, as strings (the `percentEncoded*` accessors) and as
//    ranges (`rangeOf*`), and recomposes the input exactly.
//
// Deliberate differences, kept out of the check:
// - Foundation's decoding accessors (`host`, `user`, `path`, `query`, `queryItems`, …) return
//   percent-decoded text; the library never decodes while parsing. Only `percentEncoded*` is
//   compared.
// - Foundation's `port` is an `Int`: an empty port (`http://h:/`) and a port too large for `Int`
//   read as `nil` there. The library keeps the port text; ports are compared only when the text
//   fits an `Int`.
// - Foundation splits userinfo into `user` and `password` at the first `:`; they are compared
//   with the library's userinfo split the same way.
// - Input the library rejects is not compared: Foundation repairs it (it percent-encodes `%zz`,
//   a second `@`, spaces …) or accepts extensions such as IPv6 zone IDs (`[fe80::1%25en0]`,
//   RFC 6874), which RFC 3986 does not allow and the library rejects.
// - Foundation refuses a host longer than 2,048 bytes: `URLComponents(string:)` returns nil, or an
//   empty host when userinfo comes first. RFC 3986 sets no limit on a reg-name, so URIs with
//   such a host are not compared with Foundation (found by this target:
//   `Corpus/regressions/FuzzDifferential/differential-foundation-host-over-2048`).
// - Relative references are not compared with Foundation (it resolves nothing while parsing, but
//   its handling of scheme-less input is outside RFC 3986's `URI`); the reference parser covers them.
import Foundation
@_spi(Testing) import RedirectURIKit

enum DifferentialProperty {
    static func check(_ exact: UnsafeBufferPointer<UInt8>) throws(PropertyFailure) {
        let bytes = Array(exact)
        for grammar in allGrammars {
            let fast = Result { () throws(URIParseError) in try URIParser.parse(exact, as: grammar) }
            let plain = Result { () throws(URIParseError) in try URIParser.parseWithoutVectorScan(exact, as: grammar) }
            try require(fast == plain, "vectorised \(outcome(fast)) vs plain \(outcome(plain)) (\(grammar))")
            let library = parseBytes(bytes, as: grammar)
            let reference = ReferenceParser(bytes).parse(as: grammar)
            switch (library, reference) {
            case (.success(let parsed), let expected?):
                let actual = ComponentRanges(parsed.ranges)
                try require(actual == expected, "library \(actual) vs reference \(expected) (\(grammar))")
                if grammar == .uri { try compareWithFoundation(parsed, bytes) }
            case (.failure(let error), nil):
                _ = error
            case (.success, nil):
                throw failure("library accepts, reference rejects (\(grammar))")
            case (.failure(let error), _?):
                throw failure("library rejects with \(error.kind.code)@\(error.offset), reference accepts (\(grammar))")
            }
        }
    }

    // MARK: - Foundation

    /// Foundation's longest host (see the deliberate differences above).
    static let foundationHostLimit = 2_048

    static func compareWithFoundation(_ reference: URIReference, _ bytes: [UInt8]) throws(PropertyFailure) {
        if let host = reference.host, host.utf8.count > foundationHostLimit { return }
        let text = reference.description
        guard let foundation = URLComponents(string: text) else { throw failure("Foundation rejects a valid URI") }
        func string(_ value: Substring?) -> String? { value.map(String.init) }
        try require(foundation.scheme == string(reference.scheme), "scheme: Foundation \(String(describing: foundation.scheme))")
        try require(foundation.percentEncodedHost == string(reference.host), "host: Foundation \(String(describing: foundation.percentEncodedHost))")
        var user: String? = nil
        var password: String? = nil
        if let userinfo = reference.userinfo {
            if let colon = userinfo.firstIndex(of: ":") {
                user = String(userinfo[..<colon])
                password = String(userinfo[userinfo.index(after: colon)...])
            } else {
                user = String(userinfo)
            }
        }
        try require(foundation.percentEncodedUser == user, "user: Foundation \(String(describing: foundation.percentEncodedUser))")
        try require(foundation.percentEncodedPassword == password, "password: Foundation \(String(describing: foundation.percentEncodedPassword))")
        if let port = reference.port, let value = Int(port) {
            try require(foundation.port == value, "port: Foundation \(String(describing: foundation.port))")
        } else if reference.port == nil {
            try require(foundation.port == nil, "port: Foundation \(String(describing: foundation.port)) for no port")
        }
        try require(foundation.percentEncodedPath == String(reference.path), "path: Foundation \(foundation.percentEncodedPath)")
        try require(foundation.percentEncodedQuery == string(reference.query), "query: Foundation \(String(describing: foundation.percentEncodedQuery))")
        try require(foundation.percentEncodedFragment == string(reference.fragment), "fragment: Foundation \(String(describing: foundation.percentEncodedFragment))")
        try require(foundation.string == text, "recomposed: Foundation \(String(describing: foundation.string))")

        // The ranges, as UTF-8 offsets into the same text.
        guard let foundationText = foundation.string else { return }
        func offsets(_ range: Range<String.Index>?) -> Range<Int>? {
            guard let range else { return nil }
            let utf8 = foundationText.utf8
            return utf8.distance(from: utf8.startIndex, to: range.lowerBound)..<utf8.distance(from: utf8.startIndex, to: range.upperBound)
        }
        let ranges = reference.ranges
        try require(offsets(foundation.rangeOfScheme) == ranges.scheme, "rangeOfScheme")
        try require(offsets(foundation.rangeOfHost) == ranges.host, "rangeOfHost")
        if ranges.port.map({ Int(String(decoding: bytes[$0], as: UTF8.self)) != nil }) ?? true {
            try require(offsets(foundation.rangeOfPort) == ranges.port, "rangeOfPort")
        }
        if let userRange = offsets(foundation.rangeOfUser) {
            try require(ranges.userinfo.map { $0.lowerBound == userRange.lowerBound } ?? false, "rangeOfUser")
        } else {
            try require(ranges.userinfo == nil, "rangeOfUser missing")
        }
        try require(offsets(foundation.rangeOfPath) == ranges.path || (ranges.path.isEmpty && foundation.rangeOfPath == nil), "rangeOfPath \(String(describing: offsets(foundation.rangeOfPath)))")
        try require(offsets(foundation.rangeOfQuery) == ranges.query, "rangeOfQuery")
        try require(offsets(foundation.rangeOfFragment) == ranges.fragment, "rangeOfFragment")
    }
}
