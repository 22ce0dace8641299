/// Finds where a key path (`CFBundleURLTypes[0].CFBundleURLSchemes[1]`) is written in an XML
/// property list, so that a finding can point at its line.
///
/// Foundation's reader keeps no positions, so this is a second, small reader: one pass over the
/// bytes that follows only the plist's structure (`dict`, `array`, `key` and the value elements),
/// skipping comments, processing instructions, the DOCTYPE and CDATA. It never traps and takes
/// time linear in the input, whatever the bytes; what it cannot follow it gives up on. A binary
/// plist has no lines: the answer is `nil`, and callers point at the file.
///
/// The position of a dictionary entry is its `<key>`; of an array element, the element's start
/// tag. When the full path is not there (a finding about a key that is missing from a URL type),
/// the deepest part of it that is comes back.
///
/// ```swift
/// PlistKeyLocator.position(of: "CFBundleURLTypes[0].CFBundleURLSchemes[1]", in: Array(data))
/// // Position(line: 14, column: 5)
/// ```
enum PlistKeyLocator {
    /// A 1-based line and column; the column counts Unicode scalars (UTF-8 lead bytes).
    struct Position: Sendable, Hashable {
        /// The line, from 1.
        var line: Int
        /// The column, from 1.
        var column: Int
    }

    /// One step of a key path: a dictionary key or an array index.
    enum Step: Hashable {
        case key([UInt8])
        case index(Int)
    }

    /// The steps of `CFBundleURLTypes[0].CFBundleURLSchemes[1]`; text after the first space
    /// (`keychain-access-groups[0] of App.entitlements`) is a description, not part of the path.
    /// `nil` when the path is malformed.
    static func steps(_ keyPath: String) -> [Step]? {
        let bytes = Array(keyPath.utf8.prefix { $0 != UInt8(ascii: " ") })
        var steps: [Step] = []
        var name: [UInt8] = []
        var index = 0
        var inIndex = false
        for byte in bytes {
            if inIndex {
                if byte == UInt8(ascii: "]") {
                    steps.append(.index(index))
                    inIndex = false
                } else if let digit = digitValue(byte) {
                    // Bounded: an index past a million is no array in a plist anyone writes.
                    guard index < 1_000_000 else { return nil }
                    index = index * 10 + digit
                } else {
                    return nil
                }
            } else if byte == UInt8(ascii: "[") {
                if !name.isEmpty { steps.append(.key(name)) }
                name = []
                index = 0
                inIndex = true
            } else if byte == UInt8(ascii: ".") {
                if !name.isEmpty { steps.append(.key(name)) }
                name = []
            } else {
                name.append(byte)
            }
        }
        if inIndex { return nil }
        if !name.isEmpty { steps.append(.key(name)) }
        return steps.isEmpty ? nil : steps
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// Where `keyPath` (or the deepest part of it present) is written in the XML plist `bytes`;
    /// `nil` for a binary plist, a malformed path, or when not even its first step is there.
    static func position(of keyPath: String, in bytes: [UInt8]) -> Position? {
        guard let target = steps(keyPath), !bytes.starts(with: Array("bplist".utf8)) else { return nil }
        var scanner = Scanner(bytes: bytes, target: target)
        return scanner.run()
    }

    /// One pass over the bytes: a cursor with its line and column, and the open containers.
    private struct Scanner {
        /// An open `dict` (with the key read last and where it was) or `array` (with the index the
        /// next element gets).
        enum Frame {
            case dict(key: [UInt8]?, at: Position)
            case array(next: Int)
        }

        let bytes: [UInt8]
        let target: [Step]
        var offset = 0
        var line = 1
        var column = 1
        var frames: [Frame] = []
        /// For each open frame, whether the steps from the root to it are the target's first
        /// steps: kept per frame so that each element is compared once, in constant time.
        var matched: [Bool] = []
        /// The deepest match so far: how many of the target's steps, and where.
        var best: (depth: Int, position: Position)?

        init(bytes: [UInt8], target: [Step]) {
            self.bytes = bytes
            self.target = target
        }

        var position: Position { Position(line: line, column: column) }

        /// Moves one byte on, counting lines (`\n`, `\r\n`, lone `\r`) and scalars.
        mutating func advance() {
            guard offset < bytes.count else { return }
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (offset >= bytes.count || bytes[offset] != UInt8(ascii: "\n"))) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80, byte != UInt8(ascii: "\r") {
                column += 1
            }
        }

        /// Moves past the next occurrence of `terminator`, or to the end.
        mutating func skip(past terminator: [UInt8]) {
            while offset < bytes.count {
                if bytes[offset...].starts(with: terminator) {
                    for _ in terminator { advance() }
                    return
                }
                advance()
            }
        }

        /// Reads a tag's name after `<` (and `/`), then moves past `>`; whether it closed itself.
        mutating func readTag() -> (name: [UInt8], selfClosing: Bool) {
            var name: [UInt8] = []
            while offset < bytes.count, bytes[offset] != UInt8(ascii: ">"), bytes[offset] != UInt8(ascii: "/"),
                bytes[offset] != UInt8(ascii: " "), bytes[offset] != UInt8(ascii: "\t"), bytes[offset] != UInt8(ascii: "\n"),
                bytes[offset] != UInt8(ascii: "\r")
            {
                name.append(bytes[offset])
                advance()
            }
            var previous: UInt8 = 0
            while offset < bytes.count, bytes[offset] != UInt8(ascii: ">") {
                previous = bytes[offset]
                advance()
            }
            advance()
            return (name, previous == UInt8(ascii: "/"))
        }

        /// The text up to the next `<`, with the five predefined entities decoded.
        mutating func readText() -> [UInt8] {
            var text: [UInt8] = []
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "<") {
                text.append(bytes[offset])
                advance()
            }
            guard text.contains(UInt8(ascii: "&")) else { return text }
            let entities: [(name: [UInt8], byte: UInt8)] = [
                (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")),
                (Array("&quot;".utf8), UInt8(ascii: "\"")), (Array("&apos;".utf8), UInt8(ascii: "'")),
                (Array("&amp;".utf8), UInt8(ascii: "&")),
            ]
            var decoded: [UInt8] = []
            var index = 0
            while index < text.count {
                if let entity = entities.first(where: { text[index...].starts(with: $0.name) }) {
                    decoded.append(entity.byte)
                    index += entity.name.count
                } else {
                    decoded.append(text[index])
                    index += 1
                }
            }
            return decoded
        }

        /// A value element starts at `start`: the step that reaches it, if its parent is a
        /// container, and whether the open path plus that step matches more of the target.
        mutating func valueStarts(at start: Position) -> (step: Step?, matches: Bool) {
            var step: Step?
            var stepPosition = start
            switch frames.last {
            case .dict(let key?, let at)?:
                step = .key(key)
                stepPosition = at
                frames[frames.count - 1] = .dict(key: nil, at: at)
            case .dict(nil, _)?:
                step = nil
            case .array(let next)?:
                step = .index(next)
                frames[frames.count - 1] = .array(next: next + 1)
            case nil:
                step = nil
            }
            // The root element is reached by no step and matches the empty prefix.
            guard let step else { return (nil, frames.isEmpty) }
            let stepIndex = frames.count - 1
            let matches = matched.last == true && stepIndex < target.count && target[stepIndex] == step
            if matches, stepIndex + 1 > (best?.depth ?? 0) { best = (stepIndex + 1, stepPosition) }
            return (step, matches)
        }

        mutating func run() -> Position? {
            while offset < bytes.count {
                guard bytes[offset] == UInt8(ascii: "<") else {
                    advance()
                    continue
                }
                let start = position
                let rest = bytes[offset...]
                if rest.starts(with: Array("<!--".utf8)) {
                    skip(past: Array("-->".utf8))
                } else if rest.starts(with: Array("<![CDATA[".utf8)) {
                    skip(past: Array("]]>".utf8))
                } else if rest.starts(with: Array("<?".utf8)) {
                    skip(past: Array("?>".utf8))
                } else if rest.starts(with: Array("<!".utf8)) {
                    skip(past: Array(">".utf8))
                } else if rest.starts(with: Array("</".utf8)) {
                    advance()
                    advance()
                    let (name, _) = readTag()
                    if name == Array("dict".utf8) || name == Array("array".utf8), !frames.isEmpty {
                        frames.removeLast()
                        matched.removeLast()
                    }
                } else {
                    advance()
                    let (name, selfClosing) = readTag()
                    if name == Array("key".utf8) {
                        let key = selfClosing ? [] : readText()
                        if case .dict(_, _)? = frames.last { frames[frames.count - 1] = .dict(key: key, at: start) }
                    } else if name == Array("dict".utf8) || name == Array("array".utf8) {
                        let (_, matches) = valueStarts(at: start)
                        if !selfClosing {
                            frames.append(name == Array("dict".utf8) ? .dict(key: nil, at: start) : .array(next: 0))
                            matched.append(matches)
                        }
                    } else if name != Array("plist".utf8) {
                        _ = valueStarts(at: start)
                    }
                }
                // The whole path found: nothing deeper to look for.
                if let best, best.depth == target.count { return best.position }
            }
            return best?.position
        }
    }
}
