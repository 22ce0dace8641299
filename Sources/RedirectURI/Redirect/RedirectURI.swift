/// The redirect-URI forms used by identity brokers (SPEC §2).
public enum RedirectForm: String, Sendable, Hashable, CaseIterable {
    /// `<app-scheme>://<bundle.id>` — the bundle ID is the host.
    case adalBroker = "adal-broker"
    /// `msauth.<bundle.id>://auth` — the bundle ID is the scheme after `msauth.`.
    case msalBroker = "msal-broker"
    /// `msauth://code/<percent-encoded broker redirect URI>` — the bundle ID is the inner URI's.
    case certificateAuth = "certificate-auth"
    /// `msauth://<package>/<percent-encoded base64 SHA-1 of the signing certificate>`.
    case androidBroker = "android-broker"
    /// `<reverse-DNS scheme>:/<path>` (RFC 8252 §7.1).
    case privateUse = "private-use"
    /// `http://127.0.0.1:<port>/…` or `http://[::1]:<port>/…` (RFC 8252 §7.3).
    case loopback
    /// `https://<host>/…`, a claimed https redirect (RFC 8252 §7.2).
    case https
    /// None of the above.
    case other

    /// Whether the form carries an Apple bundle ID (ADAL and MSAL broker forms, and the
    /// certificate-auth wrapper through its inner URI).
    public var carriesBundleID: Bool {
        self == .adalBroker || self == .msalBroker || self == .certificateAuth
    }
}

/// A redirect URI: a parsed absolute URI, its form, and what the form carries.
///
/// ```swift
/// let adal = try RedirectURI(parsing: "x-msauth-mytestiosapp://com.myapp.mytestapp")
/// adal.form       // .adalBroker
/// adal.bundleID   // "com.myapp.mytestapp"
///
/// let wrapper = try RedirectURI(parsing: "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp")
/// wrapper.form                 // .certificateAuth
/// wrapper.inner?.reference     // x-msauth-mytestiosapp://com.myapp.mytestapp (decoded once)
/// wrapper.bundleID             // "com.myapp.mytestapp"
/// ```
///
/// Classification never fails for a valid absolute URI: what matches no form is ``RedirectForm/other``
/// with a diagnostic saying why (for example a wrapper whose inner URI is another wrapper).
/// Parsing, classifying and extracting the bundle ID allocate nothing for a non-wrapper URI.
public struct RedirectURI: Sendable, Hashable, CustomStringConvertible {
    /// The parsed URI.
    public let reference: URIReference
    /// The form.
    public let form: RedirectForm
    /// The bundle ID: the host (ADAL), the scheme after `msauth.` (MSAL) or the inner URI's
    /// (certificate-auth). Case is kept.
    public let bundleID: BundleID?
    /// The Android package name (the host of the Android broker form).
    public let androidPackage: Substring?
    /// The decoded signing-certificate hash of the Android broker form (20 bytes, SHA-1).
    public let signatureHash: [UInt8]?
    /// Findings made while classifying (never a reason for rejection by themselves).
    public let diagnostics: [RedirectDiagnostic]
    let innerBox: InnerBox?

    /// The certificate-auth wrapper's inner URI, decoded exactly once.
    public var inner: RedirectURI? { innerBox?.value }

    final class InnerBox: Sendable, Hashable {
        let value: RedirectURI
        init(_ value: RedirectURI) { self.value = value }
        static func == (lhs: InnerBox, rhs: InnerBox) -> Bool { lhs.value == rhs.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    /// Parses `text` as an absolute URI (RFC 3986 `URI`) and classifies it.
    ///
    /// - Throws: ``URIParseError`` when the text is not an RFC 3986 URI.
    public init(parsing text: String) throws(URIParseError) {
        self.init(classifying: try URIReference(parsing: text, as: .uri))
    }

    /// Classifies an already parsed reference (a relative reference is ``RedirectForm/other``).
    public init(classifying reference: URIReference) {
        self = RedirectClassifier.classify(reference, allowWrapper: true)
    }

    init(
        reference: URIReference, form: RedirectForm, bundleID: BundleID? = nil,
        androidPackage: Substring? = nil, signatureHash: [UInt8]? = nil,
        inner: RedirectURI? = nil, diagnostics: [RedirectDiagnostic] = []
    ) {
        self.reference = reference
        self.form = form
        self.bundleID = bundleID
        self.androidPackage = androidPackage
        self.signatureHash = signatureHash
        self.innerBox = inner.map(InnerBox.init)
        self.diagnostics = diagnostics
    }

    /// The URI as given.
    public var description: String { reference.description }
}

/// The classification rules of SPEC §2 and §5, in the order they are tried.
enum RedirectClassifier {
    static let msauth = Array("msauth".utf8)
    static let msalPrefix = Array("msauth.".utf8)
    static let code = Array("code".utf8)
    static let auth = Array("auth".utf8)
    static let http = Array("http".utf8)
    static let https = Array("https".utf8)
    /// Schemes that an ADAL-style `<app-scheme>://<bundle.id>` can never use: the reserved and
    /// common ones, which any app can claim and so cannot identify one.
    static let nonAppSchemes = RegistrationLint.reservedSchemes.map { Array($0.utf8) }

    static func classify(_ reference: URIReference, allowWrapper: Bool) -> RedirectURI {
        guard let scheme = reference.scheme else {
            return RedirectURI(reference: reference, form: .other, diagnostics: [
                RedirectDiagnostic(.error, "not-absolute", "a redirect URI must be an absolute URI with a scheme")
            ])
        }
        let schemeBytes = scheme.utf8
        if schemeBytes.equalsIgnoringASCIICase(msauth) {
            return classifyMsauthScheme(reference, allowWrapper: allowWrapper)
        }
        if schemeBytes.hasPrefixIgnoringASCIICase(msalPrefix), reference.authority != nil {
            return classifyMSAL(reference, scheme: scheme)
        }
        if schemeBytes.equalsIgnoringASCIICase(http), isLoopback(reference) {
            return RedirectURI(reference: reference, form: .loopback)
        }
        if schemeBytes.equalsIgnoringASCIICase(https), let host = reference.host, !host.isEmpty,
            reference.userinfo == nil
        {
            return RedirectURI(reference: reference, form: .https)
        }
        if !nonAppSchemes.contains(where: { schemeBytes.equalsIgnoringASCIICase($0) }),
            let bundleID = hostBundleID(reference)
        {
            return RedirectURI(reference: reference, form: .adalBroker, bundleID: bundleID)
        }
        if reference.authority == nil, scheme.utf8.contains(ASCII.period),
            reference.path.isEmpty || reference.path.utf8.first == ASCII.slash,
            !nonAppSchemes.contains(where: { schemeBytes.equalsIgnoringASCIICase($0) })
        {
            return RedirectURI(reference: reference, form: .privateUse)
        }
        return RedirectURI(reference: reference, form: .other)
    }

    /// `127.0.0.1` or `[::1]` written exactly so, with no userinfo (RFC 8252 §7.3, SPEC §6 rule 3).
    static func isLoopback(_ reference: URIReference) -> Bool {
        guard reference.userinfo == nil, let host = reference.host else { return false }
        return host == "127.0.0.1" || host == "[::1]"
    }

    /// The host as a bundle ID when the authority is exactly a bundle ID (no userinfo, no port).
    static func hostBundleID(_ reference: URIReference) -> BundleID? {
        guard reference.userinfo == nil, reference.port == nil, reference.hostKind == .regName,
            let host = reference.host
        else { return nil }
        return BundleID(host)
    }

    /// `msauth.<bundle.id>://auth`.
    static func classifyMSAL(_ reference: URIReference, scheme: Substring) -> RedirectURI {
        let suffix = scheme.dropFirst(msalPrefix.count)
        guard let bundleID = BundleID(suffix) else {
            return RedirectURI(reference: reference, form: .other, diagnostics: [
                RedirectDiagnostic(.warning, "msal-scheme-without-bundle-id",
                    "the scheme starts with 'msauth.' but '\(suffix)' is not a bundle ID")
            ])
        }
        guard reference.userinfo == nil, reference.port == nil, let host = reference.host,
            host.utf8.elementsEqual(auth)
        else {
            return RedirectURI(reference: reference, form: .other, diagnostics: [
                RedirectDiagnostic(.warning, "msal-authority-not-auth",
                    "an MSAL broker redirect URI is 'msauth.<bundle.id>://auth'")
            ])
        }
        var diagnostics: [RedirectDiagnostic] = []
        if !reference.path.isEmpty {
            diagnostics.append(RedirectDiagnostic(.info, "msal-path",
                "the MSAL broker form has no path; '\(reference.path)' is kept as part of the URI"))
        }
        return RedirectURI(reference: reference, form: .msalBroker, bundleID: bundleID, diagnostics: diagnostics)
    }

    /// `msauth://code/<wrapped>` or `msauth://<package>/<hash>`.
    static func classifyMsauthScheme(_ reference: URIReference, allowWrapper: Bool) -> RedirectURI {
        guard reference.userinfo == nil, reference.port == nil, let host = reference.host else {
            return RedirectURI(reference: reference, form: .other)
        }
        let path = reference.path
        // Exactly one non-empty segment: "/" followed by no further '/'.
        guard path.utf8.first == ASCII.slash, path.utf8.count > 1,
            !path.utf8.dropFirst().contains(ASCII.slash)
        else {
            return RedirectURI(reference: reference, form: .other)
        }
        let segment = path.dropFirst()
        if host.utf8.elementsEqual(code) {
            return classifyWrapper(reference, segment: segment, allowWrapper: allowWrapper)
        }
        guard isAndroidPackage(host) else {
            return RedirectURI(reference: reference, form: .other)
        }
        guard let decoded = try? PercentEncoding.decodeString(segment), let hash = Base64.decode(decoded),
            hash.count == 20
        else {
            return RedirectURI(reference: reference, form: .other, diagnostics: [
                RedirectDiagnostic(.warning, "android-signature-hash-invalid",
                    "the path of an Android broker redirect URI is the percent-encoded base64 SHA-1 of the signing certificate (20 bytes)")
            ])
        }
        return RedirectURI(reference: reference, form: .androidBroker, androidPackage: host, signatureHash: hash)
    }

    static func classifyWrapper(_ reference: URIReference, segment: Substring, allowWrapper: Bool) -> RedirectURI {
        func other(_ code: String, _ message: String) -> RedirectURI {
            RedirectURI(reference: reference, form: .other, diagnostics: [RedirectDiagnostic(.warning, code, message)])
        }
        guard allowWrapper else {
            return other("nested-wrapper", "a certificate-auth wrapper cannot wrap another wrapper")
        }
        let decoded: String
        do {
            decoded = try PercentEncoding.decodeString(segment)
        } catch {
            return other("wrapper-not-utf8", "the wrapped URI does not decode to UTF-8 (\(error))")
        }
        let innerReference: URIReference
        do {
            innerReference = try URIReference(parsing: decoded, as: .uri)
        } catch {
            return other("wrapper-inner-invalid", "the decoded inner URI is not an RFC 3986 URI: \(error.kind) at offset \(error.offset)")
        }
        let inner = classify(innerReference, allowWrapper: false)
        guard inner.form == .adalBroker || inner.form == .msalBroker else {
            if inner.diagnostics.contains(where: { $0.code == "nested-wrapper" }) {
                return other("nested-wrapper", "a certificate-auth wrapper cannot wrap another wrapper")
            }
            return other("wrapper-inner-not-broker",
                "the decoded inner URI is \(inner.form.rawValue), not an ADAL or MSAL broker redirect URI")
        }
        return RedirectURI(reference: reference, form: .certificateAuth, bundleID: inner.bundleID, inner: inner)
    }

    /// A Java package name: labels of letters, digits and `_`, each starting with a letter,
    /// at least two labels.
    static func isAndroidPackage(_ host: Substring) -> Bool {
        var labels = 0
        var atLabelStart = true
        for byte in host.utf8 {
            if byte == ASCII.period {
                if atLabelStart { return false }
                atLabelStart = true
            } else if atLabelStart {
                guard ByteClass.alpha.contains(byte) else { return false }
                labels += 1
                atLabelStart = false
            } else if !(ByteClass.alpha.contains(byte) || ByteClass.digit.contains(byte) || byte == ASCII.underscore) {
                return false
            }
        }
        return !atLabelStart && labels >= 2
    }
}
