/// Whether an incoming URL is the response to a redirect URI (the client side).
public struct ResponseRouting: Sendable, Hashable {
    /// Whether the incoming URL belongs to the redirect URI.
    public var belongs: Bool
    /// Near misses (such as a trailing slash) and other findings.
    public var diagnostics: [RedirectDiagnostic]
}

extension RedirectURI {
    /// Decides whether `incoming`, a URL the OS handed to the app, is the response to this
    /// redirect URI: the scheme matches ASCII-case-insensitively (the OS may lowercase it),
    /// authority and path match exactly, and the query — which carries the response — and any
    /// fragment are not compared.
    ///
    /// The classic near miss `…://auth` versus `…://auth/` is reported as the diagnostic
    /// `trailing-slash-mismatch`, never as a match.
    ///
    /// ```swift
    /// let redirect = try RedirectURI(parsing: "msauth.com.contoso.app://auth")
    /// redirect.routes("msauth.com.contoso.app://auth?response=abc").belongs   // true
    /// redirect.routes("MSAUTH.com.contoso.app://auth?response=abc").belongs   // true
    /// redirect.routes("msauth.com.contoso.app://auth/?response=abc").belongs  // false, trailing-slash-mismatch
    /// ```
    public func routes(_ incoming: String) -> ResponseRouting {
        let incomingReference: URIReference
        do {
            incomingReference = try URIReference(parsing: incoming, as: .uri)
        } catch {
            return ResponseRouting(belongs: false, diagnostics: [
                RedirectDiagnostic(.error, "incoming-invalid", "the incoming URL is not a valid URI: \(error.kind) at offset \(error.offset)")
            ])
        }
        return routes(incomingReference)
    }

    /// ``routes(_:)-(String)`` for a parsed URL.
    public func routes(_ incoming: URIReference) -> ResponseRouting {
        var diagnostics: [RedirectDiagnostic] = []
        guard let scheme = reference.scheme, let incomingScheme = incoming.scheme,
            scheme.utf8.equalsIgnoringASCIICase(incomingScheme.utf8)
        else {
            return ResponseRouting(belongs: false, diagnostics: [])
        }
        if !scheme.utf8.elementsEqual(incomingScheme.utf8) {
            diagnostics.append(RedirectDiagnostic(.info, "scheme-case-differs",
                "the incoming scheme '\(incomingScheme)' differs from '\(scheme)' only in case (the OS may lowercase schemes)"))
        }
        if incoming.fragment != nil {
            diagnostics.append(RedirectDiagnostic(.info, "incoming-fragment", "the incoming URL has a fragment, which is not compared"))
        }
        guard reference.authority == incoming.authority else {
            return ResponseRouting(belongs: false, diagnostics: diagnostics)
        }
        if reference.path == incoming.path {
            return ResponseRouting(belongs: true, diagnostics: diagnostics)
        }
        let slash = Character("/")
        if reference.path + "/" == incoming.path || incoming.path + "/" == reference.path
            || (reference.path.last == slash && incoming.path.isEmpty)
        {
            diagnostics.append(RedirectDiagnostic(.warning, "trailing-slash-mismatch",
                "the paths differ only by a trailing '/' ('\(reference.path)' vs '\(incoming.path)'); a redirect URI must match exactly"))
        }
        return ResponseRouting(belongs: false, diagnostics: diagnostics)
    }
}
