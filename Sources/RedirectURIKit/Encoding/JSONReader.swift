/// A JSON text (RFC 8259) read strictly into values that remember where they start: what a
/// broker's registrations file is read with (``Registrations``), so that the core reads it
/// without Foundation and says where a file is wrong.
///
/// Strict where readers disagree: a key twice in one object is an error (readers keep the first
/// or the last), invalid UTF-8 and lone surrogate escapes are errors (readers replace them), and
/// nothing follows the value but white space. Nesting is limited to ``maximumDepth`` levels, so
/// that reading is bounded in stack whatever the input.
struct JSONReader {
    /// A value and the byte offset where it starts.
    struct Node: Sendable {
        enum Kind: Sendable {
            case object([Member])
            case array([Node])
            case string(String)
            /// A number, as written (checked against the grammar, not converted).
            case number
            case bool(Bool)
            case null
        }

        var kind: Kind
        var offset: Int

        /// The JSON type's name, for messages.
        var typeName: String {
            switch kind {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .bool: "a boolean"
            case .null: "null"
            }
        }
    }

    /// An object's member: its key, where the key starts, and its value.
    struct Member: Sendable {
        var key: String
        var keyOffset: Int
        var value: Node
    }

    /// Why a text is not JSON, and where.
    struct SyntaxError: Error, Sendable, Hashable {
        enum Reason: Sendable, Hashable {
            case syntax
            case tooDeep
            case duplicateKey
        }
        var reason: Reason
        var offset: Int
        var detail: String
    }

    /// How deep arrays and objects may nest.
    static let maximumDepth = 64

    let bytes: [UInt8]
    var position = 0

    /// Reads one JSON value filling `bytes` (white space around it allowed).
    static func read(_ bytes: [UInt8]) throws(SyntaxError) -> Node {
        if let invalid = UTF8Validation.firstInvalidIndex(in: bytes) {
            throw SyntaxError(reason: .syntax, offset: invalid, detail: "not valid UTF-8")
        }
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.error("nothing may follow the value") }
        return value
    }

    func error(_ detail: String, at offset: Int? = nil) -> SyntaxError {
        SyntaxError(reason: .syntax, offset: offset ?? position, detail: detail)
    }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == ASCII.space || byte == ASCII.tab || byte == ASCII.lineFeed || byte == ASCII.carriageReturn {
            position &+= 1
        }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
        guard current == byte else { throw error("expected \(what)") }
        position &+= 1
    }

    mutating func readValue(depth: Int) throws(SyntaxError) -> Node {
        let start = position
        switch current {
        case UInt8(ascii: "{"): return Node(kind: .object(try readObject(depth: depth + 1)), offset: start)
        case UInt8(ascii: "["): return Node(kind: .array(try readArray(depth: depth + 1)), offset: start)
        case UInt8(ascii: "\""): return Node(kind: .string(try readString()), offset: start)
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return Node(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return Node(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return Node(kind: .null, offset: start)
        case .some(let byte) where byte == UInt8(ascii: "-") || ByteClass.digit.contains(byte):
            try readNumber()
            return Node(kind: .number, offset: start)
        case .none: throw error("expected a value, found the end of the text")
        default: throw error("expected a value")
        }
    }

    mutating func readLiteral(_ literal: StaticString) throws(SyntaxError) {
        let start = position
        for byte in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard current == byte else { throw error("expected '\(literal)'", at: start) }
            position &+= 1
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    mutating func readNumber() throws(SyntaxError) {
        if current == UInt8(ascii: "-") { position &+= 1 }
        guard let first = current, ByteClass.digit.contains(first) else { throw error("expected a digit") }
        position &+= 1
        if first != ASCII.digitZero { skipDigits() }
        if current == UInt8(ascii: ".") {
            position &+= 1
            guard let digit = current, ByteClass.digit.contains(digit) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position &+= 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position &+= 1 }
            guard let digit = current, ByteClass.digit.contains(digit) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
    }

    mutating func skipDigits() {
        while let byte = current, ByteClass.digit.contains(byte) { position &+= 1 }
    }

    mutating func readArray(depth: Int) throws(SyntaxError) -> [Node] {
        guard depth <= Self.maximumDepth else {
            throw SyntaxError(reason: .tooDeep, offset: position, detail: "nested deeper than \(Self.maximumDepth) levels")
        }
        position &+= 1  // [
        skipWhitespace()
        var elements: [Node] = []
        if current == UInt8(ascii: "]") {
            position &+= 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position &+= 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return elements
        }
    }

    mutating func readObject(depth: Int) throws(SyntaxError) -> [Member] {
        guard depth <= Self.maximumDepth else {
            throw SyntaxError(reason: .tooDeep, offset: position, detail: "nested deeper than \(Self.maximumDepth) levels")
        }
        position &+= 1  // {
        skipWhitespace()
        var members: [Member] = []
        var keys: Set<String> = []
        if current == UInt8(ascii: "}") {
            position &+= 1
            return members
        }
        while true {
            skipWhitespace()
            let keyOffset = position
            guard current == UInt8(ascii: "\"") else { throw error("expected a key (a string)") }
            let key = try readString()
            guard keys.insert(key).inserted else {
                throw SyntaxError(
                    reason: .duplicateKey, offset: keyOffset, detail: "the key '\(key)' appears twice in one object; readers disagree on which counts"
                )
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':'")
            skipWhitespace()
            members.append(Member(key: key, keyOffset: keyOffset, value: try readValue(depth: depth)))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position &+= 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return members
        }
    }

    /// A string, its escapes decoded; the input is valid UTF-8 already.
    mutating func readString() throws(SyntaxError) -> String {
        position &+= 1  // "
        var decoded: [UInt8] = []
        while true {
            guard let byte = current else { throw error("the string is not closed") }
            if byte == UInt8(ascii: "\"") {
                position &+= 1
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte < ASCII.space { throw error("a control character must be escaped in a string") }
            if byte != UInt8(ascii: "\\") {
                decoded.append(byte)
                position &+= 1
                continue
            }
            let escape = position
            position &+= 1
            guard let kind = current else { throw error("the string is not closed") }
            position &+= 1
            switch kind {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(kind)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(ASCII.lineFeed)
            case UInt8(ascii: "r"): decoded.append(ASCII.carriageReturn)
            case UInt8(ascii: "t"): decoded.append(ASCII.tab)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard current == UInt8(ascii: "\\"), position &+ 1 < bytes.count, bytes[position &+ 1] == UInt8(ascii: "u") else {
                        throw error("a high surrogate escape must be followed by a low one", at: escape)
                    }
                    position &+= 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("a high surrogate escape must be followed by a low one", at: escape) }
                    scalar = 0x10000 &+ ((scalar &- 0xD800) &<< 10) &+ (low &- 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("a low surrogate escape without a high one", at: escape)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw error("not a Unicode scalar", at: escape) }
                UTF8.encode(unicode) { decoded.append($0) }
            default:
                throw error("unknown escape", at: escape)
            }
        }
    }

    mutating func readHex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = ASCII.hexValue(byte) else { throw error("expected four hex digits after \\u") }
            value = value &<< 4 | UInt32(digit)
            position &+= 1
        }
        return value
    }
}
