import Testing
@testable import RedirectURIKit

/// Rebuilds every ByteClass table from the RFC 3986 / RFC 5234 ABNF for all 256 byte values.
struct CharacterClassTests {
    static func set(_ characters: String) -> Set<UInt8> { Set(characters.utf8) }
    static let alpha = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    static let digit = set("0123456789")
    static let hexDigit = digit.union(set("ABCDEFabcdef"))
    // unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
    static let unreserved = alpha.union(digit).union(set("-._~"))
    // sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
    static let subDelims = set("!$&'()*+,;=")
    // gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
    static let genDelims = set(":/?#[]@")
    // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
    static let pchar = unreserved.union(subDelims).union(set(":@"))

    static let rows: [(name: String, table: ByteClass, grammar: Set<UInt8>)] = [
        ("ALPHA", .alpha, alpha),
        ("DIGIT", .digit, digit),
        ("HEXDIG", .hexDigit, hexDigit),
        ("unreserved", .unreserved, unreserved),
        ("sub-delims", .subDelims, subDelims),
        ("gen-delims", .genDelims, genDelims),
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
        ("scheme", .scheme, alpha.union(digit).union(set("+-."))),
        // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
        ("userinfo", .userinfo, unreserved.union(subDelims).union(set(":"))),
        // reg-name = *( unreserved / pct-encoded / sub-delims )
        ("reg-name", .regName, unreserved.union(subDelims)),
        ("pchar", .pchar, pchar),
        // segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
        ("segment-nz-nc", .segmentNoColon, unreserved.union(subDelims).union(set("@"))),
        // path rules after the first segment: pchar / "/"
        ("path", .path, pchar.union(set("/"))),
        // query = *( pchar / "/" / "?" ), fragment likewise
        ("query/fragment", .queryOrFragment, pchar.union(set("/?"))),
        // IPvFuture tail: unreserved / sub-delims / ":"
        ("IPvFuture", .ipvFutureTail, unreserved.union(subDelims).union(set(":"))),
        // SPEC §5: a bundle ID label is ALPHA / DIGIT / "-"
        ("bundle ID label", .bundleIDLabel, alpha.union(digit).union(set("-"))),
    ]

    @Test("table matches the ABNF for all 256 bytes", arguments: rows.map(\.name))
    func tableMatchesGrammar(name: String) throws {
        let row = try #require(Self.rows.first { $0.name == name })
        for byte in UInt8.min...UInt8.max {
            #expect(row.table.contains(byte) == row.grammar.contains(byte), "\(name): byte \(byte)")
        }
    }

    @Test func classCountIsPinned() {
        #expect(Self.rows.count == 15)
    }

    @Test func percentSignIsInNoClass() {
        for row in Self.rows { #expect(!row.table.contains(ASCII.percentSign), "\(row.name)") }
    }
}
