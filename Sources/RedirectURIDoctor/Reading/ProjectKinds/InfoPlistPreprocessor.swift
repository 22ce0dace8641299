/// The C preprocessing Xcode runs on an Info.plist when `INFOPLIST_PREPROCESS = YES`, as far as
/// Info.plists use it: `#define NAME value` and `#undef`, `#ifdef`, `#ifndef`, `#if` (with
/// `defined`, `!`, `&&`, `||`, `==`, `!=`, `<`, `>`, integers and parentheses), `#elif`, `#else`,
/// `#endif`, `#include "file"`, and object-like macros replaced in the text outside `"…"`. The
/// definitions come from `INFOPLIST_PREPROCESSOR_DEFINITIONS` (`NAME` is `NAME=1`) and the
/// `#define`s of `INFOPLIST_PREFIX_HEADER`.
///
/// A line the preprocessing removes becomes an empty line, so each remaining line keeps its
/// number and a finding points into the file the user edits (not after an `#include`). Comments
/// are left in the text: whether `//` in a URL is a comment depends on the preprocessor's flags,
/// and a doctor that broke a working URL would fail a working app. What it does not do (a
/// function-like macro, `#include <…>`, `#error`, an expression it cannot read) is a
/// ``Failure``, never a guess.
struct InfoPlistPreprocessor {
    struct Failure: Error, Equatable {
        var line: Int
        var reason: String
    }

    /// Most nested `#include`s, and most bytes written: a cycle or a blow-up ends there.
    static let maximumIncludeDepth = 8
    static let maximumOutput = 4 << 20

    var macros: [String: String]
    /// Reads an included file by the name written, relative to the including file.
    let include: (String) -> [UInt8]?
    private var written = 0

    init(definitions: String, include: @escaping (String) -> [UInt8]?) {
        macros = [:]
        self.include = include
        // A definition is one word of the setting: a value never holds a line break, which
        // would move every later line of the Info.plist (FuzzDoctorReaders found it).
        for item in definitions.split(whereSeparator: \.isWhitespace) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first, Self.isIdentifier(name) else { continue }
            macros[String(name)] = parts.count > 1 ? String(parts[1]) : "1"
        }
    }

    /// Reads a prefix header for its definitions only.
    mutating func define(fromHeader bytes: [UInt8]) throws(Failure) {
        _ = try process(bytes, depth: 0)
    }

    /// The preprocessed text.
    mutating func process(_ bytes: [UInt8], depth: Int = 0) throws(Failure) -> [UInt8] {
        guard depth <= Self.maximumIncludeDepth else { throw Failure(line: 0, reason: "#include nested too deep") }
        var output: [UInt8] = []
        // Each open #if: whether a branch was taken, whether this one is active, whether the
        // enclosing block is.
        var stack: [(taken: Bool, active: Bool, outer: Bool)] = []
        var active: Bool { stack.last.map { $0.active && $0.outer } ?? true }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            if offset > 0 { output.append(UInt8(ascii: "\n")) }
            let text = String(decoding: line, as: UTF8.self)
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            guard trimmed.first == "#" else {
                guard active else { continue }
                // Macros that name each other several times grow exponentially with their
                // chain: the line's expansion stops at what the output may still hold.
                guard let substituted = substitute(Array(line), budget: Self.maximumOutput - written - output.count) else {
                    throw Failure(line: number, reason: "the output grows too large")
                }
                output += substituted
                continue
            }
            let directive = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
            let name = directive.prefix { $0.isLetter }
            let rest = Self.trimmed(directive.dropFirst(name.count))
            switch name {
            case "ifdef", "ifndef":
                let isDefined = macros[rest] != nil
                let on = name == "ifdef" ? isDefined : !isDefined
                stack.append((on, on, active))
            case "if":
                let on = active ? try evaluate(rest, line: number) != 0 : false
                stack.append((on, on, active))
            case "elif":
                guard let top = stack.popLast() else { throw Failure(line: number, reason: "#elif without #if") }
                let on = !top.taken && top.outer ? try evaluate(rest, line: number) != 0 : false
                stack.append((top.taken || on, on, top.outer))
            case "else":
                guard let top = stack.popLast() else { throw Failure(line: number, reason: "#else without #if") }
                stack.append((true, !top.taken, top.outer))
            case "endif":
                guard stack.popLast() != nil else { throw Failure(line: number, reason: "#endif without #if") }
            case _ where !active:
                continue
            case "define":
                let macro = rest.prefix { $0 == "_" || $0.isLetter || $0.isNumber }
                guard Self.isIdentifier(Substring(macro)) else { throw Failure(line: number, reason: "#define without a name") }
                let value = rest.dropFirst(macro.count)
                if value.first == "(" { throw Failure(line: number, reason: "a function-like macro") }
                macros[String(macro)] = Self.trimmed(value)
            case "undef":
                macros[rest] = nil
            case "include":
                guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
                    throw Failure(line: number, reason: "an #include other than \"file\"")
                }
                guard let included = include(String(rest.dropFirst().dropLast())) else {
                    throw Failure(line: number, reason: "#include \(rest) cannot be read")
                }
                output += try process(included, depth: depth + 1)
            case "pragma", "line", "":
                continue
            default:
                throw Failure(line: number, reason: "#\(name)")
            }
            guard written + output.count <= Self.maximumOutput else { throw Failure(line: number, reason: "the output grows too large") }
        }
        if !stack.isEmpty { throw Failure(line: lines.count, reason: "#if without #endif") }
        written += output.count
        return output
    }

    /// Replaces each defined identifier outside `"…"` by its value, again in the value (each
    /// name once on a path, as the C preprocessor does, so `#define A A` ends); `nil` when the
    /// result would pass `budget` bytes.
    private func substitute(_ line: [UInt8], expanding: Set<String> = [], depth: Int = 0, budget: Int) -> [UInt8]? {
        guard line.count <= budget else { return nil }
        guard !macros.isEmpty, depth < 16 else { return line }
        var output: [UInt8] = []
        var index = 0
        var inString = false
        while index < line.count {
            let byte = line[index]
            if byte == UInt8(ascii: "\"") { inString.toggle() }
            guard !inString, Self.startsIdentifier(byte), index == 0 || !Self.continuesIdentifier(line[index - 1]) else {
                output.append(byte)
                index += 1
                continue
            }
            var end = index + 1
            while end < line.count, Self.continuesIdentifier(line[end]) { end += 1 }
            let name = String(decoding: line[index..<end], as: UTF8.self)
            if let value = macros[name], !expanding.contains(name) {
                guard
                    let expanded = substitute(Array(value.utf8), expanding: expanding.union([name]), depth: depth + 1, budget: budget - output.count)
                else { return nil }
                output += expanded
            } else {
                output += line[index..<end]
            }
            guard output.count <= budget else { return nil }
            index = end
        }
        return output
    }

    private func evaluate(_ expression: String, line: Int) throws(Failure) -> Int {
        var reader = ConditionReader(tokens: ConditionReader.tokens(expression), macros: macros)
        guard let value = reader.expression(depth: 0), reader.atEnd else {
            throw Failure(line: line, reason: "an #if expression the doctor does not read (\(expression))")
        }
        return value
    }

    static func trimmed(_ text: Substring) -> String {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character == "\r" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, startsIdentifier(first) else { return false }
        return text.utf8.allSatisfy(continuesIdentifier)
    }

    static func startsIdentifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func continuesIdentifier(_ byte: UInt8) -> Bool {
        startsIdentifier(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

/// An `#if` expression: `||` over `&&` over comparisons over `!`, `defined`, integers, names
/// (a defined name's value as an integer, an undefined one 0) and parentheses.
struct ConditionReader {
    var tokens: [String]
    let macros: [String: String]
    private var position = 0

    init(tokens: [String], macros: [String: String]) {
        self.tokens = tokens
        self.macros = macros
    }

    var atEnd: Bool { position == tokens.count }

    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                index += 1
            } else if InfoPlistPreprocessor.continuesIdentifier(byte) {
                var end = index
                while end < bytes.count, InfoPlistPreprocessor.continuesIdentifier(bytes[end]) { end += 1 }
                tokens.append(String(decoding: bytes[index..<end], as: UTF8.self))
                index = end
            } else if index + 1 < bytes.count,
                ["&&", "||", "==", "!=", "<=", ">="].contains(String(decoding: bytes[index...index + 1], as: UTF8.self))
            {
                tokens.append(String(decoding: bytes[index...index + 1], as: UTF8.self))
                index += 2
            } else {
                tokens.append(String(decoding: [byte], as: UTF8.self))
                index += 1
            }
        }
        return tokens
    }

    private mutating func next(_ token: String) -> Bool {
        guard position < tokens.count, tokens[position] == token else { return false }
        position += 1
        return true
    }

    mutating func expression(depth: Int) -> Int? {
        guard depth < 32, var value = conjunction(depth: depth) else { return nil }
        while next("||") {
            guard let right = conjunction(depth: depth) else { return nil }
            value = (value != 0 || right != 0) ? 1 : 0
        }
        return value
    }

    private mutating func conjunction(depth: Int) -> Int? {
        guard var value = comparison(depth: depth) else { return nil }
        while next("&&") {
            guard let right = comparison(depth: depth) else { return nil }
            value = (value != 0 && right != 0) ? 1 : 0
        }
        return value
    }

    private mutating func comparison(depth: Int) -> Int? {
        guard let left = unary(depth: depth) else { return nil }
        let symbols = ["==", "!=", "<=", ">=", "<", ">"]
        guard position < tokens.count, symbols.contains(tokens[position]) else { return left }
        let symbol = tokens[position]
        position += 1
        guard let right = unary(depth: depth) else { return nil }
        let holds: Bool
        switch symbol {
        case "==": holds = left == right
        case "!=": holds = left != right
        case "<=": holds = left <= right
        case ">=": holds = left >= right
        case "<": holds = left < right
        default: holds = left > right
        }
        return holds ? 1 : 0
    }

    private mutating func unary(depth: Int) -> Int? {
        guard depth < 32, position < tokens.count else { return nil }
        if next("!") { return unary(depth: depth + 1).map { $0 == 0 ? 1 : 0 } }
        if next("(") {
            guard let value = expression(depth: depth + 1), next(")") else { return nil }
            return value
        }
        let token = tokens[position]
        position += 1
        if token == "defined" {
            let parenthesized = next("(")
            guard position < tokens.count else { return nil }
            let name = tokens[position]
            position += 1
            if parenthesized, !next(")") { return nil }
            return macros[name] == nil ? 0 : 1
        }
        if let number = Int(token) { return number }
        guard InfoPlistPreprocessor.isIdentifier(Substring(token)) else { return nil }
        guard let value = macros[token] else { return 0 }
        return Int(InfoPlistPreprocessor.trimmed(Substring(value)))
    }
}
