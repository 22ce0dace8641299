// FuzzVerify's input format: the fuzz input is a recipe, not a URI. Its bytes choose, from a
// grammar of the redirect-URI forms, a list of registrations, a caller bundle ID and a presented
// URI derived from a registration by mutations (case flips, percent-encoding, wrapping, ports,
// separators…), then a broker request, a routing question and a broker response around it. So
// nearly every input reaches the rules instead of dying in the parser at offset 0. An input that
// starts with `!raw` and a line break is read as a `VerificationCase`'s raw text instead.
//
// Exhausted input reads as zeros, so every prefix of a recipe is a recipe (libFuzzer's shrinking
// keeps working), and choice 0 is always the plainest option.

/// Reads choices from the recipe's bytes.
struct RecipeReader {
    let bytes: [UInt8]
    var position = 0

    mutating func next() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<n` (n ≥ 1).
    mutating func below(_ n: Int) -> Int { Int(next()) % n }

    /// True once in `n`.
    mutating func oneIn(_ n: Int) -> Bool { below(n) == n - 1 }

    mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }

    /// Up to 15 bytes taken from the recipe as they are: how dictionary tokens reach the text.
    mutating func literal() -> [UInt8] {
        let count = below(16)
        var out: [UInt8] = []
        for _ in 0..<count {
            guard position < bytes.count else { break }
            out.append(next())
        }
        return out
    }
}

/// A generated redirect URI and the bundle ID (or client ID) it was built around.
struct Entry {
    var text: [UInt8]
    var bundleID: [UInt8]?
    var clientID: [UInt8]?
}

public enum Recipe {
    static let bundleIDs = [
        "com.myapp.mytestapp", "com.contoso.MailApp", "com.contoso.app", "com.app.id", "com.example.app",
        "a.b", "Com.Example.App", "com.a-b.c9", "1.2.3", "app", "com.myapp.mytestapp2", "com.evil.app",
    ]
    static let appSchemes = [
        "x-msauth-mytestiosapp", "x-msauth-app", "myapp", "com.example.app", "x.y", "msal", "HTTP",
        "mailto", "msauthv2", "x-msauth-com-contoso-app", "msauth.", "X-MSAUTH-APP",
    ]
    static let clientIDs = [
        "3c62ac97-29eb-4aed-a3c8-add0298508da", "3C62AC97-29EB-4AED-A3C8-ADD0298508DA",
        "00000000-0000-0000-0000-000000000000", "3c62ac97-29eb-4aed-a3c8-add0298508db", "3c62ac97",
        "3c62ac97-29eb-4aed-a3c8-add0298508dag", "3c62ac9729eb4aeda3c8add0298508da",
    ]
    static let androidPackages = ["com.example.app", "com.example_1.app", "a.b", "com.example", "1com.x", "com..x", "Com.Example.App"]
    static let paths = ["", "/", "/cb", "/callback", "/oauth2redirect/provider", "/a/b", "/%7E", "/./cb", "/cb/", "/auth"]
    static let httpsHosts = ["login.example.com", "LOGIN.example.com", "example.com", "localhost", "127.0.0.1", ""]
    static let others = [
        "myapp://callback", "mailto://com.example.app", "x-app://user@com.example.app", "urn:ietf:wg:oauth:2.0:oob",
        "msauth.://auth", "msauth.com.app://callback", "msal3c62ac97://auth", "http://localhost:51004/callback",
        "msauth://com.example.app/abc", "x-msauth-app://COM.app.id", "data:,x", "x-app://[::1]", "x-app://1.2.3.4",
        "msauth.com.app:/x", "msauth.com..app://auth", "msauth.com.app://auth:443", "msauth://code",
    ]
    static let relatives = ["/cb", "//host/cb", "com.example.app", "?x", "#f", "", "://auth", "1x://a.b"]
    static let ports = ["", "0", "051004", "65535", "65536", "+80", "-1", "80", "443", "8080", "51004", "1", "00", "99999"]

    /// The case a fuzz input describes.
    public static func decode(_ bytes: [UInt8]) -> VerificationCase {
        if let raw = VerificationCase(raw: bytes) { return raw }
        var r = RecipeReader(bytes: bytes)
        return build(&r)
    }

    static func build(_ r: inout RecipeReader) -> VerificationCase {
        var registered: [Entry] = []
        for _ in 0..<r.below(5) {
            var registration = entry(&r, depth: 0)
            // Registrations are not always well formed either (a trailing slash, a port, a case).
            if r.oneIn(5) { mutate(&registration, &r) }
            registered.append(registration)
        }
        // The presented URI: a registration or a fresh one, then up to three mutations.
        var source: Entry
        if !registered.isEmpty && r.below(4) != 0 {
            source = registered[r.below(registered.count)]
        } else {
            source = entry(&r, depth: 0)
        }
        var presented = source
        for _ in 0..<r.below(4) { mutate(&presented, &r) }

        var c = VerificationCase(presented: presented.text, registered: registered.map { string($0.text) })
        c.callerBundleID = caller(&r, source)
        c.bundleIDCaseInsensitive = r.oneIn(4)
        var nonce: String?
        if r.below(3) != 0 { c.request = request(&r, presented, source, registered, nonce: &nonce) }
        if r.below(3) != 0 {
            let (redirect, incoming) = routing(&r, registered.isEmpty ? source : r.pick(registered))
            c.routeRedirectURI = redirect
            c.routeIncoming = incoming
        }
        if r.oneIn(3) {
            c.response = response(&r, source)
        } else if c.request != nil, r.below(2) == 1 {
            c.response = answer(&r, presented, nonce: nonce)
        }
        return c
    }

    static func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: The forms

    static func entry(_ r: inout RecipeReader, depth: Int) -> Entry {
        switch r.below(13) {
        case 0, 1: // ADAL
            let bundle = r.pick(bundleIDs)
            var text = utf8(r.pick(appSchemes) + "://" + bundle)
            switch r.below(4) {
            case 1: text += utf8(r.pick(paths))
            case 2: text += utf8("?x=1")
            // Auth0's callback, `<bundle>://<domain>/ios/<bundle>/callback`: a custom scheme with
            // a path, which is not the ADAL shape, with the bundle ID written twice.
            case 3: text = utf8(bundle + "://" + r.pick(httpsHosts) + "/ios/" + bundle + "/callback")
            default: break
            }
            return Entry(text: text, bundleID: utf8(bundle))
        case 2, 3: // MSAL
            let bundle = r.pick(bundleIDs)
            let prefix = r.pick(["msauth.", "msauth.", "MSAUTH.", "Msauth."])
            var text = utf8(prefix + bundle + "://auth")
            if r.oneIn(4) { text += utf8(r.pick(paths)) }
            return Entry(text: text, bundleID: utf8(bundle))
        case 4: // wrapper around ADAL or MSAL
            var inner = r.below(2) == 0 ? adal(&r) : msal(&r)
            wrap(&inner, &r)
            return inner
        case 5: // wrapper around anything (nested wrappers included)
            var inner = depth < 2 ? entry(&r, depth: depth + 1) : msal(&r)
            wrap(&inner, &r)
            return inner
        case 6: // Android
            let package = r.pick(androidPackages)
            var hash: [UInt8] = []
            let length = r.pick([20, 20, 20, 19, 21, 0])
            for _ in 0..<length { hash.append(r.next()) }
            var encoded = base64(hash)
            if r.oneIn(4), !encoded.isEmpty { encoded[r.below(encoded.count)] = r.pick(Array("A+/=-_%".utf8)) }
            let path = r.below(3) == 0 ? encoded : percentEncode(encoded, style: 0)
            return Entry(text: utf8("msauth://" + package + "/") + path, bundleID: utf8(package))
        case 7: // client ID
            let clientID = r.pick(clientIDs)
            var text = utf8(r.pick(["msal", "msal", "MSAL", "Msal"]) + clientID + "://auth")
            if r.oneIn(4) { text += utf8(r.pick(paths)) }
            return Entry(text: text, clientID: utf8(clientID))
        case 8: // private use
            return Entry(text: utf8(r.pick(["com.example.app", "com.contoso.app", "x.y", "msauth.com.app", "com.example.app."]) + ":" + r.pick(paths)))
        case 9: // loopback
            var text = utf8(r.pick(["http://127.0.0.1", "http://[::1]", "HTTP://127.0.0.1", "http://127.0.0.01", "http://[0:0:0:0:0:0:0:1]"]))
            if r.below(2) == 1 { text += utf8(":" + r.pick(ports)) }
            text += utf8(r.pick(paths))
            return Entry(text: text)
        case 10: // https
            var text = utf8(r.pick(["https://", "HTTPS://", "https://user@"]) + r.pick(httpsHosts))
            if r.oneIn(4) { text += utf8(":" + r.pick(ports)) }
            text += utf8(r.pick(paths))
            return Entry(text: text)
        case 11: // other, relative
            return Entry(text: utf8(r.below(3) == 0 ? r.pick(relatives) : r.pick(others)))
        default: // garbage
            return Entry(text: r.literal())
        }
    }

    static func adal(_ r: inout RecipeReader) -> Entry {
        let bundle = r.pick(bundleIDs)
        return Entry(text: utf8(r.pick(appSchemes) + "://" + bundle), bundleID: utf8(bundle))
    }

    static func msal(_ r: inout RecipeReader) -> Entry {
        let bundle = r.pick(bundleIDs)
        return Entry(text: utf8("msauth." + bundle + "://auth"), bundleID: utf8(bundle))
    }

    /// `msauth://code/` and the text percent-encoded in one of several styles.
    static func wrap(_ entry: inout Entry, _ r: inout RecipeReader) {
        let head = r.pick(["msauth://code/", "msauth://code/", "MSAUTH://code/", "msauth://CODE/", "msauth://code:1/", "msauth://@code/"])
        entry.text = utf8(head) + percentEncode(entry.text, style: r.below(5))
    }

    // MARK: Encoding helpers (the generator's own; correctness is the model's business)

    static let hex = Array("0123456789ABCDEF".utf8)
    static let delimiters = Array(":/?#%".utf8)
    static let queryDelimiters = Array("&#+%".utf8)
    static let authorityEnds = Array("/?#".utf8)
    static let hexLower = Array("0123456789abcdef".utf8)

    static func isUnreserved(_ b: UInt8) -> Bool {
        isASCIILetter(b) || isASCIIDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
    }

    static func escape(_ b: UInt8, lower: Bool = false) -> [UInt8] {
        let digits = lower ? hexLower : hex
        return [UInt8(ascii: "%"), digits[Int(b >> 4)], digits[Int(b & 0x0F)]]
    }

    /// 0: every byte but the unreserved ones, uppercase hex; 1: the same in lowercase hex;
    /// 2: only `:`, `/`, `?`, `#`, `%`; 3: every byte; 4: nothing.
    static func percentEncode(_ bytes: [UInt8], style: Int) -> [UInt8] {
        var out: [UInt8] = []
        for b in bytes {
            switch style {
            case 0: out += isUnreserved(b) ? [b] : escape(b)
            case 1: out += isUnreserved(b) ? [b] : escape(b, lower: true)
            case 2: out += delimiters.contains(b) ? escape(b) : [b]
            case 3: out += escape(b)
            default: out.append(b)
            }
        }
        return out
    }

    /// Form encoding for a query value: 0 every byte but the unreserved ones, 1 the same with a
    /// space as `+`, 2 nothing encoded but `&`, `#` and `+`, 3 lowercase hex.
    static func formEncode(_ bytes: [UInt8], style: Int) -> [UInt8] {
        var out: [UInt8] = []
        for b in bytes {
            switch style {
            case 0: out += isUnreserved(b) ? [b] : escape(b)
            case 1: out += b == 0x20 ? [UInt8(ascii: "+")] : (isUnreserved(b) ? [b] : escape(b))
            case 2: out += queryDelimiters.contains(b) ? escape(b) : [b]
            default: out += isUnreserved(b) ? [b] : escape(b, lower: true)
            }
        }
        return out
    }

    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let a = bytes[i], b = i + 1 < bytes.count ? bytes[i + 1] : 0, c = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(alphabet[Int(a >> 2)])
            out.append(alphabet[Int(((a & 0x03) << 4) | (b >> 4))])
            out.append(i + 1 < bytes.count ? alphabet[Int(((b & 0x0F) << 2) | (c >> 6))] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(c & 0x3F)] : UInt8(ascii: "="))
            i += 3
        }
        return out
    }

    // MARK: Mutations

    /// Where the scheme ends (the first `:`), or the text's end.
    static func schemeEnd(_ text: [UInt8]) -> Int { text.firstIndex(of: UInt8(ascii: ":")) ?? text.count }

    /// The authority's range after `://`, when there is one.
    static func authorityRange(_ text: [UInt8]) -> Range<Int>? {
        let end = schemeEnd(text)
        guard end + 2 < text.count, text[end + 1] == UInt8(ascii: "/"), text[end + 2] == UInt8(ascii: "/") else { return nil }
        var stop = end + 3
        while stop < text.count, !authorityEnds.contains(text[stop]) { stop += 1 }
        return (end + 3)..<stop
    }

    /// Where the path ends (the first `?` or `#`).
    static func pathEnd(_ text: [UInt8]) -> Int {
        text.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? text.count
    }

    static func flipCase(_ text: inout [UInt8], in range: Range<Int>, _ r: inout RecipeReader) {
        guard !range.isEmpty else { return }
        let start = range.lowerBound + r.below(range.count)
        // The next letter at or after the chosen byte, within the range.
        var i = start
        while i < range.upperBound {
            if isASCIILetter(text[i]) { text[i] ^= 0x20; return }
            i += 1
        }
    }

    static func mutate(_ e: inout Entry, _ r: inout RecipeReader) {
        var t = e.text
        let position = r.below(t.count + 1)
        switch r.below(21) {
        case 0: flipCase(&t, in: 0..<schemeEnd(t), &r)
        case 1: if let authority = authorityRange(t) { flipCase(&t, in: authority, &r) }
        case 2: flipCase(&t, in: 0..<t.count, &r)
        case 3, 4: // percent-encode one byte
            if position < t.count { t.replaceSubrange(position..<(position + 1), with: escape(t[position], lower: r.below(2) == 1)) }
        case 5: // double encoding: a `%` becomes `%25`
            if let percent = t[position...].firstIndex(of: UInt8(ascii: "%")) ?? t.firstIndex(of: UInt8(ascii: "%")) {
                t.replaceSubrange(percent..<(percent + 1), with: utf8("%25"))
            }
        case 6: // decode one triplet
            if let percent = t[position...].firstIndex(of: UInt8(ascii: "%")), percent + 2 < t.count,
               isHexDigit(t[percent + 1]), isHexDigit(t[percent + 2]) {
                t.replaceSubrange(percent..<(percent + 3), with: [hexValue(t[percent + 1]) * 16 + hexValue(t[percent + 2])])
            }
        case 7: // wrap (twice when asked)
            var wrapped = Entry(text: t)
            wrap(&wrapped, &r)
            if r.oneIn(4) { wrap(&wrapped, &r) }
            t = wrapped.text
        case 8: // unwrap: decode everything after `msauth://code/`
            let head = utf8("msauth://code/")
            if t.count > head.count, equalIgnoringCase(Array(t[0..<head.count]), head),
               let decoded = percentDecode(Array(t[head.count...]), plusIsSpace: false) {
                t = decoded
            }
        case 9, 10: // a bundle ID prefix or suffix
            if let bundle = e.bundleID, let range = find(bundle, in: t) {
                if r.below(2) == 0 {
                    t.insert(contentsOf: utf8(r.pick(["x.", "com.", "X", "-", "."])), at: range.lowerBound)
                } else {
                    t.insert(contentsOf: utf8(r.pick(["x", ".x", "2", "-", ".", ".evil"])), at: range.upperBound)
                }
            }
        case 11: // a port after the host
            if let authority = authorityRange(t) { t.insert(contentsOf: utf8(":" + r.pick(ports)), at: authority.upperBound) }
        case 12: // a separator at the end of the path, or at the end
            let at = r.below(2) == 0 ? pathEnd(t) : t.count
            t.insert(contentsOf: utf8(r.pick(["/", "?", "#", "?a=b", "#f", ";", "/.", "/..", "/./", "&", "/broker", ";x"])), at: at)
        case 13: // a separator anywhere
            t.insert(contentsOf: utf8(r.pick(["/", "?", "#", ";", ":", "@", "//", "."])), at: position)
        case 14: // userinfo
            if let authority = authorityRange(t) { t.insert(contentsOf: utf8(r.pick(["user@", "@", ":@", "a:b@"])), at: authority.lowerBound) }
        case 15: // whitespace
            t.insert(contentsOf: utf8(r.pick([" ", "\t", "\n", "%20", "+", "\r\n"])), at: position)
        case 16: // non-ASCII
            t.insert(contentsOf: r.pick([[0xC3, 0xA9], [0xFF], utf8("%C3%A9"), utf8("%FF"), [0xE2, 0x80, 0x8B], [0xC0, 0xAF], utf8("%C0%AF")]), at: position)
        case 17: // a literal from the recipe
            t.insert(contentsOf: r.literal(), at: position)
        case 18: // delete a byte
            if position < t.count { t.remove(at: position) }
        case 19: // another scheme
            t.replaceSubrange(0..<schemeEnd(t), with: utf8(r.pick(["MSAUTH." + (e.bundleID.map(string) ?? ""), "msauth", "Msauth", "HTTP", "https", "x-msauth-app", "msal", "msauthv2", "Http"])))
        default: // the MSAL authority
            if let authority = authorityRange(t) {
                t.replaceSubrange(authority, with: utf8(r.pick(["AUTH", "auth.", "code", "Auth", "auth:", "", "auth@x"])))
            }
        }
        e.text = t
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<(start + needle.count)]) == needle {
            return start..<(start + needle.count)
        }
        return nil
    }

    // MARK: Caller, request, routing, response

    static func caller(_ r: inout RecipeReader, _ source: Entry) -> String? {
        let own = source.bundleID.map(string) ?? r.pick(bundleIDs)
        switch r.below(9) {
        case 0, 1: return nil
        case 2, 3: return own
        case 4: // case flip
            var bytes = utf8(own)
            flipCase(&bytes, in: 0..<bytes.count, &r)
            return string(bytes)
        case 5: return r.pick(["x.", "com.", "a"]) + own
        case 6: return own + r.pick(["x", ".x", "2", "-"])
        case 7: return r.pick(bundleIDs)
        default:
            return r.pick(["", "com..app", "com.app.", " com.app", "$(PRODUCT_BUNDLE_IDENTIFIER)", "com.app\u{e9}", "com_app.x", "-", string(r.literal())])
        }
    }

    static func request(_ r: inout RecipeReader, _ presented: Entry, _ source: Entry, _ registered: [Entry], nonce: inout String?) -> String {
        var url = utf8(r.pick([
            "msauthv2://broker", "msauthv2://broker", "msauth://broker", "msauthv3://broker", "MSAUTHV2://broker",
            "https://login.microsoftonline.com/applebroker/msauthv2", "msauthv2://Broker", "msauthv2://broker/",
            "msauthv2://user@broker", "msauthv2://broker:1", "https://login.microsoftonline.com/applebroker/msauthv3", "msauthv4://broker",
        ]))
        var pieces: [[UInt8]] = []
        let redirect = formEncode(presented.text, style: r.below(4))
        pieces.append(utf8("redirect_uri=") + redirect)
        // Most requests carry every field their protocol requires, so that the redirect rules
        // are reached; some lose one, or carry one malformed.
        if r.below(4) != 3 {
            let adal = string(url).lowercased().hasPrefix("msauth://")
            let id = source.clientID.map(string) ?? r.pick([clientIDs[0], clientIDs[0], clientIDs[3], clientIDs[1], clientIDs[2]])
            var fields = [
                "authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon", "client_id=" + id,
                "correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11", "broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D",
                "client_version=1.2.3",
            ]
            fields += adal ? ["max_protocol_ver=2", "resource=https%3A%2F%2Fgraph.microsoft.com"] : ["msg_protocol_ver=3", "scope=openid+profile"]
            if string(url).lowercased().hasPrefix("msauthv3") || r.below(2) == 1 {
                nonce = r.pick(["n0nce", "abc-DEF_123", "a+b", "x%2By"])
                fields.append("broker_nonce=" + (nonce ?? ""))
            }
            switch r.below(6) {
            case 0: fields.remove(at: r.below(fields.count))
            case 1:
                let index = r.below(fields.count)
                let name = fields[index].prefix { $0 != "=" }
                fields[index] = name + r.pick([
                    "=", "", "=x", "=3C62AC97-29EB-4AED-A3C8-ADD0298508DAX", "=http%3A%2F%2Flogin.microsoftonline.com", "=abcde", "=a%2Fb",
                    "=03", "=1234", "=maybe", "=https%3A%2F%2Fu%40login.microsoftonline.com", "=https%3A%2F%2F",
                ])
            case 2: fields.append(r.pick(["force=YES", "force=maybe", "skip_cache=0", "msg_protocol_ver=3", "max_protocol_ver=2"]))
            default: break
            }
            for field in fields { pieces.insert(utf8(field), at: r.below(pieces.count + 1)) }
        }
        for _ in 0..<r.below(5) {
            switch r.below(12) {
            case 0: pieces.insert(utf8("redirect_uri=") + redirect, at: r.below(pieces.count + 1))
            case 1: pieces.append(utf8("redirect%5Furi=") + redirect)
            case 2: // a second redirect_uri, another one
                let other = registered.isEmpty ? source.text : r.pick(registered).text
                pieces.append(utf8(r.pick(["redirect_uri=", "redirect%5furi=", "redirect_uri%3D"])) + formEncode(other, style: 0))
            case 3, 4: // client_id
                let id = source.clientID.map(string) ?? r.pick(clientIDs)
                var value = r.below(3) == 0 ? r.pick(clientIDs) : id
                if r.oneIn(3) { value = value.uppercased() }
                pieces.insert(utf8(r.pick(["client_id=", "client_id=", "client%5Fid=", "client_ID="]) + value), at: r.below(pieces.count + 1))
            case 5: pieces.append(utf8(r.pick(["msg_protocol_ver=3", "broker_key=abc", "scope=openid+profile", "client_version=1.0",
                                                  "extra_qp=a%3D1", "extra_query_param=a%3D1", "extra%5Fqp=a%3D1", "%C5%BFcope=openid"])))
            case 6: pieces.append(utf8(r.pick(["redirect_uri", "redirect_uri=", "client_id", "client_id="])))
            case 7: pieces.append(utf8(r.pick(["x=%FF", "%C0%AF=1", "redirect_uri=%FF", "client_id=%ED%A0%80", "%FF", "a=%E2%82"])))
            case 8: // names a server folds into redirect_uri, and near misses that no server folds
                pieces.append(utf8(r.pick([
                    "redirect+uri=", "REDIRECT_URI=", "redirect_uri%20=", " redirect_uri=", "redirect_uri%00=", "redirect_uri%00x=",
                    "%C2%A0redirect_uri=", "%E2%80%8Bredirect_uri=", "%EF%BD%92edirect_uri=", "red%C4%B1rect_uri=", "redirect.uri=",
                    "redirect_uri%5B%5D=", "redirect_ur%E2%85%B0=", "redi%C2%ADrect_uri=", "redirect-uri=", "redirect%C3%BCri=",
                ])) + redirect)
            case 9: pieces.append([])
            case 10: if !pieces.isEmpty { pieces.remove(at: r.below(pieces.count)) }
            default: pieces.append(r.literal())
            }
        }
        url += [UInt8(ascii: "?")]
        for (i, piece) in pieces.enumerated() {
            if i > 0 { url.append(UInt8(ascii: "&")) }
            url += piece
        }
        if r.oneIn(8) { url += utf8(r.pick(["#x", "#", "&"])) }
        return string(url)
    }

    /// A response to the request, at its redirect URI (or elsewhere), with the request's nonce
    /// (or another, or none) and a protocol version.
    static func answer(_ r: inout RecipeReader, _ presented: Entry, nonce: String?) -> String {
        var url = presented.text
        switch r.below(5) {
        case 1: url.insert(contentsOf: utf8("/broker"), at: pathEnd(url))
        case 2:
            var moved = Entry(text: url, bundleID: presented.bundleID)
            mutate(&moved, &r)
            url = moved.text
        default: break
        }
        var pieces = r.below(3) == 0
            ? ["error_code=-50005", "error_description=User+cancelled"]
            : ["msg_protocol_ver=" + r.pick(["3", "3", "2", "1", "4"]), "response=eyJh", "hash=" + String(repeating: "9F86D081", count: 8)]
        switch r.below(4) {
        case 0: break  // no nonce
        case 1: pieces.append("broker_nonce=" + r.pick(["other", "N0NCE", "n0nce%20"]))
        default: if let nonce { pieces.append("broker_nonce=" + nonce) }
        }
        return string(url) + "?" + pieces.joined(separator: "&")
    }

    static func routing(_ r: inout RecipeReader, _ redirect: Entry) -> (String, String) {
        var incoming = redirect.text
        let suffix = r.pick(["", "", "/broker", "/switch_browser", "/switch_browser_resume", "/", "/broker/", "/brokerx", "/Broker", "/switch_browser_resume/x", "//broker"])
        incoming.insert(contentsOf: utf8(suffix), at: pathEnd(incoming))
        var mutated = Entry(text: incoming, bundleID: redirect.bundleID)
        for _ in 0..<r.below(3) { mutate(&mutated, &r) }
        incoming = mutated.text
        if r.below(2) == 1 { incoming += utf8(r.pick(["?code=abc&state=1", "?", "#frag", "#", "?response=x#y", "?msg_protocol_ver=3&response=e30"])) }
        return (string(redirect.text), string(incoming))
    }

    static func response(_ r: inout RecipeReader, _ source: Entry) -> String {
        var url = source.text
        if r.below(2) == 1 { url += utf8("/broker") }
        let names = ["msg_protocol_ver", "response", "hash", "broker_nonce", "error_code", "error_description", "error", "suberror", "a+b", "a%20b", "x"]
        let values = ["3", "eyJhbGciOiJIUzI1NiJ9", String(repeating: "9F86D081", count: 8), "%FF", "a+b", "", "abc-_", "%E2%82%AC"]
        var pieces: [[UInt8]] = r.below(2) == 0
            ? [utf8("msg_protocol_ver=3"), utf8("response=eyJh"), utf8("hash=" + String(repeating: "9F86D081", count: 8))]
            : [utf8("error_code=1")]
        for _ in 0..<r.below(4) {
            var name = utf8(r.pick(names))
            if r.oneIn(3), !name.isEmpty { // encode one byte of the name
                let i = r.below(name.count)
                name.replaceSubrange(i..<(i + 1), with: escape(name[i]))
            }
            pieces.insert(name + utf8("=" + r.pick(values)), at: r.below(pieces.count + 1))
        }
        url += [UInt8(ascii: "?")]
        for (i, piece) in pieces.enumerated() {
            if i > 0 { url.append(UInt8(ascii: "&")) }
            url += piece
        }
        return string(url)
    }
}
