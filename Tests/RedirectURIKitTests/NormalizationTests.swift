import Testing
@testable import RedirectURIKit

struct NormalizationTests {
    /// Input and its RFC 3986 §6.2.2 normal form.
    static let rows: [(String, String)] = [
        // §6.2.2.1 case: scheme and host lowercase, triplet hex uppercase
        ("HTTP://www.EXAMPLE.com/", "http://www.example.com/"),
        ("example://a/b/c/%7Bfoo%7D", "example://a/b/c/%7Bfoo%7D"),
        ("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D"),   // RFC 3986 §6.2.2
        // §6.2.2.2 percent-encoded unreserved characters are decoded
        ("http://%61%62c/%7Euser%2F", "http://abc/~user%2F"),
        ("http://%41B/", "http://ab/"),                                        // decoded host letters lowercased
        // §6.2.2.3 dot segments
        ("http://a/b/c/./../../g", "http://a/g"),
        ("x:a/../b", "x:/b"),                                                  // §5.2.4 step C leaves the "/"
        ("x:/.//a", "x:/.//a"),                                                // keeps the path from becoming an authority
        ("x:/a/..//b", "x:/.//b"),
        // IP literals lowercased; userinfo keeps its case
        ("http://User@[2001:DB8::A]:80/", "http://User@[2001:db8::a]:80/"),
        // relative references keep their dot segments
        ("../A/./b", "../A/./b"),
        ("?Q%7e#F%7e", "?Q~#F~"),
    ]

    @Test(arguments: rows)
    func normalForm(input: String, expected: String) throws {
        let reference = try URIReference(parsing: input)
        #expect(reference.normalized() == expected)
    }

    @Test func rowCountIsPinned() { #expect(Self.rows.count == 12) }

    @Test func equivalence() throws {
        let a = try URIReference(parsing: "HTTP://Example.com/%7euser")
        let b = try URIReference(parsing: "http://example.com/~user")
        #expect(a.isEquivalent(to: b))
        #expect(a != b)  // parsing never normalizes
        let c = try URIReference(parsing: "http://example.com/~User")
        #expect(!a.isEquivalent(to: c))
    }

    @Test func removeDotSegmentsExamplesFromSection5_2_4() {
        // RFC 3986 §5.2.4 walks through "/a/b/c/./../../g" → "/a/g" and "mid/content=5/../6" → "mid/6".
        #expect(URIReference.removingDotSegments("/a/b/c/./../../g") == "/a/g")
        #expect(URIReference.removingDotSegments("mid/content=5/../6") == "mid/6")
    }
}
