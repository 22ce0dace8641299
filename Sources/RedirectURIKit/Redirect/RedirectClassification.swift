/// A redirect URI's form and where its bundle ID lies, decided in place: byte offsets into the
/// text it was read from, no strings.
///
/// This is the hot path under ``RedirectURI``, for code that classifies many URIs and keeps
/// few: making one allocates nothing and retains nothing, for every form but the Android broker
/// form (which decodes its certificate hash). A certificate-auth wrapper's inner URI is decoded
/// into stack memory and classified there. Ask for text only where it is needed:
///
/// ```swift
/// let uri = "x-msauth-mytestiosapp://com.myapp.mytestapp"
/// let shape = try RedirectURI.classify(uri)
/// shape.form                     // .adalBroker
/// shape.bundleIDRange            // 24..<43 (UTF-8 offsets)
/// shape.bundleID(in: uri)        // "com.myapp.mytestapp"
/// ```
///
/// The form is the one ``RedirectURI`` gives for the same text (a test holds the two equal);
/// the findings (``RedirectURI/diagnostics``) and a wrapper's inner URI are only on ``RedirectURI``.
public struct RedirectClassification: Sendable, Hashable {
    /// Where each component of the URI lies.
    public let ranges: URIComponentRanges
    // The form's index and the bundle ID's offsets, as one vector built in registers and stored
    // whole: a classification is copied right after it is made, and a copy that reads several
    // narrower stores back with one wide load waits for them (see URIComponentRanges).
    @usableFromInline let packed: SIMD4<Int32>

    /// The form.
    public var form: RedirectForm { RedirectForm(index: packed[0]) }
    @usableFromInline var bundleIDStart: Int32 { packed[1] }
    @usableFromInline var bundleIDEnd: Int32 { packed[2] }

    /// Where the bundle ID is written in the text, in UTF-8 offsets: the host (ADAL), the scheme
    /// after `msauth.` (MSAL), or, for a certificate-auth wrapper, the bundle ID inside the
    /// wrapped segment.
    ///
    /// `nil` when the form carries no bundle ID, and for a wrapper that percent-encodes any byte
    /// of its bundle ID (RFC 3986 §2.3 says not to; no SDK does), whose bytes in the text are
    /// not the bundle ID: ``bundleID(in:)`` decodes those.
    @inlinable public var bundleIDRange: Range<Int>? {
        bundleIDStart < 0 ? nil : Int(bundleIDStart)..<Int(bundleIDEnd)
    }

    /// The bundle ID, sliced from (or, for a wrapper that percent-encodes it, decoded from) the
    /// text this classification was made from; `nil` when the form carries none.
    ///
    /// - Parameter text: the classified text. Another text gives a meaningless result.
    public func bundleID(in text: String) -> BundleID? {
        if let range = bundleIDRange, range.upperBound <= text.utf8.count {
            return BundleID(validated: URIReference(validated: Substring(text), ranges: ranges).slice(range))
        }
        guard form.carriesBundleID else { return nil }
        return (try? RedirectURI(parsing: text))?.bundleID
    }

    init(form: RedirectForm, ranges: URIComponentRanges, bundleID: Range<Int>?) {
        self.ranges = ranges
        packed = SIMD4(
            form.index, bundleID.map { Int32(truncatingIfNeeded: $0.lowerBound) } ?? -1,
            bundleID.map { Int32(truncatingIfNeeded: $0.upperBound) } ?? -1, 0)
    }

    init(_ decision: RedirectClassifier.Decision, ranges: URIComponentRanges) {
        self.ranges = ranges
        packed = SIMD4(decision.form.index, decision.bundleIDStart, decision.bundleIDEnd, 0)
    }
}

extension RedirectForm {
    /// The form's position in `allCases`, and back: what a classification stores.
    @usableFromInline var index: Int32 {
        switch self {
        case .adalBroker: 0
        case .msalBroker: 1
        case .certificateAuth: 2
        case .androidBroker: 3
        case .privateUse: 4
        case .loopback: 5
        case .https: 6
        case .other: 7
        }
    }

    @usableFromInline init(index: Int32) {
        switch index {
        case 0: self = .adalBroker
        case 1: self = .msalBroker
        case 2: self = .certificateAuth
        case 3: self = .androidBroker
        case 4: self = .privateUse
        case 5: self = .loopback
        case 6: self = .https
        default: self = .other
        }
    }
}

extension RedirectURI {
    /// Parses `text` as an absolute URI and decides its form, in place (see
    /// ``RedirectClassification``).
    ///
    /// - Throws: ``URIParseError`` when the text is not an RFC 3986 URI.
    public static func classify(_ text: String) throws(URIParseError) -> RedirectClassification {
        try StringBytes.withUTF8(text) { bytes throws(URIParseError) in try classify(bytes) }
    }

    /// Parses bytes as an absolute URI and decides its form, in place.
    ///
    /// - Throws: ``URIParseError`` when the bytes are not an RFC 3986 URI.
    public static func classify(_ bytes: UnsafeBufferPointer<UInt8>) throws(URIParseError) -> RedirectClassification {
        let ranges = try URIParser.parse(bytes, as: .uri, vectorized: true)
        if let decision = RedirectClassifier.decide(bytes, ranges) {
            return RedirectClassification(decision, ranges: ranges)
        }
        if let decision = RedirectClassifier.decideWrapper(bytes, ranges) {
            return RedirectClassification(decision, ranges: ranges)
        }
        // The Android broker form (its hash is decoded), a bare `msauth` scheme, and MSAL
        // look-alikes that are `other` with a finding: the full classification, on a copy.
        let text = String(decoding: bytes, as: UTF8.self)
        let form = RedirectClassifier.classify(URIReference(validated: Substring(text), ranges: ranges), allowWrapper: true).form
        return RedirectClassification(form: form, ranges: ranges, bundleID: nil)
    }
}

extension RedirectClassifier.Decision {
    var bundleIDRange: Range<Int>? {
        bundleIDStart < 0 ? nil : Int(bundleIDStart)..<Int(bundleIDEnd)
    }
}

extension RedirectClassifier {
    /// The longest wrapped segment decoded on the stack; a longer one (never a real redirect
    /// URI) is decoded on the heap.
    static let stackDecodingLimit = 1024

    /// `msauth://code/<wrapped>` decided on bytes, the inner URI decoded into temporary memory:
    /// the same rules as ``classifyWrapper(_:segment:allowWrapper:)``. `nil` when the URI is
    /// not a wrapper candidate (another `msauth` form, or not the `msauth` scheme).
    static func decideWrapper(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URIComponentRanges) -> Decision? {
        guard let scheme = ranges.scheme, scheme.count == 6,
            UnsafeBufferPointer(rebasing: bytes[scheme]).equalsASCIIIgnoringCase("msauth"),
            ranges.userinfo == nil, ranges.port == nil, let host = ranges.host,
            UnsafeBufferPointer(rebasing: bytes[host]).elementsEqual(code)
        else { return nil }
        let path = ranges.path
        // Exactly one non-empty segment: "/" followed by no further '/'.
        guard path.count > 1, bytes[path.lowerBound] == ASCII.slash,
            !bytes[(path.lowerBound + 1)..<path.upperBound].contains(ASCII.slash)
        else { return Decision(.other) }
        let segment = UnsafeBufferPointer(rebasing: bytes[(path.lowerBound + 1)..<path.upperBound])
        let decide = { (decoded: UnsafeMutableBufferPointer<UInt8>) -> Decision in
            wrapperDecision(segment: segment, segmentStart: path.lowerBound + 1, decoded: decoded)
        }
        if segment.count <= stackDecodingLimit {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: segment.count, decide)
        }
        var heap = [UInt8](repeating: 0, count: segment.count)
        return heap.withUnsafeMutableBufferPointer { decide($0) }
    }

    /// Decodes `segment` once into `decoded` (as long as the segment) and decides the wrapper.
    static func wrapperDecision(
        segment: UnsafeBufferPointer<UInt8>, segmentStart: Int, decoded: UnsafeMutableBufferPointer<UInt8>
    ) -> Decision {
        // The outer parse validated every triplet, so decoding cannot fail here.
        guard let length = try? PercentEncoding.decode(segment, plusIsSpace: false, into: decoded) else {
            return Decision(.other)
        }
        // Non-ASCII (and so any bad UTF-8) fails the inner parse: the form is `other` either way.
        let inner = UnsafeBufferPointer(rebasing: decoded[..<length])
        guard let innerRanges = try? URIParser.parse(inner, as: .uri) else { return Decision(.other) }
        guard let innerDecision = decide(inner, innerRanges),
            innerDecision.form == .adalBroker || innerDecision.form == .msalBroker,
            let innerBundleID = innerDecision.bundleIDRange
        else { return Decision(.other) }
        // Map the bundle ID back to the segment; it has a range there only if written literally.
        var decodedIndex = 0
        var encodedIndex = 0
        while decodedIndex < innerBundleID.lowerBound {
            encodedIndex &+= segment[encodedIndex] == ASCII.percentSign ? 3 : 1
            decodedIndex &+= 1
        }
        let encodedStart = encodedIndex
        let encodedEnd = encodedStart + innerBundleID.count
        guard encodedEnd <= segment.count,
            !segment[encodedStart..<encodedEnd].contains(ASCII.percentSign)
        else { return Decision(.certificateAuth) }
        return Decision(.certificateAuth, bundleID: (segmentStart + encodedStart)..<(segmentStart + encodedEnd))
    }
}
