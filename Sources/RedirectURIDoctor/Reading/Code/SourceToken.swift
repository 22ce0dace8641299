/// The languages of an app's code that the doctor reads.
enum SourceLanguage: String, Sendable, Hashable, CaseIterable {
    /// `.swift` files.
    case swift
    /// `.m`, `.mm` and `.h` files: Objective-C (and Objective-C++, read as Objective-C).
    case objectiveC = "objective-c"

    /// The language of a file by its extension, `nil` for files the doctor does not read.
    init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "swift": self = .swift
        case "m", "mm", "h": self = .objectiveC
        default: return nil
        }
    }
}

/// A string literal as the compiler would see it: its text pieces with escapes decoded, and the
/// source text of each interpolation (`\(…)` in Swift), which is not evaluated.
struct SourceStringLiteral: Sendable, Hashable {
    /// A piece of a string literal.
    enum Segment: Sendable, Hashable {
        /// Literal text, escapes decoded.
        case text(String)
        /// The source text between `\(` and its `)`, as written.
        case interpolation(String)
    }

    var segments: [Segment]
    /// A Swift `"""` literal, whose value also depends on the indentation of its closing
    /// delimiter: the doctor does not read its value.
    var isMultiline = false
    /// The literal ran to the end of its line or file without its closing quote.
    var isUnterminated = false

    /// The value, when the literal has no interpolation and is read whole.
    var plainValue: String? {
        guard !isMultiline, !isUnterminated else { return nil }
        var value = ""
        for segment in segments {
            guard case .text(let text) = segment else { return nil }
            value += text
        }
        return value
    }
}

/// One token of an app's source file: what the doctor's pattern readers match on.
///
/// Comments and whitespace are dropped; a string literal is one token however it is written
/// (raw, multi-line, interpolated, Objective-C's adjacent literals joined); a preprocessor line
/// or a Swift `#` keyword is one directive token.
struct SourceToken: Sendable, Hashable {
    /// What a token is.
    enum Kind: Sendable, Hashable {
        /// A name or keyword (`let`, `MSALPublicClientApplication`, Objective-C's `@interface`).
        case identifier
        /// A string literal (``SourceToken/literal`` holds it).
        case string
        /// A number or character literal, kept only so that it is not read as anything else.
        case number
        /// One punctuation character, or one of the operators `==`, `!=`, `===`, `!==`, `&&`,
        /// `||`, `??`, `->`.
        case punctuation
        /// `#if`, `#else`, `#available`…: in Objective-C a whole preprocessor line, whose text
        /// after the name is ``SourceToken/directiveBody``.
        case directive
    }

    var kind: Kind
    /// The identifier, punctuation, number or directive name (`#if`) as written; empty for strings.
    var text: String
    /// The 1-based line the token starts on.
    var line: Int
    /// The literal, for ``Kind/string``.
    var literal: SourceStringLiteral?
    /// Inside an `#if` block (either branch), where the code may not be compiled.
    var isConditional = false
    /// An Objective-C directive's text after its name (`kRedirect @"msauth.x://auth"` for
    /// `#define`), comments removed, lines joined.
    var directiveBody: String?

    func isPunctuation(_ text: String) -> Bool { kind == .punctuation && self.text == text }
    func isIdentifier(_ text: String) -> Bool { kind == .identifier && self.text == text }
}

/// The bytes the lexers name.
enum SourceByte {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let hash = UInt8(ascii: "#")
    static let at = UInt8(ascii: "@")
    static let backtick = UInt8(ascii: "`")
    static let openParenthesis = UInt8(ascii: "(")
    static let closeParenthesis = UInt8(ascii: ")")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let dot = UInt8(ascii: ".")

    /// A byte that may start a name: ASCII letters, `_`, `$`, and every byte of a non-ASCII
    /// character (Swift allows most of them; reading them all as name bytes never splits one).
    static func startsIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func continuesIdentifier(_ byte: UInt8) -> Bool { startsIdentifier(byte) || isDigit(byte) }

    static func isHorizontalSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == carriageReturn || byte == 0x0B || byte == 0x0C
    }

    /// The two- and three-byte operators kept whole, so that a condition reads `==` as one token.
    static func operatorLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let first = bytes[index]
        let second: UInt8 = index + 1 < bytes.count ? bytes[index + 1] : 0
        let third: UInt8 = index + 2 < bytes.count ? bytes[index + 2] : 0
        let equals = UInt8(ascii: "=")
        switch (first, second) {
        case (equals, equals), (UInt8(ascii: "!"), equals):
            return third == equals ? 3 : 2
        case (UInt8(ascii: "&"), UInt8(ascii: "&")), (UInt8(ascii: "|"), UInt8(ascii: "|")), (UInt8(ascii: "?"), UInt8(ascii: "?")),
            (UInt8(ascii: "-"), UInt8(ascii: ">")):
            return 2
        default:
            return 1
        }
    }

    /// Decodes a simple escape's character (`n`, `t`, `0`…); any other character stands for itself.
    static func simpleEscape(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "n"): return newline
        case UInt8(ascii: "t"): return tab
        case UInt8(ascii: "r"): return carriageReturn
        case UInt8(ascii: "0"): return 0
        default: return byte
        }
    }
}
