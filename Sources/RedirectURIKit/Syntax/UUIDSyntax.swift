/// The string form of a UUID (RFC 9562 §4): 8, 4, 4, 4 and 12 hexadecimal digits separated by
/// hyphens. Hex digits are case-insensitive on input, so two UUIDs compare ignoring case.
enum UUIDSyntax {
    /// Whether `bytes` are a UUID in its string form.
    ///
    /// Two 16-byte blocks and a 4-byte tail: the hyphens must be exactly at lanes 8 and 13 of
    /// the first block and 2 and 7 of the second, and every other lane a hex digit. The byte
    /// loop (``isUUIDByByte(_:)``, which tests compare this with) cost 380 instructions per
    /// `msal<client ID>` scheme; this costs about 60 (`Benchmarks/scripts/instructions.sh`).
    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36, let base = bytes.baseAddress else { return false }
        let first = UnsafeRawPointer(base).loadUnaligned(as: VectorScan.Block.self)
        let second = UnsafeRawPointer(base + VectorScan.width).loadUnaligned(as: VectorScan.Block.self)
        let (firstHex, firstHyphens) = lanes(first)
        let (secondHex, secondHyphens) = lanes(second)
        guard firstHyphens == 0x2100, firstHex == 0xDEFF, secondHyphens == 0x0084, secondHex == 0xFF7B else { return false }
        return isHexDigit(base[32]) && isHexDigit(base[33]) && isHexDigit(base[34]) && isHexDigit(base[35])
    }

    /// The lanes of a block that are hex digits, and those that are `-`, a bit each.
    @inline(__always)
    static func lanes(_ block: VectorScan.Block) -> (hex: UInt32, hyphens: UInt32) {
        let high = VectorScan.Block(repeating: 0x80)
        let hex = VectorScan.inRange(block, 0x30, 0x39) | VectorScan.inRange(block | VectorScan.Block(repeating: 0x20), 0x61, 0x66)
        return (VectorScan.laneBits(hex & high), VectorScan.laneBits(VectorScan.inRange(block, 0x2D, 0x2D) & high))
    }

    /// `HEXDIG`, either case.
    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 6
    }

    /// The plain definition: 8-4-4-4-12 hex digits, byte by byte.
    static func isUUIDByByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == ASCII.hyphen else { return false }
            } else if !ByteClass.hexDigit.contains(byte) {
                return false
            }
        }
        return true
    }

    /// Whether two UUIDs in string form are the same UUID (hex digits compared ignoring case).
    /// Either side that is not a UUID makes the answer false.
    static func sameUUID(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        isUUID(lhs) && isUUID(rhs) && lhs.elementsEqual(rhs) { ASCII.lowercased($0) == ASCII.lowercased($1) }
    }
}
