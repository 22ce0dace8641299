/// The benchmark corpus: redirect and broker URIs of four categories, generated from a fixed seed.
///
/// A Swift port of the category mix of the shared `bench/make_corpus.py` (same shapes, same
/// weights, same counts: 800 / 200 / 600 / 400 lines). The random source differs (SplitMix64 here,
/// Mersenne Twister there), so the lines are not byte-identical to the Python files, but the
/// distribution of forms, lengths and parameter counts is the same. Generation is deterministic:
/// ``fingerprint`` is pinned by a test, so an accidental change to the corpus fails loudly.
///
/// ```swift
/// let corpus = Corpus.standard
/// corpus.lines(.shortRedirect).count   // 800
/// ```
///
/// Every line is a valid RFC 3986 URI by construction (only unreserved, sub-delims, `:@/?`
/// and percent-encoded triplets), and ASCII.
public struct Corpus: Sendable {
    /// The four categories of the issue and of `make_corpus.py`.
    public enum Category: String, Sendable, CaseIterable, CustomStringConvertible {
        /// (a) short redirect URIs: `x-msauth-app://com.org.app`, `msauth.<bundle>://auth`, loopback, …
        case shortRedirect = "a"
        /// (b) certificate-auth wrappers: `msauth://code/<percent-encoded redirect>[?code=…]`
        case certificateAuth = "b"
        /// (c) broker requests: `msauth://broker?authority=…&redirect_uri=…` with 10–15 parameters
        case brokerRequest = "c"
        /// (d) broker responses: `<redirect>?msg_protocol_ver=2&response=<2–6 KB base64url>&hash=<hex>`
        case brokerResponse = "d"

        /// How many lines of this category the standard corpus holds.
        public var standardCount: Int {
            switch self {
            case .shortRedirect: 800
            case .certificateAuth: 200
            case .brokerRequest: 600
            case .brokerResponse: 400
            }
        }

        /// The file `make-corpus` writes this category to (the names of `make_corpus.py`).
        public var fileName: String {
            switch self {
            case .shortRedirect: "uris-short.txt"
            case .certificateAuth: "uris-cert.txt"
            case .brokerRequest: "uris-broker-request.txt"
            case .brokerResponse: "uris-broker-response.txt"
            }
        }

        public var description: String { "(\(rawValue))" }
    }

    /// The seed of the standard corpus (the one `make_corpus.py` uses).
    public static let standardSeed: UInt64 = 20_240_611

    /// The corpus every benchmark uses.
    public static let standard = Corpus(seed: standardSeed)

    /// All lines, categories mixed and shuffled (`uris.txt`).
    public let entries: [(category: Category, uri: String)]

    /// Generates the corpus for `seed` with `counts` lines per category (standard counts by default).
    public init(seed: UInt64, counts: [Category: Int] = [:]) {
        var random = SeededGenerator(seed: seed)
        var rows: [(category: Category, uri: String)] = []
        for category in Category.allCases {
            for _ in 0..<(counts[category] ?? category.standardCount) {
                rows.append((category, Generators.line(category, &random)))
            }
        }
        random.shuffle(&rows)
        entries = rows
    }

    /// The lines of one category, in corpus order.
    public func lines(_ category: Category) -> [String] {
        entries.filter { $0.category == category }.map(\.uri)
    }

    /// FNV-1a over every line and its newline: a cheap, stable identity of the corpus.
    public var fingerprint: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for entry in entries {
            for byte in entry.uri.utf8 + [0x0A] {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        return hash
    }
}

extension Corpus {
    /// A valid broker-response-shaped URI of about `byteCount` bytes, for the linear-scaling check:
    /// `msauth.com.contoso.app://auth?msg_protocol_ver=2&response=<base64url>&hash=<64 hex>`.
    public static func longBrokerResponse(byteCount: Int, seed: UInt64 = standardSeed) -> String {
        var random = SeededGenerator(seed: seed ^ UInt64(byteCount))
        let prefix = "msauth.com.contoso.app://auth?msg_protocol_ver=2&response="
        let hash = "&hash=" + TextEncoding.hex(random.bytes(32), uppercase: true)
        let responseLength = max(0, byteCount - prefix.utf8.count - hash.utf8.count)
        let response = TextEncoding.base64URL(random.bytes(responseLength * 3 / 4 + 3)).utf8.prefix(responseLength)
        return prefix + String(decoding: response, as: UTF8.self) + hash
    }

    /// Invalid inputs: each short redirect URI with one byte no URI may hold (a space, `\`, `"`,
    /// `<`, `^`, `|`, or `%G1`, a `%` not followed by two hex digits) put in a random position after the
    /// scheme. Every line is rejected by the library and by Foundation (checked by the tests).
    public func invalidLines(seed: UInt64 = standardSeed) -> [String] {
        var random = SeededGenerator(seed: seed ^ 0x1BAD)
        let offenders = [" ", "\\", "\"", "<", "^", "|", "%G1"]
        return lines(.shortRedirect).map { uri in
            var characters = Array(uri)
            let colon = characters.firstIndex(of: ":") ?? 0
            let position = random.int(in: (colon + 1)...characters.count)
            characters.insert(contentsOf: random.choice(offenders), at: position)
            return String(characters)
        }
    }
}
