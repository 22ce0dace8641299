import Testing
@testable import RedirectURIKit

/// Examples copied verbatim from RFC 3986 (January 2005), with their sections.
struct RFC3986ExampleTests {
    /// RFC 3986 §1.1.2 "Examples" — every line is a valid URI.
    static let section1_1_2 = [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "tel:+1-816-555-1212",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    ]

    @Test(arguments: section1_1_2)
    func section1_1_2ExamplesAreURIs(text: String) throws {
        let uri = try URIReference(parsing: text, as: .uri)
        #expect(uri.hasScheme)
        #expect(URIComponents(uri).serialized == text)
    }

    @Test func section1_1_2CountIsPinned() { #expect(Self.section1_1_2.count == 8) }

    @Test func section1_1_2Components() throws {
        let ldap = try URIReference(parsing: "ldap://[2001:db8::7]/c=GB?objectClass?one")
        #expect(ldap.host == "[2001:db8::7]")
        #expect(ldap.hostKind == .ipv6)
        #expect(ldap.path == "/c=GB")
        #expect(ldap.query == "objectClass?one")
        let telnet = try URIReference(parsing: "telnet://192.0.2.16:80/")
        #expect(telnet.hostKind == .ipv4)
        #expect(telnet.port == "80")
        let mailto = try URIReference(parsing: "mailto:John.Doe@example.com")
        #expect(mailto.authority == nil)
        #expect(mailto.path == "John.Doe@example.com")
    }

    /// RFC 3986 §3: "foo://example.com:8042/over/there?name=ferret#nose" and
    /// "urn:example:animal:ferret:nose".
    @Test func section3ComponentExample() throws {
        let foo = try URIReference(parsing: "foo://example.com:8042/over/there?name=ferret#nose")
        #expect(foo.componentTuple == ["foo", nil, "example.com", "8042", "/over/there", "name=ferret", "nose"])
        #expect(foo.authority == "example.com:8042")
        let urn = try URIReference(parsing: "urn:example:animal:ferret:nose")
        #expect(urn.componentTuple == ["urn", nil, nil, nil, "example:animal:ferret:nose", nil, nil])
    }

    /// RFC 3986 §5.4 "Reference Resolution Examples", base "http://a/b/c/d;p?q".
    static let base = "http://a/b/c/d;p?q"

    /// §5.4.1 Normal Examples
    static let normalExamples: [(String, String)] = [
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"),
        (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"),
        ("..", "http://a/b/"),
        ("../", "http://a/b/"),
        ("../g", "http://a/b/g"),
        ("../..", "http://a/"),
        ("../../", "http://a/"),
        ("../../g", "http://a/g"),
    ]

    /// §5.4.2 Abnormal Examples (strict parser: "http:g" stays "http:g")
    static let abnormalExamples: [(String, String)] = [
        ("../../../g", "http://a/g"),
        ("../../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ]

    @Test func exampleCountsArePinned() {
        #expect(Self.normalExamples.count == 23)
        #expect(Self.abnormalExamples.count == 19)
    }

    @Test(arguments: normalExamples + abnormalExamples)
    func section5_4Resolution(reference: String, expected: String) throws {
        let base = try URIReference(parsing: Self.base)
        let resolved = try URIReference(parsing: reference).resolved(against: base)
        #expect(resolved.description == expected)
    }

    @Test func resolutionNeedsABaseWithAScheme() throws {
        let relativeBase = try URIReference(parsing: "/a/b")
        #expect(throws: ReferenceResolutionError.self) {
            try URIReference(parsing: "g").resolved(against: relativeBase)
        }
    }
}
