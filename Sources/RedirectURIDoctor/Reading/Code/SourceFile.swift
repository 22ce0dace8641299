/// Where something was read in an app's code: the file (as the doctor shows it) and the line.
struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    var file: String
    var line: Int

    var description: String { "\(file):\(line)" }

    static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line) < (rhs.file, rhs.line)
    }
}

/// A call as the token readers see it: a Swift call `receiver.name(label: argument, …)` or an
/// Objective-C message send `[receiver name:argument part:argument …]`.
struct SourceCall: Sendable, Hashable {
    /// One argument: its label (Swift) or selector part (Objective-C), and its tokens.
    struct Argument: Sendable, Hashable {
        var label: String?
        var tokens: Range<Int>
    }

    /// Swift: the called name (`MSALPublicClientApplicationConfig`, `handle`); Objective-C: the
    /// selector's first part (`initWithClientId`, `handleMSALResponse`).
    var name: String
    /// The names the call is made on, outermost first (`["GIDSignIn", "sharedInstance"]`); for
    /// `[[Type alloc] init…]`, the type.
    var receiver: [String]
    /// Swift: the labelled and unlabelled arguments in order. Objective-C: one per selector part,
    /// labelled with the part (the first part's label is ``name``).
    var arguments: [Argument]
    /// The call's tokens, from its first name to its closing bracket.
    var tokens: Range<Int>
    var line: Int

    func argument(_ label: String) -> Argument? { arguments.first { $0.label == label } }
}

/// An assignment `receiver.property = value` (dot syntax in both languages), or a declaration
/// `let name = value` / `NSString *const name = value`.
struct SourceAssignment: Sendable, Hashable {
    var property: String
    /// The names before the property (`["config", "cacheConfig"]`), empty for a plain name.
    var receiver: [String]
    /// Whether it declares the name (`let`, `var`, a C declaration): then it is a constant the
    /// readers may resolve.
    var isDeclaration: Bool
    var value: Range<Int>
    var line: Int
}

/// One source file, tokenized, with every bracket's partner: what the fact readers walk.
struct SourceFile: Sendable {
    /// The path as findings show it.
    var path: String
    var language: SourceLanguage
    var tokens: [SourceToken]
    /// For each token, the index of the bracket that closes or opens it, or `-1`.
    var partners: [Int]

    /// The longest receiver chain read before a call (`a.b.c.d(…)`), which keeps reading linear
    /// on pathological chains.
    static let maximumReceiverLength = 8
    /// The most tokens an assignment's value is read to.
    static let maximumValueLength = 256

    init(path: String, language: SourceLanguage, bytes: [UInt8]) {
        self.path = path
        self.language = language
        if !path.isEmpty { ReadCount.record(.lex(path)) }
        tokens = language == .swift ? SwiftLexer.tokens(bytes) : ObjectiveCLexer.tokens(bytes)
        partners = Self.partners(of: tokens)
    }

    func location(_ index: Int) -> SourceLocation {
        SourceLocation(file: path, line: index < tokens.count ? tokens[index].line : (tokens.last?.line ?? 1))
    }

    /// Pairs `(` `)`, `[` `]` and `{` `}` with a stack; a closer that does not match the innermost
    /// opener is left unpaired.
    static func partners(of tokens: [SourceToken]) -> [Int] {
        var partners = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            switch token.text {
            case "(", "[", "{":
                open.append(index)
            case ")", "]", "}":
                let opener = token.text == ")" ? "(" : token.text == "]" ? "[" : "{"
                if let last = open.last, tokens[last].text == opener {
                    open.removeLast()
                    partners[last] = index
                    partners[index] = last
                }
            default:
                break
            }
        }
        return partners
    }

    /// Whether a token ends an expression (so that a name after it starts something new).
    func endsExpression(_ index: Int) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        switch token.kind {
        case .identifier, .string, .number: return true
        case .punctuation:
            if token.text == ")" || token.text == "]" { return true }
            // A force unwrap (`URL(string: "…")!`) ends its operand's expression; a `!` that
            // follows no operand is a prefix `!`, which does not.
            guard token.text == "!", index > 0 else { return false }
            let operand = tokens[index - 1]
            return operand.kind == .identifier || operand.kind == .string || operand.isPunctuation(")") || operand.isPunctuation("]")
        case .directive: return false
        }
    }

    /// The names a call or property is reached through, walking back from the `.` before it.
    func receiver(before index: Int) -> [String] {
        var names: [String] = []
        var position = index - 1
        while names.count < Self.maximumReceiverLength, position >= 1, tokens[position].isPunctuation(".") {
            var previous = position - 1
            while previous >= 0, tokens[previous].isPunctuation("?") || tokens[previous].isPunctuation("!") { previous -= 1 }
            guard previous >= 0 else { break }
            if tokens[previous].isPunctuation(")") || tokens[previous].isPunctuation("]") {
                let opener = partners[previous]
                guard opener > 0 else { break }
                if tokens[previous].text == "]" {
                    // `[NSBundle mainBundle].bundleIdentifier`: the message's receiver.
                    if opener + 1 < tokens.count, tokens[opener + 1].kind == .identifier { names.insert(tokens[opener + 1].text, at: 0) }
                    break
                }
                previous = opener - 1
            }
            guard previous >= 0, tokens[previous].kind == .identifier else { break }
            names.insert(tokens[previous].text, at: 0)
            position = previous - 1
        }
        return names
    }

    /// Every Swift call and Objective-C message send, in file order of their opening bracket.
    var calls: [SourceCall] {
        var calls: [SourceCall] = []
        for index in tokens.indices where tokens[index].kind == .punctuation {
            if tokens[index].text == "(", index > 0, tokens[index - 1].kind == .identifier, partners[index] > index {
                if let call = swiftCall(openAt: index) { calls.append(call) }
            } else if tokens[index].text == "[", language == .objectiveC, partners[index] > index {
                if let call = message(openAt: index) { calls.append(call) }
            }
        }
        return calls
    }

    /// Splits `range` at commas outside brackets.
    func commaSeparated(_ range: Range<Int>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .punctuation, token.text == "(" || token.text == "[" || token.text == "{", partners[index] > index {
                index = partners[index] + 1
                continue
            }
            if token.isPunctuation(",") {
                pieces.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        if start < range.upperBound || !pieces.isEmpty { pieces.append(start..<range.upperBound) }
        return pieces
    }

    private static let notCalls: Set<String> = ["if", "guard", "while", "switch", "for", "return", "func", "init", "catch", "case", "in"]

    private func swiftCall(openAt open: Int) -> SourceCall? {
        let name = tokens[open - 1].text
        guard !Self.notCalls.contains(name) else { return nil }
        // `func name(` declares; it is not a call.
        if open >= 2, tokens[open - 2].isIdentifier("func") { return nil }
        let close = partners[open]
        let arguments = commaSeparated((open + 1)..<close).map { piece -> SourceCall.Argument in
            if piece.count >= 2, tokens[piece.lowerBound].kind == .identifier, tokens[piece.lowerBound + 1].isPunctuation(":") {
                return SourceCall.Argument(label: tokens[piece.lowerBound].text, tokens: (piece.lowerBound + 2)..<piece.upperBound)
            }
            return SourceCall.Argument(label: nil, tokens: piece)
        }
        return SourceCall(
            name: name, receiver: receiver(before: open - 1), arguments: arguments, tokens: (open - 1)..<(close + 1),
            line: tokens[open - 1].line)
    }

    /// `[receiver part:argument part:argument]`; `nil` for an array literal or a subscript.
    private func message(openAt open: Int) -> SourceCall? {
        let close = partners[open]
        var index = open + 1
        var selectorStart: Int?
        while index < close {
            let token = tokens[index]
            if token.kind == .punctuation, token.text == "(" || token.text == "[" || token.text == "{", partners[index] > index {
                index = partners[index] + 1
                continue
            }
            if token.kind == .identifier, index > open + 1, endsExpression(index - 1), !tokens[index - 1].isPunctuation(".") {
                selectorStart = index
                break
            }
            index += 1
        }
        guard let start = selectorStart else { return nil }
        var receiverNames: [String] = []
        if tokens[open + 1].isPunctuation("["), open + 2 < close, tokens[open + 2].kind == .identifier {
            receiverNames = [tokens[open + 2].text]
        } else {
            // A bounded look: a receiver nested deep in brackets is read by its own message.
            let end = min(start, open + 1 + 2 * Self.maximumReceiverLength)
            receiverNames = tokens[(open + 1)..<end].filter { $0.kind == .identifier }.map(\.text)
        }
        // The selector's parts: a name and `:` where an expression has just ended.
        var parts: [(label: String, start: Int)] = []
        guard start + 1 < close, tokens[start + 1].isPunctuation(":") else {
            return SourceCall(
                name: tokens[start].text, receiver: receiverNames, arguments: [], tokens: open..<(close + 1), line: tokens[open].line)
        }
        parts.append((tokens[start].text, start + 2))
        index = start + 2
        while index < close {
            let token = tokens[index]
            if token.kind == .punctuation, token.text == "(" || token.text == "[" || token.text == "{", partners[index] > index {
                index = partners[index] + 1
                continue
            }
            if token.kind == .identifier, index + 1 < close, tokens[index + 1].isPunctuation(":"), endsExpression(index - 1),
                index > (parts.last?.start ?? 0)
            {
                parts.append((token.text, index + 2))
                index += 2
                continue
            }
            index += 1
        }
        var arguments: [SourceCall.Argument] = []
        for (position, part) in parts.enumerated() {
            let end = position + 1 < parts.count ? parts[position + 1].start - 2 : close
            arguments.append(SourceCall.Argument(label: part.label, tokens: part.start..<max(part.start, end)))
        }
        return SourceCall(
            name: tokens[start].text, receiver: receiverNames, arguments: arguments, tokens: open..<(close + 1), line: tokens[open].line)
    }

    /// Every `name = value` and `receiver.name = value`, and Swift's `let name: Type = value`.
    var assignments: [SourceAssignment] {
        var assignments: [SourceAssignment] = []
        for index in tokens.indices where tokens[index].isPunctuation("=") && index > 0 {
            var nameIndex = index - 1
            var isDeclaration = false
            // `let name: Type = value`: the name is before the `:`, a few tokens back.
            if tokens[nameIndex].kind != .identifier || (nameIndex >= 1 && tokens[nameIndex - 1].isPunctuation(":")) {
                var back = index - 1
                while back > 0, index - back < 8, !tokens[back].isPunctuation(":") { back -= 1 }
                guard back >= 1, tokens[back].isPunctuation(":"), tokens[back - 1].kind == .identifier else { continue }
                nameIndex = back - 1
            }
            guard tokens[nameIndex].kind == .identifier else { continue }
            let before = nameIndex > 0 ? tokens[nameIndex - 1] : nil
            if let before {
                isDeclaration =
                    before.isIdentifier("let") || before.isIdentifier("var") || before.isIdentifier("const")
                    || before.isPunctuation("*") || before.isIdentifier("NSString")
            }
            let receiverNames = before?.isPunctuation(".") == true ? receiver(before: nameIndex) : []
            assignments.append(
                SourceAssignment(
                    property: tokens[nameIndex].text, receiver: receiverNames, isDeclaration: isDeclaration,
                    value: (index + 1)..<valueEnd(after: index), line: tokens[index].line))
        }
        return assignments
    }

    /// Where a value that starts after `index` ends: a `;`, a bracket it did not open, or (Swift)
    /// a new line after a complete expression.
    private func valueEnd(after index: Int) -> Int {
        var position = index + 1
        let limit = min(tokens.count, index + 1 + Self.maximumValueLength)
        while position < limit {
            let token = tokens[position]
            if token.kind == .punctuation {
                switch token.text {
                case ";", ",", ")", "]", "}":
                    return position
                case "(", "[", "{":
                    if partners[position] > position {
                        position = partners[position] + 1
                        continue
                    }
                    return position
                default:
                    break
                }
            }
            if position > index + 1, token.line > tokens[position - 1].line, endsExpression(position - 1),
                !(token.kind == .punctuation && token.text != "(" && token.text != "[")
            {
                return position
            }
            position += 1
        }
        return position
    }
}
