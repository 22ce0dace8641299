/// Why a redirect URI could not be built from the given parts.
public struct RedirectBuildError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the parts.
    public var reason: String
    /// Creates an error.
    public init(_ reason: String) { self.reason = reason }
    /// The reason.
    public var description: String { reason }
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
            throw RedirectBuildError("the parts do not survive a round trip")
        }
        return built
    }

    /// `msauth.<bundle.id>://auth` (MSAL broker form).
    public static func msalBroker(bundleID: BundleID) throws(RedirectBuildError) -> RedirectURI {
        let built = try checked("msauth.\(bundleID.text)://auth", as: .msalBroker)
        guard built.bundleID == bundleID else { throw RedirectBuildError("the bundle ID does not survive a round trip") }
        return built
    }

    /// `msal<client ID>://auth` (MSAL's client-ID form); the client ID is a UUID.
    public static func msalClientID(_ clientID: String) throws(RedirectBuildError) -> RedirectURI {
        let built = try checked("msal\(clientID)://auth", as: .msalClientID)
        guard built.clientID.map(String.init) == clientID else {
            throw RedirectBuildError("the client ID does not survive a round trip")
        }
        return built
    }

    /// `msauth://code/<inner, percent-encoded with uppercase hex>` (certificate-auth wrapper).
    /// The inner URI must be an ADAL or MSAL broker redirect URI.
    public static func certificateAuth(wrapping inner: RedirectURI) throws(RedirectBuildError) -> RedirectURI {
        guard inner.form == .adalBroker || inner.form == .msalBroker else {
            throw RedirectBuildError("a certificate-auth wrapper wraps an ADAL or MSAL broker redirect URI, not \(inner.form.rawValue)")
        }
        let encoded = PercentEncoding.encode(inner.reference.text, allowing: .unreserved)
        let built = try checked("msauth://code/\(encoded)", as: .certificateAuth)
        guard built.inner?.reference.text == inner.reference.text else {
            throw RedirectBuildError("the inner URI does not survive a round trip")
        }
        return built
    }

    /// `msauth://<package>/<percent-encoded base64 of the 20-byte signature hash>`.
    public static func androidBroker(package: String, signatureHash: [UInt8]) throws(RedirectBuildError) -> RedirectURI {
        guard signatureHash.count == 20 else { throw RedirectBuildError("the signature hash is a SHA-1: 20 bytes") }
        let encoded = PercentEncoding.encode(Base64.encode(signatureHash), allowing: .unreserved)
        let built = try checked("msauth://\(package)/\(encoded)", as: .androidBroker)
        guard built.androidPackage.map(String.init) == package, built.signatureHash == signatureHash else {
            throw RedirectBuildError("the package or hash does not survive a round trip")
        }
        return built
    }

    /// `<reverse-DNS scheme>:<path>` with a path that is empty or starts with `/` (RFC 8252 §7.1).
    public static func privateUse(scheme: String, path: String) throws(RedirectBuildError) -> RedirectURI {
        let built = try checked("\(scheme):\(path)", as: .privateUse)
        guard built.reference.scheme == scheme[...], built.reference.path == path[...],
            built.reference.query == nil, built.reference.fragment == nil
        else { throw RedirectBuildError("the scheme or path does not survive a round trip") }
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
        if let port, !(1...65_535).contains(port) { throw RedirectBuildError("a loopback port is 1–65535") }
        let built = try checked("http://\(host.rawValue)\(port.map { ":\($0)" } ?? "")\(path)", as: .loopback)
        guard built.reference.portNumber == port, built.reference.path == path[...] else {
            throw RedirectBuildError("the port or path does not survive a round trip")
        }
        return built
    }

    /// `https://<host><path>` (claimed https, RFC 8252 §7.2).
    public static func https(host: String, path: String) throws(RedirectBuildError) -> RedirectURI {
        let built = try checked("https://\(host)\(path)", as: .https)
        guard built.reference.host == host[...], built.reference.path == path[...], built.reference.port == nil,
            built.reference.query == nil, built.reference.fragment == nil
        else {
            throw RedirectBuildError("the host or path does not survive a round trip")
        }
        return built
    }

    static func checked(_ text: String, as form: RedirectForm) throws(RedirectBuildError) -> RedirectURI {
        let built: RedirectURI
        do {
            built = try RedirectURI(parsing: text)
        } catch {
            throw RedirectBuildError("'\(text)' is not a valid URI: \(error.kind) at offset \(error.offset)")
        }
        guard built.form == form else {
            throw RedirectBuildError("'\(text)' is \(built.form.rawValue), not \(form.rawValue)")
        }
        return built
    }
}
