// The structure-aware half of FuzzHotPath's custom mutator (the target's
// `LLVMFuzzerCustomMutator`): it keeps inputs in the shape a broker sees — a redirect URI of one
// of the broker forms, a bundle ID, a broker request carrying the URI — so that libFuzzer's time
// goes to the classifier's and the verifier's decisions, not to bytes the parser rejects at
// offset 0. Byte-level mutation (libFuzzer's own `LLVMFuzzerMutate`, passed in) still runs on one
// field at a time, and sometimes on the whole input, so nothing the plain fuzzer reaches is lost.
//
// Pure and deterministic (a seed in, bytes out), so the root package compiles it too and its
// tests can check what it generates.

/// SplitMix64: small, fast, and good enough to pick mutations.
public struct MutationRandom: Sendable {
    var state: UInt64

    /// A generator whose sequence `seed` decides.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// `true` with probability `percent`/100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One of `items` (not empty).
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Generates and mutates ``HotPathInput``s.
public enum HotPathGenerator {
    /// Mutates `input` (a serialized ``HotPathInput``) into a new input of at most `maxSize`
    /// bytes. `byteMutator(buffer, maxSize)` is libFuzzer's `LLVMFuzzerMutate` on one field.
    public static func mutate(
        _ input: [UInt8], maxSize: Int, seed: UInt32, byteMutator: (inout [UInt8], Int) -> Void
    ) -> [UInt8] {
        var random = MutationRandom(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ UInt64(input.count))
        var fields = HotPathInput(input)
        let choice = random.below(100)
        switch choice {
        case ..<10:
            fields = generate(&random)
        case ..<30:
            fields.presented = mutatePresented(fields, &random)
        case ..<42:
            fields.caller = mutateCaller(fields, &random)
        case ..<60:
            fields.request = request(carrying: fields.presented, caller: fields.caller, &random)
        case ..<90:
            // Byte-level, on one field; line feeds would shift the fields, so they are dropped.
            switch random.below(10) {
            case ..<5:
                byteMutator(&fields.presented, maxSize)
                fields.presented.removeAll { $0 == 0x0A }
            case ..<7:
                var caller = fields.caller ?? []
                byteMutator(&caller, maxSize)
                caller.removeAll { $0 == 0x0A }
                fields.caller = caller
            default:
                var request = fields.request ?? []
                byteMutator(&request, maxSize)
                if fields.caller == nil { fields.caller = [] }
                fields.request = request
            }
        default:
            // Byte-level on the whole input: whatever shape libFuzzer makes of it.
            var bytes = input
            byteMutator(&bytes, maxSize)
            return Array(bytes.prefix(maxSize))
        }
        return Array(fields.bytes.prefix(maxSize))
    }

    /// A fresh broker round trip: a redirect URI, usually the caller it belongs to, and a request.
    public static func generate(_ random: inout MutationRandom) -> HotPathInput {
        let bundle = bundleID(&random)
        let presented = redirectURI(bundle: bundle, &random)
        var caller: [UInt8]? = random.chance(75) ? Array(bundle.utf8) : (random.chance(50) ? nearMiss(Array(bundle.utf8), &random) : nil)
        // A client-ID redirect URI carries no bundle ID, so no caller passes it: a round trip
        // that can verify has none (mutations still add callers).
        if presented.starts(with: Array("msal".utf8)), !presented.starts(with: Array("msauth".utf8)) { caller = nil }
        let request = random.chance(80) ? request(carrying: presented, caller: caller, &random) : nil
        return HotPathInput(presented: presented, caller: caller ?? (request == nil ? nil : []), request: request)
    }

    // MARK: - Pieces

    static let knownBundleIDs = [
        "com.example.app", "com.contoso.MailApp", "com.myapp.mytestapp", "com.microsoft.azureauthenticator",
        "a", "com.a-b.c1", "COM.Example.App", "com.example.app.", ".com.example", "com..app", "com.ex_ample.app",
        "com.exämple.app", "com.example.app%2E", "1.2.3",
    ]
    static let labelBytes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-".utf8)
    static let hexUpper = Array("0123456789ABCDEF".utf8)
    static let hexLower = Array("0123456789abcdef".utf8)

    static func bundleID(_ random: inout MutationRandom) -> String {
        if random.chance(40) { return random.pick(knownBundleIDs) }
        var out: [UInt8] = []
        for label in 0..<(1 + random.below(4)) {
            if label > 0 { out.append(UInt8(ascii: ".")) }
            for _ in 0..<(1 + random.below(8)) { out.append(random.pick(labelBytes)) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func uuid(_ random: inout MutationRandom, upper: Bool = false) -> String {
        let digits = upper ? hexUpper : hexLower
        var out: [UInt8] = []
        for group in [8, 4, 4, 4, 12] {
            if !out.isEmpty { out.append(UInt8(ascii: "-")) }
            for _ in 0..<group { out.append(random.pick(digits)) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A redirect URI of one of the forms, for `bundle` where the form carries one.
    static func redirectURI(bundle: String, _ random: inout MutationRandom) -> [UInt8] {
        let text: String
        switch random.below(12) {
        case 0, 1:
            let scheme = random.pick(["x-msauth-app", "x-msauth-mytestiosapp", "X-MSAUTH-APP", "x-msauth-", "x-msauth-a.b", "myapp"])
            // Mostly the ADAL shape exactly (`<scheme>://<host>`); the rest are near misses,
            // which carry no bundle ID.
            text = scheme + "://" + bundle + random.pick(["", "", "", "", "/", "/auth", "?x=1", ":8080", "#"])
        case 2, 3:
            text = random.pick(["msauth.", "msauth.", "MSAUTH.", "msauth"]) + bundle + "://" + random.pick(["auth", "auth", "auth/", "callback", "", "auth?x", "auth#f"])
        case 4, 5:
            let inner = random.chance(50)
                ? random.pick(["x-msauth-app", "x-msauth-mytestiosapp"]) + "://" + bundle
                : "msauth." + bundle + "://auth"
            text = "msauth://code/" + wrap(Array(inner.utf8), &random)
        case 6:
            text = "msal" + uuid(&random, upper: random.chance(20)) + "://auth" + random.pick(["", "/", "?a=b"])
        case 7:
            let hash = random.pick(["1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D", "1wIqXSqBj7w+h11ZifsnqwgyKrY=", "abc", ""])
            text = "msauth://" + bundle + "/" + hash
        case 8:
            text = "http://" + random.pick(["127.0.0.1", "[::1]", "localhost", "127.0.0.01"]) + random.pick(["", ":51004", ":0", ":65536", ":"]) + "/callback"
        case 9:
            text = random.pick(["https://login.example.com/cb", "https://login.microsoftonline.com/common/oauth2/nativeclient", "https://x/"])
        case 10:
            text = bundle + ":/oauth2redirect" + random.pick(["", "/provider", "?q"])
        default:
            text = random.pick(["msauth://code/", "msauth://code/a/b", "msauth://broker", "urn:ietf:wg:oauth:2.0:oob", "", "x:", "//com.example.app"])
        }
        return Array(text.utf8)
    }

    /// Percent-encodes `inner` for the certificate-auth wrapper: usually as the SDKs do
    /// (everything but unreserved bytes, upper-case hex), sometimes with lower-case hex, with
    /// `:` or `/` left raw, with every byte encoded, or twice.
    static func wrap(_ inner: [UInt8], _ random: inout MutationRandom) -> String {
        let digits = random.chance(80) ? hexUpper : hexLower
        let style = random.below(10)
        var out: [UInt8] = []
        for byte in inner {
            let unreserved = bundleIDLabelBytes.contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            let raw = (style == 7 && byte == UInt8(ascii: ":")) || (style == 8 && byte == UInt8(ascii: "/"))
            if (unreserved && style != 9) || raw {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        if style == 6 {
            return wrap(out, &random)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Form-encodes `value` for a query (space as `+`).
    static func formEncode(_ value: [UInt8], _ random: inout MutationRandom) -> [UInt8] {
        let digits = random.chance(85) ? hexUpper : hexLower
        var out: [UInt8] = []
        for byte in value {
            if bundleIDLabelBytes.contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") {
                out.append(byte)
            } else if byte == UInt8(ascii: " ") {
                out.append(UInt8(ascii: "+"))
            } else {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return out
    }

    /// A broker request carrying `presented` as its `redirect_uri`, usually well formed, sometimes
    /// with a duplicate, an encoded name, no redirect_uri, a raw value, or not a broker URL.
    static func request(carrying presented: [UInt8], caller: [UInt8]?, _ random: inout MutationRandom) -> [UInt8] {
        var out = Array(random.pick([
            "msauthv2://broker", "msauthv2://broker", "msauthv2://broker", "msauthv2://broker", "msauth://broker", "msauth://broker",
            "msauthv3://broker", "msauthv3://broker", "MSAUTHV2://broker",
            "https://login.microsoftonline.com/applebroker/msauthv2", "msauthv2://broker/", "msauthv2://other", "msauthv2://u@broker",
        ]).utf8)
        out.append(UInt8(ascii: "?"))
        var parameters: [[UInt8]] = []
        let clientID = Array(uuid(&random, upper: random.chance(30)).utf8)
        // A client-ID redirect URI names its client: the request's client_id is usually that one.
        var requestedClient = clientID
        if presented.starts(with: Array("msal".utf8)), let end = presented.firstIndex(of: UInt8(ascii: ":")), random.chance(70) {
            requestedClient = Array(presented[4..<end])
        }
        if random.chance(97) { parameters.append(Array("client_id=".utf8) + requestedClient) }
        let encoded = random.chance(90) ? formEncode(presented, &random) : presented
        let name = random.chance(90) ? "redirect_uri" : random.pick(["redirect%5Furi", "redirect%5furi", "Redirect_uri", "redirect_uri+", "redirect_ur"])
        switch random.below(10) {
        case 0: break  // missing
        case 1:
            parameters.append(Array("\(name)=".utf8) + encoded)
            parameters.append(Array("redirect%5Furi=x".utf8))
        case 2: parameters.append(Array(name.utf8))  // no value
        default: parameters.append(Array("\(name)=".utf8) + encoded)
        }
        // The other fields the protocol requires, usually all of them (a broker refuses a request
        // without broker_key, so without them nothing would reach the redirect rules).
        if random.chance(97) {
            let endpoint = String(decoding: out, as: UTF8.self).lowercased()
            var fields = [
                "authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon", "correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11",
                "broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D", "client_version=1.2.3",
            ]
            fields += endpoint.hasPrefix("msauth:") ? ["max_protocol_ver=2", "resource=https%3A%2F%2Fgraph.microsoft.com"] : ["msg_protocol_ver=3", "scope=openid"]
            if endpoint.hasPrefix("msauthv3") || random.chance(30) { fields.append("broker_nonce=n0nce") }
            if random.chance(4) { fields.remove(at: random.below(fields.count)) }
            parameters += fields.map { Array($0.utf8) }
        }
        if random.chance(30) { parameters.append(Array(random.pick(["msg_protocol_ver=3", "broker_key=abc", "client_id=x", "&", "a=%ZZ", "scope=openid+profile"]).utf8)) }
        if random.chance(30), parameters.count > 1 { parameters.swapAt(0, random.below(parameters.count)) }
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            out += parameter
        }
        if random.chance(5) { out += Array("#frag".utf8) }
        return out
    }

    /// A bundle ID one edit away from `bundle`: a case flip, a byte dropped or added, a label more.
    static func nearMiss(_ bundle: [UInt8], _ random: inout MutationRandom) -> [UInt8] {
        var out = bundle
        guard !out.isEmpty else { return Array("a".utf8) }
        let index = random.below(out.count)
        switch random.below(5) {
        case 0: out[index] ^= (out[index] | 0x20) >= UInt8(ascii: "a") && (out[index] | 0x20) <= UInt8(ascii: "z") ? 0x20 : 0
        case 1: out.remove(at: index)
        case 2: out.insert(random.pick(labelBytes), at: index)
        case 3: out += Array(".evil".utf8)
        default: out = Array("com.evil.".utf8) + out
        }
        return out
    }

    /// The presented URI rebuilt or edited: a fresh URI for the caller's bundle ID, the URI
    /// wrapped or its scheme's case changed, one byte percent-encoded, a fragment or query added.
    static func mutatePresented(_ fields: HotPathInput, _ random: inout MutationRandom) -> [UInt8] {
        var presented = fields.presented
        switch random.below(7) {
        case 0, 1:
            let bundle = fields.caller.flatMap { $0.isEmpty ? nil : String(decoding: $0, as: UTF8.self) } ?? bundleID(&random)
            return redirectURI(bundle: bundle, &random)
        case 2:
            return Array(("msauth://code/" + wrap(presented, &random)).utf8)
        case 3:
            if let colon = presented.firstIndex(of: UInt8(ascii: ":")), colon > 0 {
                let index = random.below(colon)
                presented[index] ^= (presented[index] | 0x20) >= UInt8(ascii: "a") && (presented[index] | 0x20) <= UInt8(ascii: "z") ? 0x20 : 0
            }
            return presented
        case 4:
            guard !presented.isEmpty else { return presented }
            let index = random.below(presented.count)
            let byte = presented[index]
            presented.replaceSubrange(index...index, with: [UInt8(ascii: "%"), hexUpper[Int(byte >> 4)], hexUpper[Int(byte & 0x0F)]])
            return presented
        case 5:
            return presented + Array(random.pick(["#", "?", "/", "?response=x", "%", "%2", ":1"]).utf8)
        default:
            guard !presented.isEmpty else { return presented }
            presented.removeSubrange(random.below(presented.count)...)
            return presented
        }
    }

    /// The caller rebuilt: the bundle ID the presented URI carries (when the form has one), a
    /// near miss of it, empty, or none.
    static func mutateCaller(_ fields: HotPathInput, _ random: inout MutationRandom) -> [UInt8]? {
        let carried = carriedBundleID(fields.presented).map { Array($0.utf8) }
        switch random.below(10) {
        case ..<5: return carried ?? Array(bundleID(&random).utf8)
        case ..<8: return nearMiss(carried ?? fields.caller ?? Array("com.example.app".utf8), &random)
        case 8: return fields.request == nil ? nil : []
        default: return Array(bundleID(&random).utf8)
        }
    }
}
