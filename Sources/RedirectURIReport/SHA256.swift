/// SHA-256 (FIPS 180-4), for the digest `parse --json` gives of an input it does not echo whole.
///
/// A small, portable implementation: the report must build on Linux and on Apple systems without
/// a cryptography dependency, and it hashes only inputs longer than the echo limit, once each, so
/// speed is not a concern. It is not for keys or secrets (it makes no attempt at constant time,
/// which a digest of public input does not need). Tested against NIST's vectors.
enum SHA256 {
    /// The digest of `bytes`, 32 bytes.
    static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let message = Array(bytes)
        var state = initialState
        var schedule = [UInt32](repeating: 0, count: 64)
        let wholeBlocks = message.count / 64
        message.withUnsafeBufferPointer { buffer in
            for block in 0..<wholeBlocks {
                compress(&state, UnsafeBufferPointer(rebasing: buffer[(block &* 64)..<(block &* 64 &+ 64)]), &schedule)
            }
        }
        // Padding (FIPS 180-4 §5.1.1): 0x80, zeros to 56 mod 64, then the length in bits as a
        // 64-bit big-endian number (which wraps beyond 2^64 bits, as the standard says).
        var tail = Array(message[(wholeBlocks &* 64)...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitLength = UInt64(truncatingIfNeeded: message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBufferPointer { buffer in
            for start in stride(from: 0, to: buffer.count, by: 64) {
                compress(&state, UnsafeBufferPointer(rebasing: buffer[start..<(start &+ 64)]), &schedule)
            }
        }
        var digest = [UInt8]()
        digest.reserveCapacity(32)
        for word in state {
            for shift in stride(from: 24, through: 0, by: -8) {
                digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
            }
        }
        return digest
    }

    /// The digest as 64 lowercase hex digits (the form `sha256sum` prints).
    static func hexDigest(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in hash(bytes) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// H(0) (FIPS 180-4 §5.3.3).
    static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// K (FIPS 180-4 §4.2.2).
    static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// One application of the compression function to a 64-byte block (FIPS 180-4 §6.2.2).
    /// `schedule` is scratch space for the message schedule, reused across blocks. Rotations are
    /// written out and memory reached through pointers because test builds are unoptimized and
    /// hash inputs of several megabytes.
    static func compress(_ state: inout [UInt32], _ block: UnsafeBufferPointer<UInt8>, _ schedule: inout [UInt32]) {
        schedule.withUnsafeMutableBufferPointer { w in
            for index in 0..<16 {
                let base = index &* 4
                w[index] =
                    UInt32(block[base]) << 24 | UInt32(block[base &+ 1]) << 16
                    | UInt32(block[base &+ 2]) << 8 | UInt32(block[base &+ 3])
            }
            for index in 16..<64 {
                let w15 = w[index &- 15]
                let w2 = w[index &- 2]
                let sigma0 = (w15 >> 7 | w15 << 25) ^ (w15 >> 18 | w15 << 14) ^ (w15 >> 3)
                let sigma1 = (w2 >> 17 | w2 << 15) ^ (w2 >> 19 | w2 << 13) ^ (w2 >> 10)
                w[index] = w[index &- 16] &+ sigma0 &+ w[index &- 7] &+ sigma1
            }
            state.withUnsafeMutableBufferPointer { h in
                roundConstants.withUnsafeBufferPointer { k in
                    var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
                    for index in 0..<64 {
                        let sum1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
                        let choice = (e & f) ^ (~e & g)
                        let temp1 = hh &+ sum1 &+ choice &+ k[index] &+ w[index]
                        let sum0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        hh = g
                        g = f
                        f = e
                        e = d &+ temp1
                        d = c
                        c = b
                        b = a
                        a = temp1 &+ sum0 &+ majority
                    }
                    h[0] = h[0] &+ a
                    h[1] = h[1] &+ b
                    h[2] = h[2] &+ c
                    h[3] = h[3] &+ d
                    h[4] = h[4] &+ e
                    h[5] = h[5] &+ f
                    h[6] = h[6] &+ g
                    h[7] = h[7] &+ hh
                }
            }
        }
    }
}
