/// Strict base64 (RFC 4648 §4, standard alphabet, padded) and base64url (§5) checks, without
/// Foundation. Used for Android signature hashes and broker payloads.
///
/// Testing SPI, not API: apps decode base64 with their platform's decoder; the tests and the
/// fuzzers check this one against them.
@_spi(Testing)
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

/// The base64url check of broker payloads (often several KB), sixty-four bytes at a time.
extension Base64 {
    /// Lanes not zero exactly where a byte of `bytes` is not base64url, for bytes known to be query
    /// bytes (RFC 3986 `query`, `%` included), as every byte of a parsed URI's query is. Among
    /// those, base64url is exactly `-`, `0–9` and everything from `A` to `z`: the bytes between
    /// `Z` and `a` other than `_` (`[ \ ] ^` and the backquote) cannot be in a query, and no
    /// query byte is outside ASCII. Two ranges and one byte, where the alphabet on any bytes
    /// takes four ranges, a byte and a test of the high bit; and the lanes outside, since a
    /// lane above a range is one comparison that needs no copy of its bound on SSE2.
    ///
    /// Not masks: a lane is not zero exactly where the byte is not base64url (the last test is
    /// the byte XOR `-`, zero only for `-`), which is all ``VectorScan/anySet(_:)`` and
    /// ``VectorScan/leadingMembers(outside:)`` ask. With every lane a mask, the optimizer
    /// tested "any lane set" through the lanes' sign bits, four instructions more per branch.
    @inline(__always)
    static func base64URLOutsiders(amongQueryBytes bytes: VectorScan.Block) -> VectorScan.Block {
        VectorScan.outOfRange(bytes, 0x30, 0x39) & VectorScan.outOfRange(bytes, 0x41, 0x7A)
            & (bytes ^ VectorScan.Block(repeating: 0x2D))
    }

    /// Whether every byte of `bytes` may be in a URI's query (the precondition of
    /// ``base64URLValue(inQuery:from:)``; asserted in debug builds).
    static func areQueryBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { ByteClass.queryOrFragment.contains($0) || $0 == ASCII.percentSign }
    }

    /// Where a value that starts at `start` in a parsed URI's query ends (at the next `&`, or
    /// the end of `query`), and whether all of it is base64url — in one pass, since base64url
    /// has no `&`: a block of base64url bytes cannot hold the end, and the first byte that is not
    /// base64url either is the `&` (the value is base64url) or is not (it is not, and the end is
    /// searched for plainly). A broker response's ciphertext is read once instead of twice.
    ///
    /// `query` must hold only query bytes (a parsed ``URIReference``'s query does): the blocks
    /// are tested with ``base64URLOutsiders(amongQueryBytes:)``. The bytes left after the last
    /// whole block are tested with the alphabet itself (``value(_:urlSafe:)``), and the tests
    /// check the blocks against it at every position.
    static func base64URLValue(inQuery query: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, isBase64URL: Bool) {
        assert(areQueryBytes(query), "Base64.base64URLValue(inQuery:from:) needs query bytes")
        var index = start
        if let base = query.baseAddress {
            // 128 bytes per branch while every block is base64url, the blocks' outsiders ORed: a
            // test per 16 bytes cost 1,300 more instructions on a 4 KB response than one per 64
            // (d/BrokerResponse, `Benchmarks/scripts/instructions.sh`), and one per 128 saves
            // 367 more. With the tests among query bytes (14,844 -> 13,307) as outsiders
            // (-> 12,575) and 128 bytes a branch (-> 12,208).
            while index &+ 8 &* VectorScan.width <= query.count {
                let raw = UnsafeRawPointer(base + index)
                var outsiders = base64URLOutsiders(amongQueryBytes: raw.loadUnaligned(as: VectorScan.Block.self))
                for block in 1..<8 {
                    outsiders |= base64URLOutsiders(amongQueryBytes: (raw + block &* VectorScan.width).loadUnaligned(as: VectorScan.Block.self))
                }
                guard !VectorScan.anySet(outsiders) else { break }
                index &+= 8 &* VectorScan.width
            }
            while index &+ VectorScan.width <= query.count {
                let outsiders = base64URLOutsiders(amongQueryBytes: UnsafeRawPointer(base + index).loadUnaligned(as: VectorScan.Block.self))
                guard !VectorScan.anySet(outsiders) else {
                    index &+= VectorScan.leadingMembers(outside: outsiders)
                    return stop(at: index, in: query)
                }
                index &+= VectorScan.width
            }
        }
        while index < query.count {
            if value(query[index], urlSafe: true) == nil { return stop(at: index, in: query) }
            index &+= 1
        }
        return (query.count, true)
    }

    /// Lanes not zero exactly where a byte of `bytes` is not base64url, for any bytes: not a
    /// letter (tested once with the case bit folded), not a digit, not `-` and not `_`. Each
    /// range test is a lane outside it, as in ``base64URLOutsiders(amongQueryBytes:)``.
    ///
    /// One factor is a value, the byte XOR `-` (zero only for `-`), and the others masks: with
    /// every factor a mask, the optimizer tested a 64-byte branch through the lanes' sign bits,
    /// three instructions more (d/BrokerResponse 10,185 -> 9,916). A value for `_` as well (the
    /// two values' minimum) went through a generic call, and a value for `_` alone made the loop
    /// 9% more instructions: the optimizer kept fewer constants in registers.
    @inline(__always)
    static func base64URLOutsiders(amongAnyBytes bytes: VectorScan.Block) -> VectorScan.Block {
        let underscore = unsafeBitCast(bytes, to: SIMD16<Int8>.self) .== SIMD16<Int8>(repeating: 0x5F)
        return VectorScan.outOfRange(bytes | VectorScan.Block(repeating: 0x20), 0x61, 0x7A)
            & VectorScan.outOfRange(bytes, 0x30, 0x39) & (bytes ^ VectorScan.Block(repeating: 0x2D)) & ~VectorScan.selected(underscore)
    }

    /// Where the run of base64url bytes that starts at `start` in `bytes` ends: the index of the
    /// first byte outside base64url, or `bytes.count`. For bytes not known to be a query yet:
    /// base64url bytes are query bytes, so a broker response's ciphertext is tested once, its
    /// alphabet and its syntax together.
    static func base64URLRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            // 128 bytes a branch while they are all base64url, the blocks' outsiders ORed as
            // they are tested: 234 instructions fewer per 4 KB response than 64 bytes a branch,
            // and 256 bytes a branch 639 more (d/BrokerResponse, scripts/instructions.sh).
            while index &+ 8 &* VectorScan.width <= bytes.count {
                let raw = UnsafeRawPointer(base + index)
                var outsiders = base64URLOutsiders(amongAnyBytes: raw.loadUnaligned(as: VectorScan.Block.self))
                for block in 1..<8 {
                    outsiders |= base64URLOutsiders(amongAnyBytes: (raw + block &* VectorScan.width).loadUnaligned(as: VectorScan.Block.self))
                }
                guard !VectorScan.anySet(outsiders) else { break }
                index &+= 8 &* VectorScan.width
            }
            while index &+ VectorScan.width <= bytes.count {
                let outsiders = base64URLOutsiders(amongAnyBytes: UnsafeRawPointer(base + index).loadUnaligned(as: VectorScan.Block.self))
                let members = VectorScan.leadingMembers(outside: outsiders)
                index &+= members
                if members < VectorScan.width { return index }
            }
        }
        while index < bytes.count, value(bytes[index], urlSafe: true) != nil { index &+= 1 }
        return index
    }

    /// The end of a value whose first byte outside base64url is at `index`.
    @inline(__always)
    private static func stop(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (end: Int, isBase64URL: Bool) {
        if bytes[index] == ASCII.ampersand { return (index, true) }
        return (VectorScan.firstIndex(of: ASCII.ampersand, in: bytes, from: index, to: bytes.count), false)
    }
}
