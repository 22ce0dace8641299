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
    /// The reserved schemes, lowercase: an app cannot identify itself with them. This is the one
    /// list; the classifier, the lint and ``RegistrationLint/reservedSchemes`` all read it. The
    /// ones the classifier meets most come first, since a lookup stops at its match.
    static let reserved: [StaticString] = [
        "https", "http", "msauth", "msauthv2", "msauthv3", "file", "mailto", "tel", "sms", "facetime",
        "facetime-audio", "ftp", "data", "javascript", "about", "blob", "ws", "wss", "itms", "itms-apps",
        "maps", "message", "shortcuts", "app-settings",
    ]

    /// Bit `n` is set when a reserved scheme has `n` bytes. Most app schemes have a length that
    /// no reserved scheme has, and this settles them with one test instead of a walk of the list.
    static let reservedLengths: UInt64 = reserved.reduce(0) { mask, scheme in
        scheme.utf8CodeUnitCount < 64 ? mask | 1 &<< UInt64(scheme.utf8CodeUnitCount) : mask
    }

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
        guard count < 64, reservedLengths & (1 &<< UInt64(count)) != 0 else { return .app }
        for (position, entry) in reserved.enumerated() where entry.utf8CodeUnitCount == count {
            guard scheme.equalsASCIIIgnoringCase(entry) else { continue }
            switch position {
            case 0: return .https
            case 1: return .http
            case 2: return .msauth
            default: return .reserved
            }
        }
        return .app
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
