/// The redirect-URI forms used by identity brokers.
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
    // The hot forms (ADAL, MSAL) keep their bundle ID as offsets into `reference` and need
    // nothing else, so a RedirectURI is the reference, a byte and two offsets: no allocation,
    // and copying it retains one string. Everything rarer lives in `details`.
    let bundleIDStart: Int32
    let bundleIDEnd: Int32
    let details: Details?

    /// The bundle ID: the host (ADAL), the scheme after `msauth.` (MSAL) or the inner URI's
    /// (certificate-auth). Case is kept.
    public var bundleID: BundleID? {
        if bundleIDStart >= 0 {
            return BundleID(validated: reference.slice(Int(bundleIDStart)..<Int(bundleIDEnd)))
        }
        return details?.inner?.bundleID
    }

    /// The Android package name (the host of the Android broker form).
    public var androidPackage: Substring? {
        form == .androidBroker ? reference.host : nil
    }

    /// The decoded signing-certificate hash of the Android broker form (20 bytes, SHA-1).
    public var signatureHash: [UInt8]? { details?.signatureHash }

    /// Findings made while classifying (never a reason for rejection by themselves).
    public var diagnostics: [RedirectDiagnostic] { details?.diagnostics ?? [] }

    /// The certificate-auth wrapper's inner URI, decoded exactly once.
    public var inner: RedirectURI? { details?.inner }

    /// What only the rarer forms and the findings need.
    final class Details: Sendable, Hashable {
        let signatureHash: [UInt8]?
        let inner: RedirectURI?
        let diagnostics: [RedirectDiagnostic]

        init(signatureHash: [UInt8]?, inner: RedirectURI?, diagnostics: [RedirectDiagnostic]) {
            self.signatureHash = signatureHash
            self.inner = inner
            self.diagnostics = diagnostics
        }

        static func == (lhs: Details, rhs: Details) -> Bool {
            lhs.signatureHash == rhs.signatureHash && lhs.inner == rhs.inner && lhs.diagnostics == rhs.diagnostics
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(signatureHash)
            hasher.combine(inner)
            hasher.combine(diagnostics)
        }
    }

    /// Parses `text` as an absolute URI (RFC 3986 `URI`) and classifies it.
    ///
    /// - Throws: ``URIParseError`` when the text is not an RFC 3986 URI.
    public init(parsing text: String) throws(URIParseError) {
        // Parse and decide in one visit to the bytes; the reference is made once, at the end.
        let (ranges, decision) = try StringBytes.withUTF8(text) { bytes throws(URIParseError) in
            let ranges = try URIParser.parse(bytes, as: .uri)
            return (ranges, RedirectClassifier.decide(bytes, ranges))
        }
        let reference = URIReference(validated: Substring(text), ranges: ranges)
        if let decision, !decision.hasFinding {
            self.init(reference: reference, decision: decision)
        } else {
            self = RedirectClassifier.classify(reference, allowWrapper: true)
        }
    }

    init(reference: URIReference, decision: RedirectClassifier.Decision) {
        self.reference = reference
        self.form = decision.form
        self.bundleIDStart = decision.bundleIDStart
        self.bundleIDEnd = decision.bundleIDEnd
        self.details = nil
    }

    /// Classifies an already parsed reference (a relative reference is ``RedirectForm/other``).
    public init(classifying reference: URIReference) {
        self = RedirectClassifier.classify(reference, allowWrapper: true)
    }

    init(
        reference: URIReference, form: RedirectForm, bundleID: Range<Int>? = nil,
        signatureHash: [UInt8]? = nil, inner: RedirectURI? = nil, diagnostics: [RedirectDiagnostic] = []
    ) {
        self.reference = reference
        self.form = form
        self.bundleIDStart = bundleID.map { Int32(truncatingIfNeeded: $0.lowerBound) } ?? -1
        self.bundleIDEnd = bundleID.map { Int32(truncatingIfNeeded: $0.upperBound) } ?? -1
        self.details = signatureHash == nil && inner == nil && diagnostics.isEmpty
            ? nil : Details(signatureHash: signatureHash, inner: inner, diagnostics: diagnostics)
    }

    /// The URI as given.
    public var description: String { reference.description }
}

/// The classification rules (the article "The broker round trip"), in the order they are tried.
enum RedirectClassifier {
    static let msauth = Array("msauth".utf8)
    static let code = Array("code".utf8)
    static let msalPrefix = Array("msauth.".utf8)
    static let http = Array("http".utf8)
    static let https = Array("https".utf8)

    /// What a scheme means for classification, decided once on its bytes.
    enum SchemeKind {
        case msauth, msalPrefix, http, https, reserved, app

        // Literals are StaticStrings: compared in place, with no array behind a lazy global.
        init(_ scheme: UnsafeBufferPointer<UInt8>) {
            if scheme.count >= 8, let base = scheme.baseAddress {
                // Eight bytes at once: OR-ing 0x20 lowercases a scheme's letters and keeps its
                // digits, '+', '-' and '.'; the eighth byte is masked off.
                let word = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self).littleEndian | 0x2020_2020_2020_2020
                if word & 0x00FF_FFFF_FFFF_FFFF == 0x002E_6874_7561_736D {  // "msauth." little-endian
                    self = .msalPrefix
                    return
                }
            } else if scheme.count == 7, scheme.hasASCIIPrefixIgnoringCase("msauth.") {
                self = .msalPrefix
                return
            }
            // By length first: most schemes differ from every candidate in length. The list is
            // RegistrationLint.reservedSchemes (a test keeps the two equal).
            switch scheme.count {
            case 2: self = scheme.equalsASCIIIgnoringCase("ws") ? .reserved : .app
            case 3:
                self = scheme.equalsASCIIIgnoringCase("tel") || scheme.equalsASCIIIgnoringCase("sms")
                    || scheme.equalsASCIIIgnoringCase("ftp") || scheme.equalsASCIIIgnoringCase("wss") ? .reserved : .app
            case 4:
                if scheme.equalsASCIIIgnoringCase("http") {
                    self = .http
                } else {
                    self = scheme.equalsASCIIIgnoringCase("file") || scheme.equalsASCIIIgnoringCase("data")
                        || scheme.equalsASCIIIgnoringCase("blob") || scheme.equalsASCIIIgnoringCase("itms")
                        || scheme.equalsASCIIIgnoringCase("maps") ? .reserved : .app
                }
            case 5:
                if scheme.equalsASCIIIgnoringCase("https") {
                    self = .https
                } else {
                    self = scheme.equalsASCIIIgnoringCase("about") ? .reserved : .app
                }
            case 6:
                if scheme.equalsASCIIIgnoringCase("msauth") {
                    self = .msauth
                } else {
                    self = scheme.equalsASCIIIgnoringCase("mailto") ? .reserved : .app
                }
            case 7: self = scheme.equalsASCIIIgnoringCase("message") ? .reserved : .app
            case 8:
                self = scheme.equalsASCIIIgnoringCase("msauthv2") || scheme.equalsASCIIIgnoringCase("msauthv3")
                    || scheme.equalsASCIIIgnoringCase("facetime") ? .reserved : .app
            case 9: self = scheme.equalsASCIIIgnoringCase("itms-apps") || scheme.equalsASCIIIgnoringCase("shortcuts") ? .reserved : .app
            case 10: self = scheme.equalsASCIIIgnoringCase("javascript") ? .reserved : .app
            case 12: self = scheme.equalsASCIIIgnoringCase("app-settings") ? .reserved : .app
            case 14: self = scheme.equalsASCIIIgnoringCase("facetime-audio") ? .reserved : .app
            default: self = .app
            }
        }
    }

    /// What the full classification (the `msauth` scheme and the `msauth.` findings, which
    /// ``decide(_:_:)`` leaves to it) needs from the bytes, read in one visit to the text.
    struct Facts {
        var kind: SchemeKind
        var hostIsAuth: Bool
        /// For an `msauth.` scheme: whether the rest of it is a bundle ID.
        var msalSuffixIsBundleID: Bool

        init(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URIComponentRanges, scheme schemeRange: Range<Int>) {
            let scheme = UnsafeBufferPointer(rebasing: bytes[schemeRange])
            let host = ranges.host.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
            kind = SchemeKind(scheme)
            hostIsAuth = ranges.userinfo == nil && ranges.port == nil
                && host.map { $0.count == 4 && $0.hasASCIIPrefix("auth") } == true
            msalSuffixIsBundleID = kind == .msalPrefix
                && BundleID.isValid(UnsafeBufferPointer(rebasing: scheme[msalPrefix.count...]))
        }
    }

    /// A classification that needs nothing but offsets: the form and where the bundle ID lies.
    struct Decision {
        var form: RedirectForm
        var bundleIDStart: Int32 = -1
        var bundleIDEnd: Int32 = -1
        /// Whether the full classification reports a finding for this URI (an MSAL broker URI
        /// with a path): the form stands, but ``RedirectURI`` takes the full path for the finding.
        var hasFinding = false

        init(_ form: RedirectForm, bundleID: Range<Int>? = nil, hasFinding: Bool = false) {
            self.form = form
            self.hasFinding = hasFinding
            if let bundleID {
                bundleIDStart = Int32(truncatingIfNeeded: bundleID.lowerBound)
                bundleIDEnd = Int32(truncatingIfNeeded: bundleID.upperBound)
            }
        }
    }

    /// Decides every form that allocates nothing, on the bytes alone; `nil` sends the reference
    /// to ``classify(_:allowWrapper:)``: no scheme, the `msauth` scheme (wrappers decode,
    /// Android hashes too) and `msauth.` schemes that are `other` with a finding.
    static func decide(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URIComponentRanges) -> Decision? {
        // The same rules as Facts, each computed only where its form is considered. Offsets are
        // read raw: the parse produced them for these bytes, and going through the optional
        // ranges cost a branch and a bounds check each (a fifth of this function).
        guard ranges.schemeEnd >= 0, let base = bytes.baseAddress else { return nil }
        let schemeEnd = Int(ranges.schemeEnd)
        let scheme = UnsafeBufferPointer(start: base, count: schemeEnd)
        let hasAuthority = ranges.authorityStart >= 0
        let host = UnsafeBufferPointer(start: base + Int(max(ranges.hostStart, 0)), count: Int(ranges.hostEnd &- ranges.hostStart))
        let noUserinfo = ranges.userinfoEnd < 0
        let bareHost = hasAuthority && noUserinfo && ranges.portStart < 0
        let pathIsEmpty = ranges.pathStart == ranges.pathEnd
        switch SchemeKind(scheme) {
        case .msauth:
            return nil
        case .msalPrefix where hasAuthority:
            guard bareHost, host.count == 4, host.hasASCIIPrefix("auth"),
                BundleID.isValid(msalPrefix.count..<schemeEnd, in: bytes)
            else { return nil }
            return Decision(.msalBroker, bundleID: msalPrefix.count..<schemeEnd, hasFinding: !pathIsEmpty)
        case .http where hasAuthority && noUserinfo && isLoopbackLiteral(host):
            return Decision(.loopback)
        case .https where hasAuthority && noUserinfo && !host.isEmpty:
            return Decision(.https)
        case .app where bareHost && ranges.hostKindRaw == HostKind.regName.rawValue && BundleID.isValid(Int(ranges.hostStart)..<Int(ranges.hostEnd), in: bytes):
            return Decision(.adalBroker, bundleID: Int(ranges.hostStart)..<Int(ranges.hostEnd))
        case .app, .msalPrefix:
            if !hasAuthority, pathIsEmpty || base[Int(ranges.pathStart)] == ASCII.slash, scheme.contains(ASCII.period) {
                return Decision(.privateUse)
            }
        default:
            break
        }
        return Decision(.other)
    }

    static func classify(_ reference: URIReference, allowWrapper: Bool) -> RedirectURI {
        let ranges = reference.ranges
        if let decision = reference.withBytes({ decide($0, ranges) }), !decision.hasFinding {
            return RedirectURI(reference: reference, decision: decision)
        }
        guard let schemeRange = ranges.scheme else {
            return RedirectURI(reference: reference, form: .other, diagnostics: [
                RedirectDiagnostic(.error, "not-absolute", "a redirect URI must be an absolute URI with a scheme")
            ])
        }
        let facts = reference.withBytes { Facts($0, ranges, scheme: schemeRange) }
        switch facts.kind {
        case .msauth:
            return classifyMsauthScheme(reference, allowWrapper: allowWrapper)
        default:
            return classifyMSAL(reference, schemeRange: schemeRange, facts: facts)
        }
    }

    /// `127.0.0.1` or `[::1]` written exactly so (RFC 8252 §7.3; the loopback-port rule).
    static func isLoopbackLiteral(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        switch host.count {
        case 9: return host.hasASCIIPrefix("127.0.0.1")
        case 5: return host.hasASCIIPrefix("[::1]")
        default: return false
        }
    }

    /// `127.0.0.1` or `[::1]` written exactly so, with no userinfo.
    static func isLoopback(_ reference: URIReference) -> Bool {
        guard reference.ranges.userinfo == nil, let host = reference.ranges.host else { return false }
        return reference.withBytes { isLoopbackLiteral(UnsafeBufferPointer(rebasing: $0[host])) }
    }

    /// `msauth.<bundle.id>://auth`.
    static func classifyMSAL(_ reference: URIReference, schemeRange: Range<Int>, facts: Facts) -> RedirectURI {
        guard facts.msalSuffixIsBundleID else {
            let suffix = reference.slice((schemeRange.lowerBound + msalPrefix.count)..<schemeRange.upperBound)
            return RedirectURI(reference: reference, form: .other, diagnostics: [
                RedirectDiagnostic(.warning, "msal-scheme-without-bundle-id",
                    "the scheme starts with 'msauth.' but '\(suffix)' is not a bundle ID")
            ])
        }
        guard facts.hostIsAuth else {
            return RedirectURI(reference: reference, form: .other, diagnostics: [
                RedirectDiagnostic(.warning, "msal-authority-not-auth",
                    "an MSAL broker redirect URI is 'msauth.<bundle.id>://auth'")
            ])
        }
        var diagnostics: [RedirectDiagnostic] = []
        if !reference.ranges.path.isEmpty {
            diagnostics.append(RedirectDiagnostic(.info, "msal-path",
                "the MSAL broker form has no path; '\(reference.path)' is kept as part of the URI"))
        }
        return RedirectURI(
            reference: reference, form: .msalBroker,
            bundleID: (schemeRange.lowerBound + msalPrefix.count)..<schemeRange.upperBound, diagnostics: diagnostics)
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
        return RedirectURI(reference: reference, form: .androidBroker, signatureHash: hash)
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
        return RedirectURI(reference: reference, form: .certificateAuth, inner: inner)
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
