/// What a scheme means to the redirect rules, decided once on its bytes.
enum SchemeKind: Equatable {
    /// `msauth`: the certificate-auth wrapper and the Android broker form.
    case msauth
    /// Starts with `msauth.`: the MSAL broker form.
    case msalPrefix
    /// `msal` followed by a UUID: the client-ID form.
    case msalClientID
    /// `http`: loopback.
    case http
    /// `https`: claimed https.
    case https
    /// Any other reserved scheme.
    case reserved
    /// Anything else: an app's own scheme.
    case app
}

/// The schemes that belong to the system, the web or the broker, and how schemes compare.
enum Schemes {
    /// The reserved schemes, lowercase, each with what it means to the rules: an app cannot
    /// identify itself with them. This is the one list; the classifier, the lint and
    /// ``RegistrationLint/reservedSchemes`` all read it. Each entry names its kind, so the list
    /// may be reordered or sorted freely.
    static let reserved: [(scheme: StaticString, kind: SchemeKind)] = [
        ("https", .https), ("http", .http), ("msauth", .msauth),
        ("msauthv2", .reserved), ("msauthv3", .reserved), ("file", .reserved), ("mailto", .reserved),
        ("tel", .reserved), ("sms", .reserved), ("facetime", .reserved), ("facetime-audio", .reserved),
        ("ftp", .reserved), ("data", .reserved), ("javascript", .reserved), ("about", .reserved),
        ("blob", .reserved), ("ws", .reserved), ("wss", .reserved), ("itms", .reserved),
        ("itms-apps", .reserved), ("maps", .reserved), ("message", .reserved), ("shortcuts", .reserved),
        ("app-settings", .reserved),
    ]

    /// The reserved schemes grouped by length, derived once from ``reserved``: a lookup compares
    /// a scheme only with the reserved schemes of its length, and an app scheme longer than any
    /// of them (most are) with none. Walking the whole list cost 120 instructions per short
    /// redirect URI (`Benchmarks/scripts/instructions.sh --filter '^a/'`).
    struct LengthBuckets: Sendable {
        /// The entries of ``reserved``, with their kinds, ordered by length.
        let entries: [(scheme: StaticString, kind: SchemeKind)]
        /// `entries[start[n]..<start[n + 1]]` are the schemes of `n` bytes.
        let start: [Int]

        init(_ schemes: [(scheme: StaticString, kind: SchemeKind)]) {
            // Ordered by length only (a stable sort): within a length the list's order is kept,
            // and nothing depends on it, since each entry carries its kind.
            let sorted = schemes.enumerated().sorted {
                ($0.element.scheme.utf8CodeUnitCount, $0.offset) < ($1.element.scheme.utf8CodeUnitCount, $1.offset)
            }
            entries = sorted.map(\.element)
            let longest = schemes.map(\.scheme.utf8CodeUnitCount).max() ?? 0
            start = (0...(longest + 1)).map { length in sorted.firstIndex { $0.element.scheme.utf8CodeUnitCount >= length } ?? sorted.count }
        }

        /// The kind of a scheme that is neither `msauth.` nor `msal<UUID>`.
        @inline(__always)
        func kind(of scheme: UnsafeBufferPointer<UInt8>) -> SchemeKind {
            let count = scheme.count
            guard count &+ 1 < start.count else { return .app }
            var index = start[count]
            let end = start[count &+ 1]
            while index < end {
                if scheme.equalsASCIIIgnoringCase(entries[index].scheme) { return entries[index].kind }
                index &+= 1
            }
            return .app
        }
    }

    static let buckets = LengthBuckets(reserved)

    /// The kind of `scheme` (its bytes, without `:`).
    static func kind(of scheme: UnsafeBufferPointer<UInt8>) -> SchemeKind {
        let count = scheme.count
        if count >= 8, let base = scheme.baseAddress {
            // Eight bytes at once: OR-ing 0x20 lowercases a scheme's letters and keeps its digits,
            // '+', '-' and '.'; the eighth byte is masked off. Little-endian is asserted in
            // VectorScan.swift.
            let word = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self) | 0x2020_2020_2020_2020
            if word & 0x00FF_FFFF_FFFF_FFFF == 0x002E_6874_7561_736D {  // "msauth." little-endian
                return .msalPrefix
            }
            if count == 40, UInt32(truncatingIfNeeded: word) == 0x6C61_736D,  // "msal"
                UUIDSyntax.isUUID(UnsafeBufferPointer(rebasing: scheme[4...]))
            {
                return .msalClientID
            }
        } else if count == 7, scheme.equalsASCIIIgnoringCase("msauth.") {
            return .msalPrefix
        }
        return buckets.kind(of: scheme)
    }

    /// The scheme comparison of rule `exact-match`: ASCII case is ignored, except that after an
    /// `msauth.` prefix the rest of the scheme — the MSAL form's bundle ID — compares exactly.
    static func matchForVerification(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let exactFrom = lhs.hasASCIIPrefixIgnoringCase("msauth.") ? 7 : lhs.count
        var index = 0
        while index < lhs.count {
            let equal =
                index < exactFrom
                ? ASCII.lowercased(lhs[index]) == ASCII.lowercased(rhs[index]) : lhs[index] == rhs[index]
            guard equal else { return false }
            index &+= 1
        }
        return true
    }
}
