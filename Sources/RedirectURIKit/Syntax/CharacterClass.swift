/// A set of ASCII bytes stored as a 128-bit table (two words), derived from the RFC 3986 ABNF.
///
/// Bytes at or above 0x80 are never members: RFC 3986 URIs are ASCII. `Tests/…/CharacterClassTests`
/// rebuilds every table from the grammar for all 256 byte values, so the constants below cannot
/// drift from the ABNF quoted above them.
public struct ByteClass: Sendable, Hashable {
    /// Membership bits for bytes 0x00–0x3F.
    @usableFromInline let low: UInt64
    /// Membership bits for bytes 0x40–0x7F.
    @usableFromInline let high: UInt64

    @inlinable
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// Whether `byte` belongs to the class.
    // Always inlined: the optimizer's cost model rates the select and shifts above a call.
    @inlinable @inline(__always)
    public func contains(_ byte: UInt8) -> Bool {
        // Branchless: a select picks the word and bit 7 clears the result for non-ASCII bytes.
        // Branches here mispredict on text such as base64url, where letters (high word) and
        // digits (low word) alternate at random.
        let word = byte & 0x40 == 0 ? low : high
        return (word >> UInt64(byte & 0x3F)) & UInt64(~byte >> 7) & 1 == 1
    }
}

extension ByteClass {
    /// `ALPHA = %x41-5A / %x61-7A` (RFC 5234 Appendix B.1)
    public static let alpha = ByteClass(low: 0x0000_0000_0000_0000, high: 0x07FF_FFFE_07FF_FFFE)
    /// `DIGIT = %x30-39` (RFC 5234 Appendix B.1)
    public static let digit = ByteClass(low: 0x03FF_0000_0000_0000, high: 0x0000_0000_0000_0000)
    /// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"` — ABNF strings are case-insensitive,
    /// so `a`–`f` are included (RFC 5234 §2.3).
    public static let hexDigit = ByteClass(low: 0x03FF_0000_0000_0000, high: 0x0000_007E_0000_007E)
    /// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 §2.3)
    public static let unreserved = ByteClass(low: 0x03FF_6000_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
    /// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (RFC 3986 §2.2)
    public static let subDelims = ByteClass(low: 0x2800_1FD2_0000_0000, high: 0x0000_0000_0000_0000)
    /// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (RFC 3986 §2.2)
    public static let genDelims = ByteClass(low: 0x8400_8008_0000_0000, high: 0x0000_0000_2800_0001)
    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` — the bytes after the first (RFC 3986 §3.1)
    public static let scheme = ByteClass(low: 0x03FF_6800_0000_0000, high: 0x07FF_FFFE_07FF_FFFE)
    /// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` — without `%` (RFC 3986 §3.2.1)
    public static let userinfo = ByteClass(low: 0x2FFF_7FD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
    /// `reg-name = *( unreserved / pct-encoded / sub-delims )` — without `%` (RFC 3986 §3.2.2)
    public static let regName = ByteClass(low: 0x2BFF_7FD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
    /// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` — without `%` (RFC 3986 §3.3)
    public static let pchar = ByteClass(low: 0x2FFF_7FD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    /// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )` — without `%` (RFC 3986 §3.3)
    public static let segmentNoColon = ByteClass(low: 0x2BFF_7FD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    /// `pchar / "/"`: the bytes of any path rule after its first segment (RFC 3986 §3.3)
    public static let path = ByteClass(low: 0x2FFF_FFD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    /// `query = fragment = *( pchar / "/" / "?" )` — without `%` (RFC 3986 §3.4, §3.5)
    public static let queryOrFragment = ByteClass(low: 0xAFFF_FFD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    /// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` — the tail (RFC 3986 §3.2.2)
    public static let ipvFutureTail = ByteClass(low: 0x2FFF_7FD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
    /// `ALPHA / DIGIT / "-"`: the bytes of a bundle ID label
    public static let bundleIDLabel = ByteClass(low: 0x03FF_2000_0000_0000, high: 0x07FF_FFFE_07FF_FFFE)
}
