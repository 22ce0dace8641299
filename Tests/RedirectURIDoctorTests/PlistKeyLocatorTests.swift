import Foundation
import Testing
@testable import RedirectURIDoctor

/// Where a key path is written in an XML plist: the line a finding in Xcode points at.
struct PlistKeyLocatorTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var xml: String
        var keyPath: String
        var expected: PlistKeyLocator.Position?
        var line: Int
        init(_ xml: String, _ keyPath: String, _ expected: (Int, Int)?, line: Int = #line) {
            self.xml = xml
            self.keyPath = keyPath
            self.expected = expected.map { PlistKeyLocator.Position(line: $0.0, column: $0.1) }
            self.line = line
        }
        var testDescription: String { "line \(line): \(keyPath)" }
    }

    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n"
    static let urlTypes = header + """
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>CFBundleURLTypes</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>CFBundleURLName</key>
        \t\t\t<string>com.contoso.app</string>
        \t\t\t<key>CFBundleURLSchemes</key>
        \t\t\t<array>
        \t\t\t\t<string>msauth.com.contoso.app</string>
        \t\t\t\t<string>contoso</string>
        \t\t\t</array>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>CFBundleURLSchemes</key>
        \t\t\t<array><string>second</string></array>
        \t\t</dict>
        \t</array>
        </dict>
        </plist>
        """

    static let rows: [Row] = [
        // A dictionary entry is its <key>; an array element its start tag.
        Row(urlTypes, "CFBundleIdentifier", (5, 2)),
        Row(urlTypes, "CFBundleURLTypes", (7, 2)),
        Row(urlTypes, "CFBundleURLTypes[0]", (9, 3)),
        Row(urlTypes, "CFBundleURLTypes[0].CFBundleURLName", (10, 4)),
        Row(urlTypes, "CFBundleURLTypes[0].CFBundleURLSchemes[0]", (14, 5)),
        Row(urlTypes, "CFBundleURLTypes[0].CFBundleURLSchemes[1]", (15, 5)),
        // Two elements on one line: the column tells them apart.
        Row(urlTypes, "CFBundleURLTypes[1].CFBundleURLSchemes[0]", (20, 11)),
        // What is not there: the deepest part that is.
        Row(urlTypes, "CFBundleURLTypes[0].CFBundleURLSchemes[7]", (12, 4)),
        Row(urlTypes, "CFBundleURLTypes[5]", (7, 2)),
        Row(urlTypes, "LSApplicationQueriesSchemes", nil),
        // Descriptions after the path, as findings write them.
        Row(urlTypes, "CFBundleIdentifier (generated as $(PRODUCT_BUNDLE_IDENTIFIER))", (5, 2)),
        // Malformed paths.
        Row(urlTypes, "CFBundleURLTypes[0", nil),
        Row(urlTypes, "CFBundleURLTypes[x]", nil),
        Row(urlTypes, "", nil),
        // A key in a comment, CDATA or a string is not a key; entities are decoded.
        Row(header + "<dict>\n<!-- <key>A</key> -->\n<key>B</key><string><![CDATA[<key>A</key>]]></string>\n<key>A</key><true/>\n</dict>", "A", (7, 1)),
        Row(header + "<dict>\n<key>A&amp;B</key><string/>\n</dict>", "A&B", (5, 1)),
        // CRLF and a lone CR end lines; a multi-byte scalar is one column.
        Row(header.replacingOccurrences(of: "\n", with: "\r\n") + "<dict>\r\n<key>é</key><string/><key>x</key><string/>\r<key>y</key><true/></dict>", "x", (5, 22)),
        Row(header + "<dict>\n<key>é</key><string/><key>x</key><string/>\r<key>y</key><true/></dict>", "y", (6, 1)),
        // Nested arrays, self-closing containers, empty keys.
        Row(header + "<dict><key>a</key><array><array/><array><string>1</string><string>2</string></array></array></dict>", "a[1][1]", (4, 59)),
        Row(header + "<dict><key>a</key><dict/><key>b</key><integer>1</integer></dict>", "b", (4, 26)),
    ]

    @Test(arguments: rows)
    func findsTheKey(_ row: Row) {
        #expect(PlistKeyLocator.position(of: row.keyPath, in: Array(row.xml.utf8)) == row.expected)
    }

    @Test func aBinaryPlistHasNoLines() throws {
        let binary = try DoctorTests.data("msal-good-binary.plist")
        #expect(PlistKeyLocator.position(of: "CFBundleURLTypes", in: Array(binary)) == nil)
    }

    /// Whatever the bytes: no trap, and a position inside the input.
    @Test func anyBytesAreSafe() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["<dict>", "</dict>", "<array>", "</array>", "<key>", "</key>", "a", "\n", "\r", "<!--", "-->", "<![CDATA[", "]]>", "<", ">", "/", "&amp;", "\u{FF}", "<array/>"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...60, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let bytes = Array(text.utf8)
            for path in ["a", "a[0]", "a[0].a", "a[1][0]"] {
                if let position = PlistKeyLocator.position(of: path, in: bytes) {
                    #expect(position.line >= 1 && position.line <= bytes.count + 1 && position.column >= 1)
                }
            }
        }
    }

    /// Linear time: 200,000 nested arrays and a long flat one take well under a second each.
    @Test func deepAndLongInputsAreLinear() {
        let deep = Array((String(repeating: "<array>", count: 200_000) + String(repeating: "</array>", count: 200_000)).utf8)
        #expect(PlistKeyLocator.position(of: "a[0][0][0]", in: deep) == nil)
        let long = Array(("<dict><key>a</key><array>" + String(repeating: "<string>x</string>", count: 100_000) + "</array></dict>").utf8)
        #expect(PlistKeyLocator.position(of: "a[99999]", in: long) == PlistKeyLocator.Position(line: 1, column: 26 + 99_999 * 18))
    }
}
