import Foundation
import RedirectURIKit

extension QueryParameters {
    /// The parameters as `URLQueryItem`s, decoded as this query's ``QueryParameters/decoding``
    /// says, in order, duplicates included.
    ///
    /// Unlike `URLComponents.queryItems`, the decoding is strict and chosen: with
    /// `QueryDecoding.form` (broker messages) `+` is a space, with
    /// `QueryDecoding.rfc3986` it is a plus (what `queryItems` does); a piece
    /// that does not decode to UTF-8 throws instead of becoming an empty or garbled string, and
    /// an empty piece (`a=1&&b=2`) is skipped instead of becoming an item with an empty name.
    ///
    /// ```swift
    /// let uri = try URIReference(parsing: "msauth.com.contoso.app://auth?error_code=1&error_description=User+cancelled")
    /// let items = try QueryParameters(uri.query ?? "", decoding: .form).queryItems()
    /// items.last?.value   // → "User cancelled"
    /// ```
    ///
    /// - Throws: `QueryParameterError` `invalid-encoding` naming the piece.
    public func queryItems() throws(QueryParameterError) -> [URLQueryItem] {
        try decoded().map { URLQueryItem(name: $0.name, value: $0.value) }
    }

    /// Writes `items` as a query (without `?`) that reads back, with `decoding`, as the same
    /// items in the same order.
    ///
    /// Every byte of a name or value outside RFC 3986's unreserved set is percent-encoded with
    /// uppercase hex, so `&`, `=`, `+` and `#` inside a value can never split or end it; with
    /// `QueryDecoding.form` a space is written `+`. (`URLComponents.queryItems`
    /// leaves `+`, `/`, `?` and more as they are, and a form decoder then reads `a+b` as
    /// `a b`.) An item with an empty name and no value has no written form — it would be an
    /// empty piece, which readers skip — and is left out.
    ///
    /// ```swift
    /// let query = QueryParameters([URLQueryItem(name: "redirect_uri", value: "msauth.com.contoso.app://auth"),
    ///                              URLQueryItem(name: "scope", value: "User.Read openid")])
    /// query.query   // → "redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&scope=User.Read+openid"
    /// ```
    public init(_ items: [URLQueryItem], decoding: QueryDecoding = .form) {
        let pieces = items.compactMap { item -> String? in
            if item.name.isEmpty, item.value == nil { return nil }
            func encode(_ text: String) -> String {
                decoding == .form ? PercentEncoding.formEncode(text) : PercentEncoding.encode(text, allowing: .unreserved)
            }
            return encode(item.name) + (item.value.map { "=" + encode($0) } ?? "")
        }
        self.init(Substring(pieces.joined(separator: "&")), decoding: decoding)
    }
}

extension BrokerParameter {
    /// The parameter of a query item (name and value as they are, already decoded).
    public init(_ item: URLQueryItem) {
        self.init(item.name, item.value)
    }
}

extension URLQueryItem {
    /// The query item of a decoded broker parameter.
    public init(_ parameter: BrokerParameter) {
        self.init(name: parameter.name, value: parameter.value)
    }
}
