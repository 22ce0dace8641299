/// Why a reference could not be resolved.
public struct ReferenceResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var kind: Kind
    /// What went wrong, for people: the kind's explanation, with the parse error when there is one.
    public var reason: String
    /// A one-line description.
    public var description: String { reason }
}

extension ReferenceResolutionError: CodedError {
    /// Each kind's code and explanation, at the kind's row.
    public static let codes: [(code: String, explanation: String)] = [
        ("base-without-scheme", "the base URI must have a scheme (RFC 3986 §5.1)"),
        ("unresolvable", "the reference resolved against the base is not a valid URI reference"),
    ]
}

extension ErrorKind where Owner == ReferenceResolutionError {
    /// The base has no scheme (RFC 3986 §5.1).
    public static var baseWithoutScheme: Self { Self(rawValue: 0) }
    /// The recomposed target (RFC 3986 §5.3) does not parse.
    public static var unresolvable: Self { Self(rawValue: 1) }
}

extension URIReference {
    /// Resolves this reference against `base` (RFC 3986 §5.2, strict: a reference with a scheme
    /// is used as it is, even when the scheme equals the base's, so `http:g` stays `http:g`).
    ///
    /// The base must have a scheme (§5.1); its fragment, if any, is ignored. The result is
    /// recomposed per §5.3 and parsed again.
    ///
    /// ```swift
    /// let base = try URIReference(parsing: "http://a/b/c/d;p?q")
    /// try URIReference(parsing: "../g").resolved(against: base).text   // "http://a/b/g"
    /// ```
    public func resolved(against base: URIReference) throws(ReferenceResolutionError) -> URIReference {
        guard base.hasScheme else {
            throw ReferenceResolutionError(kind: .baseWithoutScheme, reason: ReferenceResolutionError.Kind.baseWithoutScheme.explanation)
        }
        let reference = URIComponents(self)
        let baseParts = URIComponents(base)
        var target = URIComponents()
        if reference.scheme != nil {
            target = reference
            target.path = Self.removingDotSegments(reference.path)
        } else {
            if reference.host != nil {
                target = reference
                target.path = Self.removingDotSegments(reference.path)
            } else {
                if reference.path.isEmpty {
                    target.path = baseParts.path
                    target.query = reference.query ?? baseParts.query
                } else {
                    if reference.path.hasPrefix("/") {
                        target.path = Self.removingDotSegments(reference.path)
                    } else {
                        target.path = Self.removingDotSegments(Self.merge(base: baseParts, path: reference.path))
                    }
                    target.query = reference.query
                }
                target.userinfo = baseParts.userinfo
                target.host = baseParts.host
                target.port = baseParts.port
            }
            target.scheme = baseParts.scheme
        }
        target.fragment = reference.fragment
        if target.host == nil, target.path.hasPrefix("//") {
            // Same guard as normalization: keep the path from being read as an authority.
            target.path = "/." + target.path
        }
        do {
            return try URIReference(parsing: target.serialized)
        } catch {
            throw ReferenceResolutionError(kind: .unresolvable, reason: "the resolved reference is not valid: \(error.kind)")
        }
    }

    /// Merge (RFC 3986 §5.2.3).
    static func merge(base: URIComponents, path: String) -> String {
        if base.host != nil, base.path.isEmpty { return "/" + path }
        guard let lastSlash = base.path.utf8.lastIndex(of: ASCII.slash) else { return path }
        return String(base.path[...lastSlash]) + path
    }

    static func removingDotSegments(_ path: String) -> String {
        String(decoding: removingDotSegments(Array(path.utf8)), as: UTF8.self)
    }
}
