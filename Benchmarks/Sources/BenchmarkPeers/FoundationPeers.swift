// What an app or server would write with Foundation to do what the library does: classify a
// redirect URI and take its bundle ID, and verify a presented redirect URI. They are the
// Foundation side of the "classify" and "verify" benchmarks, written once over a protocol so that
// `URL` and `URLComponents` run the same logic.
//
// They are deliberately plain and close to the documented rules, not a second implementation to trust: they
// only have to do the same amount of work on the same inputs. Nothing here is timed by itself.
//
// Shared by the package-benchmark target and the measure-ops driver, so both time and count the
// same peers. Everything is @inlinable: the callers specialize the generic peers for URL and
// URLComponents, as they did when this file was part of the benchmark target; an unspecialized
// call through witness tables would make the Foundation side slower than an app's own code.
import Foundation

/// The accessors both `URL` and `URLComponents` have (decoded host and path, as Foundation gives).
public protocol ParsedURL {
    /// Parses with Foundation (`URL(string:)` or `URLComponents(string:)`).
    init?(parsing text: String)
    /// The scheme as Foundation gives it.
    var schemeText: String? { get }
    /// The host, decoded as Foundation gives it.
    var hostText: String? { get }
    /// The path, decoded.
    var pathText: String { get }
    /// The path as written (still percent-encoded).
    var encodedPathText: String { get }
    /// The query.
    var queryText: String? { get }
    /// The fragment.
    var fragmentText: String? { get }
    /// The port, when one is written.
    var portNumber: Int? { get }
    /// Whether the authority has a userinfo part.
    var hasUserinfo: Bool { get }
}

extension URL: ParsedURL {
    @inlinable public init?(parsing text: String) { self.init(string: text) }
    @inlinable public var schemeText: String? { scheme }
    @inlinable public var hostText: String? { host }
    @inlinable public var pathText: String { path }
    @inlinable public var encodedPathText: String { path(percentEncoded: true) }
    @inlinable public var queryText: String? { query }
    @inlinable public var fragmentText: String? { fragment }
    @inlinable public var portNumber: Int? { port }
    @inlinable public var hasUserinfo: Bool { user != nil }
}

extension URLComponents: ParsedURL {
    @inlinable public init?(parsing text: String) { self.init(string: text) }
    @inlinable public var schemeText: String? { scheme }
    @inlinable public var hostText: String? { host }
    @inlinable public var pathText: String { path }
    @inlinable public var encodedPathText: String { percentEncodedPath }
    @inlinable public var queryText: String? { query }
    @inlinable public var fragmentText: String? { fragment }
    @inlinable public var portNumber: Int? { port }
    @inlinable public var hasUserinfo: Bool { user != nil }
}

extension ParsedURL {
    /// The wrapper's single path segment, decoded once; `nil` unless the path is one segment.
    @inlinable public var singleSegmentDecoded: String? {
        let path = encodedPathText
        guard path.hasPrefix("/"), path.utf8.count > 1, !path.dropFirst().contains("/") else { return nil }
        return String(path.dropFirst()).removingPercentEncoding
    }
}

/// The Foundation side of the classify and verify benchmarks (see the file's comment).
public enum FoundationPeer {
    /// The redirect-URI forms the peer tells apart.
    public enum Form { case adal, msal, msalClientID, wrapper, loopback, https, other }

    /// Classifies by the redirect-URI forms' rules and returns the form and the bundle ID it carries.
    @inlinable public static func classify<U: ParsedURL>(_ url: U, as _: U.Type, allowWrapper: Bool = true) -> (form: Form, bundleID: String?) {
        guard let scheme = url.schemeText else { return (.other, nil) }
        let host = url.hostText
        if equalsIgnoringCase(scheme, "msauth") {
            guard allowWrapper, host == "code", !url.hasUserinfo, url.portNumber == nil else { return (.other, nil) }
            guard let decoded = url.singleSegmentDecoded, let inner = U(parsing: decoded) else { return (.other, nil) }
            let classified = classify(inner, as: U.self, allowWrapper: false)
            guard classified.form == .adal || classified.form == .msal else { return (.other, nil) }
            return (.wrapper, classified.bundleID)
        }
        if scheme.utf8.count > 7, equalsIgnoringCase(String(scheme.prefix(7)), "msauth."), host == "auth" {
            let suffix = String(scheme.dropFirst(7))
            return isBundleID(suffix) ? (.msal, suffix) : (.other, nil)
        }
        // MSAL's client-ID form, `msal<UUID>://auth`: it names a client registration, not an app.
        if scheme.utf8.count == 40, equalsIgnoringCase(String(scheme.prefix(4)), "msal"), isUUID(String(scheme.dropFirst(4))),
            host == "auth", !url.hasUserinfo, url.portNumber == nil
        {
            return (.msalClientID, nil)
        }
        if equalsIgnoringCase(scheme, "http"), host == "127.0.0.1" || host == "::1" || host == "[::1]" {
            return (.loopback, nil)
        }
        if equalsIgnoringCase(scheme, "https"), let host, !host.isEmpty { return (.https, nil) }
        if let host, !url.hasUserinfo, url.portNumber == nil, isBundleID(host),
            !["http", "https", "msauth", "msauthv2", "msauthv3", "file", "mailto", "tel", "sms"].contains(scheme.lowercased())
        {
            return (.adal, host)
        }
        return (.other, nil)
    }

    /// The verification rules with Foundation: syntax and no fragment, exact match (scheme case aside),
    /// the loopback port exception, the wrapper decoded once to an ADAL or MSAL broker URI, and the
    /// caller's bundle ID.
    @inlinable public static func verify<U: ParsedURL>(_ presented: String, registered: [String], callerBundleID: String?, as _: U.Type) -> Bool {
        guard presented.utf8.allSatisfy({ $0 < 0x80 }), !presented.contains("#"),
            let url = U(parsing: presented), let scheme = url.schemeText
        else { return false }
        var target = presented
        var isWrapper = false
        if equalsIgnoringCase(scheme, "msauth"), url.hostText == "code" {
            guard url.queryText == nil, let decoded = url.singleSegmentDecoded else { return false }
            target = decoded
            guard let inner = U(parsing: target), inner.fragmentText == nil, inner.schemeText != nil,
                !(equalsIgnoringCase(inner.schemeText ?? "", "msauth") && inner.hostText == "code"),
                [Form.adal, .msal].contains(classify(inner, as: U.self, allowWrapper: false).form)
            else { return false }
            isWrapper = true
        }
        let matched = registered.contains { candidate in
            guard let registeredURL = U(parsing: candidate) else { return false }
            var comparable = candidate
            if let registeredScheme = registeredURL.schemeText, equalsIgnoringCase(registeredScheme, "msauth"),
                registeredURL.hostText == "code"
            {
                guard isWrapper else { return false }  // a registered wrapper never matches a plain URI
                guard let decoded = registeredURL.singleSegmentDecoded else { return false }
                comparable = decoded
            }
            return sameRedirect(target, comparable, as: U.self)
        }
        guard matched else { return false }
        guard let callerBundleID else { return true }
        let carried = classify(url, as: U.self).bundleID
        return carried == callerBundleID
    }

    /// Rule 2 (simple string comparison, scheme case-insensitive) and rule 3 (loopback port).
    @inlinable public static func sameRedirect<U: ParsedURL>(_ lhs: String, _ rhs: String, as _: U.Type) -> Bool {
        guard let lhsColon = lhs.firstIndex(of: ":"), let rhsColon = rhs.firstIndex(of: ":"),
            equalsIgnoringCase(String(lhs[..<lhsColon]), String(rhs[..<rhsColon]))
        else { return false }
        if lhs[lhsColon...] == rhs[rhsColon...] { return true }
        guard let a = U(parsing: lhs), let b = U(parsing: rhs), equalsIgnoringCase(a.schemeText ?? "", "http"),
            a.hostText == b.hostText, a.hostText == "127.0.0.1" || a.hostText == "::1" || a.hostText == "[::1]",
            !a.hasUserinfo, !b.hasUserinfo, a.pathText == b.pathText, a.queryText == b.queryText
        else { return false }
        return [a.portNumber, b.portNumber].allSatisfy { $0 == nil || (1...65535).contains($0!) }
    }

    /// Whether `text` is a bundle ID: labels of letters, digits and `-`, separated by single dots.
    @inlinable public static func isBundleID(_ text: String) -> Bool {
        var previousWasDot = true
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                if previousWasDot { return false }
                previousWasDot = true
            } else if (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == UInt8(ascii: "-")
            {
                previousWasDot = false
            } else {
                return false
            }
        }
        return !previousWasDot
    }

    /// Whether `text` is a UUID's string form: 8-4-4-4-12 hexadecimal digits, either case.
    @inlinable public static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f")) {
                return false
            }
        }
        return true
    }

    /// ASCII case-insensitive equality.
    @inlinable public static func equalsIgnoringCase(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.elementsEqual(rhs.utf8) { ($0 | 0x20) == ($1 | 0x20) }
    }
}
