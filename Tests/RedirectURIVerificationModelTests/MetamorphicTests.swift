import Testing
import RedirectURIKit
import RedirectURIVerificationModel

/// Metamorphic properties of verification, checked on the model and the engine alike:
/// - one forbidden edit of a registered URI (host case, trailing slash, default port, dot segment,
///   an encoded unreserved byte, the bundle ID's case in an MSAL scheme, a query, a fragment…) is
///   always rejected;
/// - a case edit of the case-insensitive part of the scheme (all of it, or only `msauth.` in an
///   MSAL scheme) never changes a verdict.
struct MetamorphicTests {
    static let uuid = "3c62ac97-29eb-4aed-a3c8-add0298508da"

    /// Registrations of every form, each verified alone.
    static let registrations = [
        "x-msauth-mytestiosapp://com.myapp.mytestapp",
        "x-msauth-app://com.app.id/cb",
        "x-msauth-app://com.app.id?x=1",
        "msauth.com.contoso.MailApp://auth",
        "msauth.com.contoso.app://auth/path",
        "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp",
        "msauth://code/msauth.com.contoso.app%3A%2F%2Fauth",
        "msauth://com.example.app/1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D",
        "msal\(uuid)://auth",
        "com.example.app:/oauth2redirect/provider",
        "com.example.app:/",
        "https://login.example.com/cb",
        "https://login.example.com",
        "https://login.example.com:8443/a/b",
        "myapp://callback",
        "urn:ietf:wg:oauth:2.0:oob",
    ]

    struct Edit: Sendable, CustomStringConvertible {
        let name: String
        let apply: @Sendable (String) -> String?
        var description: String { name }
    }

    /// Where the authority ends (the first `/`, `?` or `#` after `://`), or `nil` without `//`.
    static func authorityRange(_ bytes: [UInt8]) -> Range<Int>? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 2 < bytes.count,
              bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else { return nil }
        var end = colon + 3
        while end < bytes.count, ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[end]) { end += 1 }
        return (colon + 3)..<end
    }

    static func pathEnd(_ bytes: [UInt8]) -> Int {
        bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
    }

    static func pathStart(_ bytes: [UInt8]) -> Int {
        if let authority = authorityRange(bytes) { return authority.upperBound }
        return (bytes.firstIndex(of: UInt8(ascii: ":")) ?? 0) + 1
    }

    static func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }

    static let edits: [Edit] = [
        Edit(name: "host case flip") { text in
            var b = Array(text.utf8)
            guard let authority = authorityRange(b), let i = authority.first(where: { isLetter(b[$0]) }) else { return nil }
            b[i] ^= 0x20
            return string(b)
        },
        Edit(name: "trailing slash") { text in
            var b = Array(text.utf8)
            b.insert(UInt8(ascii: "/"), at: pathEnd(b))
            return string(b)
        },
        Edit(name: "default port") { text in
            var b = Array(text.utf8)
            guard let authority = authorityRange(b) else { return nil }
            let port = text.lowercased().hasPrefix("http:") ? ":80" : ":443"
            b.insert(contentsOf: Array(port.utf8), at: authority.upperBound)
            return string(b)
        },
        Edit(name: "dot segment") { text in
            var b = Array(text.utf8)
            let start = pathStart(b)
            guard start <= b.count else { return nil }
            b.insert(contentsOf: Array("/.".utf8), at: start)
            return string(b)
        },
        Edit(name: "encoded unreserved byte") { text in
            // The first letter after the scheme, outside a wrapper's encoded segment (whose
            // decoded URI is what is compared, so encoding there is allowed).
            var b = Array(text.utf8)
            guard let colon = b.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let limit = text.lowercased().hasPrefix("msauth://code/") ? authorityRange(b)?.upperBound ?? b.count : b.count
            guard let i = ((colon + 1)..<limit).first(where: { isLetter(b[$0]) }) else { return nil }
            let hex = Array("0123456789ABCDEF".utf8)
            b.replaceSubrange(i..<(i + 1), with: [UInt8(ascii: "%"), hex[Int(b[i] >> 4)], hex[Int(b[i] & 0x0F)]])
            return string(b)
        },
        Edit(name: "MSAL bundle-ID case flip") { text in
            var b = Array(text.utf8)
            guard text.lowercased().hasPrefix("msauth."), let colon = b.firstIndex(of: UInt8(ascii: ":")),
                  let i = (7..<colon).first(where: { isLetter(b[$0]) }) else { return nil }
            b[i] ^= 0x20
            return string(b)
        },
        Edit(name: "query added") { text in
            text.contains("?") || text.contains("#") ? nil : text + "?x=1"
        },
        Edit(name: "empty query added") { text in
            text.contains("?") || text.contains("#") ? nil : text + "?"
        },
        Edit(name: "fragment added") { text in text + "#x" },
        Edit(name: "empty fragment added") { text in text + "#" },
        Edit(name: "userinfo added") { text in
            var b = Array(text.utf8)
            guard let authority = authorityRange(b) else { return nil }
            b.insert(contentsOf: Array("u@".utf8), at: authority.lowerBound)
            return string(b)
        },
        Edit(name: "last byte removed") { text in
            text.count > 1 ? String(text.dropLast()) : nil
        },
        Edit(name: "space appended") { text in text + " " },
    ]

    @Test func registrationsVerifyAgainstThemselves() {
        for registration in Self.registrations {
            let model = ModelVerification(registered: [registration]).verify(registration, callerBundleID: nil)
            let engine = Engine.verify(Array(registration.utf8), registered: [registration], callerBundleID: nil, bundleIDCaseInsensitive: false)
            #expect(model.accepted, "model: \(registration)")
            #expect(engine.accepted, "engine: \(registration)")
        }
    }

    @Test(arguments: edits)
    func forbiddenEditIsRejected(_ edit: Edit) {
        var applied = 0
        for registration in Self.registrations {
            guard let edited = edit.apply(registration), edited != registration else { continue }
            applied += 1
            let model = ModelVerification(registered: [registration]).verify(edited, callerBundleID: nil)
            let engine = Engine.verify(Array(edited.utf8), registered: [registration], callerBundleID: nil, bundleIDCaseInsensitive: false)
            #expect(!model.accepted, "model accepts \(edited) for \(registration)")
            #expect(!engine.accepted, "engine accepts \(edited) for \(registration)")
        }
        // Each edit applies to at least a few registrations, so the property is never vacuous.
        #expect(applied >= 2, "\(edit.name) applied to \(applied) registrations")
    }

    /// The bytes of `text` that are the case-insensitive part of its scheme: all of it, or the
    /// `msauth.` prefix of an MSAL scheme (the rest is a bundle ID and compares exactly).
    static func caseInsensitiveSchemeRange(_ bytes: [UInt8]) -> Range<Int>? {
        guard let reference = try? URIReference(bytes: bytes, as: .uri), let scheme = reference.ranges.scheme else { return nil }
        if String(decoding: bytes[scheme], as: UTF8.self).lowercased().hasPrefix("msauth.") {
            return scheme.lowerBound..<(scheme.lowerBound + 7)
        }
        return scheme
    }

    /// Generated cases (the fuzz recipes' generator, seeded): flipping the case of one letter of the
    /// scheme's case-insensitive part, in the presented URI or in every registration, never
    /// changes the verdict.
    @Test func schemeCaseNeverChangesTheVerdict() {
        var random = SplitMix64(seed: 0x5EED)
        var flipped = 0
        for _ in 0..<3000 {
            var recipe: [UInt8] = []
            for _ in 0..<(Int(random.next() % 96) + 8) { recipe.append(UInt8(truncatingIfNeeded: random.next())) }
            let c = Recipe.decode(recipe)
            let position = Int(random.next() % 64)
            let verification = ModelVerification(registered: c.registered, bundleIDCaseInsensitive: c.bundleIDCaseInsensitive)
            let before = verification.verify(c.presented, callerBundleID: c.callerBundleID)
            let engineBefore = Engine.verify(c.presented, registered: c.registered, callerBundleID: c.callerBundleID,
                                             bundleIDCaseInsensitive: c.bundleIDCaseInsensitive)

            // The presented URI's scheme.
            if let presented = Self.flipSchemeCase(c.presented, position) {
                flipped += 1
                let after = verification.verify(presented, callerBundleID: c.callerBundleID)
                let engineAfter = Engine.verify(presented, registered: c.registered, callerBundleID: c.callerBundleID,
                                                bundleIDCaseInsensitive: c.bundleIDCaseInsensitive)
                #expect(Agreement.sameVerdict(after, before), "model: \(escapedText(presented)) vs \(c)")
                #expect(Agreement.sameVerdict(engineAfter, engineBefore), "engine: \(escapedText(presented)) vs \(c)")
            }
            // Every registration's scheme.
            let registered = c.registered.map { Self.flipSchemeCase(Array($0.utf8), position).map { String(decoding: $0, as: UTF8.self) } ?? $0 }
            if registered != c.registered {
                let after = ModelVerification(registered: registered, bundleIDCaseInsensitive: c.bundleIDCaseInsensitive)
                    .verify(c.presented, callerBundleID: c.callerBundleID)
                let engineAfter = Engine.verify(c.presented, registered: registered, callerBundleID: c.callerBundleID,
                                                bundleIDCaseInsensitive: c.bundleIDCaseInsensitive)
                #expect(Agreement.sameVerdict(after, before), "model: registered \(registered) vs \(c)")
                #expect(Agreement.sameVerdict(engineAfter, engineBefore), "engine: registered \(registered) vs \(c)")
            }
        }
        #expect(flipped >= 1000)
    }

    /// One letter of the case-insensitive part of the scheme flipped (the `position`-th letter,
    /// cyclically), or `nil` when there is none.
    static func flipSchemeCase(_ bytes: [UInt8], _ position: Int) -> [UInt8]? {
        guard let range = caseInsensitiveSchemeRange(bytes) else { return nil }
        let letters = range.filter { isLetter(bytes[$0]) }
        guard !letters.isEmpty else { return nil }
        var out = bytes
        out[letters[position % letters.count]] ^= 0x20
        return out
    }

    /// The `msauth.` exception itself: flipping a letter of an MSAL scheme's bundle ID is an
    /// exact-match failure (checked above as a forbidden edit), so the range above must stop there.
    @Test func msalSchemeCaseInsensitivePartIsTheSevenBytePrefix() {
        #expect(Self.caseInsensitiveSchemeRange(Array("MSAUTH.com.app://auth".utf8)) == 0..<7)
        #expect(Self.caseInsensitiveSchemeRange(Array("x-msauth-app://com.app.id".utf8)) == 0..<12)
        #expect(Self.caseInsensitiveSchemeRange(Array("/cb".utf8)) == nil)
    }
}

/// A small deterministic generator (SplitMix64), so generated cases are the same on every run.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
