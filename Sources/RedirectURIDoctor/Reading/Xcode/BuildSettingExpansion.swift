@_spi(Toolkit) import RedirectURIKit

/// What expanding one value gave, and everything that stood in the way.
struct Expansion: Sendable, Hashable {
    /// The value with every reference that could be evaluated replaced; references that could not
    /// be are kept as written (`$(PRODUCT_BUNDLE_IDENTIFIER)`).
    var value: String
    /// Settings that no level sets and no value was given for, kept as written (no project).
    var unresolved: [String] = []
    /// Settings that no level of the project sets: Xcode substitutes an empty string (or keeps an
    /// undelimited `$NAME` as written).
    var unset: [String] = []
    /// Variables filled in only when the app is signed (`AppIdentifierPrefix`, `TeamIdentifierPrefix`),
    /// kept as written.
    var signing: [String] = []
    /// Settings that refer back to themselves through other settings and so evaluate to nothing:
    /// each cycle as the names along it.
    var cycles: [[String]] = []
    /// Operators the doctor does not evaluate (`$(NAME:dir)`); the reference is kept as written.
    var unsupportedOperators: [String] = []
    /// A reference with no closing delimiter, kept as written.
    var unterminated: [String] = []
    /// Why expansion stopped early (too deep, too long, too many references), when it did.
    var limit: String?
    /// Every setting name looked up, in order of first use.
    var used: [String] = []

    /// Whether `value` is what the built app would carry: nothing kept as written and no limit hit.
    var isComplete: Bool {
        unresolved.isEmpty && signing.isEmpty && unsupportedOperators.isEmpty && unterminated.isEmpty && limit == nil
    }
}

/// Expands build-setting references the way Xcode does in Info.plist and entitlements values.
///
/// References are found by the core's ``BuildSettingText`` (the one definition of the syntax), then
/// evaluated: `$(NAME)`, `${NAME}` and `$NAME`; nested names (`$(A_$(B))`); the operators of
/// ``BuildSettingOperator``; `$(inherited)`, and a setting that refers to itself, take the next
/// assignment down the setting's chain, as in Xcode — so evaluation always ends, and a cycle through
/// other settings ends in an empty value, which is reported.
///
/// Bounded for any input: nesting and indirection at most ``maximumDepth`` deep, at most
/// ``maximumReferences`` references and ``maximumLength`` bytes of output per value (a chain of
/// settings that each repeat the next one twice grows exponentially otherwise).
struct BuildSettingExpander: Sendable {
    /// What a setting that no level sets becomes.
    enum UnsetPolicy: Sendable, Hashable {
        /// No project: the setting may well be set when the app is built, so the reference is kept
        /// as written and reported as unexpanded.
        case keepReference
        /// A project was read, so the setting is really unset: Xcode substitutes an empty string
        /// (and keeps an undelimited `$NAME` as written).
        case xcodeSemantics
    }

    /// Variables that code signing fills in from the provisioning profile.
    static let signingVariables: Set<String> = ["AppIdentifierPrefix", "TeamIdentifierPrefix"]
    static let maximumDepth = 32
    static let maximumReferences = 10_000
    static let maximumLength = 65_536

    let settings: BuildSettings
    let unsetPolicy: UnsetPolicy

    /// Expands `text`.
    func expand(_ text: String) -> Expansion {
        var evaluation = Evaluation(settings: settings, unsetPolicy: unsetPolicy)
        let piece = evaluation.text(Array(text.utf8), depth: 0)
        var result = evaluation.result
        result.value = String(decoding: piece.bytes, as: UTF8.self)
        return result
    }
}

/// One expansion in progress.
private struct Evaluation {
    /// Expanded bytes, and whether they are final (nothing kept as written below them).
    struct Piece {
        var bytes: [UInt8]
        var complete: Bool
    }

    /// A part of a reference's content: text, or a nested reference of the same buffer.
    enum Part {
        case text([UInt8])
        case reference(BuildSettingReference)
    }

    let settings: BuildSettings
    let unsetPolicy: BuildSettingExpander.UnsetPolicy
    var result = Expansion(value: "")
    /// The settings being evaluated, outermost first, with the index of the assignment in use.
    var frames: [(name: String, index: Int)] = []
    var references = 0

    init(settings: BuildSettings, unsetPolicy: BuildSettingExpander.UnsetPolicy) {
        self.settings = settings
        self.unsetPolicy = unsetPolicy
    }

    mutating func stop(_ reason: String) {
        if result.limit == nil { result.limit = reason }
    }

    /// Expands a whole value.
    mutating func text(_ bytes: [UInt8], depth: Int) -> Piece {
        guard depth <= BuildSettingExpander.maximumDepth else {
            stop("references nest or refer to each other more than \(BuildSettingExpander.maximumDepth) levels deep")
            return Piece(bytes: bytes, complete: false)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var output: [UInt8] = []
            var complete = true
            for segment in BuildSettingText.segments(in: buffer, range: 0..<buffer.count) {
                guard result.limit == nil else {
                    complete = false
                    break
                }
                switch segment {
                case .literal(let range):
                    output.append(contentsOf: buffer[range])
                case .reference(let reference):
                    let piece = self.reference(reference, in: buffer, depth: depth)
                    output.append(contentsOf: piece.bytes)
                    complete = complete && piece.complete
                }
                if output.count > BuildSettingExpander.maximumLength {
                    stop("the expanded value is longer than \(BuildSettingExpander.maximumLength) bytes")
                    complete = false
                    // Cut here: each level stopping only after appending let a value nested n
                    // deep grow to n times the limit (FuzzDoctorReaders: 75,642 bytes).
                    output.removeLast(output.count - BuildSettingExpander.maximumLength)
                }
            }
            return Piece(bytes: output, complete: complete && result.limit == nil)
        }
    }

    /// Evaluates one reference of `buffer`.
    mutating func reference(_ reference: BuildSettingReference, in buffer: UnsafeBufferPointer<UInt8>, depth: Int) -> Piece {
        let written = Array(buffer[reference.range])
        references += 1
        guard references <= BuildSettingExpander.maximumReferences else {
            stop("more than \(BuildSettingExpander.maximumReferences) references to evaluate")
            return Piece(bytes: written, complete: false)
        }
        guard reference.isTerminated else {
            Self.note(&result.unterminated, String(decoding: written, as: UTF8.self))
            return Piece(bytes: written, complete: false)
        }
        if reference.delimiter == .none {
            let name = String(decoding: buffer[reference.contentRange], as: UTF8.self)
            return lookUp(name, operators: [], written: written, undelimited: true, buffer: buffer, depth: depth)
        }

        // The content is the name, then `:operator` or `:operator=operand` groups. A ':' inside a
        // nested reference belongs to that reference, so only literal segments are split.
        var groups: [[Part]] = [[]]
        for segment in BuildSettingText.segments(in: buffer, range: reference.contentRange) {
            switch segment {
            case .literal(let range):
                var start = range.lowerBound
                for index in range where buffer[index] == UInt8(ascii: ":") {
                    if start < index { groups[groups.count - 1].append(.text(Array(buffer[start..<index]))) }
                    groups.append([])
                    start = index + 1
                }
                if start < range.upperBound { groups[groups.count - 1].append(.text(Array(buffer[start..<range.upperBound]))) }
            case .reference(let nested):
                groups[groups.count - 1].append(.reference(nested))
            }
        }
        let name = parts(groups[0], in: buffer, depth: depth + 1)
        guard name.complete else { return Piece(bytes: written, complete: false) }
        return lookUp(
            String(decoding: name.bytes, as: UTF8.self), operators: Array(groups.dropFirst()), written: written,
            undelimited: false, buffer: buffer, depth: depth)
    }

    /// Expands the parts of a name or an operand.
    mutating func parts(_ parts: [Part], in buffer: UnsafeBufferPointer<UInt8>, depth: Int) -> Piece {
        var output: [UInt8] = []
        var complete = true
        for part in parts {
            switch part {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .reference(let nested):
                guard depth <= BuildSettingExpander.maximumDepth else {
                    stop("references nest or refer to each other more than \(BuildSettingExpander.maximumDepth) levels deep")
                    return Piece(bytes: output, complete: false)
                }
                let piece = reference(nested, in: buffer, depth: depth)
                output.append(contentsOf: piece.bytes)
                complete = complete && piece.complete
            }
        }
        return Piece(bytes: output, complete: complete)
    }

    /// The value of setting `name`, with `operators` applied.
    mutating func lookUp(
        _ name: String, operators: [[Part]], written: [UInt8], undelimited: Bool,
        buffer: UnsafeBufferPointer<UInt8>, depth: Int
    ) -> Piece {
        if name.isEmpty {
            // `$()` is empty: the `https:/$()/host` trick in .xcconfig files relies on it.
            return applying(operators, to: Piece(bytes: [], complete: true), written: written, buffer: buffer, depth: depth)
        }
        var settingName = name
        var index = 0
        var cycleStart: Int?
        if name == "inherited" {
            guard let frame = frames.last else {
                return applying(operators, to: Piece(bytes: [], complete: true), written: written, buffer: buffer, depth: depth)
            }
            settingName = frame.name
            index = frame.index + 1
        } else if let position = frames.lastIndex(where: { $0.name == name }) {
            // A setting that refers to itself gets its next assignment down, as `$(inherited)`.
            index = frames[position].index + 1
            if position != frames.count - 1 { cycleStart = position }
        }
        Self.note(&result.used, settingName)

        let chain = settings.assignments(of: settingName)
        let value: Piece
        if index < chain.count {
            frames.append((settingName, index))
            value = text(Array(chain[index].value.utf8), depth: depth + 1)
            frames.removeLast()
        } else if index > 0 {
            // Past the lowest assignment: empty, as in Xcode. Through other settings, a cycle.
            if let cycleStart {
                let cycle = frames[cycleStart...].map(\.name) + [settingName]
                if !result.cycles.contains(cycle) { result.cycles.append(cycle) }
            }
            value = Piece(bytes: [], complete: true)
        } else if BuildSettingExpander.signingVariables.contains(settingName) {
            Self.note(&result.signing, settingName)
            return Piece(bytes: written, complete: false)
        } else {
            switch unsetPolicy {
            case .keepReference:
                Self.note(&result.unresolved, settingName)
                return Piece(bytes: written, complete: false)
            case .xcodeSemantics:
                let hasDefault = operators.contains { group in
                    if case .text(let bytes)? = group.first { return bytes.starts(with: Array("default=".utf8)) }
                    return false
                }
                if !hasDefault { Self.note(&result.unset, settingName) }
                // Xcode keeps an undelimited `$NAME` that names no setting as written.
                if undelimited { return Piece(bytes: written, complete: true) }
                value = Piece(bytes: [], complete: true)
            }
        }
        return applying(operators, to: value, written: written, buffer: buffer, depth: depth)
    }

    /// Applies `operators` left to right. A value that is not final, or an operator the doctor
    /// does not evaluate, leaves the whole reference as written.
    mutating func applying(
        _ operators: [[Part]], to value: Piece, written: [UInt8], buffer: UnsafeBufferPointer<UInt8>, depth: Int
    ) -> Piece {
        guard !operators.isEmpty else { return value }
        guard value.complete else { return Piece(bytes: written, complete: false) }
        var current = String(decoding: value.bytes, as: UTF8.self)
        for group in operators {
            guard case .text(let head)? = group.first else {
                Self.note(&result.unsupportedOperators, "(an operator written with a reference)")
                return Piece(bytes: written, complete: false)
            }
            let equals = head.firstIndex(of: UInt8(ascii: "="))
            let operatorName = String(decoding: head[..<(equals ?? head.endIndex)], as: UTF8.self)
            guard let known = BuildSettingOperator(name: operatorName, isReplacement: equals != nil) else {
                Self.note(&result.unsupportedOperators, equals == nil ? operatorName : operatorName + "=")
                return Piece(bytes: written, complete: false)
            }
            if known == .defaultValue {
                guard current.isEmpty, let equals else { continue }
                var operand: [Part] = []
                let rest = Array(head[head.index(after: equals)...])
                if !rest.isEmpty { operand.append(.text(rest)) }
                operand.append(contentsOf: group.dropFirst())
                let piece = parts(operand, in: buffer, depth: depth + 1)
                guard piece.complete else { return Piece(bytes: written, complete: false) }
                current = String(decoding: piece.bytes, as: UTF8.self)
            } else {
                current = known.apply(to: current)
            }
        }
        return Piece(bytes: Array(current.utf8), complete: true)
    }

    private static func note(_ list: inout [String], _ name: String) {
        if !list.contains(name) { list.append(name) }
    }
}
