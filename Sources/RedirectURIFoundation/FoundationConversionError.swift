import RedirectURIKit

/// Why a value could not cross between this package's types and Foundation's unchanged.
///
/// The bridges are exact or they throw: a `URL` made from a `URIReference` has
/// exactly the reference's text, and `URLComponents` made from one report exactly its
/// components. Where Foundation would refuse or read the text differently, the error says which.
///
/// ```swift
/// do {
///     _ = try URL(try URIReference(parsing: ""))
/// } catch {
///     error.kind   // → .refusedByFoundation (URL(string: "") is nil)
/// }
/// ```
public struct FoundationConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; the ``Kind/code`` is stable.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The stable identifier, e.g. `refused-by-foundation`.
        public let code: String

        init(_ code: String) { self.code = code }

        /// Foundation returned `nil` for the text (`URL(string:)`, `URLComponents(string:)`), or
        /// `URLComponents` could not form a string (`string` is `nil`).
        public static let refusedByFoundation = Kind("refused-by-foundation")
        /// Foundation accepted the text but holds something else: a recomposed text or a
        /// component that differs from the RFC 3986 reading (for example a host longer than
        /// 2,048 bytes, which `URLComponents` drops).
        public static let changedByFoundation = Kind("changed-by-foundation")
        /// Foundation's text is not an RFC 3986 reference; ``FoundationConversionError/parseError``
        /// says where it leaves the grammar.
        public static let invalidReference = Kind("invalid-reference")

        /// The stable code.
        public var description: String { code }
    }

    /// What went wrong.
    public var kind: Kind
    /// The component Foundation reads differently (`scheme`, `user`, `password`, `host`, `path`,
    /// `query`, `fragment`, or `string` for the recomposed text), for ``Kind/changedByFoundation``.
    public var component: String?
    /// Where Foundation's text leaves the RFC 3986 grammar, for ``Kind/invalidReference``.
    public var parseError: URIParseError?
    /// One sentence for people.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, component: String? = nil, parseError: URIParseError? = nil, message: String) {
        self.kind = kind
        self.component = component
        self.parseError = parseError
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(kind.code): \(message)" }
}
