// Forms: the article's section "Forms", one function per rule, tried in the article's order.

/// A redirect URI's form, with the library's raw values so that the two can be compared as text.
public enum Form: String, Sendable, Hashable, CaseIterable {
    case certificateAuth = "certificate-auth"
    case androidBroker = "android-broker"
    case msalBroker = "msal-broker"
    case msalClientID = "msal-client-id"
    case adalBroker = "adal-broker"
    case privateUse = "private-use"
    case loopback
    case https
    case other
}

/// What the model decides about a redirect URI.
public struct Classification: Sendable, Hashable, CustomStringConvertible {
    public var form: Form
    /// The bundle ID the form carries, with its case (ADAL, MSAL, wrapper).
    public var bundleID: String?
    /// The client ID of `msal<client ID>://auth`, with its case.
    public var clientID: String?
    /// The package name of the Android form.
    public var androidPackage: String?
    /// The 20 bytes of the Android form's signature hash.
    public var signatureHash: [UInt8]?
    /// Classification findings (codes of the article's *Findings*), in the order they were found.
    public var findings: [String]
    /// A wrapper's decoded URI.
    public var innerText: String?

    init(_ form: Form, findings: [String] = []) {
        self.form = form
        self.findings = findings
    }

    static func other(_ finding: String) -> Classification {
        Classification(.other, findings: [finding])
    }

    public var description: String {
        var parts = [form.rawValue]
        if let bundleID { parts.append("bundleID=\(bundleID)") }
        if let clientID { parts.append("clientID=\(clientID)") }
        if let androidPackage { parts.append("package=\(androidPackage)") }
        if let signatureHash { parts.append("hash=\(signatureHash.count)B") }
        if !findings.isEmpty { parts.append("findings=\(findings.joined(separator: ","))") }
        if let innerText { parts.append("inner=\(innerText)") }
        return parts.joined(separator: " ")
    }
}

/// The model of classification.
public enum ModelClassifier {
    /// The form of `text`, or `nil` when it is not an absolute URI ("A redirect URI is first parsed
    /// as an absolute URI").
    public static func classify(_ text: [UInt8]) -> Classification? {
        guard let uri = ParsedURI(text) else { return nil }
        return classify(uri, wrapperAllowed: true)
    }

    /// The form of `text` (a String's UTF-8).
    public static func classify(_ text: String) -> Classification? {
        classify(Array(text.utf8))
    }

    /// "Its form is then decided by the first of these rules that matches; what matches none is
    /// other." `wrapperAllowed` is false for a wrapper's decoded URI ("a wrapper inside a wrapper
    /// is never a wrapper").
    static func classify(_ uri: ParsedURI, wrapperAllowed: Bool) -> Classification {
        if wrapperAllowed, let result = formWrapper(uri) { return result }
        if let result = formAndroid(uri) { return result }
        if let result = formMSAL(uri) { return result }
        if let result = formMSALClientID(uri) { return result }
        if let result = formADAL(uri) { return result }
        if let result = formPrivateUse(uri) { return result }
        if let result = formLoopback(uri) { return result }
        if let result = formHTTPS(uri) { return result }
        return Classification(.other)
    }

    /// The wrapper's *candidate shape*: the scheme equals `msauth` ignoring case and there is an
    /// authority whose host is exactly `code` (whatever userinfo or port it has).
    static func isWrapperCandidate(_ uri: ParsedURI) -> Bool {
        equalIgnoringCase(uri.scheme, "msauth") && uri.authority != nil && exactlyEqual(uri.host, "code")
    }

    /// "The path is exactly one non-empty segment: `/` followed by at least one byte and no further
    /// `/`" — the segment without its `/`, or `nil`.
    static func singleSegment(_ path: [UInt8]) -> [UInt8]? {
        guard path.count >= 2, path[0] == UInt8(ascii: "/") else { return nil }
        let segment = Array(path[1...])
        if segment.contains(UInt8(ascii: "/")) { return nil }
        return segment
    }

    /// A wrapper's decoded URI and its classification (wrapper rule off), or the finding of the
    /// first condition that fails.
    static func unwrap(_ uri: ParsedURI) -> Result<(ParsedURI, Classification), WrapperFinding> {
        // 1. no userinfo and no port
        if uri.userinfo != nil || uri.port != nil { return .failure(WrapperFinding("wrapper-shape")) }
        // 2. exactly one non-empty segment
        guard let segment = singleSegment(uri.path) else { return .failure(WrapperFinding("wrapper-shape")) }
        // 3. decodes exactly once to well-formed UTF-8 (RFC 3986 decoding: `+` stays `+`)
        guard let decoded = percentDecode(segment, plusIsSpace: false), isWellFormedUTF8(decoded) else {
            return .failure(WrapperFinding("wrapper-not-utf8"))
        }
        // 4. the decoded text is an absolute URI
        guard let inner = ParsedURI(decoded) else { return .failure(WrapperFinding("wrapper-inner-invalid")) }
        // 5. an ADAL or MSAL broker URI; never a wrapper
        if isWrapperCandidate(inner) { return .failure(WrapperFinding("nested-wrapper")) }
        let innerForm = classify(inner, wrapperAllowed: false)
        guard innerForm.form == .adalBroker || innerForm.form == .msalBroker else {
            return .failure(WrapperFinding("wrapper-inner-not-broker"))
        }
        return .success((inner, innerForm))
    }

    struct WrapperFinding: Error { let code: String; init(_ code: String) { self.code = code } }

    /// form-wrapper: `msauth://code/<percent-encoded broker redirect URI>`.
    static func formWrapper(_ uri: ParsedURI) -> Classification? {
        guard isWrapperCandidate(uri) else { return nil }
        switch unwrap(uri) {
        case .failure(let finding):
            return .other(finding.code)
        case .success(let (inner, innerForm)):
            // "The bundle ID is the decoded URI's."
            var result = Classification(.certificateAuth)
            result.bundleID = innerForm.bundleID
            result.innerText = text(inner.bytes)
            return result
        }
    }

    /// form-android: `msauth://<package>/<percent-encoded base64 SHA-1 of the signing certificate>`.
    static func formAndroid(_ uri: ParsedURI) -> Classification? {
        guard equalIgnoringCase(uri.scheme, "msauth"), uri.authority != nil, uri.userinfo == nil,
              uri.port == nil, let host = uri.host, isJavaPackageName(host)
        else { return nil }
        // "the path is one non-empty segment that percent-decodes to standard base64 (with
        // padding) of exactly 20 bytes. Otherwise other, with android-signature-hash-invalid when
        // only the hash is wrong."
        guard let segment = singleSegment(uri.path),
              let base64 = percentDecode(segment, plusIsSpace: false),
              let hash = base64Decode(base64), hash.count == 20
        else { return .other("android-signature-hash-invalid") }
        var result = Classification(.androidBroker)
        result.androidPackage = text(host)
        result.signatureHash = hash
        return result
    }

    /// form-msal: `msauth.<bundle ID>://auth`.
    static func formMSAL(_ uri: ParsedURI) -> Classification? {
        guard hasPrefixIgnoringCase(uri.scheme, "msauth.") else { return nil }
        // "Without an authority, such a scheme is read by the private-use rule below."
        guard let authority = uri.authority else { return nil }
        let rest = Array(uri.scheme[7...])
        if !isBundleID(rest) { return .other("msal-scheme-without-bundle-id") }
        // "an authority that is exactly the host `auth` (no userinfo, no port)"
        if !exactlyEqual(authority, "auth") { return .other("msal-authority-not-auth") }
        var result = Classification(.msalBroker, findings: uri.path.isEmpty ? [] : ["msal-path"])
        result.bundleID = text(rest)
        return result
    }

    /// form-msal-client-id: `msal<client ID>://auth`.
    static func formMSALClientID(_ uri: ParsedURI) -> Classification? {
        guard hasPrefixIgnoringCase(uri.scheme, "msal") else { return nil }
        let rest = Array(uri.scheme[4...])
        // "Not this form: `msal3c62ac97://auth` (not a UUID; read by the next rules)." The same
        // is assumed when the authority is not exactly `auth` (the article is silent there).
        guard isClientID(rest), exactlyEqual(uri.authority, "auth") else { return nil }
        var result = Classification(.msalClientID, findings: uri.path.isEmpty ? [] : ["msal-path"])
        result.clientID = text(rest)
        return result
    }

    /// form-adal: `<app scheme>://<bundle ID>`.
    static func formADAL(_ uri: ParsedURI) -> Classification? {
        guard isADALShape(uri), let host = uri.host, isBundleID(host) else { return nil }
        // "A custom scheme whose host is a single label (`myapp://callback`) is not read as a
        // bundle ID … Such a URI is other with the finding custom-scheme-single-label-host."
        if labelCount(host) < 2 { return .other("custom-scheme-single-label-host") }
        var result = Classification(.adalBroker)
        result.bundleID = text(host)
        return result
    }

    /// "The ADAL shape is exactly `<scheme>://<host>`": a scheme that is not reserved and does
    /// not start with `msauth.`, an authority that is a reg-name host and nothing else (no
    /// userinfo, no port), an empty path, no query, no fragment.
    static func isADALShape(_ uri: ParsedURI) -> Bool {
        !isReservedScheme(uri.scheme) && !hasPrefixIgnoringCase(uri.scheme, "msauth.")
            && uri.authority != nil && uri.userinfo == nil && uri.port == nil && uri.hostIsRegName
            && uri.path.isEmpty && uri.query == nil && uri.fragment == nil
    }

    /// form-private-use: `<reverse-DNS scheme>:/<path>`.
    static func formPrivateUse(_ uri: ParsedURI) -> Classification? {
        guard uri.scheme.contains(UInt8(ascii: ".")), !isReservedScheme(uri.scheme), uri.authority == nil,
              uri.path.isEmpty || uri.path[0] == UInt8(ascii: "/")
        else { return nil }
        return Classification(.privateUse)
    }

    /// form-loopback: `http://127.0.0.1:<port>/<path>` or `http://[::1]:<port>/<path>`.
    static func formLoopback(_ uri: ParsedURI) -> Classification? {
        guard equalIgnoringCase(uri.scheme, "http"), uri.authority != nil, uri.userinfo == nil,
              exactlyEqual(uri.host, "127.0.0.1") || exactlyEqual(uri.host, "[::1]")
        else { return nil }
        return Classification(.loopback)
    }

    /// form-https: `https://<host>/<path>`.
    static func formHTTPS(_ uri: ParsedURI) -> Classification? {
        guard equalIgnoringCase(uri.scheme, "https"), uri.authority != nil, uri.userinfo == nil,
              let host = uri.host, !host.isEmpty
        else { return nil }
        return Classification(.https)
    }
}
