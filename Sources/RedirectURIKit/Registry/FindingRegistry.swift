/// One stable code with the one severity it is reported with and its one meaning: an entry of
/// the ``FindingRegistry``.
///
/// ```swift
/// let definition = FindingRegistry.core.definition(of: "trailing-slash-mismatch")
/// definition?.severity   // .warning
/// ```
public struct FindingDefinition: Sendable, Hashable, CustomStringConvertible {
    /// The stable code, e.g. `trailing-slash-mismatch`.
    public let code: String
    /// The severity every report of the code has (an error kind or a failed rule: `error`).
    public let severity: FindingSeverity
    /// What the code means, in one sentence.
    public let meaning: String

    /// Defines a code.
    public init(code: String, severity: FindingSeverity, meaning: String) {
        self.code = code
        self.severity = severity
        self.meaning = meaning
    }

    /// Defines a finding code.
    public init(_ code: FindingCode, _ severity: FindingSeverity, _ meaning: String) {
        self.init(code: code.rawValue, severity: severity, meaning: meaning)
    }

    /// `code (severity): meaning`.
    public var description: String { "\(code) (\(severity.rawValue)): \(meaning)" }
}

/// The one namespace of stable codes that this package prints: findings (``FindingCode``), the
/// kinds of every error (each ``CodedError``'s table of ``CodedError/codes``) and verification
/// rules (``VerificationRule``). A code means one thing and has one severity wherever it appears;
/// two types may share a code only when they share its definition (`duplicate-parameter` is the
/// same rule for a query and a broker message).
///
/// Each module lists its own definitions (this module's are ``coreDefinitions``; host conversion,
/// the report and the doctor list theirs) and a registry is made from all of them: making it
/// fails when a code is defined twice with another severity or meaning.
///
/// ```swift
/// let registry = try FindingRegistry(FindingRegistry.coreDefinitions, myModuleDefinitions)
/// ```
public struct FindingRegistry: Sendable {
    /// Every definition, sorted by code, each code once.
    public let definitions: [FindingDefinition]

    /// A code defined twice, differently.
    public struct Conflict: Error, Sendable, Hashable, CustomStringConvertible {
        /// The two definitions.
        public let first: FindingDefinition
        /// The other one.
        public let second: FindingDefinition
        /// Both definitions.
        public var description: String { "'\(first.code)' is defined twice: \(first) / \(second)" }
    }

    /// Makes a registry from lists of definitions (a code may be listed twice only with the same
    /// severity and meaning).
    ///
    /// - Throws: ``Conflict`` for the first code defined twice differently.
    public init(_ lists: [FindingDefinition]...) throws(Conflict) {
        var byCode: [String: FindingDefinition] = [:]
        for definition in lists.joined() {
            if let earlier = byCode[definition.code] {
                guard earlier == definition else { throw Conflict(first: earlier, second: definition) }
            }
            byCode[definition.code] = definition
        }
        definitions = byCode.values.sorted { $0.code < $1.code }
    }

    /// A registry whose lists a test holds free of conflicts (``core``): the first definition
    /// of each code is kept.
    init(unchecked definitions: [FindingDefinition]) {
        var byCode: [String: FindingDefinition] = [:]
        for definition in definitions where byCode[definition.code] == nil { byCode[definition.code] = definition }
        self.definitions = byCode.values.sorted { $0.code < $1.code }
    }

    /// The definition of `code`, if registered.
    public func definition(of code: String) -> FindingDefinition? {
        definitions.first { $0.code == code }
    }

    /// This module's registry (``coreDefinitions``). A test holds it free of conflicts.
    public static let core = FindingRegistry(unchecked: coreDefinitions)

    /// Every code this module reports: its findings, then the kinds of its errors and its
    /// verification rules (severity `error`, meaning their explanation or requirement).
    public static let coreDefinitions: [FindingDefinition] =
        findingDefinitions + errorTypes.flatMap(definitions(of:))
        + VerificationRule.all.map { FindingDefinition(code: $0.identifier, severity: .error, meaning: $0.requirement) }

    /// Every error type of this module, each once: the registry holds the codes of their tables.
    /// (A test finds every ``CodedError`` in the sources and requires it here.)
    static let errorTypes: [any CodedError.Type] = [
        URIParseError.self, PercentDecodingError.self, QueryParameterError.self, URIBuildError.self, ReferenceResolutionError.self,
        RedirectBuildError.self, BrokerMessageError.self, RegistrationsError.self,
    ]

    /// The kinds of an error type, from its table: severity `error`, meaning the explanation.
    static func definitions(of errorType: any CodedError.Type) -> [FindingDefinition] {
        errorType.codes.map { FindingDefinition(code: $0.code, severity: .error, meaning: $0.explanation) }
    }

    /// The findings of this module (``FindingCode/allCodes``), as the "Verification rules"
    /// article lists them.
    static let findingDefinitions: [FindingDefinition] = [
        // Classification
        FindingDefinition(.notAbsolute, .error, "a relative reference where a redirect URI (absolute) was expected"),
        FindingDefinition(.wrapperShape, .warning, "msauth://code with userinfo, a port, or a path that is not one non-empty segment"),
        FindingDefinition(.wrapperNotUTF8, .warning, "the wrapped segment does not percent-decode to well-formed UTF-8"),
        FindingDefinition(.wrapperInnerInvalid, .warning, "the decoded wrapped text is not an absolute URI"),
        FindingDefinition(.wrapperInnerNotBroker, .warning, "the decoded wrapped URI is not an ADAL or MSAL broker redirect URI"),
        FindingDefinition(.nestedWrapper, .warning, "a wrapper wraps another wrapper"),
        FindingDefinition(.androidSignatureHashInvalid, .warning, "an Android broker path that is not the base64 SHA-1 of a certificate"),
        FindingDefinition(.msalSchemeWithoutBundleID, .warning, "a scheme that starts with msauth. but carries no bundle ID"),
        FindingDefinition(.msalAuthorityNotAuth, .warning, "an msauth.<bundle ID> scheme whose authority is not auth"),
        FindingDefinition(.msalPath, .info, "an MSAL or client-ID redirect URI with a path"),
        FindingDefinition(.customSchemeSingleLabelHost, .info, "a custom scheme whose host is a single word, not read as a bundle ID"),
        // Verification
        FindingDefinition(.bundleIDCaseRelaxed, .warning, "an acceptance that needed the case-insensitive bundle-ID option"),
        // Routing
        FindingDefinition(.incomingInvalid, .error, "the incoming URL is not a valid URI"),
        FindingDefinition(.incomingFragment, .info, "the incoming URL has a fragment, which routing does not compare"),
        FindingDefinition(.schemeCaseDiffers, .info, "the incoming scheme differs only in case"),
        FindingDefinition(.trailingSlashMismatch, .warning, "the paths differ only by a trailing /"),
        FindingDefinition(.schemeMismatch, .info, "the incoming URL's scheme is another scheme, even ignoring case"),
        FindingDefinition(.authorityMismatch, .info, "the incoming URL's authority is not the redirect URI's"),
        FindingDefinition(.pathMismatch, .info, "the incoming URL's path is neither the redirect URI's nor it followed by a sub-route"),
        FindingDefinition(
            .requestRedirectURIUnusable, .error, "the request has no single redirect_uri that is an absolute URI, so no response can come back to it"),
        // Registration lint
        FindingDefinition(.whitespace, .warning, "a space, tab, CR or LF in a registered redirect URI"),
        FindingDefinition(.unexpandedBuildVariable, .warning, "$(…) or ${…} left in a registered redirect URI"),
        FindingDefinition(.invalidRedirectURI, .warning, "a registered redirect URI that is not an absolute URI"),
        FindingDefinition(.fragmentInRedirectURI, .warning, "a registered redirect URI with a fragment, which can never be accepted"),
        FindingDefinition(.localhostInsteadOfLoopbackLiteral, .warning, "localhost where a loopback literal (127.0.0.1 or [::1]) belongs"),
        FindingDefinition(.reservedScheme, .warning, "a reserved or common scheme claimed as an app's own"),
        FindingDefinition(.privateUseSchemeWithoutDot, .warning, "a private-use scheme that is not a reverse-DNS name"),
        FindingDefinition(.schemeWithoutBundleID, .warning, "an app scheme that does not carry the app's bundle ID"),
        FindingDefinition(.notBrokerCapable, .warning, "a redirect URI that brokers cannot bind to an app (the client-ID form)"),
        FindingDefinition(.schemeUpperCase, .warning, "upper-case letters in the scheme, which iOS hands back lower-cased"),
    ]
}

extension FindingCode {
    /// The severity the core registry gives this code, if it is one of this module's.
    var coreSeverity: FindingSeverity? { FindingRegistry.core.definition(of: rawValue)?.severity }
}
