import RedirectURIKit

/// The codes of the app configuration doctor's findings (``AppConfigurationDoctor`` documents
/// each). The doctor also reports the core's ``FindingCode/notBrokerCapable``, for the same rule
/// and at the core's severity.
extension FindingCode {
    // MARK: Files

    /// A file is not a property list with a dictionary at its root, or cannot be read.
    public static let plistUnreadable = FindingCode(rawValue: "plist-unreadable")
    /// A key has the wrong type.
    public static let plistWrongType = FindingCode(rawValue: "plist-wrong-type")
    /// The target has no Info.plist: neither `INFOPLIST_FILE` nor `GENERATE_INFOPLIST_FILE`.
    public static let infoPlistMissing = FindingCode(rawValue: "info-plist-missing")
    /// `INFOPLIST_KEY_CFBundleURLTypes` or `INFOPLIST_KEY_LSApplicationQueriesSchemes`, which Xcode does not generate.
    public static let infoPlistKeyIgnored = FindingCode(rawValue: "infoplist-key-ignored")
    /// A base `.xcconfig`, or a file it includes, cannot be read.
    public static let xcconfigUnreadable = FindingCode(rawValue: "xcconfig-unreadable")

    // MARK: The SDK

    /// The SDK the checks follow, and what in the project names it.
    public static let sdkDetected = FindingCode(rawValue: "sdk-detected")
    /// The SDK checked for is not the one the project's packages, configuration or schemes point to.
    public static let sdkMismatch = FindingCode(rawValue: "sdk-mismatch")
    /// A value an SDK reads from its configuration is malformed (a reversed Google client ID in `GIDClientID`).
    public static let sdkConfigurationInvalid = FindingCode(rawValue: "sdk-configuration-invalid")

    // MARK: Checks

    /// No `CFBundleIdentifier`, or it expands to an empty string.
    public static let bundleIDMissing = FindingCode(rawValue: "bundle-id-missing")
    /// `CFBundleIdentifier` is not a valid bundle ID.
    public static let bundleIDInvalid = FindingCode(rawValue: "bundle-id-invalid")
    /// The redirect URI the app uses does not parse as an absolute URI. (Not the core's
    /// `invalid-redirect-uri`, which is a registration lint warning.)
    public static let redirectURIUnparsable = FindingCode(rawValue: "redirect-uri-unparsable")
    /// The redirect URI's scheme is in no `CFBundleURLTypes[].CFBundleURLSchemes`.
    public static let urlSchemeNotRegistered = FindingCode(rawValue: "url-scheme-not-registered")
    /// A registered URL scheme has whitespace.
    public static let urlSchemeWhitespace = FindingCode(rawValue: "url-scheme-whitespace")
    /// A registered URL scheme is not an RFC 3986 scheme: a whole URL, a path, a leading digit.
    public static let urlSchemeInvalid = FindingCode(rawValue: "url-scheme-invalid")
    /// The app claims a scheme that belongs to a broker or to the system (`msauth`, `https`, …).
    public static let urlSchemeReserved = FindingCode(rawValue: "url-scheme-reserved")
    /// `CFBundleURLSchemes` at the top level of the Info.plist, where iOS never reads it.
    public static let urlSchemesOutsideURLTypes = FindingCode(rawValue: "url-schemes-outside-url-types")
    /// The missing scheme is written in a URL type's `CFBundleURLName` (Xcode's "Identifier").
    public static let urlSchemeInURLName = FindingCode(rawValue: "url-scheme-in-url-name")
    /// A registered scheme has upper-case letters; iOS hands the URL back lower-cased.
    public static let urlSchemeUppercase = FindingCode(rawValue: "url-scheme-uppercase")
    /// The same scheme is claimed twice.
    public static let urlSchemeDuplicate = FindingCode(rawValue: "url-scheme-duplicate")
    /// `CFBundleIdentifier` differs from the redirect URI's bundle ID.
    public static let bundleIDMismatch = FindingCode(rawValue: "bundle-id-mismatch")
    /// `LSApplicationQueriesSchemes` lacks a broker scheme.
    public static let querySchemeMissing = FindingCode(rawValue: "query-scheme-missing")
    /// The keychain group is not in `keychain-access-groups`.
    public static let keychainGroupMissing = FindingCode(rawValue: "keychain-group-missing")
    /// A `keychain-access-groups` entry names the group without the team prefix.
    public static let keychainGroupUnprefixed = FindingCode(rawValue: "keychain-group-unprefixed")
    /// A universal-link callback whose domain is not in the Associated Domains entitlement.
    public static let associatedDomainMissing = FindingCode(rawValue: "associated-domain-missing")

    // MARK: Build settings

    /// A build setting with no value (no project read): the checks that need it are skipped.
    public static let unexpandedVariable = FindingCode(rawValue: "unexpanded-variable")
    /// A setting no level of the project sets: Xcode substitutes an empty string.
    public static let buildSettingUnset = FindingCode(rawValue: "build-setting-unset")
    /// Settings that refer to each other in a loop.
    public static let buildSettingCycle = FindingCode(rawValue: "build-setting-cycle")
    /// An operator the doctor does not evaluate.
    public static let buildSettingOperatorUnsupported = FindingCode(rawValue: "build-setting-operator-unsupported")
    /// A `$(` with no closing `)`.
    public static let buildSettingUnterminated = FindingCode(rawValue: "build-setting-unterminated")
    /// Expansion nested, grew or referred too much and was stopped.
    public static let buildSettingExpansionLimit = FindingCode(rawValue: "build-setting-expansion-limit")
    /// `$(AppIdentifierPrefix)` or `$(TeamIdentifierPrefix)`: filled in when the app is signed.
    public static let signingVariable = FindingCode(rawValue: "signing-variable")
    /// A used setting also has conditional variants, which are not evaluated.
    public static let buildSettingConditional = FindingCode(rawValue: "build-setting-conditional")
    /// A value given on the command line that no checked value uses.
    public static let buildSettingUnused = FindingCode(rawValue: "build-setting-unused")

    // MARK: What was checked

    /// The target, configuration and files that were checked.
    public static let projectTarget = FindingCode(rawValue: "project-target")
    /// No redirect URI was given: the one the SDK would use was derived.
    public static let redirectURIDerived = FindingCode(rawValue: "redirect-uri-derived")

    /// Every code the doctor reports, with its one severity, the core's ``notBrokerCapable``
    /// included at the core's severity. A finding's severity is looked up here, so a code cannot
    /// be an error in one place and a warning in another.
    public static let doctorSeverities: [FindingCode: FindingSeverity] = [
        .plistUnreadable: .error, .plistWrongType: .error, .infoPlistMissing: .error, .infoPlistKeyIgnored: .warning,
        .xcconfigUnreadable: .warning,
        .sdkDetected: .info, .sdkMismatch: .warning, .sdkConfigurationInvalid: .error,
        .bundleIDMissing: .error, .bundleIDInvalid: .error, .redirectURIUnparsable: .error, .urlSchemeNotRegistered: .error,
        .urlSchemeWhitespace: .error, .urlSchemeInvalid: .error, .urlSchemeReserved: .error, .urlSchemesOutsideURLTypes: .error,
        .urlSchemeInURLName: .error, .urlSchemeUppercase: .warning, .urlSchemeDuplicate: .warning,
        .bundleIDMismatch: .error, .querySchemeMissing: .error, .keychainGroupMissing: .error, .keychainGroupUnprefixed: .error,
        .associatedDomainMissing: .error,
        .notBrokerCapable: .warning,
        .unexpandedVariable: .warning, .buildSettingUnset: .warning, .buildSettingCycle: .warning,
        .buildSettingOperatorUnsupported: .warning, .buildSettingUnterminated: .warning, .buildSettingExpansionLimit: .warning,
        .signingVariable: .info, .buildSettingConditional: .info, .buildSettingUnused: .info,
        .projectTarget: .info, .redirectURIDerived: .info,
    ]

    /// Every code the doctor reports, sorted.
    public static var doctorCodes: [FindingCode] { doctorSeverities.keys.sorted() }
}
