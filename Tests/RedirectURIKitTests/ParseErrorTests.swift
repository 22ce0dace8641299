import Testing
@_spi(Testing) @testable import RedirectURIKit

/// Each error kind with the offset of the first byte no valid reference can continue with.
struct ParseErrorTests {
    static let rows: [(input: String, grammar: URIGrammar, kind: URIParseError.Kind, offset: Int)] = [
        ("1ab:x", .uriReference, .invalidScheme, 3),          // "1ab" is a relative path until ':'
        (":x", .uriReference, .invalidScheme, 0),
        ("a_b:c", .uriReference, .invalidScheme, 3),
        ("a:b", .relativeReference, .unexpectedScheme, 1),
        ("/path", .uri, .missingScheme, 0),
        ("abc", .uri, .missingScheme, 3),                     // could still become "abc:"
        ("ab/c:", .uri, .invalidScheme, 2),
        ("a%zz", .uriReference, .invalidPercentEncoding, 2),
        ("a%4", .uriReference, .invalidPercentEncoding, 3),   // input ends inside the triplet
        ("http://h%4G/", .uriReference, .invalidPercentEncoding, 10),
        ("http://u[@h/", .uriReference, .invalidAuthorityCharacter, 8),
        ("http://h h/", .uriReference, .invalidAuthorityCharacter, 8),
        ("http://u@h@x/", .uriReference, .invalidHostCharacter, 10),
        ("http://u@h h/", .uriReference, .invalidHostCharacter, 10),
        ("http://[::1/", .uriReference, .invalidIPv6Address, 11),
        ("http://[::1", .uriReference, .unterminatedIPLiteral, 11),
        ("http://[::1]x/", .uriReference, .invalidCharacterAfterHost, 12),
        ("x://[v1.a/]", .uriReference, .invalidIPvFuture, 9),
        ("http://[::1]:8a/", .uriReference, .invalidPort, 14),
        ("http://u@h:8a/", .uriReference, .invalidPort, 12),
        ("http://h:8a/", .uriReference, .invalidPort, 11),    // "h:8a" might have been userinfo
        ("x:/a b", .uriReference, .invalidPathCharacter, 4),
        ("x:/a\\b", .uriReference, .invalidPathCharacter, 4),
        ("a[b", .uriReference, .invalidPathCharacter, 1),
        ("x:/a?b c", .uriReference, .invalidQueryCharacter, 6),
        ("x:/a?b]", .uriReference, .invalidQueryCharacter, 6),
        ("x:/a#b#c", .uriReference, .invalidFragmentCharacter, 6),
        ("x:/a#b", .absoluteURI, .unexpectedFragment, 4),
        ("x:/\u{E9}", .uriReference, .invalidPathCharacter, 3),
        ("x:/a\tb", .uriReference, .invalidPathCharacter, 4),
        (" x:/a", .uriReference, .invalidPathCharacter, 0),   // no trimming
        ("x:/a\n", .uriReference, .invalidPathCharacter, 4),
    ]

    @Test(arguments: rows.indices)
    func kindAndOffset(row: Int) {
        let (input, grammar, kind, offset) = Self.rows[row]
        guard case .failure(let error) = parseOutcome(input, as: grammar) else {
            Issue.record("accepted \(input)")
            return
        }
        #expect(error.kind == kind, "\(input)")
        #expect(error.offset == offset, "\(input)")
    }

    @Test func everyKindIsExercisedOrDocumented() {
        let exercised = Set(Self.rows.map(\.kind.code))
        let untested = Set(URIParseError.Kind.allKinds.map(\.code)).subtracting(exercised)
        // input-too-long needs 16 MiB and has its own test.
        #expect(untested == ["input-too-long"])
    }

    @Test func inputTooLong() {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: URIParser.maximumInputLength + 1)
        #expect(throws: URIParseError.self) { try URIReference(bytes: bytes) }
        do {
            _ = try URIReference(bytes: bytes)
        } catch {
            #expect(error.kind == .inputTooLong)
            #expect(error.offset == URIParser.maximumInputLength)
        }
    }

    @Test func descriptionPointsAtTheByte() {
        guard case .failure(let error) = parseOutcome("x-msauth-app://com.app\\evil") else {
            Issue.record("accepted")
            return
        }
        #expect(error.description == """
            invalid-authority-character at offset 22: the authority allows only unreserved \
            characters, sub-delims, ':', '@' and percent-encoding (found '\\' at offset 22)
              x-msauth-app://com.app\\evil
                                    ^
            """)
    }

    @Test func descriptionEscapesControlsAndKeepsTheCaretAligned() {
        guard case .failure(let error) = parseOutcome("a\u{1}b c") else {
            Issue.record("accepted")
            return
        }
        #expect(error.offset == 1)
        #expect(error.excerpt.caretDiagram(at: error.offset) == "  a\\x01b c\n   ^")
    }

    @Test func longInputKeepsAWindow() {
        let text = String(repeating: "a", count: 1000) + " "
        guard case .failure(let error) = parseOutcome(text) else {
            Issue.record("accepted")
            return
        }
        #expect(error.offset == 1000)
        #expect(error.excerpt.bytes.count == URIParseError.excerptLimit)
        #expect(error.description.hasSuffix("^"))
    }
}
