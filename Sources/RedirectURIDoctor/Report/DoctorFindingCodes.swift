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
    /// A registered URL scheme left as the sample's placeholder (`YOUR_REVERSED_CLIENT_ID`).
    public static let urlSchemePlaceholder = FindingCode(rawValue: "url-scheme-placeholder")
    /// A value in the entitlements, an SDK's configuration file or the Info.plist left as a
    /// placeholder (`webcredentials:YOUR_AUTH0_DOMAIN`, `{yourDomain}`).
    public static let valuePlaceholder = FindingCode(rawValue: "value-placeholder")
    /// The SDK's configuration file is empty or lacks the values the SDK reads from it.
    public static let sdkConfigurationMissing = FindingCode(rawValue: "sdk-configuration-missing")
    /// The redirect's scheme is not registered, and the SDK's default session
    /// (ASWebAuthenticationSession) captures the callback without it.
    public static let urlSchemeNotRegisteredSession = FindingCode(rawValue: "url-scheme-not-registered-session")
    /// A run-script phase may write Info.plist keys into the built app; those keys are not checked.
    public static let infoPlistEditedAtBuildTime = FindingCode(rawValue: "info-plist-edited-at-build-time")
    /// A file the project refers to is generated by a tool (`pod install`, `flutter pub get`) and absent.
    public static let generatedFileMissing = FindingCode(rawValue: "generated-file-missing")
    /// A macOS app signed without a team: Microsoft's macOS broker sends MSAL's unsigned-app redirect.
    public static let macOSUnsignedRedirect = FindingCode(rawValue: "macos-unsigned-redirect")
    /// No sign-in SDK was found: only the checks every app shares were run.
    public static let sdkNotFound = FindingCode(rawValue: "sdk-not-found")
    /// The target's platform has no browser sign-in (tvOS, watchOS): the SDK's redirect rules do not apply.
    public static let platformWithoutRedirect = FindingCode(rawValue: "platform-without-redirect")

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

    // MARK: The app's code

    /// What the doctor read from the target's Swift and Objective-C code, and used.
    public static let codeRead = FindingCode(rawValue: "code-read")
    /// A value the app's code passes to its SDK is computed at run time, so the checks cannot read it.
    public static let codeValueComputed = FindingCode(rawValue: "code-value-computed")
    /// A value the app's code passes to its SDK is empty: kept out of the repository, to fill in.
    public static let codeValueEmpty = FindingCode(rawValue: "code-value-empty")
    /// No code of the target passes the URL that opens the app to the SDK that needs it.
    public static let urlHandoffMissing = FindingCode(rawValue: "url-handoff-missing")
    /// Likewise for an SDK that needs it only on some devices (Google Sign-In's managed ones).
    public static let urlHandoffRecommended = FindingCode(rawValue: "url-handoff-recommended")
    /// The SDK's handler is called only from a method iOS does not call in the app's life cycle.
    public static let urlHandoffNotCalled = FindingCode(rawValue: "url-handoff-not-called")
    /// The SDK's handler runs only when iOS reports the source application, which it does not for
    /// another vendor's app from iOS 13.
    public static let urlHandoffSourceApplication = FindingCode(rawValue: "url-handoff-source-application")

    // MARK: What was checked

    /// The target, configuration and files that were checked.
    public static let projectTarget = FindingCode(rawValue: "project-target")
    /// No redirect URI was given: the one the SDK would use was derived.
    public static let redirectURIDerived = FindingCode(rawValue: "redirect-uri-derived")

    /// Every code the doctor reports, with its one severity and its description, the core's
    /// ``notBrokerCapable`` included at the core's severity: the one registry of the doctor's codes.
    /// ``doctorSeverities`` and the SARIF rules of `parse doctor --format sarif` are read from it,
    /// so a code cannot be an error in one place and a warning in another, nor lack its rule text.
    static let doctorRules: [FindingCode: DoctorRule] = [
        .plistUnreadable: DoctorRule(
            .error, "A property list cannot be read",
            "The Info.plist or entitlements file is missing, is not a property list, or has no dictionary at its root, so nothing in it can be checked.",
            help: "Point the build setting (INFOPLIST_FILE, CODE_SIGN_ENTITLEMENTS) at the right file and check it with `plutil -lint`."),
        .plistWrongType: DoctorRule(
            .error, "A key has the wrong type",
            "A key the sign-in flow reads has a value of another type than iOS expects (a string where an array belongs), so iOS ignores it.",
            help: "Give the key the type iOS documents: CFBundleURLTypes an array of dictionaries, CFBundleURLSchemes an array of strings."),
        .infoPlistMissing: DoctorRule(
            .error, "The target has no Info.plist",
            "Neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE is set, so the app has no URL types and no bundle ID to check.",
            help: "Set INFOPLIST_FILE to the target's Info.plist, or GENERATE_INFOPLIST_FILE = YES."),
        .infoPlistKeyIgnored: DoctorRule(
            .warning, "An INFOPLIST_KEY_ setting Xcode does not generate",
            "INFOPLIST_KEY_CFBundleURLTypes and INFOPLIST_KEY_LSApplicationQueriesSchemes are not keys Xcode generates, so the built app does not have them.",
            help: "Put CFBundleURLTypes and LSApplicationQueriesSchemes in an Info.plist file; Xcode merges it into the generated one."),
        .xcconfigUnreadable: DoctorRule(
            .warning, "An .xcconfig file cannot be read",
            "A base configuration file, or a file it includes, cannot be read, so the settings it holds are unknown.",
            help: "Fix the path of the base configuration or of the #include."),
        .sdkDetected: DoctorRule(
            .info, "The sign-in SDK the checks follow",
            "The SDK whose rules were checked, and what in the project names it (a package, a pod, a configuration file).",
            help: "Pass --sdk to check another SDK's rules."),
        .sdkMismatch: DoctorRule(
            .warning, "The SDK checked is not the one the project uses",
            "The project's packages, configuration or schemes point to another sign-in SDK than the one checked.",
            help: "Pass the SDK the app uses with --sdk, or remove the other SDK's leftovers."),
        .sdkConfigurationInvalid: DoctorRule(
            .error, "The SDK's configuration is malformed",
            "A value the SDK reads from its configuration (a Google client ID in GIDClientID) is not in the form the SDK needs.",
            help: "Copy the value again from the SDK's console (for Google: the iOS client's ID)."),
        .bundleIDMissing: DoctorRule(
            .error, "No bundle ID",
            "CFBundleIdentifier is missing or expands to an empty string, so the redirect URI the SDK derives from it cannot be checked.",
            help: "Set PRODUCT_BUNDLE_IDENTIFIER and write CFBundleIdentifier as $(PRODUCT_BUNDLE_IDENTIFIER)."),
        .bundleIDInvalid: DoctorRule(
            .error, "The bundle ID is not valid",
            "CFBundleIdentifier is not dot-separated labels of letters, digits and '-'.",
            help: "Use $(PRODUCT_NAME:rfc1034identifier) rather than $(PRODUCT_NAME), or write the ID with letters, digits, '-' and '.'."),
        .redirectURIUnparsable: DoctorRule(
            .error, "The redirect URI does not parse",
            "The redirect URI the app uses is not an absolute URI (RFC 3986), so no registration can match it.",
            help: "Write the redirect URI as scheme://host/path, as registered with the identity provider."),
        .urlSchemeNotRegistered: DoctorRule(
            .error, "The redirect's URL scheme is not registered",
            "The redirect URI's scheme is in no CFBundleURLTypes entry's CFBundleURLSchemes, so iOS never hands the redirect back to the app.",
            help: "Add the scheme to URL Schemes of a URL type (Xcode: target, Info, URL Types)."),
        .urlSchemeWhitespace: DoctorRule(
            .error, "A URL scheme has whitespace",
            "A registered URL scheme contains whitespace; schemes are matched exactly, so it never matches.",
            help: "Remove the whitespace from the scheme."),
        .urlSchemeInvalid: DoctorRule(
            .error, "A URL scheme is not a scheme",
            "A registered URL scheme is a whole URL, has a path or a colon, or starts with a digit: RFC 3986 allows a letter, then letters, digits, '+', '-' and '.'.",
            help: "Write only the scheme, without '://' or a path."),
        .urlSchemeReserved: DoctorRule(
            .error, "The app claims a broker or system scheme",
            "The app registers a scheme that belongs to the Microsoft broker or to the system (msauth, https, ...); App Store review rejects it and the redirect never reaches the app.",
            help: "Remove it, and register a scheme of the app's own; broker schemes belong in LSApplicationQueriesSchemes."),
        .urlSchemesOutsideURLTypes: DoctorRule(
            .error, "URL schemes outside CFBundleURLTypes",
            "CFBundleURLSchemes is at the top level of the Info.plist, where iOS never reads it: none of its schemes is registered.",
            help: "Move the schemes into a CFBundleURLTypes entry."),
        .urlSchemeInURLName: DoctorRule(
            .error, "The scheme is in the URL type's identifier",
            "The scheme the redirect needs is written in CFBundleURLName (Xcode's Identifier field) instead of CFBundleURLSchemes.",
            help: "Add the scheme to URL Schemes of that URL type; the Identifier can stay."),
        .urlSchemeUppercase: DoctorRule(
            .warning, "A URL scheme has upper-case letters",
            "iOS hands the redirect back with the scheme lower-cased, which an SDK that compares exactly does not match.",
            help: "Use the lower-case scheme in CFBundleURLSchemes, the redirect URI and the server's registration."),
        .urlSchemeDuplicate: DoctorRule(
            .warning, "A URL scheme is registered twice",
            "The same scheme is in two places of CFBundleURLTypes.",
            help: "Keep one of them."),
        .bundleIDMismatch: DoctorRule(
            .error, "The bundle ID differs from the redirect URI's",
            "CFBundleIdentifier is not the bundle ID in the redirect URI, so the broker or the SDK rejects the redirect.",
            help: "Register the redirect URI built from the app's bundle ID, or fix PRODUCT_BUNDLE_IDENTIFIER."),
        .querySchemeMissing: DoctorRule(
            .error, "A broker scheme is missing from LSApplicationQueriesSchemes",
            "The SDK cannot see whether the broker app is installed without its schemes in LSApplicationQueriesSchemes.",
            help: "Add the SDK's broker schemes to LSApplicationQueriesSchemes (MSAL: msauthv2 and msauthv3)."),
        .keychainGroupMissing: DoctorRule(
            .error, "The SDK's keychain group is not in the entitlements",
            "keychain-access-groups does not hold the group the SDK keeps its token cache in, so the cache cannot be written.",
            help: "Add $(AppIdentifierPrefix) followed by the group (MSAL: com.microsoft.adalcache) to Keychain Sharing."),
        .keychainGroupUnprefixed: DoctorRule(
            .error, "A keychain group lacks the team prefix",
            "A keychain-access-groups entry names the SDK's group without $(AppIdentifierPrefix), so it is not the group the SDK uses.",
            help: "Write the entry as $(AppIdentifierPrefix) followed by the group."),
        .urlSchemePlaceholder: DoctorRule(
            .error, "A URL scheme is a placeholder",
            "A registered URL scheme is still the sample's placeholder (YOUR_REVERSED_CLIENT_ID, {customUriScheme}), so the redirect the SDK uses is not registered.",
            help: "Replace it with the value the placeholder names (for Google: the reversed client ID)."),
        .valuePlaceholder: DoctorRule(
            .error, "A value is a placeholder",
            "A value in the entitlements, an SDK's configuration file or the Info.plist is still a placeholder (YOUR_AUTH0_DOMAIN, {yourDomain}), so the SDK or iOS reads a value that does not exist.",
            help: "Replace it with the value the placeholder names, from the SDK's dashboard or console."),
        .sdkConfigurationMissing: DoctorRule(
            .error, "The SDK's configuration file is empty",
            "The SDK's configuration file (Auth0.plist) is empty, unreadable or lacks the values the SDK reads from it, so sign-in cannot start.",
            help: "Fill in the values from the SDK's dashboard (Auth0: ClientId and Domain)."),
        .urlSchemeNotRegisteredSession: DoctorRule(
            .info, "The callback scheme is not registered, and need not be",
            "The redirect's scheme is not a registered URL scheme; the SDK's default ASWebAuthenticationSession captures the callback without it, so sign-in works, but another browser or provider would not come back.",
            help: "Register the scheme if the app switches to another provider (Auth0's SFSafariViewController, an external browser)."),
        .infoPlistEditedAtBuildTime: DoctorRule(
            .info, "Info.plist keys are edited at build time",
            "A run-script phase may write keys into the built Info.plist (PlistBuddy, plutil, defaults, or a script it runs), so what the source Info.plist lacks of them may be added when the app is built and is not reported as missing.",
            help: "Check the built app's Info.plist (`parse doctor --info-plist <App.app>/Info.plist`) to check what the phase wrote."),
        .generatedFileMissing: DoctorRule(
            .info, "A generated file is absent",
            "A file the project refers to is made by a tool (`pod install`, `flutter pub get`) and is not there; the settings it would hold (search paths, linker flags, the wrapper's build values) are taken as unset.",
            help: "Run the command named to make it, then run the doctor again."),
        .macOSUnsignedRedirect: DoctorRule(
            .info, "A macOS app without a signing team",
            "The macOS target sets no DEVELOPMENT_TEAM: signed this way, the app has no team ID, and Microsoft's macOS broker (Enterprise SSO) signs it in with the redirect URI msauth.com.msauth.unsignedapp://auth instead of the app's own.",
            help: "Set DEVELOPMENT_TEAM, or add msauth.com.msauth.unsignedapp://auth to the app registration for builds without a team."),
        .sdkNotFound: DoctorRule(
            .info, "No sign-in SDK was found",
            "Nothing in the project names a sign-in SDK, so only the checks every app shares ran (the URL schemes, the bundle ID, the entitlements' values); no SDK's requirements were checked.",
            help: "Pass --sdk to check an SDK's requirements."),
        .platformWithoutRedirect: DoctorRule(
            .info, "The platform has no browser sign-in",
            "On tvOS and watchOS no sign-in SDK sends the user to a browser and back, so redirect-URI requirements do not apply there (apps sign in with a device code or through the phone).",
            help: "Nothing to do; pass --sdk to check the SDK's rules anyway."),
        .associatedDomainMissing: DoctorRule(
            .error, "The callback's domain is not an associated domain",
            "A universal-link callback's domain is not in com.apple.developer.associated-domains, so iOS does not open the app with it.",
            help: "Add applinks: or webcredentials: with the domain to Associated Domains."),
        .notBrokerCapable: DoctorRule(
            .warning, "The redirect URI cannot be used with the broker",
            "The redirect URI is not of the form the Microsoft broker returns to (msauth.<bundle ID>://auth).",
            help: "Register and use msauth.<bundle ID>://auth."),
        .unexpandedVariable: DoctorRule(
            .warning, "A build setting has no value",
            "A value refers to a build setting that was neither read from a project nor given, so the checks that need it did not run.",
            help: "Pass the project with --project, or the value with --build-setting NAME=VALUE."),
        .buildSettingUnset: DoctorRule(
            .warning, "A build setting is set nowhere",
            "No level of the project sets a setting a value refers to; Xcode substitutes an empty string.",
            help: "Set the build setting in the target, or remove the reference."),
        .buildSettingCycle: DoctorRule(
            .warning, "Build settings refer to each other in a loop",
            "Expanding a value refers back to a setting already being expanded.",
            help: "Break the loop so that one of the settings has a value of its own."),
        .buildSettingOperatorUnsupported: DoctorRule(
            .warning, "A build-setting operator the doctor does not evaluate",
            "A reference uses an operator other than the ones the doctor evaluates, so its value is unknown.",
            help: "Pass the value with --build-setting NAME=VALUE."),
        .buildSettingUnterminated: DoctorRule(
            .warning, "A build-setting reference is not closed",
            "A value has $( with no closing parenthesis.",
            help: "Close the reference with ')'."),
        .buildSettingExpansionLimit: DoctorRule(
            .warning, "Build-setting expansion was stopped",
            "Expanding a value nested, grew or referred too much and was stopped.",
            help: "Simplify the settings the value refers to."),
        .signingVariable: DoctorRule(
            .info, "A value filled in at signing",
            "$(AppIdentifierPrefix) and $(TeamIdentifierPrefix) are filled in when the app is signed, not from build settings.",
            help: "Nothing to do: the checks read what follows the prefix."),
        .buildSettingConditional: DoctorRule(
            .info, "A build setting has conditional variants",
            "A setting a value uses also has variants for an SDK or architecture, which are not evaluated.",
            help: "Check the conditional values by hand, or pass the value with --build-setting."),
        .buildSettingUnused: DoctorRule(
            .info, "A given build setting was not used",
            "A value given on the command line is used by no checked value.",
            help: "Check the setting's name."),
        .codeRead: DoctorRule(
            .info, "What was read from the app's code",
            "The redirect URI, keychain group, authority or client ID the target's Swift and Objective-C code configures its SDK with, each with its file and line, as the checks used it.",
            help: "Nothing to do; pass --redirect-uri or --keychain-group to check other values."),
        .codeValueComputed: DoctorRule(
            .info, "A value in the app's code is computed",
            "The app's code passes its SDK a value computed at run time (a function's result, a value read from a file), which the doctor does not run; the checks use the Info.plist's and the SDK's defaults instead.",
            help: "Pass the value with --redirect-uri or --keychain-group to check it."),
        .codeValueEmpty: DoctorRule(
            .info, "A value in the app's code is empty",
            "The app's code passes its SDK an empty value (a client ID written as \"\"), as a public repository does with a value it keeps out; the checks that need the value do not run.",
            help: "Fill it in where the app's build does; pass it with --redirect-uri to check what it makes."),
        .urlHandoffMissing: DoctorRule(
            .error, "The URL that opens the app never reaches the SDK",
            "The SDK completes a sign-in (through a broker app, or a browser it does not own) only when the app passes it the URL that opens the app, and no code of the target does.",
            help:
                "Call the SDK's handler with the URL in scene(_:openURLContexts:), application(_:open:options:) or .onOpenURL, whichever the app's life cycle uses."
        ),
        .urlHandoffRecommended: DoctorRule(
            .warning, "The URL that opens the app does not reach the SDK on some devices",
            "The SDK needs the URL that opens the app only in some flows (Google Sign-In on a managed device, through the Google Device Policy app), and no code of the target passes it on.",
            help: "Call the SDK's handler with the URL in the entry point the app's life cycle uses."),
        .urlHandoffNotCalled: DoctorRule(
            .error, "The SDK's handler is in a method iOS does not call",
            "The URL is passed to the SDK only in application(_:open:options:), which iOS does not call in an app with scenes or a SwiftUI App.",
            help: "Pass the URL on in scene(_:openURLContexts:) (scenes) or .onOpenURL (SwiftUI)."),
        .urlHandoffSourceApplication: DoctorRule(
            .error, "The SDK's handler depends on the source application",
            "The URL is passed to the SDK only when iOS reports which app opened it, or reports a given one; from iOS 13, iOS reports no source application for another vendor's app, a broker included.",
            help: "Pass every URL to the SDK's handler, with the source application as it is (nil included)."),
        .projectTarget: DoctorRule(
            .info, "What was checked",
            "The target, configuration, Info.plist and entitlements the checks read.",
            help: "Pass --target or --configuration to check another."),
        .redirectURIDerived: DoctorRule(
            .info, "The redirect URI was derived",
            "No redirect URI was given, so the one the SDK derives from its configuration was checked.",
            help: "Pass --redirect-uri to check the one the app registers."),
    ]

    /// Every code the doctor reports with its one severity, read from ``doctorRules``.
    public static let doctorSeverities: [FindingCode: FindingSeverity] = doctorRules.mapValues(\.severity)

    /// Every code the doctor reports, sorted.
    public static var doctorCodes: [FindingCode] { doctorSeverities.keys.sorted() }
}
