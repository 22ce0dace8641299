import RedirectURIKit

/// The codes of the app configuration doctor's findings (``AppConfigurationDoctor`` documents
/// each). The doctor also reports the core's ``FindingCode/notBrokerCapable``, for the same rule.
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

    // MARK: Checks

    /// No `CFBundleIdentifier`, or it expands to an empty string.
    public static let bundleIDMissing = FindingCode(rawValue: "bundle-id-missing")
    /// `CFBundleIdentifier` is not a valid bundle ID.
    public static let bundleIDInvalid = FindingCode(rawValue: "bundle-id-invalid")
    /// The redirect URI is not a valid absolute URI.
    public static let redirectURIInvalid = FindingCode(rawValue: "redirect-uri-invalid")
    /// The redirect URI's scheme is in no `CFBundleURLTypes[].CFBundleURLSchemes`.
    public static let urlSchemeNotRegistered = FindingCode(rawValue: "url-scheme-not-registered")
    /// A registered URL scheme has whitespace.
    public static let urlSchemeWhitespace = FindingCode(rawValue: "url-scheme-whitespace")
    /// `CFBundleIdentifier` differs from the redirect URI's bundle ID.
    public static let bundleIDMismatch = FindingCode(rawValue: "bundle-id-mismatch")
    /// `LSApplicationQueriesSchemes` lacks a broker scheme.
    public static let querySchemeMissing = FindingCode(rawValue: "query-scheme-missing")
    /// The named keychain group is not in `keychain-access-groups`.
    public static let keychainGroupMissing = FindingCode(rawValue: "keychain-group-missing")

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
    /// No redirect URI was given: the one MSAL would use was derived.
    public static let redirectURIDerived = FindingCode(rawValue: "redirect-uri-derived")

    /// Every code the doctor reports, the core's ``notBrokerCapable`` included.
    public static let doctorCodes: [FindingCode] = [
        .plistUnreadable, .plistWrongType, .infoPlistMissing, .infoPlistKeyIgnored, .xcconfigUnreadable,
        .bundleIDMissing, .bundleIDInvalid, .redirectURIInvalid, .urlSchemeNotRegistered, .urlSchemeWhitespace,
        .bundleIDMismatch, .querySchemeMissing, .keychainGroupMissing, .notBrokerCapable,
        .unexpandedVariable, .buildSettingUnset, .buildSettingCycle, .buildSettingOperatorUnsupported,
        .buildSettingUnterminated, .buildSettingExpansionLimit, .signingVariable, .buildSettingConditional,
        .buildSettingUnused, .projectTarget, .redirectURIDerived,
    ]
}
