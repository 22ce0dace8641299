/// Why a redirect URI could not be built from the given parts.
public struct RedirectBuildError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var kind: Kind
    /// The byte offset in the written text, when known.
    public var offset: Int?
    /// Details for people.
    public var detail: String?
    /// The parse error of the written text (kind `invalid-uri`).
    public var underlying: URIParseError?

    /// Creates an error.
    public init(_ kind: Kind, detail: String? = nil, offset: Int? = nil, underlying: URIParseError? = nil) {
        self.kind = kind
        self.detail = detail
        self.offset = offset
        self.underlying = underlying
    }

    /// `code: detail (underlying)`.
    public var description: String {
        kind.code + (detail.map { ": \($0)" } ?? "") + (underlying.map { " (\($0.kind) at offset \($0.offset))" } ?? "")
    }
}

/// Builders for each form: build → classify returns the same parts.
///
/// Each builder writes the URI, classifies what it wrote and checks that the form and parts come
/// back unchanged, so a builder can never produce a URI that means something else.
///
/// ```swift
/// let adal = try RedirectURI.adalBroker(scheme: "x-msauth-mytestiosapp", bundleID: BundleID("com.myapp.mytestapp")!)
/// let wrapper = try RedirectURI.certificateAuth(wrapping: adal)
/// wrapper.description   // "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp"
/// ```
extension RedirectURI {
    /// `<scheme>://<bundle.id>` (ADAL broker form).
    public static func adalBroker(scheme: String, bundleID: BundleID) throws(RedirectBuildError) -> RedirectURI {
        let built = try checked("\(scheme)://\(bundleID.text)", as: .adalBroker)
        guard built.bundleID == bundleID, built.reference.scheme.map(String.init) == scheme else {
            throw RedirectBuildError(.partsDoNotRoundTrip, detail: "the scheme or bundle ID")
        }
        return built
    }

    /// `msauth.<bundle.id>://auth` (MSAL broker form).
    public static func msalBroker(bundleID: BundleID) throws(RedirectBuildError) -> RedirectURI {
        let built = try checked("msauth.\(bundleID.text)://auth", as: .msalBroker)
        guard built.bundleID == bundleID else { throw RedirectBuildError(.partsDoNotRoundTrip, detail: "the bundle ID") }
        return built
    }

    /// `msal<client ID>://auth` (MSAL's client-ID form); the client ID is a UUID.
    public static func msalClientID(_ clientID: String) throws(RedirectBuildError) -> RedirectURI {
        let built = try checked("msal\(clientID)://auth", as: .msalClientID)
        guard built.clientID.map(String.init) == clientID else {
            throw RedirectBuildError(.partsDoNotRoundTrip, detail: "the client ID")
        }
        return built
    }

    /// `msauth://code/<inner, percent-encoded with uppercase hex>` (certificate-auth wrapper).
    /// The inner URI must be an ADAL or MSAL broker redirect URI.
    public static func certificateAuth(wrapping inner: RedirectURI) throws(RedirectBuildError) -> RedirectURI {
        guard inner.form == .adalBroker || inner.form == .msalBroker else {
            throw RedirectBuildError(
                .invalidPart, detail: "a certificate-auth wrapper wraps an ADAL or MSAL broker redirect URI, not \(inner.form.rawValue)")
        }
        let encoded = PercentEncoding.encode(inner.reference.text, allowing: .unreserved)
        let built = try checked("msauth://code/\(encoded)", as: .certificateAuth)
        guard built.inner?.reference.text == inner.reference.text else {
            throw RedirectBuildError(.partsDoNotRoundTrip, detail: "the inner URI")
        }
        return built
    }

    /// `msauth://<package>/<percent-encoded base64 of the 20-byte signature hash>`.
    public static func androidBroker(package: String, signatureHash: [UInt8]) throws(RedirectBuildError) -> RedirectURI {
        guard signatureHash.count == 20 else { throw RedirectBuildError(.invalidPart, detail: "the signature hash is a SHA-1: 20 bytes") }
        let encoded = PercentEncoding.encode(Base64.encode(signatureHash), allowing: .unreserved)
        let built = try checked("msauth://\(package)/\(encoded)", as: .androidBroker)
        guard built.androidPackage.map(String.init) == package, built.signatureHash == signatureHash else {
            throw RedirectBuildError(.partsDoNotRoundTrip, detail: "the package or hash")
        }
        return built
    }

    /// `<reverse-DNS scheme>:<path>` with a path that is empty or starts with `/` (RFC 8252 §7.1).
    public static func privateUse(scheme: String, path: String) throws(RedirectBuildError) -> RedirectURI {
        let built = try checked("\(scheme):\(path)", as: .privateUse)
        guard built.reference.scheme == scheme[...], built.reference.path == path[...],
            built.reference.query == nil, built.reference.fragment == nil
        else { throw RedirectBuildError(.partsDoNotRoundTrip, detail: "the scheme or path") }
        return built
    }

    /// The loopback host literals of RFC 8252 §7.3.
    public enum LoopbackHost: String, Sendable, CaseIterable {
        /// `127.0.0.1`
        case ipv4 = "127.0.0.1"
        /// `[::1]`
        case ipv6 = "[::1]"
    }

    /// `http://<127.0.0.1 | [::1]>[:port]<path>`; the port must be 1–65535.
    public static func loopback(host: LoopbackHost, port: Int?, path: String) throws(RedirectBuildError) -> RedirectURI {
        if let port, !(1...65_535).contains(port) { throw RedirectBuildError(.invalidPart, detail: "a loopback port is 1–65535") }
        let built = try checked("http://\(host.rawValue)\(port.map { ":\($0)" } ?? "")\(path)", as: .loopback)
        guard built.reference.portNumber == port, built.reference.path == path[...] else {
            throw RedirectBuildError(.partsDoNotRoundTrip, detail: "the port or path")
        }
        return built
    }

    /// `https://<host><path>` (claimed https, RFC 8252 §7.2).
    public static func https(host: String, path: String) throws(RedirectBuildError) -> RedirectURI {
        let built = try checked("https://\(host)\(path)", as: .https)
        guard built.reference.host == host[...], built.reference.path == path[...], built.reference.port == nil,
            built.reference.query == nil, built.reference.fragment == nil
        else {
            throw RedirectBuildError(.partsDoNotRoundTrip, detail: "the host or path")
        }
        return built
    }

    static func checked(_ text: String, as form: RedirectForm) throws(RedirectBuildError) -> RedirectURI {
        let built: RedirectURI
        do {
            built = try RedirectURI(parsing: text)
        } catch {
            throw RedirectBuildError(.invalidURI, detail: "'\(text)'", offset: error.offset, underlying: error)
        }
        guard built.form == form else {
            throw RedirectBuildError(.wrongForm, detail: "'\(text)' is \(built.form.rawValue), not \(form.rawValue)")
        }
        return built
    }
}

extension RedirectBuildError: CodedError {
    /// Each kind's code and explanation, at the kind's row.
    public static let codes: [(code: String, explanation: String)] = [
        ("invalid-part", "a part is outside what the form allows"),
        ("invalid-uri", "the text is not a valid RFC 3986 URI"),
        ("wrong-form", "the parts make a URI of another form"),
        ("parts-do-not-round-trip", "classifying the URI gives other parts back"),
    ]
}

extension ErrorKind where Owner == RedirectBuildError {
    /// A part is out of its range (a port, a hash length, a wrapped form).
    public static var invalidPart: Self { Self(rawValue: 0) }
    /// The written text is not a URI (the parse error is ``RedirectBuildError/underlying``).
    public static var invalidURI: Self { Self(rawValue: 1) }
    /// The written text is a URI of another form.
    public static var wrongForm: Self { Self(rawValue: 2) }
    /// Classifying the written text gives other parts back.
    public static var partsDoNotRoundTrip: Self { Self(rawValue: 3) }
}
