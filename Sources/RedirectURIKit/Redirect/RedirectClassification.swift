/// A redirect URI's form and where its bundle ID lies, decided in place: byte offsets into the
/// text it was read from, no strings.
///
/// This is the hot path under ``RedirectURI``, for code that classifies many URIs and keeps
/// few: making one allocates nothing and retains nothing, for every form. A certificate-auth
/// wrapper's inner URI is decoded into stack memory and classified there. Ask for text only where it is needed:
///
/// ```swift
/// let uri = "x-msauth-mytestiosapp://com.myapp.mytestapp"
/// let shape = try RedirectURI.classify(uri)
/// shape.form                     // .adalBroker
/// shape.bundleIDRange            // 24..<43 (UTF-8 offsets)
/// shape.bundleID(in: uri)        // "com.myapp.mytestapp"
/// ```
///
/// The form is the one ``RedirectURI`` gives for the same text: both come from the same decision;
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

    /// The form's position in ``RedirectForm/allCases``, and the bundle ID's offset and length
    /// (-1 and 0 when ``bundleIDRange`` is `nil`), read from storage with no `RedirectForm` or
    /// `Range` made: what the C API writes for every classification.
    @_spi(Toolkit)
    @inlinable @inline(__always)
    public var formIndexAndBundleID: (form: Int32, offset: Int32, length: Int32) {
        bundleIDStart < 0 ? (packed[0], -1, 0) : (packed[0], bundleIDStart, bundleIDEnd &- bundleIDStart)
    }

    /// The bundle ID, sliced from (or, for a wrapper that percent-encodes it, decoded from) the
    /// text this classification was made from; `nil` when the form carries none.
    ///
    /// - Parameter text: the classified text. Another text gives a meaningless result.
    // Inlinable, so that the caller's optimizer sees the text retained into the bundle ID and
    // released after it: a/classify+bundleID 935 -> N instructions.
    @inlinable
    public func bundleID(in text: String) -> BundleID? {
        if let range = bundleIDRange, range.upperBound <= text.utf8.count {
            return BundleID(validated: text, range: range)
        }
        return decodedBundleID(in: text)
    }

    /// The bundle ID of a form that carries one but has no offsets for it (a wrapper that
    /// percent-encodes it): the decoded inner URI's.
    @usableFromInline
    func decodedBundleID(in text: String) -> BundleID? {
        guard form.carriesBundleID else { return nil }
        return (try? RedirectURI(parsing: text))?.bundleID
    }

    /// Whether the bundle ID found in `text` is exactly `expected` — the question a broker asks
    /// on every round trip — compared in place, with no string made. `false` when the form
    /// carries no bundle ID. (Rule `bundle-id` of the "Verification rules" article compares
    /// exactly; ``RedirectVerifier`` applies the whole policy.)
    ///
    /// ```swift
    /// let uri = "msauth.com.contoso.app://auth"
    /// try RedirectURI.classify(uri).bundleID(in: uri, equals: "com.contoso.app")   // true
    /// try RedirectURI.classify(uri).bundleID(in: uri, equals: "com.Contoso.app")   // false
    /// ```
    ///
    /// - Parameters:
    ///   - text: the classified text. Another text gives a meaningless result.
    ///   - expected: the bundle ID to compare with, byte for byte (the caller's, as the OS
    ///     reported it).
    public func bundleID(in text: String, equals expected: String) -> Bool {
        guard let range = bundleIDRange else {
            // None, or a wrapper that percent-encodes it: the decoded inner URI has it.
            return form.carriesBundleID && bundleID(in: text)?.text.utf8.elementsEqual(expected.utf8) == true
        }
        return StringBytes.withUTF8(text, expected) { bytes, expectedBytes in
            range.upperBound <= bytes.count && UnsafeBufferPointer(rebasing: bytes[range]).equalsBytes(of: expectedBytes)
        }
    }

    init(_ decision: RedirectDecision, ranges: URIComponentRanges) {
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
        case .msalClientID: 2
        case .certificateAuth: 3
        case .androidBroker: 4
        case .privateUse: 5
        case .loopback: 6
        case .https: 7
        case .other: 8
        }
    }

    @usableFromInline init(index: Int32) {
        switch index {
        case 0: self = .adalBroker
        case 1: self = .msalBroker
        case 2: self = .msalClientID
        case 3: self = .certificateAuth
        case 4: self = .androidBroker
        case 5: self = .privateUse
        case 6: self = .loopback
        case 7: self = .https
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
        return RedirectClassification(RedirectRules.decide(bytes, ranges), ranges: ranges)
    }
}
