/// Where an incoming URL belongs relative to a redirect URI (the client side of the round trip).
public struct ResponseRouting: Sendable, Hashable {
    /// What the incoming URL is, for the redirect URI it was checked against.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// The answer to the redirect URI itself.
        case response
        /// The broker's answer, at the redirect URI's path followed by `/broker`.
        case brokerResponse = "broker"
        /// MSAL asks the app to continue in the browser: the path followed by `/switch_browser`.
        case switchBrowser = "switch-browser"
        /// The browser hands the flow back: the path followed by `/switch_browser_resume`.
        case switchBrowserResume = "switch-browser-resume"
        /// Not for this redirect URI.
        case mismatch

        /// The path each sub-route appends to the redirect URI's path.
        var pathSuffix: String? {
            switch self {
            case .brokerResponse: "/broker"
            case .switchBrowser: "/switch_browser"
            case .switchBrowserResume: "/switch_browser_resume"
            case .response, .mismatch: nil
            }
        }
    }

    /// What the incoming URL is.
    public var outcome: Outcome
    /// Near misses (such as a trailing slash) and other findings.
    public var diagnostics: [RedirectDiagnostic]

    /// Whether the incoming URL is for this redirect URI (any outcome but a mismatch).
    public var belongs: Bool { outcome != .mismatch }
}

extension RedirectURI {
    /// Decides whether `incoming`, a URL the OS handed to the app, answers this redirect URI, and
    /// which way: the scheme matches ignoring ASCII case (the OS may lowercase all of it), the
    /// authority exactly, and the path exactly — or followed by one of the sub-routes MSAL and
    /// the broker use (`/broker`, `/switch_browser`, `/switch_browser_resume`). The query, which
    /// carries the response, and any fragment are not compared.
    ///
    /// The classic near miss `…://auth` versus `…://auth/` is a mismatch with the warning
    /// `trailing-slash-mismatch`, never a match. Any other mismatch says where it is:
    /// `scheme-mismatch`, `authority-mismatch` or `path-mismatch` (`incoming-invalid` for a URL
    /// that does not parse).
    ///
    /// ```swift
    /// let redirect = try RedirectURI(parsing: "msauth.com.contoso.app://auth")
    /// redirect.routes("msauth.com.contoso.app://auth?response=abc").outcome                 // .response
    /// redirect.routes("msauth.com.contoso.app://auth/switch_browser?code=1").outcome        // .switchBrowser
    /// redirect.routes("MSAUTH.COM.CONTOSO.APP://auth?response=abc").belongs                 // true
    /// redirect.routes("msauth.com.contoso.app://auth/?response=abc").outcome                // .mismatch
    /// ```
    public func routes(_ incoming: String) -> ResponseRouting {
        let incomingReference: URIReference
        do {
            incomingReference = try URIReference(parsing: incoming, as: .uri)
        } catch {
            return ResponseRouting(
                outcome: .mismatch,
                diagnostics: [
                    RedirectDiagnostic(.error, .incomingInvalid, "the incoming URL is not a valid URI: \(error.kind) at offset \(error.offset)")
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
            // A mismatch says why, so that whoever holds the URL the app received can tell.
            let shown = incoming.scheme.map { "'\($0)'" } ?? "(none: a relative reference)"
            return ResponseRouting(
                outcome: .mismatch,
                diagnostics: [
                    RedirectDiagnostic(
                        .info, .schemeMismatch,
                        "the incoming scheme \(shown) is not the redirect URI's '\(reference.scheme ?? "")', even ignoring case")
                ])
        }
        if !scheme.utf8.elementsEqual(incomingScheme.utf8) {
            diagnostics.append(
                RedirectDiagnostic(
                    .info, .schemeCaseDiffers,
                    "the incoming scheme '\(incomingScheme)' differs from '\(scheme)' only in case (the OS may lowercase schemes)"))
        }
        if incoming.fragment != nil {
            diagnostics.append(RedirectDiagnostic(.info, .incomingFragment, "the incoming URL has a fragment, which is not compared"))
        }
        guard reference.authority == incoming.authority else {
            diagnostics.append(
                RedirectDiagnostic(
                    .info, .authorityMismatch,
                    "the incoming authority \(Self.quoted(incoming.authority)) is not the redirect URI's \(Self.quoted(reference.authority)) (compared exactly)"
                ))
            return ResponseRouting(outcome: .mismatch, diagnostics: diagnostics)
        }
        let path = reference.path
        let incomingPath = incoming.path
        if path == incomingPath {
            return ResponseRouting(outcome: .response, diagnostics: diagnostics)
        }
        for outcome in ResponseRouting.Outcome.allCases {
            if let suffix = outcome.pathSuffix, incomingPath.utf8.count == path.utf8.count + suffix.utf8.count,
                incomingPath.utf8.starts(with: path.utf8), incomingPath.utf8.dropFirst(path.utf8.count).elementsEqual(suffix.utf8)
            {
                return ResponseRouting(outcome: outcome, diagnostics: diagnostics)
            }
        }
        if path + "/" == incomingPath || incomingPath + "/" == path {
            diagnostics.append(
                RedirectDiagnostic(
                    .warning, .trailingSlashMismatch,
                    "the paths differ only by a trailing '/' ('\(path)' vs '\(incomingPath)'); a redirect URI must match exactly"))
        } else {
            diagnostics.append(
                RedirectDiagnostic(
                    .info, .pathMismatch,
                    "the incoming path '\(incomingPath)' is neither the redirect URI's '\(path)' nor it followed by /broker, /switch_browser or /switch_browser_resume"
                ))
        }
        return ResponseRouting(outcome: .mismatch, diagnostics: diagnostics)
    }

    static func quoted(_ text: Substring?) -> String { text.map { "'\($0)'" } ?? "(none)" }
}
