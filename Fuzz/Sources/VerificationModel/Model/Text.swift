// The plain model's text helpers, written from the "Verification rules" article (the DocC article
// VerificationRules.md) alone: ASCII case, the bundle-ID and client-ID grammars, the Java package
// name, percent-decoding, UTF-8 validation and base64. Every one is an obvious loop over bytes so
// that it shares nothing with the library it checks. Nothing here is fast, on purpose.

/// Bytes of a string, for writing literals next to byte arrays.
func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Text of ASCII (or any UTF-8) bytes, for reports.
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

// MARK: - ASCII case ("Terms used below": equal ignoring case, exactly equal)

/// `A`–`Z` mapped to `a`–`z`; every other byte unchanged ("no other byte is folded").
func lowercased(_ byte: UInt8) -> UInt8 {
    if byte >= 0x41 && byte <= 0x5A { return byte + 0x20 }
    return byte
}

/// *Equal ignoring case*: equal after mapping the ASCII letters `A`–`Z` to `a`–`z`.
func equalIgnoringCase(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    if a.count != b.count { return false }
    var i = 0
    while i < a.count {
        if lowercased(a[i]) != lowercased(b[i]) { return false }
        i += 1
    }
    return true
}

/// *Equal ignoring case* against a literal (written in lowercase).
func equalIgnoringCase(_ a: [UInt8], _ literal: String) -> Bool {
    a.count == literal.utf8.count && hasPrefixIgnoringCase(a, literal)
}

/// `bytes` starts with `prefix` (a literal written in lowercase), ignoring case.
func hasPrefixIgnoringCase(_ bytes: [UInt8], _ prefix: String) -> Bool {
    if bytes.count < prefix.utf8.count { return false }
    var i = 0
    for p in prefix.utf8 {
        if lowercased(bytes[i]) != lowercased(p) { return false }
        i += 1
    }
    return true
}

/// *Exactly equal* against a literal: the same bytes.
func exactlyEqual(_ a: [UInt8]?, _ literal: String) -> Bool {
    guard let a, a.count == literal.utf8.count else { return false }
    var i = 0
    for p in literal.utf8 {
        if a[i] != p { return false }
        i += 1
    }
    return true
}

func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
}

func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

func isHexDigit(_ byte: UInt8) -> Bool {
    isASCIIDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
}

/// The value of a hexadecimal digit (call only on one).
func hexValue(_ byte: UInt8) -> UInt8 {
    if isASCIIDigit(byte) { return byte - 0x30 }
    if byte >= 0x41 && byte <= 0x46 { return byte - 0x41 + 10 }
    return byte - 0x61 + 10
}

/// Splits on one byte, keeping empty pieces (so `a..b` has an empty piece).
func split(_ bytes: [UInt8], on separator: UInt8) -> [[UInt8]] {
    var pieces: [[UInt8]] = []
    var current: [UInt8] = []
    for byte in bytes {
        if byte == separator {
            pieces.append(current)
            current = []
        } else {
            current.append(byte)
        }
    }
    pieces.append(current)
    return pieces
}

// MARK: - Grammars ("Terms used below")

/// A *bundle ID*: one or more labels of `A`–`Z`, `a`–`z`, `0`–`9` and `-`, separated by single
/// dots, no empty label.
func isBundleID(_ bytes: [UInt8]) -> Bool {
    if bytes.isEmpty { return false }
    for label in split(bytes, on: UInt8(ascii: ".")) {
        if label.isEmpty { return false }
        for byte in label {
            if !(isASCIILetter(byte) || isASCIIDigit(byte) || byte == UInt8(ascii: "-")) { return false }
        }
    }
    return true
}

/// How many dot-separated labels a bundle ID has.
func labelCount(_ bytes: [UInt8]) -> Int {
    split(bytes, on: UInt8(ascii: ".")).count
}

/// A *client ID*: a UUID, 8, 4, 4, 4 and 12 hexadecimal digits separated by hyphens.
func isClientID(_ bytes: [UInt8]) -> Bool {
    if bytes.count != 36 { return false }
    for (i, byte) in bytes.enumerated() {
        if i == 8 || i == 13 || i == 18 || i == 23 {
            if byte != UInt8(ascii: "-") { return false }
        } else if !isHexDigit(byte) {
            return false
        }
    }
    return true
}

/// A Java package name (form-android): at least two labels separated by single dots, each starting
/// with a letter and holding only letters, digits and `_`.
func isJavaPackageName(_ bytes: [UInt8]) -> Bool {
    let labels = split(bytes, on: UInt8(ascii: "."))
    if labels.count < 2 { return false }
    for label in labels {
        guard let first = label.first, isASCIILetter(first) else { return false }
        for byte in label {
            if !(isASCIILetter(byte) || isASCIIDigit(byte) || byte == UInt8(ascii: "_")) { return false }
        }
    }
    return true
}

/// The *reserved schemes* of the article, in lowercase.
let reservedSchemes: [String] = [
    "http", "https", "msauth", "msauthv2", "msauthv3", "file", "mailto", "tel", "sms", "facetime",
    "facetime-audio", "ftp", "data", "javascript", "about", "blob", "ws", "wss", "itms", "itms-apps",
    "maps", "message", "shortcuts", "app-settings",
]

/// The scheme is reserved (compared ignoring case).
func isReservedScheme(_ scheme: [UInt8]) -> Bool {
    for reserved in reservedSchemes where equalIgnoringCase(scheme, reserved) { return true }
    return false
}

// MARK: - Decoding

/// Percent-decodes once: `%` and two hexadecimal digits (either case) become that byte; with
/// `plusIsSpace` (form decoding) `+` becomes a space. `nil` when a `%` is not followed by two hex
/// digits. `%253A` decodes to `%3A`: the output is never decoded again.
func percentDecode(_ bytes: [UInt8], plusIsSpace: Bool) -> [UInt8]? {
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
        let byte = bytes[i]
        if byte == UInt8(ascii: "%") {
            if i + 2 >= bytes.count { return nil }
            if !isHexDigit(bytes[i + 1]) || !isHexDigit(bytes[i + 2]) { return nil }
            out.append(hexValue(bytes[i + 1]) * 16 + hexValue(bytes[i + 2]))
            i += 3
        } else if plusIsSpace && byte == UInt8(ascii: "+") {
            out.append(0x20)
            i += 1
        } else {
            out.append(byte)
            i += 1
        }
    }
    return out
}

/// Well-formed UTF-8 (RFC 3629 §4): no overlong forms, no surrogates, nothing above U+10FFFF.
/// Written as the RFC's table of byte ranges.
func isWellFormedUTF8(_ bytes: [UInt8]) -> Bool {
    var i = 0
    while i < bytes.count {
        let b0 = bytes[i]
        // (count of continuation bytes, allowed range of the second byte)
        var more = 0
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        if b0 <= 0x7F {
            i += 1
            continue
        } else if b0 >= 0xC2 && b0 <= 0xDF {
            more = 1
        } else if b0 == 0xE0 {
            more = 2; secondLow = 0xA0
        } else if (b0 >= 0xE1 && b0 <= 0xEC) || b0 == 0xEE || b0 == 0xEF {
            more = 2
        } else if b0 == 0xED {
            more = 2; secondHigh = 0x9F
        } else if b0 == 0xF0 {
            more = 3; secondLow = 0x90
        } else if b0 >= 0xF1 && b0 <= 0xF3 {
            more = 3
        } else if b0 == 0xF4 {
            more = 3; secondHigh = 0x8F
        } else {
            return false
        }
        if i + more >= bytes.count { return false }
        let b1 = bytes[i + 1]
        if b1 < secondLow || b1 > secondHigh { return false }
        var k = 2
        while k <= more {
            let b = bytes[i + k]
            if b < 0x80 || b > 0xBF { return false }
            k += 1
        }
        i += more + 1
    }
    return true
}

/// Standard base64 with padding (RFC 4648 §4): the alphabet `A–Z a–z 0–9 + /`, a length that is a
/// multiple of four, `=` only as the last one or two characters, and zero bits where the padding
/// leaves bits unused (the canonical encoding: the article says "standard base64", and a decoder
/// that ignored those bits would give several texts the same hash). `nil` when not base64.
func base64Decode(_ bytes: [UInt8]) -> [UInt8]? {
    if bytes.count % 4 != 0 { return nil }
    var padding = 0
    if bytes.count >= 1 && bytes[bytes.count - 1] == UInt8(ascii: "=") { padding += 1 }
    if bytes.count >= 2 && bytes[bytes.count - 2] == UInt8(ascii: "=") { padding += 1 }
    var values: [UInt8] = []
    for (i, byte) in bytes.enumerated() {
        if i >= bytes.count - padding { break }
        var value: UInt8
        if byte >= 0x41 && byte <= 0x5A {
            value = byte - 0x41
        } else if byte >= 0x61 && byte <= 0x7A {
            value = byte - 0x61 + 26
        } else if isASCIIDigit(byte) {
            value = byte - 0x30 + 52
        } else if byte == UInt8(ascii: "+") {
            value = 62
        } else if byte == UInt8(ascii: "/") {
            value = 63
        } else {
            return nil
        }
        values.append(value)
    }
    var out: [UInt8] = []
    var i = 0
    while i < values.count {
        let remaining = values.count - i
        let a = values[i]
        let b = remaining > 1 ? values[i + 1] : 0
        let c = remaining > 2 ? values[i + 2] : 0
        let d = remaining > 3 ? values[i + 3] : 0
        if remaining == 1 { return nil }
        out.append((a << 2) | (b >> 4))
        if remaining == 2 {
            if b & 0x0F != 0 { return nil }
            break
        }
        out.append(((b & 0x0F) << 4) | (c >> 2))
        if remaining == 3 {
            if c & 0x03 != 0 { return nil }
            break
        }
        out.append(((c & 0x03) << 6) | d)
        i += 4
    }
    return out
}
