// Routing an incoming URL: the article's section of that name.

/// Where an incoming URL belongs, with the library's case names.
public enum Route: String, Sendable, Hashable, CaseIterable {
    case response
    case brokerResponse
    case switchBrowser
    case switchBrowserResume
    case mismatch
}

/// The model's routing decision.
public struct Routing: Sendable, Hashable, CustomStringConvertible {
    public var outcome: Route
    /// `trailing-slash-mismatch` when the paths differ only by a trailing `/`.
    public var warnings: [String]

    public init(outcome: Route, warnings: [String] = []) {
        self.outcome = outcome
        self.warnings = warnings
    }

    public var description: String {
        warnings.isEmpty ? outcome.rawValue : "\(outcome.rawValue) [\(warnings.joined(separator: ","))]"
    }
}

public enum ModelRouter {
    /// Routes `incoming` (any bytes) against `redirectURI`; `nil` when the redirect URI is not an
    /// absolute URI (there is no redirect URI to route to).
    public static func route(redirectURI: [UInt8], incoming: [UInt8]) -> Routing? {
        guard let redirect = ParsedURI(redirectURI) else { return nil }
        guard let url = ParsedURI(incoming) else {
            return Routing(outcome: .mismatch, warnings: [])
        }
        // "the scheme compares ignoring case — all of it, including a bundle ID inside it"
        guard equalIgnoringCase(redirect.scheme, url.scheme) else { return Routing(outcome: .mismatch, warnings: []) }
        // "The authority compares exactly." (Absent on both sides counts as equal.)
        guard redirect.authority == url.authority else { return Routing(outcome: .mismatch, warnings: []) }
        // "The query … is not compared; a fragment is not compared either."
        let path = redirect.path
        let table: [(suffix: String, route: Route)] = [
            ("", .response),
            ("/broker", .brokerResponse),
            ("/switch_browser", .switchBrowser),
            ("/switch_browser_resume", .switchBrowserResume),
        ]
        for row in table where url.path == path + utf8(row.suffix) {
            return Routing(outcome: row.route, warnings: [])
        }
        // "A path that differs from the redirect URI's only by a trailing `/` is a mismatch with
        // the warning trailing-slash-mismatch." Either side may have the extra `/` (assumed).
        let slash = UInt8(ascii: "/")
        if url.path == path + [slash] || path == url.path + [slash] {
            return Routing(outcome: .mismatch, warnings: ["trailing-slash-mismatch"])
        }
        return Routing(outcome: .mismatch, warnings: [])
    }

    public static func route(redirectURI: String, incoming: String) -> Routing? {
        route(redirectURI: Array(redirectURI.utf8), incoming: Array(incoming.utf8))
    }
}
