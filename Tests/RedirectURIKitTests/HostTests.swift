import Testing
@testable import RedirectURIKit

struct IPv6Tests {
    /// One example per IPv6address alternative of RFC 3986 §3.2.2, in ABNF order, each with and
    /// without an IPv4 tail where the alternative ends in ls32.
    static let validForms: [(form: Int, text: String)] = [
        (1, "1:2:3:4:5:6:7:8"), (1, "1:2:3:4:5:6:1.2.3.4"),
        (2, "::2:3:4:5:6:7:8"), (2, "::2:3:4:5:6:1.2.3.4"),
        (3, "1::3:4:5:6:7:8"), (3, "::3:4:5:6:7:8"), (3, "1::3:4:5:6:1.2.3.4"),
        (4, "1:2::4:5:6:7:8"), (4, "::4:5:6:7:8"), (4, "1:2::4:5:6:255.255.255.255"),
        (5, "1:2:3::5:6:7:8"), (5, "::5:6:7:8"), (5, "1:2:3::5:6:0.0.0.0"),
        (6, "1:2:3:4::6:7:8"), (6, "::6:7:8"), (6, "1:2:3:4::6:10.0.0.1"),
        (7, "1:2:3:4:5::7:8"), (7, "::7:8"), (7, "1:2:3:4:5::127.0.0.1"), (7, "::ffff:192.0.2.128"),
        (8, "1:2:3:4:5:6::8"), (8, "::8"), (8, "::1"), (8, "abcd:ef01::FFFF"),
        (9, "1:2:3:4:5:6:7::"), (9, "::"), (9, "1::"), (9, "2001:db8::"),
    ]

    @Test(arguments: validForms.map(\.text))
    func validAddressParses(text: String) throws {
        let uri = try URIReference(parsing: "http://[\(text)]/")
        #expect(uri.hostKind == .ipv6)
        #expect(uri.host.map(String.init) == "[\(text)]")
        #expect(IPv6Address(text) != nil)
    }

    @Test func allNineFormsAreCovered() {
        #expect(Set(Self.validForms.map(\.form)) == Set(1...9))
        #expect(Self.validForms.count == 28)
    }

    /// Invalid addresses and the offset (inside "http://[" + text + "]/") where each fails.
    static let invalid: [(text: String, offset: Int)] = [
        ("1:2:3:4:5:6:7", 8 + 13),          // seven pieces, no "::": fails at ']'
        ("1:2:3:4:5:6:7:8:9", 8 + 15),      // ':' after eight pieces
        ("1:2:3:4:5:6:7:8::", 8 + 15),
        ("1::2::3", 8 + 5),                 // second "::"
        (":::", 8 + 2),
        (":1::", 8 + 1),                    // lone leading ':'
        ("1:", 8 + 2),                      // trailing single ':' at ']'
        ("12345::", 8 + 4),                 // five hex digits
        ("g::", 8 + 0),
        ("1.2.3.4", 8 + 1),                 // IPv4 alone is not an IPv6 address
        ("::1.2.3", 8 + 7),
        ("::1.2.3.4.5", 8 + 9),
        ("::1.2.3.256", 8 + 10),
        ("::01.2.3.4", 8 + 4),              // leading zero in the first octet
        ("::1.02.3.4", 8 + 5),
        ("1:2:3:4:5:6:7:1.2.3.4", 8 + 15),  // IPv4 tail needs two pieces of room
        ("1:2:3:4:5:6::1.2.3.4", 8 + 14),
        ("1::2:3:4:5:6:7:8", 8 + 14),       // "::" must stand for at least one piece
        ("::1%eth0", 8 + 3),                // zone IDs are not RFC 3986
        ("", 8 + 0),
    ]

    @Test(arguments: invalid)
    func invalidAddressFailsAtOffset(text: String, offset: Int) {
        let outcome = parseOutcome("http://[\(text)]/")
        guard case .failure(let error) = outcome else {
            Issue.record("accepted http://[\(text)]/")
            return
        }
        #expect(error.kind == .invalidIPv6Address)
        #expect(error.offset == offset)
        #expect(IPv6Address(text) == nil)
    }

    @Test func loopbackInAnySpelling() {
        #expect(IPv6Address("::1")?.isLoopback == true)
        #expect(IPv6Address("0:0:0:0:0:0:0:1")?.isLoopback == true)
        #expect(IPv6Address("::0:1")?.isLoopback == true)
        #expect(IPv6Address("::2")?.isLoopback == false)
        #expect(IPv6Address("::ffff:127.0.0.1")?.isLoopback == false)
        #expect(IPv6Address("::ffff:1.2.3.4")?.pieces == [0, 0, 0, 0, 0, 0xFFFF, 0x0102, 0x0304])
    }

    @Test func ipvFuture() throws {
        let future = try URIReference(parsing: "http://[v7.fe80::a+en1]:8080/")
        #expect(future.hostKind == .ipvFuture)
        #expect(future.port == "8080")
        #expect(try URIReference(parsing: "x://[V1F.a]").hostKind == .ipvFuture)
        for (text, offset, kind) in [
            ("x://[v.a]", 6, URIParseError.Kind.invalidIPvFuture),
            ("x://[v1]", 7, .invalidIPvFuture),
            ("x://[v1.]", 8, .invalidIPvFuture),
            ("x://[v1.a/]", 9, .invalidIPvFuture),
            ("x://[v1.a", 9, .unterminatedIPLiteral),
        ] {
            let outcome = parseOutcome(text)
            guard case .failure(let error) = outcome else {
                Issue.record("accepted \(text)")
                continue
            }
            #expect(error.kind == kind, "\(text)")
            #expect(error.offset == offset, "\(text)")
        }
    }
}

struct IPv4Tests {
    static let rows: [(host: String, kind: HostKind, loopback: Bool)] = [
        ("127.0.0.1", .ipv4, true),
        ("0.0.0.0", .ipv4, false),
        ("255.255.255.255", .ipv4, false),
        ("192.0.2.16", .ipv4, false),
        ("127.0.0.2", .ipv4, false),          // only the literal RFC 8252 names
        ("256.0.0.1", .regName, false),       // dec-octet ≤ 255: a reg-name, still valid
        ("1.2.3.256", .regName, false),
        ("127.0.0.01", .regName, false),      // leading zero: a reg-name
        ("01.2.3.4", .regName, false),
        ("1.2.3", .regName, false),
        ("1.2.3.4.5", .regName, false),
        ("1.2.3.", .regName, false),
        ("0x7f.0.0.1", .regName, false),
        ("2130706433", .regName, false),      // no integer forms
        ("localhost", .regName, false),       // a name, not a loopback literal
    ]

    @Test(arguments: rows)
    func hostKindAndLoopback(host: String, kind: HostKind, loopback: Bool) throws {
        let uri = try URIReference(parsing: "http://\(host):8080/cb")
        #expect(uri.hostKind == kind)
        #expect(uri.hostIsLoopbackLiteral == loopback)
        #expect((IPv4Address(host) != nil) == (kind == .ipv4))
    }

    /// One definition of the loopback literal: the exact text RFC 8252 §7.3 names, which is
    /// what the loopback form and the loopback exception test. Other spellings of `::1` are the
    /// loopback address, not the literal.
    static let ipv6Spellings: [(host: String, literal: Bool, address: Bool)] = [
        ("[::1]", true, true),
        ("[0:0:0:0:0:0:0:1]", false, true),
        ("[::0:1]", false, true),
        ("[0::1]", false, true),
        ("[::2]", false, false),
    ]

    @Test(arguments: ipv6Spellings)
    func loopbackLiteralIsTheText(host: String, literal: Bool, address: Bool) throws {
        let uri = try URIReference(parsing: "http://\(host):8080/cb")
        #expect(uri.hostIsLoopbackLiteral == literal)
        #expect(IPv6Address(host.dropFirst().dropLast())?.isLoopback == address)
        #expect((RedirectURI(classifying: uri).form == .loopback) == literal)
    }

    @Test func valueAndDescription() {
        #expect(IPv4Address("127.0.0.1")?.value == 0x7F00_0001)
        #expect(IPv4Address("192.0.2.16")?.description == "192.0.2.16")
    }
}
