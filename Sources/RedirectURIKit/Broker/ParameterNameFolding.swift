/// What a mainstream server makes of a parameter name before it looks it up: the one definition of
/// "a name a server would fold into a field's name". The pollution rule rejects a message with
/// such a name, because the broker reads the name as written and a server in front of or behind
/// it may read it as the field: two readers, two requests.
///
/// The fold, in order, each step with the servers that do it:
///
/// 1. **NUL truncation.** The name ends at its first U+0000: PHP's request-variable registration
///    (`php_register_variable_ex` in `main/php_variables.c`) and servers written in C handle
///    names as NUL-terminated strings (`redirect_uri%00x` is `redirect_uri`).
/// 2. **Compatibility and case folding**, character by character: NFKC followed by full case
///    folding, which is Unicode's NFKC_Casefold (UAX #44, `DerivedNormalizationProps.txt`) and
///    what Unicode-aware frameworks compare identifiers with (full-width `ｒ`, mathematical
///    letters, ligatures such as `ﬁ`, `ſ`, the Kelvin sign, `ß` as `ss`); the simple case
///    mappings of `UnicodeData.txt`, which Java's `String.equalsIgnoreCase` and .NET's
///    `OrdinalIgnoreCase` compare with (dotless `ı` is `I`, `İ` is `i`); ASCII letter case.
///    Default-ignorable code points (soft hyphen, zero-width space, …) disappear, as
///    NFKC_Casefold removes them, and Unicode white space (`PropList.txt`) becomes a space.
///    A character that folds to anything else cannot be part of a field's name, which is ASCII.
/// 3. **Trimming** at both ends of C0 controls, space and DEL: Java's `String.trim()` removes
///    every character up to U+0020, PHP's `trim()` NUL, tab, LF, VT, CR and space, .NET's
///    `Trim()`, JavaScript's `trim()` and Python's `strip()` Unicode white space (step 2 made it
///    a space), WHATWG URL parsing C0 controls and space.
/// 4. **PHP's name mangling** (`php_register_variable_ex`): a space or `.` becomes `_`
///    (`redirect.uri` is `redirect_uri`), and so does a `[` that opens no index; a name followed
///    by an index, `redirect_uri[]` or `redirect_uri[0]`, is that name as an array (so it is in
///    Rack's `parse_nested_query` and the `qs` module's default parsing).
///
/// A name folds into a field when one of these readings, step 4's two readings of a `[`
/// included, is the field's name exactly. The servers differ, so the fold is their union: a
/// name some server reads as a field is enough.
enum ParameterNameFolding {
    /// A run of code points that fold to ASCII: `count` code points from `first`, each folding to
    /// `image` (`step` 0), or to `image`'s one character plus its offset in the run (`step` 1:
    /// `Ａ`…`Ｚ` to `a`…`z`).
    struct FoldRun: Sendable {
        let first: UInt32
        let count: UInt32
        let image: StaticString
        let step: UInt8

        init(_ first: UInt32, _ count: UInt32, _ image: StaticString, step: UInt8) {
            self.first = first
            self.count = count
            self.image = image
            self.step = step
        }
    }

    /// The field that `name` (a decoded name, UTF-8, that names no field exactly) folds into,
    /// if any. Linear in the name; allocates only for a name that could fold (one with a capital,
    /// a `.`, or a byte outside lowercase letters, digits, `_`, `-` and `~`).
    static func field(folding name: UnsafeBufferPointer<UInt8>) -> BrokerField? {
        // Most unknown names are lowercase ASCII words: no step changes them.
        guard name.contains(where: mayFold) else { return nil }
        guard let folded = fold(name) else { return nil }
        return folded.withUnsafeBufferPointer { readings(of: $0) }
    }

    /// Whether a byte of a name can change under the fold (step 2 to 4), or starts a character
    /// that can.
    @inline(__always)
    static func mayFold(_ byte: UInt8) -> Bool {
        !(ASCII.lowercaseA...ASCII.lowercaseZ).contains(byte) && !(ASCII.digitZero...ASCII.digitNine).contains(byte)
            && byte != ASCII.underscore && byte != ASCII.hyphen && byte != ASCII.tilde
    }

    /// Steps 1 to 3: the name cut at NUL, folded character by character and trimmed; `nil` when
    /// a character folds to something that is not ASCII.
    static func fold(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var folded: [UInt8] = []
        folded.reserveCapacity(name.count)
        var index = 0
        while index < name.count {
            let lead = name[index]
            if lead == 0 { break }  // step 1
            if lead < 0x80 {
                folded.append(ASCII.lowercased(lead))
                index &+= 1
                continue
            }
            guard let (scalar, length) = decodeScalar(name, at: index), appendImage(of: scalar, to: &folded) else { return nil }
            index &+= length
        }
        // Step 3.
        var start = 0
        var end = folded.count
        while start < end, isTrimmed(folded[start]) { start &+= 1 }
        while end > start, isTrimmed(folded[end &- 1]) { end &-= 1 }
        return Array(folded[start..<end])
    }

    /// C0 controls, space and DEL.
    @inline(__always)
    static func isTrimmed(_ byte: UInt8) -> Bool { byte <= ASCII.space || byte == ASCII.delete }

    /// Step 4 on a folded name: its PHP readings, each looked up.
    static func readings(of folded: UnsafeBufferPointer<UInt8>) -> BrokerField? {
        var mangled = Array(folded)
        for index in mangled.indices
        where mangled[index] == ASCII.space || mangled[index] == ASCII.period || mangled[index] == ASCII.leftSquareBracket {
            mangled[index] = ASCII.underscore
        }
        if let field = mangled.withUnsafeBufferPointer({ BrokerField(named: $0) }) { return field }
        // `name[…]`: the name before the first `[`, when a `]` follows it.
        guard let open = folded.firstIndex(of: ASCII.leftSquareBracket), folded[open...].contains(ASCII.rightSquareBracket) else { return nil }
        var base = Array(folded[..<open])
        for index in base.indices where base[index] == ASCII.space || base[index] == ASCII.period { base[index] = ASCII.underscore }
        return base.withUnsafeBufferPointer { BrokerField(named: $0) }
    }

    /// Appends what `scalar` (not ASCII) folds to; false when that is not ASCII.
    static func appendImage(of scalar: UInt32, to folded: inout [UInt8]) -> Bool {
        guard let run = run(containing: scalar) else { return false }
        if run.step == 0 {
            run.image.withUTF8Buffer { folded.append(contentsOf: $0) }
        } else {
            let first = run.image.withUTF8Buffer { $0.first ?? 0 }
            folded.append(first &+ UInt8(truncatingIfNeeded: scalar &- run.first))
        }
        return true
    }

    /// The run that holds `scalar`, by binary search.
    static func run(containing scalar: UInt32) -> FoldRun? {
        let table = runs
        var low = 0
        var high = table.count
        while low < high {
            let middle = low &+ (high &- low) / 2
            if table[middle].first <= scalar {
                low = middle &+ 1
            } else {
                high = middle
            }
        }
        guard low > 0 else { return nil }
        let candidate = table[low &- 1]
        return scalar &- candidate.first < candidate.count ? candidate : nil
    }

    /// The scalar of the well-formed UTF-8 sequence at `index` (a decoded name is well-formed)
    /// and its length; `nil` for a byte that starts none.
    static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            scalar = UInt32(lead & 0x07)
        default:
            return nil
        }
        guard bytes.count &- index >= length else { return nil }
        for offset in 1..<length {
            let byte = bytes[index &+ offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        return (scalar, length)
    }
}
