import Foundation

/// A value an app passes to its SDK, as far as its code says it without running.
///
/// Read: string literals (Swift's plain, raw and interpolated ones, but not multi-line ones, which
/// are said as not read; Objective-C's `@"…"`, joined
/// adjacent literals), `+` between them, `String(format:)`/`stringWithFormat:` with `%@`,
/// `URL(string:)`/`[NSURL URLWithString:]` around them, the app's bundle ID
/// (`Bundle.main.bundleIdentifier`, `[[NSBundle mainBundle] bundleIdentifier]`), and a name
/// declared once in the target with such a value (`let kRedirectURI = "…"`,
/// `static NSString *const kClientID = @"…"`, `#define kClientID @"…"`). Not read: anything
/// computed at run time (a function's result, a value read from a file or the network, a name
/// assigned different values), macros other than a `#define` of one literal; a value read from
/// the Info.plist at run time is named as that key.
enum CodeValue: Sendable, Hashable {
    /// A value written in the code.
    case literal(String)
    /// A value built from the app's bundle ID, which stands in it as
    /// ``CodeValue/bundleIDPlaceholder`` (`msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth`).
    case bundleIDTemplate(String)
    /// The value of an Info.plist key, looked up at run time (`Bundle.main.object(forInfoDictionaryKey:)`).
    case infoPlistKey(String)
    /// `nil`: the SDK's default.
    case absent
    /// Computed at run time and not read; the source text as written (shortened).
    case computed(String)

    /// Where the bundle ID stands in a ``bundleIDTemplate(_:)``: the build setting Xcode writes
    /// into `CFBundleIdentifier`, so the doctor expands it as it expands the Info.plist.
    static let bundleIDPlaceholder = "$(PRODUCT_BUNDLE_IDENTIFIER)"

    /// The value when the code says it whole (a literal or a bundle-ID template).
    var text: String? {
        switch self {
        case .literal(let value), .bundleIDTemplate(let value): return value
        case .infoPlistKey, .absent, .computed: return nil
        }
    }

    /// How the value is said in a finding: `"msauth.x://auth"`, or why it was not read.
    var summary: String {
        switch self {
        case .literal(let value): return "'\(value)'"
        case .bundleIDTemplate(let value): return "'\(value)' (built from the bundle ID)"
        case .infoPlistKey(let key): return "the Info.plist's \(key), read at run time"
        case .absent: return "nil (the SDK's default)"
        case .computed(let text) where text == CodeValueReader.multilineQuote:
            return "a multi-line string literal (`\(text)`), not read"
        case .computed(let text): return "computed (`\(text)`), not read"
        }
    }
}

/// A name declared once with a value the readers can read, and where.
struct SourceConstant: Sendable, Hashable {
    var value: CodeValue
    var location: SourceLocation
}

/// Reads ``CodeValue``s from token ranges of a target's files, resolving names through the
/// target's constants.
struct CodeValueReader: Sendable {
    /// Names with one readable value in the whole target; a name declared with two different
    /// values is left out (which one runs is not known).
    var constants: [String: SourceConstant] = [:]

    /// How deep wrappers (`URL(string: …)` around `+` around a name…) are read: a fixed bound,
    /// so that nesting in the input never deepens the recursion past it.
    static let maximumDepth = 8
    /// The most tokens a fixed spelling (the bundle ID, an Info.plist lookup) is looked for in:
    /// each is shorter, and the bound keeps nested arguments from being walked again and again.
    static let maximumPatternLength = 24
    /// How a multi-line string literal is quoted: its value depends on the indentation of its
    /// closing delimiter and on its line breaks, so it is said as not read rather than guessed.
    static let multilineQuote = "\"\"\"…\"\"\""
    /// How much of a computed value's source a finding quotes.
    static let maximumQuotedLength = 60

    init(files: [SourceFile]) {
        var found: [String: [SourceConstant]] = [:]
        let plain = CodeValueReader()
        for file in files {
            for assignment in file.assignments where assignment.isDeclaration && assignment.receiver.isEmpty {
                let value = plain.value(file, assignment.value)
                guard value.text != nil else { continue }
                found[assignment.property, default: []].append(
                    SourceConstant(value: value, location: SourceLocation(file: file.path, line: assignment.line)))
            }
            for token in file.tokens where token.kind == .directive && token.text == "#define" {
                guard let body = token.directiveBody else { continue }
                let bodyTokens = Array(body.utf8).withUnsafeBufferPointer { ObjectiveCLexer.tokens(in: $0, directives: false) }
                guard bodyTokens.count == 2, bodyTokens[0].kind == .identifier, bodyTokens[1].kind == .string,
                    let text = bodyTokens[1].literal?.plainValue
                else { continue }
                found[bodyTokens[0].text, default: []].append(
                    SourceConstant(value: .literal(text), location: SourceLocation(file: file.path, line: token.line)))
            }
        }
        for (name, values) in found {
            guard let first = values.first, values.allSatisfy({ $0.value == first.value }) else { continue }
            constants[name] = first
        }
    }

    private init() {}

    /// The value of the tokens `range` of `file`.
    func value(_ file: SourceFile, _ range: Range<Int>) -> CodeValue {
        value(file, range, depth: 0)
    }

    /// The constant a value was read through, when it is a plain name.
    func constant(_ file: SourceFile, _ range: Range<Int>) -> SourceConstant? {
        let trimmed = trim(file, range)
        guard let name = plainName(file, trimmed) else { return nil }
        return constants[name]
    }

    private func value(_ file: SourceFile, _ range: Range<Int>, depth: Int) -> CodeValue {
        let tokens = file.tokens
        let range = trim(file, range)
        guard !range.isEmpty, depth < Self.maximumDepth else { return .computed(quote(file, range)) }
        if range.count == 1 {
            let token = tokens[range.lowerBound]
            if token.isIdentifier("nil") { return .absent }
            if token.kind == .string, let literal = token.literal { return stringValue(literal) ?? .computed(quote(file, range)) }
        }
        if isBundleID(file, range) { return .bundleIDTemplate(CodeValue.bundleIDPlaceholder) }
        if let key = infoPlistKey(file, range) { return .infoPlistKey(key) }
        if let name = plainName(file, range), let constant = constants[name] { return constant.value }

        // `a + b + …`, each part readable.
        let pieces = split(file, range, at: "+")
        if pieces.count > 1 {
            return joined(pieces.map { value(file, $0, depth: depth + 1) }) ?? .computed(quote(file, range))
        }
        // A call whose result is its argument (`URL(string:)`), or a format.
        let first = range.lowerBound
        let last = range.upperBound - 1
        if tokens[first].kind == .identifier, first + 1 < range.upperBound, tokens[first + 1].isPunctuation("("),
            file.partners[first + 1] == last
        {
            let arguments = file.commaSeparated((first + 2)..<last)
            let name = tokens[first].text
            if ["URL", "NSURL", "String"].contains(name), let argument = arguments.first {
                let inner = labelled(file, argument)
                if inner.label == "format" {
                    return format(file, arguments, depth: depth)
                }
                if arguments.count == 1, inner.label == "string" || inner.label == nil {
                    return value(file, inner.range, depth: depth + 1)
                }
            }
        }
        if tokens[first].isPunctuation("["), file.partners[first] == last, first + 2 < last {
            let inside = (first + 1)..<last
            let receiver = tokens[first + 1].text
            let selector = tokens[first + 2]
            if ["NSURL", "NSString"].contains(receiver), selector.kind == .identifier, first + 3 < last, tokens[first + 3].isPunctuation(":") {
                let arguments = file.commaSeparated((first + 4)..<last)
                if selector.text == "stringWithFormat" { return format(file, arguments, depth: depth) }
                if ["URLWithString", "stringWithString"].contains(selector.text), arguments.count == 1 {
                    return value(file, arguments[0], depth: depth + 1)
                }
            }
            _ = inside
        }
        return .computed(quote(file, range))
    }

    /// A literal's value: plain, or with interpolations that are all the bundle ID.
    private func stringValue(_ literal: SourceStringLiteral) -> CodeValue? {
        if let plain = literal.plainValue { return .literal(plain) }
        guard !literal.isMultiline, !literal.isUnterminated else { return nil }
        var template = ""
        for segment in literal.segments {
            switch segment {
            case .text(let text):
                template += text
            case .interpolation(let expression):
                let inner = SourceFile(path: "", language: .swift, bytes: Array(expression.utf8))
                guard isBundleID(inner, inner.tokens.indices) else { return nil }
                template += CodeValue.bundleIDPlaceholder
            }
        }
        return .bundleIDTemplate(template)
    }

    /// `String(format: "msauth.%@://auth", bundleID)` and `stringWithFormat:`: each `%@` filled in.
    private func format(_ file: SourceFile, _ arguments: [Range<Int>], depth: Int) -> CodeValue {
        guard let formatRange = arguments.first else { return .computed("") }
        let all = arguments.first.map { $0.lowerBound }.map { ($0..<(arguments.last?.upperBound ?? $0)) } ?? (0..<0)
        guard case .literal(let format) = value(file, labelled(file, formatRange).range, depth: depth + 1) else {
            return .computed(quote(file, all))
        }
        var values = arguments.dropFirst().map { value(file, labelled(file, $0).range, depth: depth + 1) }
        var result = ""
        var remainder = Substring(format)
        while let marker = remainder.range(of: "%@") {
            result += remainder[..<marker.lowerBound]
            guard !values.isEmpty, let text = values.removeFirst().text else { return .computed(quote(file, all)) }
            result += text
            remainder = remainder[marker.upperBound...]
        }
        guard values.isEmpty, !remainder.contains("%") else { return .computed(quote(file, all)) }
        result += remainder
        return result.contains(CodeValue.bundleIDPlaceholder) ? .bundleIDTemplate(result) : .literal(result)
    }

    private func joined(_ parts: [CodeValue]) -> CodeValue? {
        var result = ""
        var usesBundleID = false
        for part in parts {
            switch part {
            case .literal(let text): result += text
            case .bundleIDTemplate(let text):
                result += text
                usesBundleID = true
            default: return nil
            }
        }
        return usesBundleID ? .bundleIDTemplate(result) : .literal(result)
    }

    /// The range without what does not change the value: `try`, `await`, a trailing `!`,
    /// `?? ""`, `as String`, an Objective-C cast, enclosing parentheses.
    func trim(_ file: SourceFile, _ range: Range<Int>) -> Range<Int> {
        let tokens = file.tokens
        var lower = range.lowerBound
        var upper = range.upperBound
        var changed = true
        while changed, lower < upper {
            changed = false
            if tokens[lower].isIdentifier("try") || tokens[lower].isIdentifier("await") {
                lower += 1
                if lower < upper, tokens[lower].isPunctuation("?") || tokens[lower].isPunctuation("!") { lower += 1 }
                changed = true
            } else if upper - lower >= 2, tokens[upper - 1].isPunctuation("!") {
                upper -= 1
                changed = true
            } else if upper - lower >= 3, tokens[upper - 2].isPunctuation("??") {
                upper -= 2  // a fallback for nil never decides a configured value
                changed = true
            } else if upper - lower >= 3, tokens[upper - 2].isIdentifier("as"), tokens[upper - 1].kind == .identifier {
                upper -= 2
                changed = true
            } else if upper - lower >= 4, tokens[upper - 3].isIdentifier("as"),
                tokens[upper - 2].isPunctuation("?") || tokens[upper - 2].isPunctuation("!")
            {
                upper -= 3
                changed = true
            } else if tokens[lower].isPunctuation("("), file.partners[lower] == upper - 1 {
                lower += 1
                upper -= 1
                changed = true
            } else if tokens[lower].isPunctuation("("), file.partners[lower] > lower, file.partners[lower] < upper - 1,
                file.language == .objectiveC, lower + 1 < upper, tokens[lower + 1].kind == .identifier,
                tokens[(lower + 1)..<file.partners[lower]].allSatisfy({ $0.kind == .identifier || $0.isPunctuation("*") })
            {
                lower = file.partners[lower] + 1  // `(NSString *)value`
                changed = true
            }
        }
        return lower..<max(lower, upper)
    }

    /// `Bundle.main.bundleIdentifier`, `NSBundle.mainBundle.bundleIdentifier`,
    /// `[[NSBundle mainBundle] bundleIdentifier]`, each maybe `!`-unwrapped.
    func isBundleID(_ file: SourceFile, _ range: Range<Int>) -> Bool {
        // The longest spelling is 13 tokens; a longer range is not one, and is not walked.
        guard range.count <= Self.maximumPatternLength else { return false }
        let texts = trim(file, range).map { file.tokens[$0].text }.filter { $0 != "?" && $0 != "!" && $0 != "(" && $0 != ")" }
        return texts == ["Bundle", ".", "main", ".", "bundleIdentifier"] || texts == ["NSBundle", ".", "mainBundle", ".", "bundleIdentifier"]
            || texts == ["[", "[", "NSBundle", "mainBundle", "]", "bundleIdentifier", "]"]
            || texts == ["[", "NSBundle", ".", "mainBundle", "bundleIdentifier", "]"]
            || texts == ["NSBundle", ".", "mainBundle", "(", ")", ".", "bundleIdentifier"]
    }

    /// The key of `Bundle.main.object(forInfoDictionaryKey: "K")`,
    /// `Bundle.main.infoDictionary?["K"]` or `[[NSBundle mainBundle] objectForInfoDictionaryKey:@"K"]`.
    private func infoPlistKey(_ file: SourceFile, _ range: Range<Int>) -> String? {
        guard range.count <= Self.maximumPatternLength else { return nil }
        let tokens = file.tokens
        let readsInfoDictionary = range.contains { tokens[$0].isIdentifier("infoDictionary") }
        for index in range where tokens[index].kind == .string {
            guard index >= 2, let key = tokens[index].literal?.plainValue else { continue }
            let label = tokens[index - 2]
            if (label.isIdentifier("forInfoDictionaryKey") || label.isIdentifier("objectForInfoDictionaryKey"))
                && tokens[index - 1].isPunctuation(":")
            {
                return key
            }
            if tokens[index - 1].isPunctuation("["), readsInfoDictionary {
                return key
            }
        }
        return nil
    }

    /// A plain name or a path to one (`kRedirectURI`, `Constants.redirectURI`, `self.clientID`):
    /// its last name.
    private func plainName(_ file: SourceFile, _ range: Range<Int>) -> String? {
        guard let last = range.last, file.tokens[last].kind == .identifier else { return nil }
        for index in range {
            let token = file.tokens[index]
            let expectsName = (index - range.lowerBound) % 2 == 0
            guard expectsName ? token.kind == .identifier : token.isPunctuation(".") else { return nil }
        }
        return file.tokens[last].text
    }

    private func labelled(_ file: SourceFile, _ range: Range<Int>) -> (label: String?, range: Range<Int>) {
        if range.count >= 2, file.tokens[range.lowerBound].kind == .identifier, file.tokens[range.lowerBound + 1].isPunctuation(":") {
            return (file.tokens[range.lowerBound].text, (range.lowerBound + 2)..<range.upperBound)
        }
        return (nil, range)
    }

    /// Splits at an operator outside brackets.
    private func split(_ file: SourceFile, _ range: Range<Int>, at separator: String) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let token = file.tokens[index]
            if token.kind == .punctuation, token.text == "(" || token.text == "[" || token.text == "{", file.partners[index] > index {
                index = file.partners[index] + 1
                continue
            }
            if token.isPunctuation(separator) {
                pieces.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        pieces.append(start..<range.upperBound)
        return pieces
    }

    /// The source of a range as a finding quotes it: tokens joined, shortened.
    func quote(_ file: SourceFile, _ range: Range<Int>) -> String {
        var text = ""
        for index in range {
            let token = file.tokens[index]
            let piece = token.kind == .string ? (token.literal?.isMultiline == true ? Self.multilineQuote : "\"…\"") : token.text
            if !text.isEmpty, token.kind == .identifier || token.kind == .string,
                let previous = text.last, previous.isLetter || previous.isNumber || previous == "\"" || previous == "…"
            {
                text += " "
            }
            text += piece
            if text.count > Self.maximumQuotedLength { return String(text.prefix(Self.maximumQuotedLength)) + "…" }
        }
        return text
    }
}
