/// The string form of a UUID (RFC 9562 §4): 8, 4, 4, 4 and 12 hexadecimal digits separated by
/// hyphens. Hex digits are case-insensitive on input, so two UUIDs compare ignoring case.
enum UUIDSyntax {
    /// Whether `bytes` are a UUID in its string form.
    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        var index = 0
        while index < 36 {
            let byte = bytes[index]
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == ASCII.hyphen else { return false }
            } else if !ByteClass.hexDigit.contains(byte) {
                return false
            }
            index &+= 1
        }
        return true
    }

    /// Whether two UUIDs in string form are the same UUID (hex digits compared ignoring case).
    /// Either side that is not a UUID makes the answer false.
    static func sameUUID(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        isUUID(lhs) && isUUID(rhs) && lhs.elementsEqual(rhs) { ASCII.lowercased($0) == ASCII.lowercased($1) }
    }
}
