/// How much a finding matters. One scale for classification, verification, routing, the
/// registration lint, host conversion and the app configuration doctor.
public enum FindingSeverity: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
    /// Worth knowing.
    case info
    /// Likely a mistake, or a relaxation that was applied.
    case warning
    /// Breaks the broker flow.
    case error

    /// `info` < `warning` < `error`.
    public static func < (lhs: FindingSeverity, rhs: FindingSeverity) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }
}

/// The stable identifier of a finding, e.g. `wrapper-inner-not-broker`.
///
/// Codes are part of the API and of the `parse` command's JSON contract: they never change
/// meaning. Each is defined in the "Verification rules" article, and ``allCodes`` lists the codes
/// this module reports (the IDNA and doctor modules add their own, listed there).
///
/// ```swift
/// let redirect = try RedirectURI(parsing: "myapp://callback")
/// redirect.diagnostics.map(\.code)   // [.customSchemeSingleLabelHost]
/// ```
public struct FindingCode: RawRepresentable, Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The identifier, e.g. `nested-wrapper`.
    public let rawValue: String

    /// A code from its identifier. Codes are meant to be the static members; this exists for
    /// decoding and for the modules that add their own.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The identifier.
    public var description: String { rawValue }

    /// Orders by identifier, for stable listings.
    public static func < (lhs: FindingCode, rhs: FindingCode) -> Bool { lhs.rawValue < rhs.rawValue }

    // MARK: Classification

    /// A relative reference where a redirect URI (absolute) was expected.
    public static let notAbsolute = FindingCode(rawValue: "not-absolute")
    /// `msauth://code` with userinfo, a port, or a path that is not one non-empty segment.
    public static let wrapperShape = FindingCode(rawValue: "wrapper-shape")
    /// The wrapped segment does not percent-decode to well-formed UTF-8.
    public static let wrapperNotUTF8 = FindingCode(rawValue: "wrapper-not-utf8")
    /// The decoded wrapped text is not an absolute URI.
    public static let wrapperInnerInvalid = FindingCode(rawValue: "wrapper-inner-invalid")
    /// The decoded wrapped URI is not an ADAL or MSAL broker redirect URI.
    public static let wrapperInnerNotBroker = FindingCode(rawValue: "wrapper-inner-not-broker")
    /// A wrapper wraps another wrapper.
    public static let nestedWrapper = FindingCode(rawValue: "nested-wrapper")
    /// An Android broker redirect URI whose path is not the base64 SHA-1 of a certificate.
    public static let androidSignatureHashInvalid = FindingCode(rawValue: "android-signature-hash-invalid")
    /// A scheme that starts with `msauth.` but carries no bundle ID.
    public static let msalSchemeWithoutBundleID = FindingCode(rawValue: "msal-scheme-without-bundle-id")
    /// An `msauth.<bundle ID>` scheme whose authority is not `auth`.
    public static let msalAuthorityNotAuth = FindingCode(rawValue: "msal-authority-not-auth")
    /// An MSAL (or client-ID) redirect URI with a path, which MSAL registers without.
    public static let msalPath = FindingCode(rawValue: "msal-path")
    /// A custom scheme whose host is a single word, not read as a bundle ID.
    public static let customSchemeSingleLabelHost = FindingCode(rawValue: "custom-scheme-single-label-host")

    // MARK: Verification

    /// An acceptance that needed the case-insensitive bundle-ID option.
    public static let bundleIDCaseRelaxed = FindingCode(rawValue: "bundle-id-case-relaxed")

    // MARK: Routing

    /// The incoming URL is not a valid URI.
    public static let incomingInvalid = FindingCode(rawValue: "incoming-invalid")
    /// The incoming URL has a fragment, which routing does not compare.
    public static let incomingFragment = FindingCode(rawValue: "incoming-fragment")
    /// The incoming scheme differs only in case (the system may lowercase schemes).
    public static let schemeCaseDiffers = FindingCode(rawValue: "scheme-case-differs")
    /// The paths differ only by a trailing `/`.
    public static let trailingSlashMismatch = FindingCode(rawValue: "trailing-slash-mismatch")
    /// The incoming scheme is another scheme, even ignoring case.
    public static let schemeMismatch = FindingCode(rawValue: "scheme-mismatch")
    /// The incoming authority is not the redirect URI's.
    public static let authorityMismatch = FindingCode(rawValue: "authority-mismatch")
    /// The incoming path is neither the redirect URI's nor it followed by a sub-route (and not
    /// only a trailing `/` apart).
    public static let pathMismatch = FindingCode(rawValue: "path-mismatch")
    /// A broker request with no single `redirect_uri` that is an absolute URI: no response can
    /// be matched with it (``BrokerResponse/comesBack(to:)``).
    public static let requestRedirectURIUnusable = FindingCode(rawValue: "request-redirect-uri-unusable")

    // MARK: Registration lint

    /// A space, tab, CR or LF in a registered redirect URI.
    public static let whitespace = FindingCode(rawValue: "whitespace")
    /// `$(…)` or `${…}` left in a registered redirect URI.
    public static let unexpandedBuildVariable = FindingCode(rawValue: "unexpanded-build-variable")
    /// A registered redirect URI that is not an absolute URI.
    public static let invalidRedirectURI = FindingCode(rawValue: "invalid-redirect-uri")
    /// A registered redirect URI with a fragment, which can never be accepted.
    public static let fragmentInRedirectURI = FindingCode(rawValue: "fragment-in-redirect-uri")
    /// `localhost` where a loopback literal belongs.
    public static let localhostInsteadOfLoopbackLiteral = FindingCode(rawValue: "localhost-instead-of-loopback-literal")
    /// A reserved scheme claimed as an app's own.
    public static let reservedScheme = FindingCode(rawValue: "reserved-scheme")
    /// A private-use scheme that is not a reverse-DNS name.
    public static let privateUseSchemeWithoutDot = FindingCode(rawValue: "private-use-scheme-without-dot")
    /// An app scheme that does not carry the app's bundle ID.
    public static let schemeWithoutBundleID = FindingCode(rawValue: "scheme-without-bundle-id")
    /// A redirect URI that brokers cannot bind to an app (the client-ID form).
    public static let notBrokerCapable = FindingCode(rawValue: "not-broker-capable")
    /// Upper-case letters in the scheme, which iOS hands back lower-cased.
    public static let schemeUpperCase = FindingCode(rawValue: "scheme-upper-case")

    /// Every code this module reports.
    public static let allCodes: [FindingCode] = [
        .notAbsolute, .wrapperShape, .wrapperNotUTF8, .wrapperInnerInvalid, .wrapperInnerNotBroker,
        .nestedWrapper, .androidSignatureHashInvalid, .msalSchemeWithoutBundleID, .msalAuthorityNotAuth,
        .msalPath, .customSchemeSingleLabelHost,
        .bundleIDCaseRelaxed,
        .incomingInvalid, .incomingFragment, .schemeCaseDiffers, .trailingSlashMismatch, .schemeMismatch, .authorityMismatch, .pathMismatch,
        .requestRedirectURIUnusable,
        .whitespace, .unexpandedBuildVariable, .invalidRedirectURI, .fragmentInRedirectURI,
        .localhostInsteadOfLoopbackLiteral, .reservedScheme, .privateUseSchemeWithoutDot,
        .schemeWithoutBundleID, .notBrokerCapable, .schemeUpperCase,
    ]
}
