/// The redirect-URI forms used by identity brokers and native apps. The "Verification rules"
/// article defines each.
public enum RedirectForm: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `<app-scheme>://<bundle.id>` — the bundle ID is the host.
    case adalBroker = "adal-broker"
    /// `msauth.<bundle.id>://auth` — the bundle ID is the scheme after `msauth.`.
    case msalBroker = "msal-broker"
    /// `msal<client ID>://auth` — MSAL's default redirect URI without a broker: it names a client
    /// registration, not an app.
    case msalClientID = "msal-client-id"
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

    /// The stable name, as `parse` and its JSON print it: `msal-broker`.
    public var description: String { rawValue }
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
/// with a diagnostic saying why (for example a wrapper whose inner URI is another wrapper). The
/// rules are those of the "Verification rules" article. Making a `RedirectURI` allocates nothing
/// for any form: the wrapper's inner URI, the Android hash and the diagnostics are derived when
/// asked for.
public struct RedirectURI: Sendable, Hashable, CustomStringConvertible {
    /// The parsed URI.
    public let reference: URIReference
    /// The form, where the bundle ID is written, and the findings.
    let decision: RedirectDecision

    /// The form.
    public var form: RedirectForm { decision.form }

    /// Parses `text` as an absolute URI (RFC 3986 `URI`) and classifies it.
    ///
    /// - Throws: ``URIParseError`` when the text is not an RFC 3986 URI.
    public init(parsing text: String) throws(URIParseError) {
        // Parse and decide in one visit to the bytes; the reference is made once, at the end.
        let (ranges, decision) = try StringBytes.withUTF8(text) { bytes throws(URIParseError) in
            let ranges = try URIParser.parse(bytes, as: .uri)
            return (ranges, RedirectRules.decide(bytes, ranges))
        }
        self.init(reference: URIReference(validated: Substring(text), ranges: ranges), decision: decision)
    }

    /// Classifies an already parsed reference (a relative reference is ``RedirectForm/other``).
    public init(classifying reference: URIReference) {
        self.init(reference: reference, nested: false)
    }

    /// `nested` decides a wrapper's decoded URI, where a wrapper is never a wrapper.
    init(reference: URIReference, nested: Bool) {
        let ranges = reference.ranges
        self.init(reference: reference, decision: reference.withBytes { RedirectRules.decide($0, ranges, nested: nested) })
    }

    init(reference: URIReference, decision: RedirectDecision) {
        self.reference = reference
        self.decision = decision
    }

    /// The bundle ID: the host (ADAL), the scheme after `msauth.` (MSAL) or the inner URI's
    /// (certificate-auth). Case is kept.
    public var bundleID: BundleID? {
        if let range = decision.bundleIDRange {
            return BundleID(validated: reference.text, range: range)
        }
        // A wrapper that percent-encodes a byte of its bundle ID: the decoded inner URI has it.
        return form == .certificateAuth ? inner?.bundleID : nil
    }

    /// Whether this redirect URI carries `bundleID`: `false` when it carries none (an https or a
    /// client-ID redirect URI) or `bundleID` is not a valid bundle ID, so that two absences are
    /// never "the same bundle ID" (as `redirect.bundleID == BundleID(text)`, two optionals, is).
    ///
    /// ```swift
    /// try RedirectURI(parsing: "msauth.com.contoso.app://auth").carries(bundleID: "com.contoso.app")   // true
    /// try RedirectURI(parsing: "https://contoso.com/cb").carries(bundleID: "not a bundle ID")         // false
    /// ```
    public func carries(bundleID text: String, comparison: BundleID.Comparison = .exact) -> Bool {
        guard let carried = bundleID, let other = BundleID(text) else { return false }
        return carried.matches(other, comparison: comparison)
    }

    /// Whether this is the ADAL shape `<scheme>://<host>` with a one-label host, which
    /// classification declines to read as a bundle ID (finding `custom-scheme-single-label-host`)
    /// and verification reads as one when it is exactly the caller's.
    var isSingleLabelADALShape: Bool { decision.findings.contains(.customSchemeSingleLabelHost) }

    /// The client ID of the client-ID form (`msal<client ID>://auth`), as written.
    public var clientID: Substring? {
        guard form == .msalClientID, let scheme = reference.scheme else { return nil }
        return scheme.dropFirst(4)
    }

    /// The Android package name (the host of the Android broker form).
    public var androidPackage: Substring? {
        form == .androidBroker ? reference.host : nil
    }

    /// The decoded signing-certificate hash of the Android broker form (20 bytes, SHA-1).
    public var signatureHash: [UInt8]? {
        guard form == .androidBroker, let segment = wrappedSegment else { return nil }
        let hash = StringBytes.withUTF8(segment) { bytes in
            [UInt8](unsafeUninitializedCapacity: 20) { buffer, count in
                count = RedirectRules.signatureHash(in: bytes, into: buffer) ? 20 : 0
            }
        }
        return hash.count == 20 ? hash : nil
    }

    /// The certificate-auth wrapper's inner URI, decoded exactly once.
    public var inner: RedirectURI? {
        guard form == .certificateAuth, case .success(let innerReference)? = decodedWrappedURI?.parsed else { return nil }
        return RedirectURI(reference: innerReference, nested: true)
    }

    /// The decoded URI of a wrapper candidate that classification declined only because that URI
    /// is the one-label ADAL shape (`msauth://code/myapp%3A%2F%2Fcontoso`): verification reads it
    /// as the ADAL form when the host is exactly the caller's bundle ID.
    var singleLabelADALInner: RedirectURI? {
        guard decision.findings.contains(.wrapperInnerNotBroker), case .success(let innerReference)? = decodedWrappedURI?.parsed else {
            return nil
        }
        let inner = RedirectURI(reference: innerReference, nested: true)
        return inner.isSingleLabelADALShape ? inner : nil
    }

    /// The path's one segment, for the `msauth` forms.
    var wrappedSegment: Substring? {
        reference.withBytes { RedirectRules.singleSegment($0, reference.ranges) }.map { reference.slice($0) }
    }

    /// A wrapper candidate's segment, decoded once and parsed (`nil` when it does not decode).
    var decodedWrappedURI: (text: String, parsed: Result<URIReference, URIParseError>)? {
        guard let segment = wrappedSegment, let text = try? PercentEncoding.decodeString(segment) else { return nil }
        return (text, Result { () throws(URIParseError) in try URIReference(parsing: text, as: .uri) })
    }

    /// Findings made while classifying (never a reason for rejection by themselves).
    public var diagnostics: [RedirectDiagnostic] {
        RedirectFindings.codes.compactMap { entry in
            decision.findings.contains(entry.finding) ? RedirectDiagnostic(entry.severity, entry.code, message(for: entry.code)) : nil
        }
    }

    /// The sentence for a finding, with this URI's parts in it.
    func message(for code: FindingCode) -> String {
        switch code {
        case .notAbsolute:
            return "a redirect URI must be an absolute URI with a scheme"
        case .wrapperShape:
            return "a certificate-auth wrapper is 'msauth://code/' followed by one non-empty path segment, with no userinfo or port"
        case .wrapperNotUTF8:
            return "the wrapped URI does not percent-decode to well-formed UTF-8"
        case .wrapperInnerInvalid:
            if case .failure(let error)? = decodedWrappedURI?.parsed {
                return "the decoded inner URI is not an absolute RFC 3986 URI: \(error.kind) at offset \(error.offset)"
            }
            return "the decoded inner URI is not an absolute RFC 3986 URI"
        case .wrapperInnerNotBroker:
            if case .success(let innerReference)? = decodedWrappedURI?.parsed {
                let innerForm = RedirectURI(reference: innerReference, nested: true).form
                return "the decoded inner URI is \(innerForm.rawValue), not an ADAL or MSAL broker redirect URI"
            }
            return "the decoded inner URI is not an ADAL or MSAL broker redirect URI"
        case .nestedWrapper:
            return "a certificate-auth wrapper cannot wrap another wrapper"
        case .androidSignatureHashInvalid:
            return "the path of an Android broker redirect URI is the percent-encoded base64 SHA-1 of the signing certificate (20 bytes)"
        case .msalSchemeWithoutBundleID:
            let suffix = reference.scheme.map { $0.dropFirst(RedirectRules.msalPrefixLength) } ?? ""
            return "the scheme starts with 'msauth.' but '\(suffix)' is not a bundle ID"
        case .msalAuthorityNotAuth:
            return "an MSAL broker redirect URI is 'msauth.<bundle ID>://auth'"
        case .msalPath:
            return "MSAL registers this form without a path; '\(reference.path)' is kept as part of the URI"
        case .customSchemeSingleLabelHost:
            return
                "the host '\(reference.host ?? "")' is a single word, not a reverse-DNS bundle ID, so this is not read as an ADAL broker redirect URI (verification reads it as one when the caller's bundle ID is exactly this host)"
        default:
            return code.rawValue
        }
    }

    /// The URI as given.
    public var description: String { reference.description }
}
