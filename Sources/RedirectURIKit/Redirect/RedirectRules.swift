/// The findings a classification makes, as bits: small enough that deciding a form allocates
/// nothing. ``RedirectURI/diagnostics`` turns them into ``RedirectDiagnostic``s when asked.
struct RedirectFindings: OptionSet, Hashable, Sendable {
    let rawValue: UInt16

    static let notAbsolute = RedirectFindings(rawValue: 1 << 0)
    static let wrapperShape = RedirectFindings(rawValue: 1 << 1)
    static let wrapperNotUTF8 = RedirectFindings(rawValue: 1 << 2)
    static let wrapperInnerInvalid = RedirectFindings(rawValue: 1 << 3)
    static let wrapperInnerNotBroker = RedirectFindings(rawValue: 1 << 4)
    static let nestedWrapper = RedirectFindings(rawValue: 1 << 5)
    static let androidSignatureHashInvalid = RedirectFindings(rawValue: 1 << 6)
    static let msalSchemeWithoutBundleID = RedirectFindings(rawValue: 1 << 7)
    static let msalAuthorityNotAuth = RedirectFindings(rawValue: 1 << 8)
    static let msalPath = RedirectFindings(rawValue: 1 << 9)
    static let customSchemeSingleLabelHost = RedirectFindings(rawValue: 1 << 10)

    /// Each bit with its code and severity, in the order diagnostics list them.
    static let codes: [(finding: RedirectFindings, code: FindingCode, severity: FindingSeverity)] = [
        (.notAbsolute, .notAbsolute, .error),
        (.wrapperShape, .wrapperShape, .warning),
        (.wrapperNotUTF8, .wrapperNotUTF8, .warning),
        (.wrapperInnerInvalid, .wrapperInnerInvalid, .warning),
        (.wrapperInnerNotBroker, .wrapperInnerNotBroker, .warning),
        (.nestedWrapper, .nestedWrapper, .warning),
        (.androidSignatureHashInvalid, .androidSignatureHashInvalid, .warning),
        (.msalSchemeWithoutBundleID, .msalSchemeWithoutBundleID, .warning),
        (.msalAuthorityNotAuth, .msalAuthorityNotAuth, .warning),
        (.msalPath, .msalPath, .info),
        (.customSchemeSingleLabelHost, .customSchemeSingleLabelHost, .info),
    ]
}

/// What the redirect rules decide about one absolute URI: its form, where its bundle ID is
/// written (UTF-8 offsets into the text it was decided on) and what was found on the way.
struct RedirectDecision: Hashable, Sendable {
    var form: RedirectForm
    /// The bundle ID's offsets, -1 when the form carries none, or when a wrapper percent-encodes
    /// a byte of it (its bytes in the text are then not the bundle ID).
    var bundleIDStart: Int32 = -1
    var bundleIDEnd: Int32 = -1
    var findings: RedirectFindings = []

    init(_ form: RedirectForm, bundleID: Range<Int>? = nil, findings: RedirectFindings = []) {
        self.form = form
        self.findings = findings
        if let bundleID {
            bundleIDStart = Int32(truncatingIfNeeded: bundleID.lowerBound)
            bundleIDEnd = Int32(truncatingIfNeeded: bundleID.upperBound)
        }
    }

    var bundleIDRange: Range<Int>? {
        bundleIDStart < 0 ? nil : Int(bundleIDStart)..<Int(bundleIDEnd)
    }
}

/// The redirect rules: the one place that decides a redirect URI's form (the "Verification rules"
/// article, *Forms*). ``RedirectURI``, ``RedirectClassification``, ``RedirectVerifier``,
/// ``RegistrationLint`` and the broker messages all derive from ``decide(_:_:nested:)``.
///
/// Deciding reads the parse's offsets and the bytes, and allocates nothing: a wrapper's segment
/// is decoded into stack memory (heap only past ``stackDecodingLimit``, which no real redirect
/// URI reaches) and decided there, an Android hash is decoded on the stack too.
enum RedirectRules {
    /// The longest wrapped segment decoded on the stack.
    static let stackDecodingLimit = 1024

    /// Decides the form of the URI `bytes`, parsed into `ranges`. `nested` is set when deciding
    /// a wrapper's decoded URI, where a wrapper is never a wrapper.
    static func decide(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URIComponentRanges, nested: Bool = false) -> RedirectDecision {
        // Offsets are read raw: the parse produced them for these bytes, and going through the
        // optional ranges cost a branch and a bounds check each (a fifth of this function).
        guard ranges.schemeEnd >= 0, let base = bytes.baseAddress else {
            return RedirectDecision(.other, findings: .notAbsolute)
        }
        let schemeEnd = Int(ranges.schemeEnd)
        let scheme = UnsafeBufferPointer(start: base, count: schemeEnd)
        let hasAuthority = ranges.authorityStart >= 0
        let hostRange = Int(max(ranges.hostStart, 0))..<Int(max(ranges.hostEnd, 0))
        let host = UnsafeBufferPointer(rebasing: bytes[hostRange])
        let noUserinfo = ranges.userinfoEnd < 0
        let bareHost = hasAuthority && noUserinfo && ranges.portStart < 0
        let pathIsEmpty = ranges.pathStart == ranges.pathEnd
        switch Schemes.kind(of: scheme) {
        case .msauth:
            guard hasAuthority else { return RedirectDecision(.other) }
            if isWrapperHost(host) {
                return nested ? RedirectDecision(.other, findings: .nestedWrapper) : decideWrapper(bytes, ranges)
            }
            return decideAndroid(bytes, ranges, host: host, bareHost: bareHost)
        case .msalPrefix where hasAuthority:
            // form-msal: the rest of the scheme is the bundle ID; the authority is exactly `auth`.
            let bundleID = msalPrefixLength..<schemeEnd
            guard BundleID.shape(of: bundleID, in: bytes) != .invalid else {
                return RedirectDecision(.other, findings: .msalSchemeWithoutBundleID)
            }
            guard bareHost, isAuthHost(host) else { return RedirectDecision(.other, findings: .msalAuthorityNotAuth) }
            return RedirectDecision(.msalBroker, bundleID: bundleID, findings: pathIsEmpty ? [] : .msalPath)
        case .msalClientID where bareHost && isAuthHost(host):
            return RedirectDecision(.msalClientID, findings: pathIsEmpty ? [] : .msalPath)
        case .http where hasAuthority && noUserinfo && isLoopbackLiteral(host):
            return RedirectDecision(.loopback)
        case .https where hasAuthority && noUserinfo && !host.isEmpty:
            return RedirectDecision(.https)
        case .app where bareHost, .msalClientID where bareHost:
            // form-adal: exactly `<scheme>://<host>` (no path, query or fragment: a custom scheme
            // with a path, such as Auth0's callback, names a route, not an app), with a reg-name
            // host that is a bundle ID of two labels or more. An empty path that ends the URI
            // means no query and no fragment: two comparisons of offsets the parse made.
            guard pathIsEmpty, ranges.pathEnd == ranges.total, ranges.hostKindRaw == HostKind.regName.rawValue
            else { return RedirectDecision(.other) }
            switch BundleID.shape(of: hostRange, in: bytes) {
            case .dotted: return RedirectDecision(.adalBroker, bundleID: hostRange)
            case .singleLabel: return RedirectDecision(.other, findings: .customSchemeSingleLabelHost)
            case .invalid: return RedirectDecision(.other)
            }
        case .app, .msalPrefix:
            // form-private-use: a reverse-DNS scheme, no authority, a path empty or absolute.
            if !hasAuthority, pathIsEmpty || base[Int(ranges.pathStart)] == ASCII.slash, scheme.contains(ASCII.period) {
                return RedirectDecision(.privateUse)
            }
            return RedirectDecision(.other)
        default:
            return RedirectDecision(.other)
        }
    }

    /// `msauth.`'s length: where the MSAL form's bundle ID starts in its scheme.
    static let msalPrefixLength = 7

    /// The wrapper's candidate shape: `msauth` (any case) with an authority whose host is `code`.
    static func isWrapperCandidate(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URIComponentRanges) -> Bool {
        guard let scheme = ranges.scheme, ranges.authority != nil, let host = ranges.host else { return false }
        return Schemes.kind(of: UnsafeBufferPointer(rebasing: bytes[scheme])) == .msauth
            && isWrapperHost(UnsafeBufferPointer(rebasing: bytes[host]))
    }

    @inline(__always)
    static func isWrapperHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        host.count == 4 && host.hasASCIIPrefix("code")
    }

    @inline(__always)
    static func isAuthHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        host.count == 4 && host.hasASCIIPrefix("auth")
    }

    /// `127.0.0.1` or `[::1]` written exactly so: the one definition, ``LoopbackLiteral``.
    @inline(__always)
    static func isLoopbackLiteral(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        LoopbackLiteral.matches(host)
    }

    /// The path's one non-empty segment (after its `/`), or `nil` when the path is anything else.
    static func singleSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URIComponentRanges) -> Range<Int>? {
        let path = ranges.path
        guard path.count > 1, bytes[path.lowerBound] == ASCII.slash,
            !UnsafeBufferPointer(rebasing: bytes[(path.lowerBound + 1)..<path.upperBound]).contains(ASCII.slash)
        else { return nil }
        return (path.lowerBound + 1)..<path.upperBound
    }

    // MARK: form-wrapper

    /// `msauth://code/<segment>`: the shape, then the segment decoded once into temporary
    /// memory and decided there.
    static func decideWrapper(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URIComponentRanges) -> RedirectDecision {
        guard ranges.userinfoEnd < 0, ranges.portStart < 0, let segmentRange = singleSegment(bytes, ranges) else {
            return RedirectDecision(.other, findings: .wrapperShape)
        }
        let segment = UnsafeBufferPointer(rebasing: bytes[segmentRange])
        return withDecodedSegment(segment) { decoded in
            wrapperDecision(segment: segment, segmentStart: segmentRange.lowerBound, decoded: decoded)
        }
    }

    /// Runs `body` on temporary memory as long as `segment` (decoding never lengthens): the
    /// stack up to ``stackDecodingLimit``, the heap past it.
    static func withDecodedSegment<Value>(
        _ segment: UnsafeBufferPointer<UInt8>, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Value
    ) -> Value {
        if segment.count <= stackDecodingLimit {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: segment.count, body)
        }
        let heap = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: segment.count)
        defer { heap.deallocate() }
        return body(heap)
    }

    /// The wrapper conditions 3–5 on `segment`, decoded into `decoded`.
    static func wrapperDecision(
        segment: UnsafeBufferPointer<UInt8>, segmentStart: Int, decoded: UnsafeMutableBufferPointer<UInt8>
    ) -> RedirectDecision {
        // Decoded exactly once (RFC 3986 §2.4). The outer parse validated every triplet.
        guard let outcome = try? PercentEncoding.decodeNotingHighBytes(segment, plusIsSpace: false, into: decoded) else {
            return RedirectDecision(.other, findings: .wrapperNotUTF8)
        }
        let inner = UnsafeBufferPointer(rebasing: decoded[..<outcome.length])
        if outcome.mayBeNonASCII, UTF8Validation.firstInvalidIndex(inBuffer: inner) != nil {
            return RedirectDecision(.other, findings: .wrapperNotUTF8)
        }
        guard let innerRanges = try? URIParser.parse(inner, as: .uri) else {
            return RedirectDecision(.other, findings: .wrapperInnerInvalid)
        }
        let innerDecision = decide(inner, innerRanges, nested: true)
        if innerDecision.findings.contains(.nestedWrapper) {
            return RedirectDecision(.other, findings: .nestedWrapper)
        }
        guard innerDecision.form == .adalBroker || innerDecision.form == .msalBroker,
            let innerBundleID = innerDecision.bundleIDRange
        else { return RedirectDecision(.other, findings: .wrapperInnerNotBroker) }
        // The bundle ID's place in the segment, when it is written there literally.
        var decodedIndex = 0
        var encodedIndex = 0
        while decodedIndex < innerBundleID.lowerBound {
            encodedIndex &+= segment[encodedIndex] == ASCII.percentSign ? 3 : 1
            decodedIndex &+= 1
        }
        let encodedEnd = encodedIndex + innerBundleID.count
        guard encodedEnd <= segment.count,
            !UnsafeBufferPointer(rebasing: segment[encodedIndex..<encodedEnd]).contains(ASCII.percentSign)
        else { return RedirectDecision(.certificateAuth) }
        return RedirectDecision(.certificateAuth, bundleID: (segmentStart + encodedIndex)..<(segmentStart + encodedEnd))
    }

    // MARK: form-android

    /// The longest segment that can decode to the 28 base64 characters of a SHA-1, each
    /// percent-encoded.
    static let longestSignatureSegment = 28 * 3

    /// `msauth://<package>/<percent-encoded base64 SHA-1>`.
    static func decideAndroid(
        _ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URIComponentRanges, host: UnsafeBufferPointer<UInt8>, bareHost: Bool
    ) -> RedirectDecision {
        guard bareHost, isAndroidPackage(host) else { return RedirectDecision(.other) }
        // A package name with anything but one segment holding the hash (no path, two segments,
        // a hash of another length) is an Android broker URI with a broken hash.
        guard let segmentRange = singleSegment(bytes, ranges),
            signatureHash(in: UnsafeBufferPointer(rebasing: bytes[segmentRange]), into: nil)
        else { return RedirectDecision(.other, findings: .androidSignatureHashInvalid) }
        return RedirectDecision(.androidBroker)
    }

    /// Whether `segment` percent-decodes to padded standard base64 of exactly 20 bytes; the
    /// bytes are written to `hash` (20 bytes) when given.
    static func signatureHash(in segment: UnsafeBufferPointer<UInt8>, into hash: UnsafeMutableBufferPointer<UInt8>?) -> Bool {
        guard segment.count <= longestSignatureSegment else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestSignatureSegment) { text in
            guard let length = try? PercentEncoding.decode(segment, plusIsSpace: false, into: text), length == 28 else {
                return false
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { output in
                guard Base64.decode(UnsafeBufferPointer(rebasing: text[..<length]), into: output) == 20 else { return false }
                if let hash, hash.count >= 20 { _ = hash.initialize(from: output[..<20]) }
                return true
            }
        }
    }

    /// A Java package name: at least two labels separated by single dots, each starting with a
    /// letter and holding only letters, digits and `_`.
    static func isAndroidPackage(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        var labels = 0
        var atLabelStart = true
        for byte in host {
            if byte == ASCII.period {
                if atLabelStart { return false }
                atLabelStart = true
            } else if atLabelStart {
                guard ByteClass.alpha.contains(byte) else { return false }
                labels &+= 1
                atLabelStart = false
            } else if !(ByteClass.alpha.contains(byte) || ByteClass.digit.contains(byte) || byte == ASCII.underscore) {
                return false
            }
        }
        return !atLabelStart && labels >= 2
    }
}
