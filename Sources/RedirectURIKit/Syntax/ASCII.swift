/// Named ASCII byte values, so that parsing code never spells a magic number.
@usableFromInline
enum ASCII {
    @usableFromInline static let tab: UInt8 = 0x09
    @usableFromInline static let lineFeed: UInt8 = 0x0A
    @usableFromInline static let carriageReturn: UInt8 = 0x0D
    @usableFromInline static let space: UInt8 = 0x20
    @usableFromInline static let exclamationMark: UInt8 = 0x21
    @usableFromInline static let quotationMark: UInt8 = 0x22
    @usableFromInline static let numberSign: UInt8 = 0x23  // #
    @usableFromInline static let dollarSign: UInt8 = 0x24
    @usableFromInline static let percentSign: UInt8 = 0x25
    @usableFromInline static let ampersand: UInt8 = 0x26
    @usableFromInline static let apostrophe: UInt8 = 0x27
    @usableFromInline static let plusSign: UInt8 = 0x2B
    @usableFromInline static let comma: UInt8 = 0x2C
    @usableFromInline static let hyphen: UInt8 = 0x2D
    @usableFromInline static let period: UInt8 = 0x2E
    @usableFromInline static let slash: UInt8 = 0x2F
    @usableFromInline static let digitZero: UInt8 = 0x30
    @usableFromInline static let digitNine: UInt8 = 0x39
    @usableFromInline static let colon: UInt8 = 0x3A
    @usableFromInline static let semicolon: UInt8 = 0x3B
    @usableFromInline static let equalsSign: UInt8 = 0x3D
    @usableFromInline static let questionMark: UInt8 = 0x3F
    @usableFromInline static let commercialAt: UInt8 = 0x40
    @usableFromInline static let uppercaseA: UInt8 = 0x41
    @usableFromInline static let uppercaseF: UInt8 = 0x46
    @usableFromInline static let uppercaseV: UInt8 = 0x56
    @usableFromInline static let uppercaseZ: UInt8 = 0x5A
    @usableFromInline static let leftSquareBracket: UInt8 = 0x5B
    @usableFromInline static let backslash: UInt8 = 0x5C
    @usableFromInline static let rightSquareBracket: UInt8 = 0x5D
    @usableFromInline static let underscore: UInt8 = 0x5F
    @usableFromInline static let lowercaseA: UInt8 = 0x61
    @usableFromInline static let lowercaseF: UInt8 = 0x66
    @usableFromInline static let lowercaseV: UInt8 = 0x76
    @usableFromInline static let lowercaseZ: UInt8 = 0x7A
    @usableFromInline static let tilde: UInt8 = 0x7E
    @usableFromInline static let delete: UInt8 = 0x7F
    /// Adding this to an uppercase ASCII letter gives its lowercase form.
    @usableFromInline static let caseBit: UInt8 = 0x20

    /// The value of a hex digit, or `nil` when `byte` is not one (`0-9 A-F a-f`).
    @inlinable
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case digitZero...digitNine: return byte &- digitZero
        case uppercaseA...uppercaseF: return byte &- uppercaseA &+ 10
        case lowercaseA...lowercaseF: return byte &- lowercaseA &+ 10
        default: return nil
        }
    }

    /// The uppercase hex digit for a value in `0..<16` (RFC 3986 §2.1: producers use uppercase).
    @inlinable
    static func uppercaseHexDigit(_ value: UInt8) -> UInt8 {
        let nibble = value & 0x0F
        return nibble < 10 ? digitZero &+ nibble : uppercaseA &+ (nibble &- 10)
    }

    @inlinable
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (uppercaseA...uppercaseZ).contains(byte) ? byte | caseBit : byte
    }

    /// Space, tab, LF, VT, FF or CR: what a server's trim removes around a name.
    @inlinable
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || (tab...carriageReturn).contains(byte)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes start with `literal` (ASCII), compared byte for byte.
    @inline(__always)
    func hasASCIIPrefix(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard count >= length, let base = baseAddress else { return length == 0 }
        return UnsafeBufferPointer(start: base, count: length)
            .equalsBytes(of: UnsafeBufferPointer(start: literal.utf8Start, count: length))
    }

    /// Whether the bytes start with `literal`, a lowercase ASCII literal, ignoring ASCII case.
    @inline(__always)
    func hasASCIIPrefixIgnoringCase(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard count >= length, let base = baseAddress else { return length == 0 }
        let expected = literal.utf8Start
        var index = 0
        while index < length {
            guard ASCII.lowercased(base[index]) == expected[index] else { return false }
            index &+= 1
        }
        return true
    }

    /// Whether the bytes are exactly `literal`.
    @inline(__always)
    func equalsBytes(of literal: StaticString) -> Bool {
        equalsBytes(of: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Whether the bytes are `literal`, a lowercase ASCII literal, ignoring ASCII case.
    @inline(__always)
    func equalsASCIIIgnoringCase(_ literal: StaticString) -> Bool {
        count == literal.utf8CodeUnitCount && hasASCIIPrefixIgnoringCase(literal)
    }
}

extension Collection<UInt8> {
    /// Whether `needle` occurs in the bytes as a contiguous run, compared byte for byte.
    ///
    /// The standard library's `contains(_:)` for a collection needs `_StringProcessing`, which
    /// Apple ships only from iOS 16 / macOS 13; this package supports older systems.
    func containsBytes(_ needle: some Collection<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        var start = startIndex
        while let candidate = self[start...].firstIndex(of: first) {
            if self[candidate...].starts(with: needle) { return true }
            start = index(after: candidate)
        }
        return false
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether both buffers hold the same bytes; eight at a time, where the generic
    /// `elementsEqual` was a call per comparison on the lookup's hot path.
    @inline(__always)
    func equalsBytes(of other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard let lhs = baseAddress, let rhs = other.baseAddress else { return true }
        var index = 0
        while index &+ 8 <= count {
            guard
                UnsafeRawPointer(lhs + index).loadUnaligned(as: UInt64.self)
                    == UnsafeRawPointer(rhs + index).loadUnaligned(as: UInt64.self)
            else { return false }
            index &+= 8
        }
        if index == count { return true }
        // The last (fewer than eight) bytes as the last eight, overlapping bytes already compared:
        // one test where a bundle ID's tail took a step per byte.
        if count >= 8 {
            let last = count &- 8
            return UnsafeRawPointer(lhs + last).loadUnaligned(as: UInt64.self)
                == UnsafeRawPointer(rhs + last).loadUnaligned(as: UInt64.self)
        }
        while index < count {
            guard lhs[index] == rhs[index] else { return false }
            index &+= 1
        }
        return true
    }

    /// Whether every byte is below 0x80, and whether none is `%`, `+`, `=` or `&` (a query
    /// name that no raw name spells differently before its first escape); eight at a time.
    @inline(__always)
    var asciiNameTraits: (isASCII: Bool, isPlain: Bool) {
        guard let base = baseAddress else { return (true, true) }
        var high: UInt64 = 0
        var special: UInt64 = 0
        // Lanes equal to `byte` in `word` get their high bit set (exact for "any lane", which
        // is all that is asked).
        func lanes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
            let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
            return (difference &- 0x0101_0101_0101_0101) & ~difference
        }
        func scan(_ word: UInt64) {
            high |= word
            special |=
                lanes(word, equalTo: ASCII.percentSign) | lanes(word, equalTo: ASCII.plusSign)
                | lanes(word, equalTo: ASCII.equalsSign) | lanes(word, equalTo: ASCII.ampersand)
        }
        var index = 0
        while index &+ 8 <= count {
            scan(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            index &+= 8
        }
        // The rest a byte at a time: a word assembled in memory, or one read across the two
        // halves of a name just spilled from a small string, waits for the stores to land.
        while index < count {
            let byte = base[index]
            high |= UInt64(byte)
            if byte == ASCII.percentSign || byte == ASCII.plusSign || byte == ASCII.equalsSign || byte == ASCII.ampersand {
                special = 0x80
            }
            index &+= 1
        }
        return (high & 0x8080_8080_8080_8080 == 0, special & 0x8080_8080_8080_8080 == 0)
    }
}
