import Foundation
import RedirectURIKit

extension URLComponents {
    /// `URLComponents` holding exactly the reference's components.
    ///
    /// Foundation parses the reference's text; the result is returned only when every
    /// percent-encoded component it reports (`scheme`, `percentEncodedUser` and
    /// `percentEncodedPassword` — the userinfo split at its first `:` —, `percentEncodedHost`,
    /// `percentEncodedPath`, `percentEncodedQuery`, `percentEncodedFragment`) and the recomposed
    /// `string` are the reference's own, absent and empty kept apart (`x://h?` has an empty
    /// query, `x://h` none).
    ///
    /// Two views stay lossy, as Foundation defines them, while `string` keeps the text: `port` is
    /// an `Int` (`nil` for the empty port of `http://h:/` and for ports beyond `Int`, `80` for
    /// `080`), and the decoding accessors (`host`, `path`, `query`, `queryItems`) decode
    /// percent-encoding.
    ///
    /// ```swift
    /// let components = try URLComponents(try URIReference(parsing: "http://127.0.0.1:51004/cb?"))
    /// components.percentEncodedHost    // → "127.0.0.1"
    /// components.port                  // → 51004
    /// components.percentEncodedQuery   // → ""
    /// ```
    ///
    /// - Throws: ``FoundationConversionError`` ``FoundationConversionError/Kind/refusedByFoundation``
    ///   when `URLComponents(string:)` returns `nil`, or
    ///   ``FoundationConversionError/Kind/changedByFoundation`` naming the component Foundation
    ///   reads differently — a host longer than 2,048 bytes, which `URLComponents` drops, is one.
    public init(_ reference: URIReference) throws(FoundationConversionError) {
        let text = reference.description
        guard let components = URLComponents(string: text) else {
            throw FoundationConversionError(.refusedByFoundation, message: "URLComponents(string:) returned nil for '\(text)'")
        }
        var user: Substring? = nil
        var password: Substring? = nil
        if let userinfo = reference.userinfo {
            if let colon = userinfo.firstIndex(of: ":") {
                user = userinfo[..<colon]
                password = userinfo[userinfo.index(after: colon)...]
            } else {
                user = userinfo
            }
        }
        let expected: [(String, Substring?, String?)] = [
            ("scheme", reference.scheme, components.scheme),
            ("user", user, components.percentEncodedUser),
            ("password", password, components.percentEncodedPassword),
            ("host", reference.host, components.percentEncodedHost),
            ("path", reference.path, components.percentEncodedPath),
            ("query", reference.query, components.percentEncodedQuery),
            ("fragment", reference.fragment, components.percentEncodedFragment),
            ("string", Substring(text), components.string),
        ]
        for (name, ours, foundation) in expected where ours.map(String.init) != foundation {
            throw FoundationConversionError(
                .changedByFoundation, component: name,
                message:
                    "Foundation reads the \(name) of '\(text)' as \(foundation.map { "'\($0)'" } ?? "absent"), not \(ours.map { "'\($0)'" } ?? "absent")"
            )
        }
        self = components
    }
}

extension URIReference {
    /// Parses the text `URLComponents` recomposes (`string`) strictly, as `grammar`.
    ///
    /// ```swift
    /// var components = URLComponents()
    /// components.scheme = "https"
    /// components.host = "login.example.com"
    /// components.path = "/cb"
    /// let reference = try URIReference(components)
    /// reference.description   // → "https://login.example.com/cb"
    /// ```
    ///
    /// - Throws: ``FoundationConversionError`` ``FoundationConversionError/Kind/refusedByFoundation``
    ///   when `string` is `nil` (the components do not form a reference, such as a path without a
    ///   leading `/` after a host), or ``FoundationConversionError/Kind/invalidReference`` with the
    ///   ``URIParseError`` when the text is outside RFC 3986.
    public init(_ components: URLComponents, as grammar: URIGrammar = .uriReference) throws(FoundationConversionError) {
        guard let text = components.string else {
            throw FoundationConversionError(
                .refusedByFoundation,
                message: "URLComponents.string is nil: the components do not form a URL")
        }
        do {
            try self.init(parsing: text, as: grammar)
        } catch {
            throw FoundationConversionError(
                .invalidReference, parseError: error,
                message: "'\(text)' is not an RFC 3986 reference: \(error.kind) at offset \(error.offset)")
        }
    }
}
