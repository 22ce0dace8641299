/// The components of a URI reference as strings, for building one (RFC 3986 §5.3).
///
/// Each component is in its encoded form (percent-encoding included), without its delimiter.
/// An authority exists exactly when `host` is non-`nil` (it may be empty); `userinfo` and `port`
/// need a host.
///
/// ```swift
/// let built = try URIComponents(scheme: "https", host: "login.example.com", path: "/cb",
///                               query: "x=1").build()
/// built.text   // "https://login.example.com/cb?x=1"
/// ```
public struct URIComponents: Sendable, Hashable {
    /// `scheme`, without `:`.
    public var scheme: String?
    /// `userinfo`, without `@`.
    public var userinfo: String?
    /// `host`, brackets included for an IP literal; `nil` means no authority.
    public var host: String?
    /// `port`, without `:`.
    public var port: String?
    /// The path; always present, possibly empty.
    public var path: String
    /// `query`, without `?`.
    public var query: String?
    /// `fragment`, without `#`.
    public var fragment: String?

    /// Creates components; nothing is validated until ``build()``.
    public init(
        scheme: String? = nil, userinfo: String? = nil, host: String? = nil, port: String? = nil,
        path: String = "", query: String? = nil, fragment: String? = nil
    ) {
        self.scheme = scheme
        self.userinfo = userinfo
        self.host = host
        self.port = port
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The components of a parsed reference, as written.
    public init(_ reference: URIReference) {
        self.init(
            scheme: reference.scheme.map(String.init), userinfo: reference.userinfo.map(String.init),
            host: reference.host.map(String.init), port: reference.port.map(String.init),
            path: String(reference.path), query: reference.query.map(String.init),
            fragment: reference.fragment.map(String.init))
    }

    /// Component recomposition (RFC 3986 §5.3), without validation.
    public var serialized: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if host != nil || userinfo != nil || port != nil {
            result += "//"
            if let userinfo { result += userinfo + "@" }
            result += host ?? ""
            if let port { result += ":" + port }
        }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// Serializes and parses the result, and checks that parsing gives back exactly these
    /// components (so no component can smuggle a delimiter into another).
    ///
    /// - Throws: ``URIBuildError`` naming the first component that does not survive the trip.
    public func build() throws(URIBuildError) -> URIReference {
        if host == nil, userinfo != nil || port != nil {
            throw URIBuildError(component: userinfo != nil ? "userinfo" : "port", reason: "needs a host")
        }
        if host != nil, !path.isEmpty, !path.hasPrefix("/") {
            throw URIBuildError(component: "path", reason: "must be empty or start with '/' after an authority")
        }
        if host == nil, path.hasPrefix("//") {
            throw URIBuildError(component: "path", reason: "cannot start with '//' without an authority")
        }
        let text = serialized
        let reference: URIReference
        do {
            reference = try URIReference(parsing: text)
        } catch {
            throw URIBuildError(component: componentName(at: error.offset), reason: error.kind.explanation)
        }
        let parsed = URIComponents(reference)
        for (name, expected, actual) in [
            ("scheme", scheme, parsed.scheme), ("userinfo", userinfo, parsed.userinfo),
            ("host", host, parsed.host), ("port", port, parsed.port), ("path", path, parsed.path),
            ("query", query, parsed.query), ("fragment", fragment, parsed.fragment),
        ] where expected != actual {
            throw URIBuildError(component: name, reason: "contains a delimiter that changes the parse")
        }
        return reference
    }

    /// Which component of ``serialized`` holds byte `offset`.
    func componentName(at offset: Int) -> String {
        var cursor = 0
        func covers(_ component: String?, delimiterCount: Int) -> Bool {
            guard let component else { return false }
            cursor += component.utf8.count + delimiterCount
            return offset < cursor
        }
        if covers(scheme, delimiterCount: 1) { return "scheme" }
        if host != nil { cursor += 2 }
        if covers(userinfo, delimiterCount: 1) { return "userinfo" }
        if covers(host, delimiterCount: 0) { return "host" }
        if covers(port.map { ":" + $0 }, delimiterCount: 0) { return "port" }
        if covers(path, delimiterCount: 0) { return "path" }
        if covers(query.map { "?" + $0 }, delimiterCount: 0) { return "query" }
        return "fragment"
    }
}

/// Why components could not be built into a valid URI reference.
public struct URIBuildError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The component at fault: `scheme`, `userinfo`, `host`, `port`, `path`, `query` or `fragment`.
    public var component: String
    /// What is wrong with it.
    public var reason: String

    /// Creates an error.
    public init(component: String, reason: String) {
        self.component = component
        self.reason = reason
    }

    /// `component: reason`.
    public var description: String { "\(component): \(reason)" }
}
