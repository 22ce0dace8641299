/// An IPv4 address in RFC 3986 `IPv4address` syntax (§3.2.2).
///
/// `dec-octet` forbids leading zeros and values above 255, so `127.0.0.1` is an address and
/// `127.0.0.01` or `1.2.3.256` are not (they are still valid reg-names).
public struct IPv4Address: Sendable, Hashable, CustomStringConvertible {
    /// The address in network byte order as one number (`127.0.0.1` is `0x7F00_0001`).
    public let value: UInt32

    /// Creates an address from its numeric value.
    public init(value: UInt32) { self.value = value }

    /// Parses `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`.
    ///
    /// ```swift
    /// IPv4Address("127.0.0.1")?.isLoopback   // true
    /// IPv4Address("127.0.0.01")              // nil: leading zero
    /// ```
    public init?(_ text: some StringProtocol) {
        guard let value = StringBytes.withUTF8(Substring(text), { IPv4Address.parse($0) }) else { return nil }
        self.value = value
    }

    /// The numeric value of `IPv4address` text, or `nil` when the bytes are not one.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard bytes.count >= 7, bytes.count <= 15 else { return nil }
        var value: UInt32 = 0
        var octet: UInt32 = 0
        var digits = 0
        var dots = 0
        for byte in bytes {
            if ByteClass.digit.contains(byte) {
                // dec-octet: no leading zero, at most 255.
                if digits == 1, octet == 0 { return nil }
                octet = octet &* 10 &+ UInt32(byte &- ASCII.digitZero)
                digits &+= 1
                if octet > 255 { return nil }
            } else if byte == ASCII.period {
                guard digits > 0, dots < 3 else { return nil }
                value = value << 8 | octet
                octet = 0
                digits = 0
                dots &+= 1
            } else {
                return nil
            }
        }
        guard digits > 0, dots == 3 else { return nil }
        return value << 8 | octet
    }

    /// Whether this is `127.0.0.1`, the IPv4 loopback literal of RFC 8252 §7.3.
    ///
    /// Only that address counts: RFC 8252 names it, and brokers compare its text.
    public var isLoopback: Bool { value == 0x7F00_0001 }

    /// Dotted-decimal text.
    public var description: String {
        "\(value >> 24).\(value >> 16 & 0xFF).\(value >> 8 & 0xFF).\(value & 0xFF)"
    }
}

/// An IPv6 address as eight 16-bit pieces (RFC 3986 §3.2.2, RFC 4291 §2.2).
public struct IPv6Address: Sendable, Hashable {
    /// The eight pieces, most significant first.
    public let pieces: [UInt16]

    /// Parses the text between the brackets of an IP literal, in any of the nine RFC 3986 forms
    /// (including an embedded IPv4 tail). Returns `nil` for anything else.
    ///
    /// ```swift
    /// IPv6Address("::1")?.isLoopback                  // true
    /// IPv6Address("0:0:0:0:0:0:0:1")?.isLoopback      // true
    /// ```
    public init?(_ text: some StringProtocol) {
        guard
            let pieces = StringBytes.withUTF8(
                "[" + String(text) + "]",
                { buffer -> [UInt16]? in
                    guard case .closed(let end) = IPv6Validator(input: buffer).validate(from: 1),
                        end == buffer.count
                    else { return nil }
                    return IPv6Validator.pieces(of: UnsafeBufferPointer(rebasing: buffer[1..<(buffer.count - 1)]))
                })
        else { return nil }
        self.pieces = pieces
    }

    /// Whether this is `::1` (RFC 4291 §2.5.3), however it is written.
    public var isLoopback: Bool { pieces == [0, 0, 0, 0, 0, 0, 0, 1] }
}

/// Validates `IPv6address` followed by `]` one byte at a time, so that an error names the first
/// byte no valid address can continue with.
///
/// The nine ABNF alternatives of RFC 3986 §3.2.2 amount to: h16 pieces (1–4 hex digits) separated
/// by `:`; at most one `::`, which stands for at least one zero piece; an optional IPv4 tail
/// that counts as two pieces and ends the address; exactly eight pieces without `::`, at most
/// seven with it.
struct IPv6Validator {
    let input: UnsafeBufferPointer<UInt8>

    enum Outcome: Equatable {
        /// The address is valid; `end` is the index after `]`.
        case closed(end: Int)
        /// The first byte that cannot continue a valid address (the input's length if it ended).
        case invalid(at: Int)
    }

    func validate(from start: Int) -> Outcome {
        var pieces = 0  // completed h16 pieces, before and after "::"
        var sawDoubleColon = false
        var pieceLength = 0  // hex digits in the current piece
        var pieceValue = 0  // the current piece read as decimal (for a possible IPv4 tail)
        var pieceIsDecimal = true
        var pieceHasLeadingZero = false
        var colonsInARow = 0  // ':' bytes just read
        var inIPv4Tail = false
        var octetsDone = 0
        var octetLength = 0
        var octetValue = 0
        var index = start
        while index < input.count {
            let byte = input[index]
            if inIPv4Tail {
                if ByteClass.digit.contains(byte) {
                    if octetLength == 1, octetValue == 0 { return .invalid(at: index) }
                    octetValue = octetValue &* 10 &+ Int(byte &- ASCII.digitZero)
                    octetLength &+= 1
                    if octetValue > 255 { return .invalid(at: index) }
                } else if byte == ASCII.period {
                    guard octetLength > 0, octetsDone < 2 else { return .invalid(at: index) }
                    octetsDone &+= 1
                    octetLength = 0
                    octetValue = 0
                } else if byte == ASCII.rightSquareBracket {
                    guard octetLength > 0, octetsDone == 2 else { return .invalid(at: index) }
                    return .closed(end: index + 1)
                } else {
                    return .invalid(at: index)
                }
            } else if ByteClass.hexDigit.contains(byte) {
                // A lone leading ':' must be followed by another ':'.
                if colonsInARow == 1, index == start + 1 { return .invalid(at: index) }
                if pieceLength == 0 {
                    // Starting a piece: is there room for one more?
                    if sawDoubleColon ? pieces >= 7 : pieces >= 8 { return .invalid(at: index) }
                    pieceValue = 0
                    pieceIsDecimal = true
                    pieceHasLeadingZero = byte == ASCII.digitZero
                }
                if pieceLength == 4 { return .invalid(at: index) }
                pieceLength &+= 1
                if ByteClass.digit.contains(byte) {
                    pieceValue = pieceValue &* 10 &+ Int(byte &- ASCII.digitZero)
                } else {
                    pieceIsDecimal = false
                }
                colonsInARow = 0
            } else if byte == ASCII.colon {
                if pieceLength > 0 {
                    pieces &+= 1
                    pieceLength = 0
                    // After eight pieces (seven with "::") nothing but ']' may follow.
                    if sawDoubleColon ? pieces >= 7 : pieces >= 8 { return .invalid(at: index) }
                    colonsInARow = 1
                } else if colonsInARow == 1 {
                    if sawDoubleColon { return .invalid(at: index) }
                    sawDoubleColon = true
                    colonsInARow = 2
                } else if index == start {
                    colonsInARow = 1
                } else {
                    return .invalid(at: index)  // ":::" or a ':' after "::"
                }
            } else if byte == ASCII.period {
                // The current piece turns out to be the first octet of an IPv4 tail (ls32).
                let isDecOctet =
                    pieceLength > 0 && pieceLength <= 3 && pieceIsDecimal
                    && pieceValue <= 255 && !(pieceHasLeadingZero && pieceLength > 1)
                let roomForTail = sawDoubleColon ? pieces <= 5 : pieces == 6
                guard isDecOctet, roomForTail else { return .invalid(at: index) }
                inIPv4Tail = true
                octetsDone = 0
                octetLength = 0
                octetValue = 0
            } else if byte == ASCII.rightSquareBracket {
                if pieceLength > 0 {
                    pieces &+= 1
                } else if colonsInARow != 2 {
                    return .invalid(at: index)  // empty, or a trailing single ':'
                }
                guard sawDoubleColon || pieces == 8 else { return .invalid(at: index) }
                return .closed(end: index + 1)
            } else {
                return .invalid(at: index)
            }
            index &+= 1
        }
        return .invalid(at: input.count)
    }

    /// The eight pieces of already-validated address text (without brackets).
    static func pieces(of text: UnsafeBufferPointer<UInt8>) -> [UInt16] {
        var head: [UInt16] = []
        var tail: [UInt16] = []
        var afterDoubleColon = false
        var index = 0
        while index < text.count {
            if text[index] == ASCII.colon {
                if index + 1 < text.count, text[index + 1] == ASCII.colon {
                    afterDoubleColon = true
                    index += 2
                } else {
                    index += 1
                }
                continue
            }
            var end = index
            var isIPv4 = false
            while end < text.count, text[end] != ASCII.colon {
                if text[end] == ASCII.period { isIPv4 = true }
                end += 1
            }
            var parsed: [UInt16] = []
            let piece = UnsafeBufferPointer(rebasing: text[index..<end])
            if isIPv4, let address = IPv4Address.parse(piece) {
                parsed = [UInt16(truncatingIfNeeded: address >> 16), UInt16(truncatingIfNeeded: address)]
            } else {
                var value: UInt16 = 0
                for byte in piece { value = value &<< 4 | UInt16(ASCII.hexValue(byte) ?? 0) }
                parsed = [value]
            }
            if afterDoubleColon { tail += parsed } else { head += parsed }
            index = end
        }
        let zeros = max(0, 8 - head.count - tail.count)
        return head + Array(repeating: 0, count: zeros) + tail
    }
}

/// The loopback literals of RFC 8252 §7.3, the one definition that the loopback form, the
/// loopback exception and ``URIReference/hostIsLoopbackLiteral`` share.
enum LoopbackLiteral {
    /// Whether a host is `127.0.0.1` or `[::1]` written exactly so: a name can be redirected, a
    /// literal cannot, and another spelling of the address is not the registered text.
    @inline(__always)
    static func matches(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        switch host.count {
        case 9: return host.hasASCIIPrefix("127.0.0.1")
        case 5: return host.hasASCIIPrefix("[::1]")
        default: return false
        }
    }
}
