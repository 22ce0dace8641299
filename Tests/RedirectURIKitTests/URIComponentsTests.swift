import Testing
@testable import RedirectURIKit

struct URIComponentsTests {
    @Test func absentAndEmptyAreDifferent() throws {
        let x = try URIReference(parsing: "x:")
        #expect(x.path == "")
        #expect(x.query == nil)
        #expect(x.authority == nil)
        let h = try URIReference(parsing: "x://h?")
        #expect(h.query == "")
        #expect(h.fragment == nil)
        let empty = try URIReference(parsing: "x://h:#")
        #expect(empty.port == "")
        #expect(empty.fragment == "")
        #expect(empty.portNumber == nil)
        let file = try URIReference(parsing: "file:///etc/hosts")
        #expect(file.host == "")
        #expect(file.path == "/etc/hosts")
    }

    @Test func accessorsSliceWithoutChangingCase() throws {
        let msal = try URIReference(parsing: "msauth.com.Contoso.MailApp://auth")
        #expect(msal.scheme == "msauth.com.Contoso.MailApp")
        let adal = try URIReference(parsing: "X-MSAUTH-App://Com.MyApp.MyTestApp")
        #expect(adal.host == "Com.MyApp.MyTestApp")
    }

    /// The accessors of a reference parsed from a substring slice its own bytes, at offsets in
    /// that substring, never the text around it; offsets past the text are clamped to it.
    @Test func slicesStayInsideTheParsedSubstring() throws {
        let line = "é before msauth.com.contoso.app://auth?x=1 after"
        let start = try #require(line.range(of: "msauth"))
        let end = try #require(line.range(of: " after"))
        let reference = try URIReference(parsing: line[start.lowerBound..<end.lowerBound])
        #expect(reference.scheme == "msauth.com.contoso.app")
        #expect(reference.host == "auth")
        #expect(reference.query == "x=1")
        #expect(reference.slice(0..<6) == "msauth")
        #expect(reference.slice(31..<100) == "=1")
        #expect(reference.slice(100..<200) == "")
    }

    @Test func portNumber() throws {
        let rows: [(String, Int?)] = [
            ("http://127.0.0.1:51004/", 51004), ("http://h:65535", 65535), ("http://h:65536", nil),
            ("http://h:0", nil), ("http://h:080", nil), ("http://h:", nil), ("http://h", nil),
            ("http://h:99999999999999999999999", nil),
        ]
        for (text, number) in rows { #expect(try URIReference(parsing: text).portNumber == number, "\(text)") }
    }

    @Test func buildRejectsAmbiguousComponents() {
        let rows: [(URIComponents, String)] = [
            (URIComponents(scheme: "x", path: "//a"), "path"),
            (URIComponents(scheme: "x", host: "h", path: "a"), "path"),
            (URIComponents(scheme: "x", port: "80"), "port"),
            (URIComponents(scheme: "x", host: "h/p"), "host"),
            (URIComponents(scheme: "x", host: "h", query: "a#b"), "query"),
            (URIComponents(scheme: "1x"), "scheme"),
            (URIComponents(path: "a:b"), "path"),
            (URIComponents(scheme: "x", host: "h", port: "8a"), "port"),
        ]
        for (components, component) in rows {
            do {
                _ = try components.build()
                Issue.record("built \(components.serialized)")
            } catch {
                #expect(error.component == component, "\(components.serialized)")
            }
        }
    }
}
