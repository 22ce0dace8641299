/// Why an input is not an RFC 3986 URI (or URI reference), and where it stopped matching.
///
/// `offset` is the byte offset of the first byte that no valid URI reference can have after the
/// bytes before it — equivalently, the length of the longest prefix of the input that can still be
/// completed into a valid reference. When the input ends too early (`http://[::1`, `a%4`), the
/// offset is the input's length.
///
/// ```swift
/// do {
///     _ = try URIReference(parsing: "x-msauth-app://com.app\\evil")
/// } catch {
///     print(error.kind, error.offset)   // invalid-path-character 22
/// }
/// ```
public struct URIParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; a stable, documented code.
    public var kind: Kind
    /// The byte offset where the input left the grammar.
    public var offset: Int
    /// The input (bytes, as given), kept so that ``description`` can point at the offending byte.
    /// Inputs longer than ``URIParseError/excerptLimit`` keep only a window around the offset.
    /// Testing SPI: apps read ``caretDiagram``.
    @_spi(Testing) public var excerpt: ParseExcerpt

    /// Longest excerpt kept in an error, in bytes.
    public static let excerptLimit = 160

    /// Creates an error of `kind` at `offset` inside `input`.
    public init(_ kind: Kind, at offset: Int, in input: UnsafeBufferPointer<UInt8>) {
        self.kind = kind
        self.offset = offset
        self.excerpt = ParseExcerpt(input, around: offset, limit: Self.excerptLimit)
    }

    /// A one-sentence explanation, without the input.
    public var message: String {
        var text = kind.explanation
        if let byte = excerpt.byte(at: offset) {
            text += " (found \(ParseExcerpt.describe(byte)) at offset \(offset))"
        } else {
            text += " (input ends at offset \(offset))"
        }
        return text
    }

    /// The input around the offset (a window of at most ``excerptLimit`` bytes, bytes outside
    /// printable ASCII escaped) and, under it, a caret at the offending byte.
    ///
    /// ```swift
    /// do { _ = try URIReference(parsing: "http://h h/") } catch { print(error.caretDiagram) }
    /// //   http://h h/
    /// //           ^
    /// ```
    public var caretDiagram: String { excerpt.caretDiagram(at: offset) }

    /// The kind, the offset, the message, and the input with a caret under the offending byte.
    public var description: String {
        "\(kind) at offset \(offset): \(message)\n" + caretDiagram
    }
}

/// A window of an input kept for error messages, with its position in the whole input.
///
/// Testing SPI: the fuzzers and tests check the window; apps read ``URIParseError/caretDiagram``.
@_spi(Testing)
public struct ParseExcerpt: Sendable, Hashable {
    /// The kept bytes.
    public let bytes: [UInt8]
    /// The offset in the whole input of `bytes[0]`.
    public let start: Int
    /// The length of the whole input.
    public let inputLength: Int

    init(_ input: UnsafeBufferPointer<UInt8>, around offset: Int, limit: Int) {
        inputLength = input.count
        if input.count <= limit {
            start = 0
            bytes = Array(input)
        } else {
            let half = limit / 2
            let lower = max(0, min(offset - half, input.count - limit))
            start = lower
            bytes = Array(input[lower..<(lower + limit)])
        }
    }

    /// The byte at `offset` of the whole input, when the excerpt holds it.
    public func byte(at offset: Int) -> UInt8? {
        let index = offset - start
        return bytes.indices.contains(index) ? bytes[index] : nil
    }

    /// A byte for humans: printable ASCII quoted, everything else as hex with a name.
    public static func describe(_ byte: UInt8) -> String {
        switch byte {
        case ASCII.space: return "space"
        case ASCII.tab: return "tab"
        case ASCII.lineFeed: return "line feed"
        case ASCII.carriageReturn: return "carriage return"
        case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x80...: return "non-ASCII byte 0x\(hex(byte))"
        default: return "control byte 0x\(hex(byte))"
        }
    }

    static func hex(_ byte: UInt8) -> String {
        String(decoding: [ASCII.uppercaseHexDigit(byte >> 4), ASCII.uppercaseHexDigit(byte)], as: UTF8.self)
    }

    /// Renders a byte so that the rendering is printable and one column per character.
    static func render(_ byte: UInt8) -> String {
        switch byte {
        case 0x20..<0x7F: return String(Character(Unicode.Scalar(byte)))
        default: return "\\x" + hex(byte)
        }
    }

    /// Two lines: the excerpt (non-printable bytes escaped as `\xNN`) and a caret under `offset`.
    public func caretDiagram(at offset: Int) -> String {
        var line = start > 0 ? "…" : ""
        var caretColumn = line.count
        for (index, byte) in bytes.enumerated() {
            if start + index == offset { caretColumn = line.count }
            line += Self.render(byte)
        }
        if offset >= start + bytes.count { caretColumn = line.count }
        if start + bytes.count < inputLength { line += "…" }
        return "  " + line + "\n  " + String(repeating: " ", count: caretColumn) + "^"
    }
}

extension URIParseError: CodedError {
    /// Each kind's code and explanation, at the kind's row.
    public static let codes: [(code: String, explanation: String)] = [
        (
            "invalid-scheme",
            "a scheme must start with a letter and contain only letters, digits, '+', '-' and '.'; a relative reference cannot have ':' in its first segment"
        ),
        ("missing-scheme", "an absolute URI must start with a scheme followed by ':'"),
        ("unexpected-scheme", "a relative reference cannot have ':' in its first segment"),
        ("invalid-percent-encoding", "'%' must be followed by two hex digits"),
        (
            "invalid-authority-character",
            "the authority allows only unreserved characters, sub-delims, ':', '@' and percent-encoding"
        ),
        ("invalid-host-character", "a host allows only unreserved characters, sub-delims and percent-encoding"),
        ("invalid-ipv6-address", "the IP literal is not an RFC 3986 IPv6 address"),
        ("invalid-ipvfuture", "an IPvFuture literal is 'v', hex digits, '.', then unreserved, sub-delims or ':'"),
        ("unterminated-ip-literal", "an IP literal opened with '[' must be closed with ']'"),
        ("invalid-character-after-host", "only ':' and a port may follow an IP literal"),
        ("invalid-port", "a port must be decimal digits only"),
        (
            "invalid-path-character",
            "a path allows only unreserved characters, sub-delims, ':', '@', '/' and percent-encoding"
        ),
        (
            "invalid-query-character",
            "a query allows only unreserved characters, sub-delims, ':', '@', '/', '?' and percent-encoding"
        ),
        (
            "invalid-fragment-character",
            "a fragment allows only unreserved characters, sub-delims, ':', '@', '/', '?' and percent-encoding"
        ),
        ("unexpected-fragment", "an absolute URI cannot have a fragment"),
        ("input-too-long", "the input is longer than the parser's limit"),
    ]
}

extension ErrorKind where Owner == URIParseError {
    /// The text before the first `:` is not a scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`),
    /// and a relative reference cannot have `:` in its first segment (RFC 3986 §3.1, §4.2).
    public static var invalidScheme: Self { Self(rawValue: 0) }
    /// A URI (not a relative reference) was required, but there is no `scheme ":"` (RFC 3986 §3).
    public static var missingScheme: Self { Self(rawValue: 1) }
    /// A relative reference was required, but the input has a scheme (RFC 3986 §4.2).
    public static var unexpectedScheme: Self { Self(rawValue: 2) }
    /// `%` not followed by two hex digits (RFC 3986 §2.1).
    public static var invalidPercentEncoding: Self { Self(rawValue: 3) }
    /// A byte that is allowed in neither userinfo nor host (RFC 3986 §3.2).
    public static var invalidAuthorityCharacter: Self { Self(rawValue: 4) }
    /// A byte not allowed in a reg-name host (RFC 3986 §3.2.2).
    public static var invalidHostCharacter: Self { Self(rawValue: 5) }
    /// An IP-literal is not a valid IPv6address (RFC 3986 §3.2.2).
    public static var invalidIPv6Address: Self { Self(rawValue: 6) }
    /// An IP-literal starting with `v` is not a valid IPvFuture (RFC 3986 §3.2.2).
    public static var invalidIPvFuture: Self { Self(rawValue: 7) }
    /// `[` without a matching `]`.
    public static var unterminatedIPLiteral: Self { Self(rawValue: 8) }
    /// After an IP literal only `:port` or the end of the authority may follow.
    public static var invalidCharacterAfterHost: Self { Self(rawValue: 9) }
    /// The port is not `*DIGIT` (RFC 3986 §3.2.3).
    public static var invalidPort: Self { Self(rawValue: 10) }
    /// A byte not allowed in a path (RFC 3986 §3.3).
    public static var invalidPathCharacter: Self { Self(rawValue: 11) }
    /// A byte not allowed in a query (RFC 3986 §3.4).
    public static var invalidQueryCharacter: Self { Self(rawValue: 12) }
    /// A byte not allowed in a fragment (RFC 3986 §3.5); this includes a second `#`.
    public static var invalidFragmentCharacter: Self { Self(rawValue: 13) }
    /// An absolute-URI (RFC 3986 §4.3) was required, but the input has a fragment.
    public static var unexpectedFragment: Self { Self(rawValue: 14) }
    /// The input is longer than ``URIParser/maximumInputLength``.
    public static var inputTooLong: Self { Self(rawValue: 15) }
}
