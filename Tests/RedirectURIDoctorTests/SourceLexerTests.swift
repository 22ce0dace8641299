import Testing

@testable import RedirectURIDoctor

/// The token readers of Swift and Objective-C: what is a comment, a string, a directive, and
/// which line a token is on. Each row is a way real code is written that a simpler reader gets
/// wrong (a quote in a comment, a comment in a string, nested comments, raw strings).
struct SourceLexerTests {
    /// A string literal as the tests write it: `text` pieces and `\(…)` interpolations.
    static func describe(_ literal: SourceStringLiteral?) -> String {
        guard let literal else { return "none" }
        var text = literal.isMultiline ? "M:" : ""
        if literal.isUnterminated { text += "U:" }
        for segment in literal.segments {
            switch segment {
            case .text(let piece): text += piece
            case .interpolation(let expression): text += "{\(expression)}"
            }
        }
        return text
    }

    @Test(arguments: [
        // Comments hide quotes; strings hide comments.
        (#"// "a" "# + "\nlet x = \"d\"", ["d"]),
        ("/* \"b\" */ let x = \"// not a comment\"", ["// not a comment"]),
        // Swift's block comments nest: the inner */ does not end the outer one.
        ("/* /* \"b\" */ \"c\" */ let x = \"d\"", ["d"]),
        // Raw strings: quotes and backslashes inside are text; \#( interpolates.
        (##"let r = #"raw \(x) "quoted""#"##, [#"raw \(x) "quoted""#]),
        (###"let r = ##"a"#b"##"###, [##"a"#b"##]),
        (##"let r = #"a\#(name)b"#"##, ["a{name}b"]),
        // Interpolations nest strings that nest interpolations; only the outer literal is a token.
        (#"let s = "a\("b\("c")d")e""#, [#"a{"b\("c")d"}e"#]),
        (#"let s = "msauth.\(Bundle.main.bundleIdentifier!)://auth""#, ["msauth.{Bundle.main.bundleIdentifier!}://auth"]),
        (#"let s = "(\((1 + (2)) * 3))""#, ["({(1 + (2)) * 3})"]),
        // Escapes.
        (#"let s = "tab\tquote\"slash\\ \u{1F600}""#, ["tab\tquote\"slash\\ 😀"]),
        // Multi-line: read, but marked (its value depends on its indentation).
        ("let s = \"\"\"\n  one \"two\" \"\"\n  \"\"\"", ["M:\n  one \"two\" \"\"\n  "]),
        // An unterminated literal ends at its line, and the next line is code again.
        ("let s = \"open\nlet t = \"closed\"", ["U:open", "closed"]),
    ] as [(String, [String])])
    func swiftStrings(source: String, literals: [String]) {
        let tokens = SwiftLexer.tokens(Array(source.utf8))
        #expect(tokens.filter { $0.kind == .string }.map { Self.describe($0.literal) } == literals)
    }

    @Test func swiftLinesDirectivesAndNames() {
        let source = "#if DEBUG\nlet a = \"x\"\n#else\nlet a = \"y\"\n#endif\n/* two\nlines */ let `default` = \"z\""
        let tokens = SwiftLexer.tokens(Array(source.utf8))
        let strings = tokens.filter { $0.kind == .string }
        #expect(strings.map(\.line) == [2, 4, 7])
        #expect(strings.map(\.isConditional) == [true, true, false])
        #expect(tokens.filter { $0.kind == .directive }.map(\.text) == ["#if", "#else", "#endif"])
        #expect(tokens.contains { $0.isIdentifier("default") && $0.line == 7 })
    }

    @Test func swiftOperatorsStayWhole() {
        let tokens = SwiftLexer.tokens(Array("if a == \"b\" && c != d ?? e { f?.g() }".utf8))
        #expect(tokens.filter { $0.kind == .punctuation }.map(\.text) == ["==", "&&", "!=", "??", "{", "?", ".", "(", ")", "}"])
    }

    @Test(arguments: [
        // Adjacent literals are one, as the compiler joins them.
        (#"NSString *s = @"msauth." @"com.contoso" "://auth";"#, ["msauth.com.contoso://auth"]),
        (#"/* @"no" */ [x foo:@"yes"]; // @"no""#, ["yes"]),
        // A quote in a character literal opens no string.
        (#"char c = '"'; NSString *s = @"after";"#, ["after"]),
        (#"NSString *s = @"a\"b\\c";"#, [#"a"b\c"#]),
    ] as [(String, [String])])
    func objectiveCStrings(source: String, literals: [String]) {
        let tokens = ObjectiveCLexer.tokens(Array(source.utf8))
        #expect(tokens.filter { $0.kind == .string }.map { Self.describe($0.literal) } == literals)
    }

    @Test func objectiveCDirectivesAreWholeLines() {
        let source = "#define kRedirect @\"msauth.x://auth\" // the redirect\n#define kLong \\\n  @\"b\"\n#ifdef DEBUG\nint x = 1;\n#endif\nint y;"
        let tokens = ObjectiveCLexer.tokens(Array(source.utf8))
        let directives = tokens.filter { $0.kind == .directive }
        #expect(directives.map(\.text) == ["#define", "#define", "#ifdef", "#endif"])
        #expect(directives.first?.directiveBody == "kRedirect @\"msauth.x://auth\"")
        #expect(directives.dropFirst().first?.directiveBody == "kLong    @\"b\"")
        #expect(tokens.first { $0.isIdentifier("x") }?.isConditional == true)
        #expect(tokens.first { $0.isIdentifier("y") }.map { ($0.line, $0.isConditional) } ?? (0, true) == (7, false))
    }

    /// Bytes that are not UTF-8, NULs and lone delimiters: every byte is read, nothing traps,
    /// and there are never more tokens than bytes.
    @Test(arguments: [
        [0xFF, 0xFE, 0x22, 0x5C], [0x23, 0x23, 0x23], Array("\"\\(".utf8), Array("/* /* */".utf8), Array("#\"\"\"\\#(".utf8),
        Array("@\"\\".utf8), [0x00, 0x22, 0x00, 0x0A, 0x22],
    ] as [[UInt8]])
    func anyBytes(bytes: [UInt8]) {
        #expect(SwiftLexer.tokens(bytes).count <= bytes.count)
        #expect(ObjectiveCLexer.tokens(bytes).count <= bytes.count)
    }
}
