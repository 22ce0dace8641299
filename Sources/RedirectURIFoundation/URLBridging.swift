import Foundation
import RedirectURIKit

extension URL {
    /// The `URL` whose text is exactly the reference's text.
    ///
    /// The conversion never changes a byte: Foundation parses the reference's text, and the
    /// result is returned only when its `absoluteString` is that text. It throws instead of
    /// returning `nil` so that the reason is known:
    ///
    /// - ``FoundationConversionError/Kind/refusedByFoundation`` when `URL(string:)` returns `nil`.
    ///   On Linux and on current Apple systems that is the empty reference `""` only; older Apple
    ///   systems (before iOS 17 and macOS 14) parse with an older grammar and refuse more.
    /// - ``FoundationConversionError/Kind/changedByFoundation`` when Foundation's `URL` would have
    ///   another text.
    ///
    /// A relative reference becomes a relative `URL` with no base.
    ///
    /// ```swift
    /// let url = try URL(try URIReference(parsing: "msauth.com.contoso.app://auth?x=1"))
    /// url.absoluteString   // → "msauth.com.contoso.app://auth?x=1"
    /// url.scheme           // → "msauth.com.contoso.app"
    /// ```
    public init(_ reference: URIReference) throws(FoundationConversionError) {
        let text = reference.description
        guard let url = URL(string: text) else {
            throw FoundationConversionError(.refusedByFoundation, message: "URL(string:) returned nil for '\(text)'")
        }
        guard url.absoluteString == text else {
            throw FoundationConversionError(
                .changedByFoundation, component: "string",
                message: "Foundation reads '\(text)' as '\(url.absoluteString)'")
        }
        self = url
    }
}

extension URIReference {
    /// Parses a URL's `absoluteString` strictly, as `grammar` (by default `URI-reference`).
    ///
    /// The reference describes the URL as Foundation holds it. A URL that came from the OS (the
    /// URL an app is opened with) is what the sender wrote; one made with `URL(string:)` from text
    /// may already have been repaired by Foundation — `%zz` becomes `%25zz`, a Unicode host is
    /// converted to punycode, and from iOS 17 and macOS 14 a space is percent-encoded — so to
    /// check untrusted text, parse the text itself with ``URIReference/init(parsing:as:)-(String,_)``.
    ///
    /// ```swift
    /// let url = URL(fileURLWithPath: "/tmp/a b", isDirectory: false)
    /// let reference = try URIReference(url)
    /// reference.path   // → "/tmp/a%20b"
    /// ```
    ///
    /// - Throws: ``URIParseError`` when the text is not an RFC 3986 reference (an IPv6 zone ID such
    ///   as `[fe80::1%25en0]`, which Foundation accepts, for example).
    public init(_ url: URL, as grammar: URIGrammar = .uriReference) throws(URIParseError) {
        try self.init(parsing: url.absoluteString, as: grammar)
    }
}

extension RedirectURI {
    /// Parses and classifies a URL's `absoluteString`, which must be an absolute RFC 3986 URI.
    ///
    /// ```swift
    /// let redirect = try RedirectURI(try URL(try URIReference(parsing: "msauth.com.contoso.app://auth")))
    /// redirect.form       // → .msalBroker
    /// redirect.bundleID   // → "com.contoso.app"
    /// ```
    ///
    /// - Throws: ``URIParseError`` when the text is not an absolute RFC 3986 URI.
    public init(_ url: URL) throws(URIParseError) {
        try self.init(parsing: url.absoluteString)
    }

    /// Whether `incoming`, the URL the OS opened the app with, is the response to this redirect
    /// URI: `RedirectURI.routes(_:)` on its `absoluteString`.
    ///
    /// ```swift
    /// let redirect = try RedirectURI(parsing: "msauth.com.contoso.app://auth")
    /// let incoming = try URL(try URIReference(parsing: "msauth.com.contoso.app://auth?code=1"))
    /// redirect.routes(incoming).belongs   // → true
    /// ```
    public func routes(_ incoming: URL) -> ResponseRouting {
        routes(incoming.absoluteString)
    }
}

extension BrokerResponse {
    /// Reads a broker response from the URL the OS opened the app with.
    ///
    /// - Throws: `BrokerMessageError` naming the first parameter at fault.
    public init(_ url: URL) throws(BrokerMessageError) {
        try self.init(parsing: url.absoluteString)
    }
}
