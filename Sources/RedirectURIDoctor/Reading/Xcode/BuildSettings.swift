/// Build settings as Xcode layers them: for each name, its assignments from the level that wins to
/// the level that loses.
///
/// Xcode resolves a target's setting through, from highest to lowest precedence: values given on
/// the command line (here `--build-setting`), the target's configuration, the `.xcconfig` file that
/// configuration is based on, the project's configuration, the project's `.xcconfig`, and Xcode's
/// own values. Within one `.xcconfig` file (its `#include`s inlined where they stand) a later line
/// wins over an earlier one. `$(inherited)` — and a setting that refers to itself — evaluates the
/// next assignment down the chain, which is why each name keeps all of its assignments.
struct BuildSettings: Sendable, Hashable {
    /// One assignment of a setting at one level.
    struct Assignment: Sendable, Hashable {
        /// The unexpanded value.
        var value: String
        /// Where it was set (for messages), e.g. `target 'MailApp' (Release)` or `Config/App.xcconfig`.
        var origin: String
    }

    /// For each name, its assignments, highest precedence first.
    private(set) var chains: [String: [Assignment]] = [:]
    /// Assignments with a condition (`NAME[sdk=iphoneos*]`), which the doctor does not evaluate:
    /// for each name, where such a variant is set.
    private(set) var conditionalVariants: [String: [String]] = [:]

    /// No settings.
    init() {}

    /// One level of values (the command line's `--build-setting`).
    init(_ values: [String: String], origin: String) {
        appendLevel(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, origin: origin)
    }

    /// Adds a level below every level added so far. `assignments` are in the order the level
    /// writes them: for a name assigned twice, the later assignment wins within the level.
    mutating func appendLevel(_ assignments: [(name: String, value: String)], origin: String) {
        for (name, value) in assignments.reversed() {
            chains[name, default: []].append(Assignment(value: value, origin: origin))
        }
    }

    /// Records that `name` also has a conditional variant at `origin` (not evaluated).
    mutating func noteConditionalVariant(of name: String, written key: String, origin: String) {
        conditionalVariants[name, default: []].append("\(key) (\(origin))")
    }

    /// The assignments of `name`, highest precedence first.
    func assignments(of name: String) -> [Assignment] {
        chains[name] ?? []
    }

    /// Whether any level assigns `name`.
    func isSet(_ name: String) -> Bool {
        chains[name]?.isEmpty == false
    }

    /// Splits a settings key into its name and whether it carries a condition: `NAME[sdk=…]` →
    /// (`NAME`, true). Returns `nil` for a key that is not a setting name.
    static func parseKey(_ key: String) -> (name: String, conditional: Bool)? {
        let bytes = Array(key.utf8)
        var end = 0
        while end < bytes.count, isNameByte(bytes[end], first: end == 0) { end += 1 }
        guard end > 0 else { return nil }
        if end == bytes.count { return (key, false) }
        guard bytes[end] == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") else { return nil }
        return (String(decoding: bytes[..<end], as: UTF8.self), true)
    }

    /// Setting names are `[A-Za-z_][A-Za-z0-9_]*` in `.xcconfig` files and project files alike.
    static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"): return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return !first
        default: return false
        }
    }

    /// Whether `name` is a valid setting name.
    static func isValidName(_ name: String) -> Bool {
        guard let parsed = parseKey(name) else { return false }
        return !parsed.conditional
    }
}
