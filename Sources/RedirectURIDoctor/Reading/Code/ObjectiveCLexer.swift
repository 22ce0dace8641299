/// Reads Objective-C (and the C around it) into ``SourceToken``s: the token level is enough to
/// find message sends (`[receiver selector:argument]`), dot-syntax assignments and literals.
///
/// Handled: `//` and `/* */` comments (which do not nest in C); `@"…"` and C `"…"` strings,
/// adjacent literals joined into one as the compiler joins them (`@"msauth." @"com.contoso"`);
/// character literals; preprocessor lines, each one directive token, continued lines joined,
/// `#if`/`#ifdef`/`#ifndef` blocks marked ``SourceToken/isConditional``; `@` keywords
/// (`@interface`, `@implementation`).
///
/// Any bytes are read: a literal left open ends at its line. One pass, linear in the input, no
/// recursion.
enum ObjectiveCLexer {
    /// The tokens of a file's bytes.
    static func tokens(_ bytes: [UInt8]) -> [SourceToken] {
        bytes.withUnsafeBufferPointer { tokens(in: $0, directives: true) }
    }

    /// The tokens of `bytes`; `directives` is false for a directive's own body, which is one line.
    static func tokens(in bytes: UnsafeBufferPointer<UInt8>, directives: Bool) -> [SourceToken] {
        var tokens: [SourceToken] = []
        var index = 0
        var line = 1
        var conditionDepth = 0
        // Only spaces since the line began: where a `#` starts a preprocessor line.
        var atLineStart = true
        let count = bytes.count

        func text(_ start: Int, _ end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        func emit(_ kind: SourceToken.Kind, _ text: String, line tokenLine: Int) {
            tokens.append(SourceToken(kind: kind, text: text, line: tokenLine, isConditional: conditionDepth > 0))
        }

        while index < count {
            let byte = bytes[index]
            let next: UInt8 = index + 1 < count ? bytes[index + 1] : 0
            if byte == SourceByte.newline {
                line += 1
                index += 1
                atLineStart = true
                continue
            }
            if SourceByte.isHorizontalSpace(byte) || byte == 0 {
                index += 1
                continue
            }
            if byte == SourceByte.slash, next == SourceByte.slash {
                while index < count, bytes[index] != SourceByte.newline { index += 1 }
                continue
            }
            if byte == SourceByte.slash, next == SourceByte.star {
                index += 2
                while index < count, !(bytes[index] == SourceByte.star && index + 1 < count && bytes[index + 1] == SourceByte.slash) {
                    if bytes[index] == SourceByte.newline { line += 1 }
                    index += 1
                }
                index = min(count, index + 2)
                continue
            }
            if byte == SourceByte.hash, atLineStart, directives {
                let startLine = line
                let (name, body, end, lines) = directive(bytes, hashAt: index)
                switch name {
                case "#if", "#ifdef", "#ifndef":
                    conditionDepth += 1
                case "#endif":
                    conditionDepth = max(0, conditionDepth - 1)
                default:
                    break
                }
                var token = SourceToken(kind: .directive, text: name, line: startLine, isConditional: conditionDepth > 0)
                token.directiveBody = body
                tokens.append(token)
                line += lines
                index = end
                continue
            }
            atLineStart = false
            let isObjectiveCString = byte == SourceByte.at && next == SourceByte.quote
            if byte == SourceByte.quote || isObjectiveCString {
                let startLine = line
                let (value, end, closed) = stringLiteral(bytes, quoteAt: isObjectiveCString ? index + 1 : index)
                index = end
                // `@"a" @"b"` and `@"a" "b"` are one literal, as the compiler joins them.
                if let last = tokens.last, last.kind == .string, let joined = last.literal?.plainValue {
                    tokens[tokens.count - 1].literal = SourceStringLiteral(segments: [.text(joined + value)], isUnterminated: !closed)
                } else {
                    var token = SourceToken(kind: .string, text: "", line: startLine, isConditional: conditionDepth > 0)
                    token.literal = SourceStringLiteral(segments: [.text(value)], isUnterminated: !closed)
                    tokens.append(token)
                }
                continue
            }
            if byte == SourceByte.apostrophe {
                let (_, end, _) = stringLiteral(bytes, quoteAt: index)
                emit(.number, text(index, end), line: line)
                index = end
                continue
            }
            if byte == SourceByte.at, SourceByte.startsIdentifier(next) {
                var end = index + 1
                while end < count, SourceByte.continuesIdentifier(bytes[end]) { end += 1 }
                emit(.identifier, text(index, end), line: line)
                index = end
                continue
            }
            if SourceByte.startsIdentifier(byte) {
                var end = index + 1
                while end < count, SourceByte.continuesIdentifier(bytes[end]) { end += 1 }
                emit(.identifier, text(index, end), line: line)
                index = end
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
            let length = SourceByte.operatorLength(bytes, at: index)
            emit(.punctuation, text(index, index + length), line: line)
            index += length
        }
        return tokens
    }

    /// A string or character literal from its opening quote: the value with escapes decoded, the
    /// index after it, and whether it was closed before the end of its line.
    private static func stringLiteral(_ bytes: UnsafeBufferPointer<UInt8>, quoteAt start: Int) -> (String, Int, Bool) {
        let quote = bytes[start]
        var value: [UInt8] = []
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote { return (String(decoding: value, as: UTF8.self), index + 1, true) }
            if byte == SourceByte.newline { break }
            if byte == SourceByte.backslash, index + 1 < bytes.count, bytes[index + 1] != SourceByte.newline {
                value.append(SourceByte.simpleEscape(bytes[index + 1]))
                index += 2
                continue
            }
            value.append(byte)
            index += 1
        }
        return (String(decoding: value, as: UTF8.self), index, false)
    }

    /// A preprocessor line from its `#`: its name (`#define`), its body with comments removed and
    /// continued lines joined, the index of the newline that ends it, and how many newlines it
    /// spans.
    private static func directive(_ bytes: UnsafeBufferPointer<UInt8>, hashAt start: Int) -> (String, String, Int, Int) {
        var index = start + 1
        while index < bytes.count, SourceByte.isHorizontalSpace(bytes[index]) { index += 1 }
        let nameStart = index
        while index < bytes.count, SourceByte.continuesIdentifier(bytes[index]) { index += 1 }
        let name = "#" + String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
        var body: [UInt8] = []
        var lines = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8 = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == SourceByte.newline { break }
            if byte == SourceByte.backslash, next == SourceByte.newline || next == SourceByte.carriageReturn {
                let crlf = next == SourceByte.carriageReturn && index + 2 < bytes.count && bytes[index + 2] == SourceByte.newline
                // Lines are counted by their LF, as everywhere in the reader: a lone CR ends none.
                if next == SourceByte.newline || crlf { lines += 1 }
                index += crlf ? 3 : 2
                body.append(SourceByte.space)
                continue
            }
            if byte == SourceByte.slash, next == SourceByte.slash {
                while index < bytes.count, bytes[index] != SourceByte.newline { index += 1 }
                break
            }
            if byte == SourceByte.slash, next == SourceByte.star {
                index += 2
                while index < bytes.count, !(bytes[index] == SourceByte.star && index + 1 < bytes.count && bytes[index + 1] == SourceByte.slash) {
                    if bytes[index] == SourceByte.newline { lines += 1 }
                    index += 1
                }
                index = min(bytes.count, index + 2)
                body.append(SourceByte.space)
                continue
            }
            if byte == SourceByte.quote || byte == SourceByte.apostrophe {
                // A literal's `//` is no comment.
                let (_, end, _) = stringLiteral(bytes, quoteAt: index)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
                continue
            }
            body.append(byte)
            index += 1
        }
        let text = String(decoding: body, as: UTF8.self)
        return (name, text.trimmingSpaces, index, lines)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (no Foundation needed).
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" })
        else { return "" }
        return String(scalars[first...last])
    }
}
