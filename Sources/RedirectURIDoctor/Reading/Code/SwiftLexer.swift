/// Reads Swift source into ``SourceToken``s: enough of the language to find calls, assignments,
/// declarations and string literals without being fooled by comments or strings.
///
/// Handled as Swift defines them: `//` and nested `/* */` comments; string literals single-line,
/// multi-line (`"""`), raw (`#"…"#`, any number of `#`) and interpolated (`\(…)`, `\#(…)` in a
/// raw literal), interpolations that hold strings that hold interpolations; `#if` blocks, whose
/// tokens are all read and marked ``SourceToken/isConditional``; backquoted names.
///
/// Any bytes are read: a literal left open ends at its line (or, multi-line, at the end of the
/// file), bytes that are not UTF-8 are replaced only in the token text, never skipped. One pass,
/// linear in the input: each byte is looked at a bounded number of times, and nesting
/// (comments, interpolations) is counted or kept on an explicit stack, never recursion.
/// Regex literals (`/…/`) are read as operators; a quote inside one opens a string that ends at
/// its line at the latest.
enum SwiftLexer {
    /// The tokens of a file's bytes.
    static func tokens(_ bytes: [UInt8]) -> [SourceToken] {
        bytes.withUnsafeBufferPointer { tokens(in: $0) }
    }

    /// An open string literal.
    private struct StringFrame {
        var hashes: Int
        var isMultiline: Bool
        var line: Int
        var segments: [SourceStringLiteral.Segment] = []
        var text: [UInt8] = []

        mutating func flushText() {
            guard !text.isEmpty else { return }
            segments.append(.text(String(decoding: text, as: UTF8.self)))
            text.removeAll(keepingCapacity: true)
        }
    }

    /// An open interpolation: where its expression starts, and how many `(` are open inside it.
    private struct InterpolationFrame {
        var start: Int
        var depth: Int
    }

    private enum Frame {
        case string
        case interpolation
    }

    /// The tokens of `bytes`. Tokens inside an interpolation are not returned on their own: the
    /// interpolation's text is part of its string token.
    static func tokens(in bytes: UnsafeBufferPointer<UInt8>) -> [SourceToken] {
        var tokens: [SourceToken] = []
        // The nesting of strings and interpolations, innermost last; each kind's state is in its
        // own array so that appending to a literal's text mutates in place.
        var frames: [Frame] = []
        var strings: [StringFrame] = []
        var interpolations: [InterpolationFrame] = []
        var index = 0
        var line = 1
        var conditionDepth = 0
        let count = bytes.count

        func emit(_ kind: SourceToken.Kind, _ text: String, line tokenLine: Int, literal: SourceStringLiteral? = nil) {
            guard frames.isEmpty else { return }
            tokens.append(SourceToken(kind: kind, text: text, line: tokenLine, literal: literal, isConditional: conditionDepth > 0))
        }

        func text(_ start: Int, _ end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// Whether the innermost string's text is kept: only the outermost literal becomes a token.
        func keepsText() -> Bool { frames.count == 1 }

        func openString(hashes: Int, quoteAt position: Int) {
            let multiline =
                position + 2 < count && bytes[position + 1] == SourceByte.quote && bytes[position + 2] == SourceByte.quote
            frames.append(.string)
            strings.append(StringFrame(hashes: hashes, isMultiline: multiline, line: line))
            index = position + (multiline ? 3 : 1)
        }

        func closeString(unterminated: Bool) {
            guard var frame = strings.popLast() else { return }
            frames.removeLast()
            if frames.isEmpty {
                frame.flushText()
                let literal = SourceStringLiteral(segments: frame.segments, isMultiline: frame.isMultiline, isUnterminated: unterminated)
                emit(.string, "", line: frame.line, literal: literal)
            }
        }

        func appendText(_ byte: UInt8) {
            if keepsText(), !strings.isEmpty { strings[strings.count - 1].text.append(byte) }
        }

        /// Counts the `#` at `start`, at most `limit` of them.
        func hashRun(from start: Int, limit: Int) -> Int {
            var run = 0
            while run < limit, start + run < count, bytes[start + run] == SourceByte.hash { run += 1 }
            return run
        }

        while index < count {
            let byte = bytes[index]

            // Inside a string literal.
            if frames.last == .string, let frame = strings.last {
                if byte == SourceByte.newline {
                    if frame.isMultiline {
                        appendText(byte)
                        line += 1
                        index += 1
                    } else {
                        closeString(unterminated: true)  // the newline is read again outside it
                    }
                    continue
                }
                if byte == SourceByte.quote {
                    if frame.isMultiline {
                        var quotes = 0
                        while index + quotes < count, bytes[index + quotes] == SourceByte.quote { quotes += 1 }
                        if quotes >= 3, hashRun(from: index + quotes, limit: frame.hashes) == frame.hashes {
                            for _ in 0..<(quotes - 3) { appendText(SourceByte.quote) }
                            index += quotes + frame.hashes
                            closeString(unterminated: false)
                        } else {
                            for _ in 0..<quotes { appendText(SourceByte.quote) }
                            index += quotes  // any `#` after them are read as text next
                        }
                    } else {
                        let hashes = hashRun(from: index + 1, limit: frame.hashes)
                        if hashes == frame.hashes {
                            index += 1 + hashes
                            closeString(unterminated: false)
                        } else {
                            appendText(byte)
                            for _ in 0..<hashes { appendText(SourceByte.hash) }
                            index += 1 + hashes
                        }
                    }
                    continue
                }
                if byte == SourceByte.backslash {
                    let hashes = hashRun(from: index + 1, limit: frame.hashes)
                    let escaped = index + 1 + hashes
                    guard hashes == frame.hashes, escaped < count else {
                        appendText(byte)  // a backslash without the literal's `#` is text
                        index += 1
                        continue
                    }
                    let next = bytes[escaped]
                    if next == SourceByte.openParenthesis {
                        if keepsText() { strings[strings.count - 1].flushText() }
                        frames.append(.interpolation)
                        interpolations.append(InterpolationFrame(start: escaped + 1, depth: 0))
                        index = escaped + 1
                    } else if next == SourceByte.newline {
                        line += 1  // a multi-line literal's line continuation
                        index = escaped + 1
                    } else if next == UInt8(ascii: "u"), escaped + 1 < count, bytes[escaped + 1] == SourceByte.openBrace {
                        index = unicodeEscape(bytes, openBrace: escaped + 1) { scalarBytes in
                            for scalarByte in scalarBytes { appendText(scalarByte) }
                        }
                    } else {
                        appendText(SourceByte.simpleEscape(next))
                        index = escaped + 1
                    }
                    continue
                }
                appendText(byte)
                index += 1
                continue
            }

            // Code: the file's top level or an interpolation's expression.
            if byte == SourceByte.newline {
                line += 1
                index += 1
                continue
            }
            if SourceByte.isHorizontalSpace(byte) || byte == 0 {
                index += 1
                continue
            }
            let next: UInt8 = index + 1 < count ? bytes[index + 1] : 0
            if byte == SourceByte.slash, next == SourceByte.slash {
                while index < count, bytes[index] != SourceByte.newline { index += 1 }
                continue
            }
            if byte == SourceByte.slash, next == SourceByte.star {
                // Swift's block comments nest.
                var depth = 1
                index += 2
                while index < count, depth > 0 {
                    let current = bytes[index]
                    let following: UInt8 = index + 1 < count ? bytes[index + 1] : 0
                    if current == SourceByte.slash, following == SourceByte.star {
                        depth += 1
                        index += 2
                    } else if current == SourceByte.star, following == SourceByte.slash {
                        depth -= 1
                        index += 2
                    } else {
                        if current == SourceByte.newline { line += 1 }
                        index += 1
                    }
                }
                continue
            }
            if byte == SourceByte.hash {
                var run = 1
                while index + run < count, bytes[index + run] == SourceByte.hash { run += 1 }
                if index + run < count, bytes[index + run] == SourceByte.quote {
                    openString(hashes: run, quoteAt: index + run)
                    continue
                }
                if run == 1, SourceByte.startsIdentifier(next) {
                    var end = index + 1
                    while end < count, SourceByte.continuesIdentifier(bytes[end]) { end += 1 }
                    let name = text(index, end)
                    if frames.isEmpty {
                        if name == "#if" {
                            conditionDepth += 1
                        } else if name == "#endif" {
                            conditionDepth = max(0, conditionDepth - 1)
                        }
                    }
                    emit(.directive, name, line: line)
                    index = end
                    continue
                }
                emit(.punctuation, "#", line: line)
                index += run
                continue
            }
            if byte == SourceByte.quote {
                openString(hashes: 0, quoteAt: index)
                continue
            }
            if SourceByte.startsIdentifier(byte) {
                var end = index + 1
                while end < count, SourceByte.continuesIdentifier(bytes[end]) { end += 1 }
                emit(.identifier, text(index, end), line: line)
                index = end
                continue
            }
            if byte == SourceByte.backtick {
                var end = index + 1
                while end < count, bytes[end] != SourceByte.backtick, bytes[end] != SourceByte.newline { end += 1 }
                emit(.identifier, text(index + 1, end), line: line)
                index = end < count && bytes[end] == SourceByte.backtick ? end + 1 : end
                continue
            }
            if SourceByte.isDigit(byte) {
                var end = index + 1
                while end < count,
                    SourceByte.continuesIdentifier(bytes[end])
                        || (bytes[end] == SourceByte.dot && end + 1 < count && SourceByte.isDigit(bytes[end + 1]))
                {
                    end += 1
                }
                emit(.number, text(index, end), line: line)
                index = end
                continue
            }
            if frames.last == .interpolation, !interpolations.isEmpty {
                if byte == SourceByte.openParenthesis {
                    interpolations[interpolations.count - 1].depth += 1
                } else if byte == SourceByte.closeParenthesis {
                    if let frame = interpolations.last, frame.depth == 0 {
                        // The interpolation ends: its text goes to the literal around it.
                        interpolations.removeLast()
                        frames.removeLast()
                        if keepsText(), !strings.isEmpty {
                            strings[strings.count - 1].segments.append(.interpolation(text(frame.start, index)))
                        }
                        index += 1
                        continue
                    }
                    interpolations[interpolations.count - 1].depth -= 1
                }
            }
            let length = SourceByte.operatorLength(bytes, at: index)
            emit(.punctuation, text(index, index + length), line: line)
            index += length
        }
        // The end of the file closes whatever is open, innermost first.
        while let frame = frames.last {
            switch frame {
            case .string:
                closeString(unterminated: true)
            case .interpolation:
                frames.removeLast()
                interpolations.removeLast()
            }
        }
        return tokens
    }

    /// Reads `\u{…}` from its `{` (up to 8 hex digits), hands the character's UTF-8 bytes on
    /// (U+FFFD for a value that is no character), and returns the index after it.
    private static func unicodeEscape(
        _ bytes: UnsafeBufferPointer<UInt8>, openBrace: Int, _ append: ([UInt8]) -> Void
    ) -> Int {
        var index = openBrace + 1
        var value: UInt32 = 0
        var digits = 0
        while index < bytes.count, digits < 8, let digit = hexValue(bytes[index]) {
            value = value &* 16 &+ UInt32(digit)
            digits += 1
            index += 1
        }
        if index < bytes.count, bytes[index] == SourceByte.closeBrace { index += 1 }
        let scalar = digits > 0 ? Unicode.Scalar(value) : nil
        append(Array(String(Character(scalar ?? "\u{FFFD}")).utf8))
        return index
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
