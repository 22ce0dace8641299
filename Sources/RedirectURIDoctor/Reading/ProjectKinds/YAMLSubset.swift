/// A value of the YAML that XcodeGen's `project.yml` is written in: block mappings and sequences,
/// plain, quoted and block (`|`, `>`) scalars, and flow collections (`[a, b]`, `{a: b}`) on one
/// line.
///
/// The reader is strict: what it does not read (anchors, aliases, tags, `<<` merges, complex
/// keys, a plain or flow value continued on the next line, several documents, tabs in
/// indentation) is a ``YAMLSubsetError`` naming its line, never a guess. The doctor then says
/// that `xcodegen generate` makes the project it can read. A full YAML library (Yams) would read
/// more, but would be the doctor's only dependency; a spec that needs more than this subset is
/// rare, and is still never misread.
indirect enum YAMLValue: Equatable, Sendable {
    /// A scalar: its text (escapes resolved), whether it was quoted (`"false"` is text, `false` a
    /// boolean), and its 1-based line.
    case scalar(String, quoted: Bool, line: Int)
    /// A sequence and the line it starts on.
    case sequence([YAMLValue], line: Int)
    /// A mapping, its keys in the file's order, and the line it starts on.
    case mapping([YAMLEntry], line: Int)

    /// The line the value starts on.
    var line: Int {
        switch self {
        case .scalar(_, _, let line), .sequence(_, let line), .mapping(_, let line): return line
        }
    }

    /// The value under `key`, for a mapping.
    subscript(key: String) -> YAMLValue? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The text of a scalar (not of `null` or `~`).
    var text: String? {
        guard case .scalar(let text, let quoted, _) = self else { return nil }
        return !quoted && (text == "~" || text == "null" || text.isEmpty) ? nil : text
    }

    /// A mapping's entries (empty for anything else).
    var entries: [YAMLEntry] {
        if case .mapping(let entries, _) = self { return entries }
        return []
    }

    /// A sequence's items, or a scalar or mapping as the only item (XcodeGen takes either).
    var items: [YAMLValue] {
        switch self {
        case .sequence(let items, _): return items
        case .scalar where text == nil: return []
        default: return [self]
        }
    }
}

/// A key of a mapping and its value.
struct YAMLEntry: Equatable, Sendable {
    var key: String
    var value: YAMLValue
}

/// Why a text is not in the YAML subset the doctor reads, and the 1-based line.
struct YAMLSubsetError: Error, Equatable, Sendable {
    var line: Int
    var reason: String
}

/// Reads ``YAMLValue``s. Time is linear in the input; nesting deeper than ``maximumDepth`` is an
/// error, not a deep recursion.
struct YAMLSubsetReader {
    static let maximumDepth = 64

    private struct Line {
        var number: Int
        var indent: Int
        /// The text after the indentation, its comment removed and trailing spaces trimmed.
        var text: Substring
    }

    private let raw: [Substring]
    private var lines: [Line] = []
    private var index = 0

    /// Reads one document: its top-level value (an empty mapping when the text holds none).
    static func read(_ bytes: [UInt8]) throws(YAMLSubsetError) -> YAMLValue {
        var reader = YAMLSubsetReader(bytes: bytes)
        return try reader.document()
    }

    /// Lines are split on the bytes: split as a `String`, a CRLF break is one `Character`, not
    /// "\n", and a spec saved with CRLF would read as one line (FuzzDoctorReaders' CRLF property).
    private init(bytes: [UInt8]) {
        raw = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            Substring(String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self))
        }
    }

    private mutating func document() throws(YAMLSubsetError) -> YAMLValue {
        for (offset, line) in raw.enumerated() {
            let number = offset + 1
            let indent = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indent)
            if rest.first == "\t" { throw YAMLSubsetError(line: number, reason: "a tab in indentation") }
            let text = try Self.withoutComment(rest, line: number)
            if text.isEmpty { continue }
            if indent == 0, text.hasPrefix("%") { throw YAMLSubsetError(line: number, reason: "a directive") }
            if indent == 0, text == "---" || text == "..." || text.hasPrefix("--- ") {
                if !lines.isEmpty || text != "---" { throw YAMLSubsetError(line: number, reason: "more than one document") }
                continue
            }
            lines.append(Line(number: number, indent: indent, text: text))
        }
        guard let first = lines.first else { return .mapping([], line: 1) }
        let value = try block(indent: first.indent, depth: 0)
        if index < lines.count { throw YAMLSubsetError(line: lines[index].number, reason: "a line indented less than its document") }
        return value
    }

    /// The block value whose lines start at `indent`.
    private mutating func block(indent: Int, depth: Int) throws(YAMLSubsetError) -> YAMLValue {
        guard depth < Self.maximumDepth else { throw YAMLSubsetError(line: lines[index].number, reason: "nesting too deep") }
        let line = lines[index]
        if line.text == "-" || line.text.hasPrefix("- ") { return try sequence(indent: indent, depth: depth) }
        if depth > 0, Self.keySplit(line.text) == nil {
            // A value on the line after its key (`sources:` then `  App`): nothing may follow it
            // at its indentation.
            index += 1
            return try inline(line.text, line: line.number, indent: indent - 1, depth: depth)
        }
        return try mapping(indent: indent, depth: depth)
    }

    private mutating func sequence(indent: Int, depth: Int) throws(YAMLSubsetError) -> YAMLValue {
        let start = lines[index].number
        var items: [YAMLValue] = []
        while index < lines.count, lines[index].indent == indent, lines[index].text == "-" || lines[index].text.hasPrefix("- ") {
            let line = lines[index]
            let rest = line.text.dropFirst(1).drop { $0 == " " }
            if rest.isEmpty {
                index += 1
                items.append(try nested(under: indent, depth: depth, line: line.number, allowSameIndentSequence: false))
            } else if rest == "-" || rest.hasPrefix("- ") || Self.keySplit(rest) != nil {
                // An item that is itself a mapping or sequence starts on the dash's line: read it
                // as a block indented to where its text starts.
                lines[index] = Line(number: line.number, indent: indent + (line.text.count - rest.count), text: rest)
                items.append(try block(indent: lines[index].indent, depth: depth + 1))
            } else {
                index += 1
                items.append(try inline(rest, line: line.number, indent: indent, depth: depth))
            }
        }
        if index < lines.count, lines[index].indent > indent {
            throw YAMLSubsetError(line: lines[index].number, reason: "a line indented more than its sequence")
        }
        return .sequence(items, line: start)
    }

    private mutating func mapping(indent: Int, depth: Int) throws(YAMLSubsetError) -> YAMLValue {
        let start = lines[index].number
        var entries: [YAMLEntry] = []
        var keys: Set<String> = []
        while index < lines.count, lines[index].indent == indent {
            let line = lines[index]
            guard let (rawKey, rest) = Self.keySplit(line.text) else {
                throw YAMLSubsetError(line: line.number, reason: "neither 'key: value' nor '- item'")
            }
            let key = try Self.key(rawKey, line: line.number)
            guard keys.insert(key).inserted else { throw YAMLSubsetError(line: line.number, reason: "the key '\(key)' twice") }
            index += 1
            let value: YAMLValue
            if rest.isEmpty {
                value = try nested(under: indent, depth: depth, line: line.number, allowSameIndentSequence: true)
            } else {
                value = try inline(rest, line: line.number, indent: indent, depth: depth)
            }
            entries.append(YAMLEntry(key: key, value: value))
        }
        if index < lines.count, lines[index].indent > indent {
            throw YAMLSubsetError(line: lines[index].number, reason: "a line indented more than its mapping")
        }
        return .mapping(entries, line: start)
    }

    /// The value on the lines after a `key:` or `-` with nothing after it: a block indented more,
    /// a sequence at the key's own indentation (YAML allows it), or null.
    private mutating func nested(under indent: Int, depth: Int, line: Int, allowSameIndentSequence: Bool) throws(YAMLSubsetError)
        -> YAMLValue
    {
        guard index < lines.count else { return .scalar("", quoted: false, line: line) }
        let next = lines[index]
        if next.indent > indent { return try block(indent: next.indent, depth: depth + 1) }
        if allowSameIndentSequence, next.indent == indent, next.text == "-" || next.text.hasPrefix("- ") {
            return try sequence(indent: indent, depth: depth + 1)
        }
        return .scalar("", quoted: false, line: line)
    }

    /// A value written after `key: ` or `- `: a scalar, a block scalar, or a flow collection.
    private mutating func inline(_ text: Substring, line: Int, indent: Int, depth: Int) throws(YAMLSubsetError) -> YAMLValue {
        if text.first == "|" || text.first == ">" { return try blockScalar(text, line: line, indent: indent) }
        var flow = FlowReader(text: Array(text.utf8), line: line)
        let value = try flow.value(depth: depth)
        try flow.end()
        if case .scalar(_, false, _) = value, index < lines.count, lines[index].indent > indent {
            throw YAMLSubsetError(line: lines[index].number, reason: "a plain value continued on the next line")
        }
        return value
    }

    /// `|` keeps the lines' breaks, `>` folds them into spaces; the lines are the raw lines
    /// indented more than the key (comments are text there).
    private mutating func blockScalar(_ header: Substring, line: Int, indent: Int) throws(YAMLSubsetError) -> YAMLValue {
        let indicators = header.dropFirst()
        guard indicators.allSatisfy({ $0 == "-" || $0 == "+" }), indicators.count <= 1 else {
            throw YAMLSubsetError(line: line, reason: "a block scalar header other than |, |-, |+, >, >-, >+")
        }
        var body: [Substring] = []
        var number = line  // the raw index of the next line is its number
        var blockIndent: Int?
        while number < raw.count {
            let text = raw[number]
            let spaces = text.prefix { $0 == " " }.count
            if spaces == text.count {
                body.append("")
            } else if spaces > indent && (blockIndent == nil || spaces >= blockIndent ?? 0) {
                blockIndent = blockIndent ?? spaces
                body.append(text.dropFirst(blockIndent ?? spaces))
            } else {
                break
            }
            number += 1
        }
        while index < lines.count, lines[index].number <= number { index += 1 }
        while body.last == "" { body.removeLast() }
        let joined = body.joined(separator: header.first == "|" ? "\n" : " ")
        return .scalar(indicators == "-" ? joined : joined + "\n", quoted: true, line: line)
    }

    /// The text before a comment: `#` at the start or after a space, outside quotes.
    private static func withoutComment(_ text: Substring, line: Int) throws(YAMLSubsetError) -> Substring {
        var quote: Character?
        var previous: Character = " "
        for position in text.indices {
            let character = text[position]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "#", previous == " " || previous == "\t" {
                return trimmed(text[..<position])
            } else if (character == "\"" || character == "'") && (previous == " " || previous == "[" || previous == "{" || previous == ",")
                || position == text.startIndex && (character == "\"" || character == "'")
            {
                quote = character
            }
            previous = character
        }
        return trimmed(text)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)] == " " || text[text.index(before: end)] == "\t" {
            end = text.index(before: end)
        }
        return text[..<end]
    }

    /// `key: rest` split at the first `: ` (or a final `:`) outside quotes.
    static func keySplit(_ text: Substring) -> (Substring, Substring)? {
        var quote: Character?
        var position = text.startIndex
        while position < text.endIndex {
            let character = text[position]
            let next = text.index(after: position)
            if let open = quote {
                if character == open { quote = nil }
            } else if position == text.startIndex, character == "\"" || character == "'" {
                quote = character
            } else if character == ":", next == text.endIndex || text[next] == " " {
                return (text[..<position], text[next...].drop { $0 == " " })
            } else if position == text.startIndex, character == "[" || character == "{" {
                return nil
            }
            position = next
        }
        return nil
    }

    private static func key(_ text: Substring, line: Int) throws(YAMLSubsetError) -> String {
        if text.hasPrefix("? ") || text == "<<" { throw YAMLSubsetError(line: line, reason: "a complex key or merge key") }
        var flow = FlowReader(text: Array(text.utf8), line: line)
        let value = try flow.value(depth: 0)
        try flow.end()
        guard case .scalar(let key, _, _) = value else { throw YAMLSubsetError(line: line, reason: "a key that is not a scalar") }
        return key
    }
}
