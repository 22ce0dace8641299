/// Strict base64 (RFC 4648 §4, standard alphabet, padded) and base64url (§5) checks, without
/// Foundation. Used for Android signature hashes and broker payloads.
public enum Base64 {
    static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func value(_ byte: UInt8, urlSafe: Bool) -> UInt8? {
        switch byte {
        case ASCII.uppercaseA...ASCII.uppercaseZ: return byte - ASCII.uppercaseA
        case ASCII.lowercaseA...ASCII.lowercaseZ: return byte - ASCII.lowercaseA + 26
        case ASCII.digitZero...ASCII.digitNine: return byte - ASCII.digitZero + 52
        case ASCII.plusSign where !urlSafe, ASCII.hyphen where urlSafe: return 62
        case ASCII.slash where !urlSafe, ASCII.underscore where urlSafe: return 63
        default: return nil
        }
    }

    /// Decodes padded standard base64. Rejects a wrong length, a byte outside the alphabet,
    /// misplaced padding, and non-zero bits after the last byte (so every value has one encoding).
    ///
    /// ```swift
    /// Base64.decode("1wIqXSqBj7w+h11ZifsnqwgyKrY=")?.count   // 20 (a SHA-1)
    /// ```
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        StringBytes.withUTF8(Substring(text)) { bytes -> [UInt8]? in
            var valid = true
            let output = [UInt8](unsafeUninitializedCapacity: bytes.count / 4 * 3) { buffer, count in
                if let length = decode(bytes, into: buffer) { count = length } else { valid = false }
            }
            return valid ? output : nil
        }
    }

    /// ``decode(_:)`` on bytes, writing to `output` (at least `bytes.count / 4 * 3` bytes) when
    /// given; the decoded length, or `nil` when `bytes` are not canonical padded base64.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>?) -> Int? {
        guard bytes.count % 4 == 0 else { return nil }
        var length = 0
        var index = 0
        while index < bytes.count {
            let isLast = index &+ 4 == bytes.count
            let padding = isLast ? (bytes[index &+ 3] == ASCII.equalsSign ? (bytes[index &+ 2] == ASCII.equalsSign ? 2 : 1) : 0) : 0
            var quantum: UInt32 = 0
            for offset in 0..<4 {
                if offset >= 4 &- padding {
                    quantum <<= 6
                    continue
                }
                guard let value = value(bytes[index &+ offset], urlSafe: false) else { return nil }
                quantum = quantum << 6 | UInt32(value)
            }
            // Canonical encoding: the bits under the padding must be zero.
            if padding == 1, quantum & 0xFF != 0 { return nil }
            if padding == 2, quantum & 0xFFFF != 0 { return nil }
            let produced = 3 &- padding
            if let output {
                guard output.count >= length &+ produced else { return nil }
                output[length] = UInt8(truncatingIfNeeded: quantum >> 16)
                if produced > 1 { output[length &+ 1] = UInt8(truncatingIfNeeded: quantum >> 8) }
                if produced > 2 { output[length &+ 2] = UInt8(truncatingIfNeeded: quantum) }
            }
            length &+= produced
            index &+= 4
        }
        return length
    }

    /// Standard padded base64 of `bytes`.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index < input.count {
            let remaining = input.count - index
            let b0 = UInt32(input[index])
            let b1 = remaining > 1 ? UInt32(input[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(input[index + 2]) : 0
            let quantum = b0 << 16 | b1 << 8 | b2
            output.append(standardAlphabet[Int(quantum >> 18 & 63)])
            output.append(standardAlphabet[Int(quantum >> 12 & 63)])
            output.append(remaining > 1 ? standardAlphabet[Int(quantum >> 6 & 63)] : ASCII.equalsSign)
            output.append(remaining > 2 ? standardAlphabet[Int(quantum & 63)] : ASCII.equalsSign)
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `text` is unpadded base64url (RFC 4648 §5): only `A–Z a–z 0–9 - _`, and a length
    /// that some byte string encodes to (not 1 mod 4). Returns the offset of the first bad byte.
    public static func firstInvalidBase64URLOffset(_ text: some StringProtocol) -> Int? {
        var count = 0
        for byte in text.utf8 {
            guard value(byte, urlSafe: true) != nil else { return count }
            count += 1
        }
        return count % 4 == 1 ? count : nil
    }
}

/// The base64url check of broker payloads (often several KB), sixteen bytes at a time.
extension Base64 {
    /// How many bytes at `index` (at most 16) are base64url (`A–Z a–z 0–9 - _`); `index + 16`
    /// must be at most `count` (checked in debug builds).
    @inline(__always)
    static func base64URLPrefixLength(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int {
        assert(index >= 0 && index &+ VectorScan.width <= count, "Base64.base64URLPrefixLength reads past the input")
        let block = UnsafeRawPointer(base + index).loadUnaligned(as: VectorScan.Block.self)
        return VectorScan.leadingMembers(outside: VectorScan.outsideMask(block, members: base64URLMembers(of: block)))
    }

    /// The lanes of `bytes` that are base64url.
    @inline(__always)
    static func base64URLMembers(of bytes: VectorScan.Block) -> VectorScan.Block {
        VectorScan.alphanumerics(bytes) | VectorScan.inRange(bytes, 0x2D, 0x2D) | VectorScan.inRange(bytes, 0x5F, 0x5F)
    }

    /// Whether `bytes[range]` is all base64url (`A–Z a–z 0–9 - _`).
    @inline(__always)
    static func isBase64URL(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "Base64.isBase64URL tests outside the buffer")
        var index = range.lowerBound
        if let base = bytes.baseAddress {
            while index &+ VectorScan.width <= range.upperBound {
                guard base64URLPrefixLength(base, at: index, count: bytes.count) == VectorScan.width else { return false }
                index &+= VectorScan.width
            }
        }
        while index < range.upperBound {
            guard Base64.value(bytes[index], urlSafe: true) != nil else { return false }
            index &+= 1
        }
        return true
    }

    /// Where a query value that starts at `start` ends (at the next `&`, or the end of `bytes`),
    /// and whether all of it is base64url — in one pass, since base64url has no `&`: a block of
    /// base64url bytes cannot hold the end, and the first byte that is not base64url either is
    /// the `&` (the value is base64url) or is not (it is not, and the end is searched for
    /// plainly). A broker response's ciphertext is read once instead of twice.
    static func base64URLValue(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, isBase64URL: Bool) {
        var index = start
        if let base = bytes.baseAddress {
            // Sixty-four bytes per branch while every block is base64url: one test where a
            // test per 16 bytes cost 1,300 more instructions on a 4 KB response, and one per 32
            // bytes 349 more (d/BrokerResponse 15,513 -> 15,164).
            while index &+ 4 &* VectorScan.width <= bytes.count {
                let raw = UnsafeRawPointer(base + index)
                let blocks = (
                    raw.loadUnaligned(as: VectorScan.Block.self),
                    (raw + VectorScan.width).loadUnaligned(as: VectorScan.Block.self),
                    (raw + 2 &* VectorScan.width).loadUnaligned(as: VectorScan.Block.self),
                    (raw + 3 &* VectorScan.width).loadUnaligned(as: VectorScan.Block.self)
                )
                let outside =
                    VectorScan.outsideMask(blocks.0, members: base64URLMembers(of: blocks.0))
                    | VectorScan.outsideMask(blocks.1, members: base64URLMembers(of: blocks.1))
                    | VectorScan.outsideMask(blocks.2, members: base64URLMembers(of: blocks.2))
                    | VectorScan.outsideMask(blocks.3, members: base64URLMembers(of: blocks.3))
                guard !VectorScan.anySet(outside) else { break }
                index &+= 4 &* VectorScan.width
            }
            while index &+ 2 &* VectorScan.width <= bytes.count {
                let first = UnsafeRawPointer(base + index).loadUnaligned(as: VectorScan.Block.self)
                let second = UnsafeRawPointer(base + (index &+ VectorScan.width)).loadUnaligned(as: VectorScan.Block.self)
                let outside =
                    VectorScan.outsideMask(first, members: base64URLMembers(of: first))
                    | VectorScan.outsideMask(second, members: base64URLMembers(of: second))
                let words = unsafeBitCast(outside, to: SIMD2<UInt64>.self)
                guard words[0] | words[1] == 0 else { break }
                index &+= 2 &* VectorScan.width
            }
            while index &+ VectorScan.width <= bytes.count {
                let block = UnsafeRawPointer(base + index).loadUnaligned(as: VectorScan.Block.self)
                let outside = VectorScan.outsideMask(block, members: base64URLMembers(of: block))
                let words = unsafeBitCast(outside, to: SIMD2<UInt64>.self)
                if words[0] | words[1] != 0 {
                    index &+= VectorScan.leadingMembers(outside: outside)
                    return stop(at: index, in: bytes)
                }
                index &+= VectorScan.width
            }
        }
        while index < bytes.count {
            if value(bytes[index], urlSafe: true) == nil { return stop(at: index, in: bytes) }
            index &+= 1
        }
        return (bytes.count, true)
    }

    /// The end of a value whose first byte outside base64url is at `index`.
    @inline(__always)
    private static func stop(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (end: Int, isBase64URL: Bool) {
        if bytes[index] == ASCII.ampersand { return (index, true) }
        return (VectorScan.firstIndex(of: ASCII.ampersand, in: bytes, from: index, to: bytes.count), false)
    }
}
