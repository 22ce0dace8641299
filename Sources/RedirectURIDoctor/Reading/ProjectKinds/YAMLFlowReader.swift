/// Reads a value written on one line: a plain, single- or double-quoted scalar, or a flow
/// sequence or mapping (`[a, "b"]`, `{path: App, optional: true}`) that closes on the line.
struct FlowReader {
    let text: [UInt8]
    let line: Int
    private var position = 0

    init(text: [UInt8], line: Int) {
        self.text = text
        self.line = line
    }

    private func failure(_ reason: String) -> YAMLSubsetError { YAMLSubsetError(line: line, reason: reason) }

    private mutating func skipSpaces() {
        while position < text.count, text[position] == UInt8(ascii: " ") || text[position] == UInt8(ascii: "\t") { position += 1 }
    }

    /// Nothing but spaces may follow the value.
    mutating func end() throws(YAMLSubsetError) {
        skipSpaces()
        if position < text.count { throw failure("text after a value") }
    }

    /// The value at the current position; `inFlow` when inside `[…]` or `{…}`, where `,` `]` `}`
    /// end a plain scalar.
    mutating func value(depth: Int, inFlow: Bool = false) throws(YAMLSubsetError) -> YAMLValue {
        guard depth < YAMLSubsetReader.maximumDepth else { throw failure("nesting too deep") }
        skipSpaces()
        guard position < text.count else { return .scalar("", quoted: false, line: line) }
        switch text[position] {
        case UInt8(ascii: "\""): return .scalar(try doubleQuoted(), quoted: true, line: line)
        case UInt8(ascii: "'"): return .scalar(try singleQuoted(), quoted: true, line: line)
        case UInt8(ascii: "["): return try flowSequence(depth: depth)
        case UInt8(ascii: "{"): return try flowMapping(depth: depth)
        case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
            throw failure("an anchor, alias or tag")
        case UInt8(ascii: "@"), UInt8(ascii: "`"):
            throw failure("a plain value starting with a reserved character")
        default: return .scalar(plain(inFlow: inFlow), quoted: false, line: line)
        }
    }

    private mutating func plain(inFlow: Bool) -> String {
        let start = position
        while position < text.count {
            let byte = text[position]
            if inFlow, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { break }
            if inFlow, byte == UInt8(ascii: ":"),
                position + 1 == text.count || [UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "}")].contains(text[position + 1])
            {
                break
            }
            position += 1
        }
        var end = position
        while end > start, text[end - 1] == UInt8(ascii: " ") || text[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    private mutating func singleQuoted() throws(YAMLSubsetError) -> String {
        position += 1
        var bytes: [UInt8] = []
        while position < text.count {
            if text[position] == UInt8(ascii: "'") {
                if position + 1 < text.count, text[position + 1] == UInt8(ascii: "'") {
                    bytes.append(UInt8(ascii: "'"))
                    position += 2
                    continue
                }
                position += 1
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes.append(text[position])
            position += 1
        }
        throw failure("a quoted value not closed on its line")
    }

    private mutating func doubleQuoted() throws(YAMLSubsetError) -> String {
        position += 1
        var bytes: [UInt8] = []
        while position < text.count {
            let byte = text[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: bytes, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            guard position < text.count else { break }
            let escape = text[position]
            position += 1
            switch escape {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "0"): bytes.append(0)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: " "): bytes.append(escape)
            case UInt8(ascii: "u"):
                guard position + 4 <= text.count, let scalarValue = UInt32(String(decoding: text[position..<position + 4], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(scalarValue)
                else { throw failure("a \\u escape without four hex digits of a character") }
                bytes += Array(String(Character(scalar)).utf8)
                position += 4
            default: throw failure("an escape the doctor does not read")
            }
        }
        throw failure("a quoted value not closed on its line")
    }

    private mutating func flowSequence(depth: Int) throws(YAMLSubsetError) -> YAMLValue {
        position += 1
        var items: [YAMLValue] = []
        skipSpaces()
        if position < text.count, text[position] == UInt8(ascii: "]") {
            position += 1
            return .sequence(items, line: line)
        }
        while true {
            items.append(try value(depth: depth + 1, inFlow: true))
            skipSpaces()
            guard position < text.count else { throw failure("a flow sequence not closed on its line") }
            let byte = text[position]
            position += 1
            if byte == UInt8(ascii: "]") { return .sequence(items, line: line) }
            guard byte == UInt8(ascii: ",") else { throw failure("a flow sequence item not followed by ',' or ']'") }
        }
    }

    private mutating func flowMapping(depth: Int) throws(YAMLSubsetError) -> YAMLValue {
        position += 1
        var entries: [YAMLEntry] = []
        skipSpaces()
        if position < text.count, text[position] == UInt8(ascii: "}") {
            position += 1
            return .mapping(entries, line: line)
        }
        while true {
            guard case .scalar(let key, _, _) = try value(depth: depth + 1, inFlow: true) else { throw failure("a flow key that is not a scalar") }
            skipSpaces()
            guard position < text.count, text[position] == UInt8(ascii: ":") else { throw failure("a flow mapping key without ':'") }
            position += 1
            guard !entries.contains(where: { $0.key == key }) else { throw failure("the key '\(key)' twice") }
            entries.append(YAMLEntry(key: key, value: try value(depth: depth + 1, inFlow: true)))
            skipSpaces()
            guard position < text.count else { throw failure("a flow mapping not closed on its line") }
            let byte = text[position]
            position += 1
            if byte == UInt8(ascii: "}") { return .mapping(entries, line: line) }
            guard byte == UInt8(ascii: ",") else { throw failure("a flow mapping entry not followed by ',' or '}'") }
        }
    }
}
