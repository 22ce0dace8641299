/// How a rejected redirect URI differs from the nearest registered one: the explanation a careful
/// reviewer gives when nothing matched ("the 'auth' host is 'callback' here"), instead of the
/// "matches no registered redirect URI" the identity server already said.
///
/// A near miss is a registration that differs from the presented URI in one way only. The
/// *nearest* is the one whose difference comes first in ``Difference`` (whitespace, then
/// percent-encoding, letter case, a trailing slash, the `msauth.` prefix, the port, the host, the
/// path), and among those the first registered. A registration that differs in two ways is no
/// near miss. Near misses explain; they never change a verdict.
///
/// ```swift
/// let verifier = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"])
/// let miss = verifier.verify("msauth.com.contoso.app://callback").nearMiss
/// miss?.difference   // .host
/// miss?.registered   // "msauth.com.contoso.app://auth"
/// ```
public struct NearMiss: Sendable, Hashable, CustomStringConvertible {
    /// The one way a near miss differs, in the order that decides which registration is nearest.
    public enum Difference: String, Sendable, Hashable, CaseIterable, Codable {
        /// Equal once whitespace around the presented or the registered text is removed.
        case surroundingWhitespace = "surrounding-whitespace"
        /// Equal once percent-encoding is decoded: the same bytes, written another way.
        case percentEncoding = "percent-encoding"
        /// Equal ignoring ASCII letter case (in ``NearMiss/component``).
        case letterCase = "letter-case"
        /// The paths differ only by a `/` at the end.
        case trailingSlash = "trailing-slash"
        /// The schemes differ only in the `msauth.` prefix of the MSAL form.
        case msauthPrefix = "msauth-prefix"
        /// Only the ports differ (or one is absent).
        case port
        /// Only the hosts differ.
        case host
        /// Only the paths differ.
        case path
    }

    /// A component of a URI, as a near miss names it.
    public enum Component: String, Sendable, Hashable, CaseIterable, Codable {
        /// The scheme (for an MSAL redirect URI, its bundle ID is there).
        case scheme
        /// The userinfo.
        case userinfo
        /// The host.
        case host
        /// The port.
        case port
        /// The path.
        case path
        /// The query.
        case query
    }

    /// The registered redirect URI, as registered.
    public let registered: String
    /// How it differs.
    public let difference: Difference
    /// The first component where it differs.
    public let component: Component?
    /// One sentence saying how, with both texts of the component.
    public let message: String

    /// The sentence.
    public var description: String { message }
}

extension NearMiss {
    /// The parts of a URI a near miss compares, as text (`nil` when absent).
    struct Parts {
        var scheme: Substring
        var userinfo: Substring?
        var host: Substring?
        var port: Substring?
        var path: Substring
        var query: Substring?
        var fragment: Substring?

        init?(_ reference: URIReference) {
            guard let scheme = reference.scheme else { return nil }
            self.scheme = scheme
            userinfo = reference.userinfo
            host = reference.host
            port = reference.port
            path = reference.path
            query = reference.query
            fragment = reference.fragment
        }

        /// The components after the scheme, each with its name.
        var rest: [(Component?, Substring?)] {
            [(.userinfo, userinfo), (.host, host), (.port, port), (.path, path), (.query, query), (nil, fragment)]
        }
    }

    /// The nearest registration to `presented` among `candidates` (what to compare, and the
    /// registered text), or `nil` when none differs in one way only. Linear in the candidates'
    /// length; only called for a rejection.
    static func nearest(to presented: RedirectURI, among candidates: [(RedirectURI, String)]) -> NearMiss? {
        guard let parts = Parts(presented.reference) else { return nil }
        var best: NearMiss?
        for (candidate, text) in candidates {
            guard let registered = Parts(candidate.reference),
                let miss = difference(parts, registered, registeredText: text)
            else { continue }
            if best.map({ rank(miss.difference) < rank($0.difference) }) ?? true { best = miss }
        }
        return best
    }

    static func rank(_ difference: Difference) -> Int {
        Difference.allCases.firstIndex(of: difference) ?? Difference.allCases.count
    }

    /// The one way `presented` differs from `registered`, if there is one.
    static func difference(_ presented: Parts, _ registered: Parts, registeredText: String) -> NearMiss? {
        let sameScheme = StringBytes.withUTF8(String(presented.scheme), String(registered.scheme)) {
            Schemes.matchForVerification($0, $1)
        }
        var differing: [(component: Component?, presented: Substring?, registered: Substring?)] = []
        if !sameScheme { differing.append((.scheme, presented.scheme, registered.scheme)) }
        for ((component, lhs), (_, rhs)) in zip(presented.rest, registered.rest) where lhs != rhs {
            differing.append((component, lhs, rhs))
        }
        guard let first = differing.first else { return nil }
        func miss(_ difference: Difference, _ component: Component?, _ how: String) -> NearMiss {
            NearMiss(
                registered: registeredText, difference: difference, component: component,
                message: "the nearest registered redirect URI, '\(registeredText)', differs only \(how)")
        }
        func shown(_ text: Substring?) -> String { text.map { "'\($0)'" } ?? "none" }
        let componentSuffix = first.component.map { " in the \($0.rawValue)" } ?? ""
        // Both sides present in every differing component, and equal once decoded, or once
        // folded: the same text written another way.
        let bothPresent = differing.allSatisfy { $0.presented != nil && $0.registered != nil }
        if bothPresent, differing.allSatisfy({ decodedEqual($0.presented, $0.registered) }) {
            return miss(
                .percentEncoding, first.component,
                "in percent-encoding\(componentSuffix) (\(shown(first.presented)) here): the same bytes, but registrations are compared as written")
        }
        if bothPresent,
            differing.allSatisfy({ (_, lhs, rhs) in
                guard let lhs, let rhs else { return false }
                return lhs.utf8.equalsIgnoringASCIICase(rhs.utf8)
            })
        {
            return miss(
                .letterCase, first.component,
                "in letter case\(componentSuffix) (\(shown(first.presented)) here, \(shown(first.registered)) registered)")
        }
        guard differing.count == 1 else { return nil }
        switch first.component {
        case .path?:
            let lhs = presented.path
            let rhs = registered.path
            if lhs + "/" == rhs || lhs == rhs + "/" {
                return miss(
                    .trailingSlash, .path,
                    "by a trailing '/' in the path (\(shown(lhs)) here, \(shown(rhs)) registered)")
            }
            return miss(.path, .path, "in the path (\(shown(lhs)) here, \(shown(rhs)) registered)")
        case .host?:
            return miss(.host, .host, "in the host (\(shown(presented.host)) here, \(shown(registered.host)) registered)")
        case .port?:
            return miss(.port, .port, "in the port (\(shown(presented.port)) here, \(shown(registered.port)) registered)")
        case .scheme?:
            guard withoutMSAuthPrefix(presented.scheme) == withoutMSAuthPrefix(registered.scheme),
                hasMSALPrefix(presented.scheme) || hasMSALPrefix(registered.scheme)
            else { return nil }
            return miss(
                .msauthPrefix, .scheme,
                "in the 'msauth.' prefix of the scheme (\(shown(presented.scheme)) here, \(shown(registered.scheme)) registered)")
        default:
            return nil
        }
    }

    /// A whitespace near miss: `registered` (as registered) and `presented` are the same once
    /// whitespace around one of them is removed.
    static func surroundingWhitespace(registered: String, presentedHasIt: Bool) -> NearMiss {
        NearMiss(
            registered: registered, difference: .surroundingWhitespace, component: nil,
            message: presentedHasIt
                ? "the nearest registered redirect URI, '\(registered)', differs only by whitespace around the presented one"
                : "the nearest registered redirect URI, '\(registered)', differs only by the whitespace around it (a registration is compared as written)"
        )
    }

    /// `text` without ASCII whitespace (space, tab, LF, CR) at either end; `nil` when there is
    /// none to remove.
    static func trimmed(_ text: some StringProtocol) -> Substring? {
        let utf8 = Substring(text).utf8
        func isSpace(_ byte: UInt8) -> Bool {
            byte == ASCII.space || byte == ASCII.tab || byte == ASCII.lineFeed || byte == ASCII.carriageReturn
        }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }) else {
            return nil
        }
        guard first != utf8.startIndex || utf8.index(after: last) != utf8.endIndex else { return nil }
        return Substring(utf8[first...last])
    }

    /// The scheme without a leading `msauth` and the one `.` or `-` after it (ignoring case).
    static func withoutMSAuthPrefix(_ scheme: Substring) -> Substring {
        let utf8 = scheme.utf8
        guard utf8.count >= 6, utf8.prefix(6).equalsIgnoringASCIICase("msauth".utf8) else { return scheme }
        var rest = utf8.dropFirst(6)
        if let next = rest.first, next == ASCII.period || next == ASCII.hyphen { rest = rest.dropFirst() }
        return Substring(rest)
    }

    static func hasMSALPrefix(_ scheme: Substring) -> Bool {
        scheme.utf8.count > RedirectRules.msalPrefixLength
            && scheme.utf8.prefix(RedirectRules.msalPrefixLength).equalsIgnoringASCIICase("msauth.".utf8)
    }

    /// Whether both percent-decode once (RFC 3986: `+` stays) to the same bytes.
    static func decodedEqual(_ lhs: Substring?, _ rhs: Substring?) -> Bool {
        guard let lhs, let rhs, let left = try? PercentEncoding.decode(lhs), let right = try? PercentEncoding.decode(rhs) else {
            return false
        }
        return left == right
    }
}

/// What a rejection's near miss is worked out from, kept by the verdict so that the comparison
/// with every registration is made only when the near miss is asked for (an explanation, a JSON
/// encoding), never on the broker's path.
final class NearMissSource: Sendable, Hashable {
    enum Origin: Sendable {
        /// A presented URI (a wrapper's decoded one) that matched none of `candidates`;
        /// `untrimmed` are the registrations that parse only without whitespace around them.
        case presented(RedirectURI, [(RedirectURI, String)], [(RedirectURI, String)])
        /// A presented text that failed rule `syntax`, and the verifier that rejected it.
        case whitespace(String, RedirectVerifier)
    }

    let origin: Origin

    init(_ origin: Origin) { self.origin = origin }

    var nearMiss: NearMiss? {
        switch origin {
        case .presented(let presented, let candidates, let untrimmed):
            if let match = untrimmed.first(where: { RedirectVerifier.compare(presented, $0.0) == .equal }) {
                return NearMiss.surroundingWhitespace(registered: match.1, presentedHasIt: false)
            }
            return NearMiss.nearest(to: presented, among: candidates)
        case .whitespace(let text, let verifier):
            return verifier.whitespaceNearMiss(text)
        }
    }

    static func == (lhs: NearMissSource, rhs: NearMissSource) -> Bool { lhs.nearMiss == rhs.nearMiss }

    func hash(into hasher: inout Hasher) { hasher.combine(nearMiss) }
}
