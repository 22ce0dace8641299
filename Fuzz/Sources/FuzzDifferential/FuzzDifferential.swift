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
import FuzzSupport
@_spi(Testing) import RedirectURIKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDifferential(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let exact = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    for grammar in allGrammars {
        let fast = Result { () throws(URIParseError) in try URIParser.parse(exact, as: grammar) }
        let plain = Result { () throws(URIParseError) in try URIParser.parseWithoutVectorScan(exact, as: grammar) }
        require(fast == plain, "vectorised \(outcome(fast)) vs plain \(outcome(plain)) (\(grammar))")
        let library = parseBytes(bytes, as: grammar)
        let reference = ReferenceParser(bytes).parse(as: grammar)
        switch (library, reference) {
        case (.success(let parsed), let expected?):
            let actual = ComponentRanges(parsed.ranges)
            require(actual == expected, "library \(actual) vs reference \(expected) (\(grammar))")
            if grammar == .uri { compareWithFoundation(parsed, bytes) }
        case (.failure(let error), nil):
            _ = error
        case (.success, nil):
            fail("library accepts, reference rejects (\(grammar))")
        case (.failure(let error), _?):
            fail("library rejects with \(error.kind.code)@\(error.offset), reference accepts (\(grammar))")
        }
    }
    return 0
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

// MARK: - Foundation

/// Foundation's longest host (see the deliberate differences above).
let foundationHostLimit = 2_048

func compareWithFoundation(_ reference: URIReference, _ bytes: [UInt8]) {
    if let host = reference.host, host.utf8.count > foundationHostLimit { return }
    let text = reference.description
    guard let foundation = URLComponents(string: text) else { fail("Foundation rejects a valid URI") }
    func string(_ value: Substring?) -> String? { value.map(String.init) }
    require(foundation.scheme == string(reference.scheme), "scheme: Foundation \(String(describing: foundation.scheme))")
    require(foundation.percentEncodedHost == string(reference.host), "host: Foundation \(String(describing: foundation.percentEncodedHost))")
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
    require(foundation.percentEncodedUser == user, "user: Foundation \(String(describing: foundation.percentEncodedUser))")
    require(foundation.percentEncodedPassword == password, "password: Foundation \(String(describing: foundation.percentEncodedPassword))")
    if let port = reference.port, let value = Int(port) {
        require(foundation.port == value, "port: Foundation \(String(describing: foundation.port))")
    } else if reference.port == nil {
        require(foundation.port == nil, "port: Foundation \(String(describing: foundation.port)) for no port")
    }
    require(foundation.percentEncodedPath == String(reference.path), "path: Foundation \(foundation.percentEncodedPath)")
    require(foundation.percentEncodedQuery == string(reference.query), "query: Foundation \(String(describing: foundation.percentEncodedQuery))")
    require(foundation.percentEncodedFragment == string(reference.fragment), "fragment: Foundation \(String(describing: foundation.percentEncodedFragment))")
    require(foundation.string == text, "recomposed: Foundation \(String(describing: foundation.string))")

    // The ranges, as UTF-8 offsets into the same text.
    guard let foundationText = foundation.string else { return }
    func offsets(_ range: Range<String.Index>?) -> Range<Int>? {
        guard let range else { return nil }
        let utf8 = foundationText.utf8
        return utf8.distance(from: utf8.startIndex, to: range.lowerBound)..<utf8.distance(from: utf8.startIndex, to: range.upperBound)
    }
    let ranges = reference.ranges
    require(offsets(foundation.rangeOfScheme) == ranges.scheme, "rangeOfScheme")
    require(offsets(foundation.rangeOfHost) == ranges.host, "rangeOfHost")
    if ranges.port.map({ Int(String(decoding: bytes[$0], as: UTF8.self)) != nil }) ?? true {
        require(offsets(foundation.rangeOfPort) == ranges.port, "rangeOfPort")
    }
    if let userRange = offsets(foundation.rangeOfUser) {
        require(ranges.userinfo.map { $0.lowerBound == userRange.lowerBound } ?? false, "rangeOfUser")
    } else {
        require(ranges.userinfo == nil, "rangeOfUser missing")
    }
    require(offsets(foundation.rangeOfPath) == ranges.path || (ranges.path.isEmpty && foundation.rangeOfPath == nil), "rangeOfPath \(String(describing: offsets(foundation.rangeOfPath)))")
    require(offsets(foundation.rangeOfQuery) == ranges.query, "rangeOfQuery")
    require(offsets(foundation.rangeOfFragment) == ranges.fragment, "rangeOfFragment")
}
