// The one place where the model uses the library: its RFC 3986 parser, which the article takes as
// given ("A redirect URI is first parsed as an absolute URI (RFC 3986 `URI` …)"). Everything the
// rules decide is decided by the model's own code from the component byte ranges.
import struct RedirectURIKit.URIReference
import enum RedirectURIKit.HostKind

/// An RFC 3986 `URI` (scheme, `:`, the rest; fragment allowed), ASCII only, cut into its
/// components as byte arrays. An absent component is `nil`; an empty one is `[]` (so
/// `http://127.0.0.1:/cb` has the port `[]`, which is present).
struct ParsedURI {
    let bytes: [UInt8]
    let scheme: [UInt8]
    /// Everything after the scheme, from the `:` on.
    let afterScheme: [UInt8]
    let authority: [UInt8]?
    let userinfo: [UInt8]?
    let host: [UInt8]?
    let hostIsRegName: Bool
    let port: [UInt8]?
    /// Where the port lies in `bytes` (without its `:`), when there is one.
    let portRange: Range<Int>?
    let path: [UInt8]
    let query: [UInt8]?
    let fragment: [UInt8]?

    /// `nil` unless `bytes` is an RFC 3986 `URI` made of ASCII bytes.
    init?(_ bytes: [UInt8]) {
        // "ASCII only": checked here too, not only left to the parser.
        for byte in bytes where byte >= 0x80 { return nil }
        guard let reference = try? URIReference(bytes: bytes, as: .uri) else { return nil }
        let ranges = reference.ranges
        guard let schemeRange = ranges.scheme else { return nil }
        func slice(_ range: Range<Int>?) -> [UInt8]? {
            guard let range else { return nil }
            return Array(bytes[range])
        }
        self.bytes = bytes
        self.scheme = Array(bytes[schemeRange])
        self.afterScheme = Array(bytes[schemeRange.upperBound...])
        self.authority = slice(ranges.authority)
        self.userinfo = slice(ranges.userinfo)
        self.host = slice(ranges.host)
        self.hostIsRegName = ranges.hostKind == .regName
        self.port = slice(ranges.port)
        self.portRange = ranges.port
        self.path = Array(bytes[ranges.path])
        self.query = slice(ranges.query)
        self.fragment = slice(ranges.fragment)
        // The model relies on these shapes; the parser promises them (a scheme ends at the first
        // `:`), and a failure here would be a parser bug the model must not hide.
        guard afterScheme.first == UInt8(ascii: ":") else { return nil }
    }

    /// The text after the scheme with the port and its `:` taken out (for loopback-port).
    var afterSchemeWithoutPort: [UInt8] {
        guard let portRange else { return afterScheme }
        let start = scheme.count
        // The `:` before the port is at portRange.lowerBound - 1.
        return Array(bytes[start..<(portRange.lowerBound - 1)]) + Array(bytes[portRange.upperBound...])
    }
}
