import Testing
@_spi(Toolkit) @testable import RedirectURIKit

/// Xcode's build-setting reference grammar (`BuildSettingText`): where references start and end.
struct BuildSettingReferenceTests {
    /// Segments drawn as text: a literal as itself, a reference as `[(content)]`, `[{content}]` or
    /// `[$content]`, with `…` when unterminated.
    static func drawn(_ text: String) -> String {
        let bytes = Array(text.utf8)
        return BuildSettingText.segments(of: text).map { segment -> String in
            switch segment {
            case .literal(let range):
                return String(decoding: bytes[range], as: UTF8.self)
            case .reference(let reference):
                let content = String(decoding: bytes[reference.contentRange], as: UTF8.self)
                let end = reference.isTerminated ? "" : "…"
                switch reference.delimiter {
                case .parentheses: return "[(\(content)\(end))]"
                case .braces: return "[{\(content)\(end)}]"
                case .none: return "[$\(content)]"
                }
            }
        }.joined()
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let input: String
        let expected: String
        let sourceLine: Int
        init(_ input: String, _ expected: String, line: Int = #line) {
            self.input = input
            self.expected = expected
            self.sourceLine = line
        }
        var testDescription: String { "line \(sourceLine): \(input)" }
    }

    static let rows: [Row] = [
        Row("com.contoso.app", "com.contoso.app"),
        Row("$(PRODUCT_BUNDLE_IDENTIFIER)", "[(PRODUCT_BUNDLE_IDENTIFIER)]"),
        Row("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)", "msauth.[(PRODUCT_BUNDLE_IDENTIFIER)]"),
        Row("${PRODUCT_NAME}.app", "[{PRODUCT_NAME}].app"),
        Row("$(PRODUCT_NAME:rfc1034identifier)", "[(PRODUCT_NAME:rfc1034identifier)]"),
        Row("$(A_$(CONFIGURATION))x", "[(A_$(CONFIGURATION))]x"),              // nested: one top-level reference
        Row("$(A:default=${B})", "[(A:default=${B})]"),
        Row("$(A(B))", "[(A(B)])"),                                            // '(' is content; the first ')' closes
        Row("${A)}", "[{A)}]"),                                                // ')' is content inside ${…}
        Row("$(A", "[(A…)]"),                                                  // unterminated: runs to the end
        Row("$(A$(B)", "[(A$(B)…)]"),
        Row("$", "$"),
        Row("a$", "a$"),
        Row("$$", "$"),
        Row("$$(A)", "$(A)"),                                                  // escaped: no reference
        Row("$(A$$)B)", "[(A$$)]B)"),                                          // "$$" inside is not an opener
        Row("$5", "$5"),
        Row("$-x", "$-x"),
        Row("$PRODUCT_NAME.app", "[$PRODUCT_NAME.app]"),                       // Xcode's bare names take '.'
        Row("msauth.$PRODUCT_BUNDLE_IDENTIFIER://auth", "msauth.[$PRODUCT_BUNDLE_IDENTIFIER]://auth"),
        Row("$_x9", "[$_x9]"),
        Row("$()", "[()]"),                                                    // empty name (Xcode: empty value)
        Row("https:/$()/example.com", "https:/[()]/example.com"),
        Row("é$(A)é", "é[(A)]é"),
        Row("$[A]", "$[A]"),                                                   // not a form this grammar takes
    ]

    @Test(arguments: rows)
    func segments(row: Row) {
        #expect(Self.drawn(row.input) == row.expected)
    }

    @Test func rowCountIsPinned() { #expect(Self.rows.count == 25) }

    @Test func offsetsAreByteOffsetsAndReferencesCoverTheirText() {
        let text = "é.$(A:lower).${B}.$C"
        let bytes = Array(text.utf8)
        let references = BuildSettingText.segments(of: text).compactMap { segment -> BuildSettingReference? in
            if case .reference(let reference) = segment { return reference }
            return nil
        }
        #expect(references.map { String(decoding: bytes[$0.range], as: UTF8.self) } == ["$(A:lower)", "${B}", "$C"])
        #expect(references.first?.range == 3..<13)
    }

    @Test func subrangeIsScannedAloneAndClamped() {
        let text = "x$(A)y$(B)"
        let segments = Array(text.utf8).withUnsafeBufferPointer { BuildSettingText.segments(in: $0, range: 5..<10) }
        #expect(segments == [.literal(5..<6), .reference(BuildSettingReference(range: 6..<10, contentRange: 8..<9,
                                                                                   delimiter: .parentheses, isTerminated: true))])
        let clamped = Array(text.utf8).withUnsafeBufferPointer { BuildSettingText.segments(in: $0, range: -4..<400) }
        #expect(clamped.count == 4)
    }

    /// Literals and references tile the text, except the second '$' of each "$$".
    @Test func segmentsTileAnyBytes() {
        var generator = SeededGenerator(seed: 11)
        let alphabet = Array("$(){}:=_aZ9.-é".utf8)
        for length in 0..<400 {
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let segments = bytes.withUnsafeBufferPointer { BuildSettingText.segments(in: $0, range: 0..<$0.count) }
            var position = 0
            for segment in segments {
                let range: Range<Int>
                switch segment {
                case .literal(let literal): range = literal
                case .reference(let reference):
                    range = reference.range
                    #expect(range.contains(reference.contentRange.lowerBound) || reference.contentRange.isEmpty)
                    #expect(reference.contentRange.upperBound <= range.upperBound)
                }
                if range.lowerBound == position &+ 1, position > 0, bytes[position &- 1] == 0x24, bytes[position] == 0x24 {
                    position &+= 1  // the dropped second '$' of "$$"
                }
                #expect(range.lowerBound == position)
                position = range.upperBound
            }
            if position == length &- 1, length >= 2, bytes[length &- 1] == 0x24 { position = length }
            #expect(position == length)
        }
    }

    @Test func deepNestingIsLinearAndNeverTraps() {
        let depth = 200_000
        let text = String(repeating: "$(", count: depth) + String(repeating: ")", count: depth)
        let segments = BuildSettingText.segments(of: text)
        #expect(segments.count == 1)
        let unterminated = BuildSettingText.segments(of: String(repeating: "${", count: depth))
        #expect(unterminated.count == 1)
    }
}
