import RedirectURIKit

/// A finding of the app configuration doctor: a severity, a stable code, what is wrong and the fix.
///
/// Severities and codes are the core's (``FindingSeverity``, ``FindingCode``): one scale and one
/// namespace of codes for every module. In JSON both are their identifiers, e.g.
/// `{"severity": "error", "code": "url-scheme-not-registered", "message": "…", "fix": "…"}`.
public struct DoctorFinding: Sendable, Hashable, Codable {
    /// How bad it is: `error` (the broker flow will fail), `warning` (likely a mistake, or
    /// something the doctor could not check), `info` (worth knowing).
    public typealias Severity = FindingSeverity

    /// How bad it is.
    public var severity: FindingSeverity
    /// A stable identifier (see ``AppConfigurationDoctor`` and ``FindingCode/doctorCodes``).
    public var code: FindingCode
    /// What is wrong.
    public var message: String
    /// How to fix it.
    public var fix: String
    /// Where it is: the file and the key in it. Not part of the JSON: the Xcode, GitHub and SARIF
    /// output of `parse doctor` show it.
    public var location: DoctorLocation?
    /// The SDK whose requirement it is (`msal`, `google`, …), or `nil` for what every app needs.
    public var sdk: String?

    enum CodingKeys: String, CodingKey {
        case severity, code, message, fix, sdk
    }

    /// Encodes every key, `sdk` as `null` for a finding every app shares.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encode(fix, forKey: .fix)
        try container.encode(sdk, forKey: .sdk)
    }

    /// Reads a finding; `sdk` may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        severity = try container.decode(FindingSeverity.self, forKey: .severity)
        code = try container.decode(FindingCode.self, forKey: .code)
        message = try container.decode(String.self, forKey: .message)
        fix = try container.decode(String.self, forKey: .fix)
        sdk = try container.decodeIfPresent(String.self, forKey: .sdk)
    }

    /// Creates a finding.
    init(_ severity: FindingSeverity, _ code: FindingCode, _ message: String, fix: String) {
        self.severity = severity
        self.code = code
        self.message = message
        self.fix = fix
    }

    /// Creates a finding at its code's one severity (``FindingCode/doctorSeverities``); a code
    /// missing from the registry is an error, which the registry test catches first.
    init(_ code: FindingCode, _ message: String, fix: String) {
        self.init(FindingCode.doctorSeverities[code] ?? .error, code, message, fix: fix)
    }
}

/// Where a finding is: which file the doctor read it from and, for a property list, the key path
/// of the value (`CFBundleURLTypes[0].CFBundleURLSchemes[1]`).
public struct DoctorLocation: Sendable, Hashable {
    /// Which of the app's files a finding is in.
    public enum Artifact: String, Sendable, Hashable {
        /// The Info.plist.
        case infoPlist
        /// An entitlements file.
        case entitlements
        /// The Xcode project (`project.pbxproj`) or an `.xcconfig` it uses.
        case project
        /// A Swift or Objective-C file of the target, at ``DoctorLocation/line``.
        case sourceCode
    }

    /// Which file.
    public var artifact: Artifact
    /// The file's path, when the doctor read it from disk (with a project); `nil` for bytes the
    /// caller passed, whose path the caller knows.
    public var path: String?
    /// The key path in a property list, `nil` for the file as a whole.
    public var keyPath: String?
    /// The 1-based line: in a source file (``Artifact/sourceCode``), and in a property list the
    /// line of the key path's value, when the doctor found it in the file it read.
    public var line: Int?
    /// The 1-based column of the key path's value in a property list, with ``line``.
    var column: Int?

    /// Creates a location.
    init(_ artifact: Artifact, path: String? = nil, keyPath: String? = nil, line: Int? = nil) {
        self.artifact = artifact
        self.path = path
        self.keyPath = keyPath
        self.line = line
    }
}

/// A check the doctor did not run, and why (for example a value it needs is still
/// `$(PRODUCT_BUNDLE_IDENTIFIER)` and no value was given).
///
/// A check is *needed* when what it reads was given or found but could not be read or expanded
/// (an unreadable file, a wrong-typed key, `$(PRODUCT_BUNDLE_IDENTIFIER)` with nothing to expand
/// it): then the report is incomplete and `parse doctor` exits 1, so CI never passes on nothing
/// checked. A check the SDK gives nothing to run on (no redirect URI for AppAuth, no entitlements
/// passed without a project) is listed but not needed.
public struct DoctorSkippedCheck: Sendable, Hashable, Codable {
    /// The check's stable name (see ``AppConfigurationDoctor``).
    public var check: String
    /// Why it did not run.
    public var reason: String
    /// Whether the report is incomplete without it (see above).
    public var needed: Bool

    /// Creates a skipped check.
    init(_ check: String, reason: String, needed: Bool = true) {
        self.check = check
        self.reason = reason
        self.needed = needed
    }
}

/// What was checked: the project, target and configuration (when a project was read), the files,
/// and the bundle ID and redirect URI the checks used. Absent values are `nil` (`null` in JSON).
public struct DoctorContext: Sendable, Hashable, Codable {
    /// The `.xcodeproj` that was read.
    public var project: String?
    /// The target that was checked.
    public var target: String?
    /// The target's product type (e.g. `com.apple.product-type.application`).
    public var productType: String?
    /// The build configuration whose settings were used.
    public var configuration: String?
    /// Whether the configuration was chosen by default rather than named.
    public var configurationIsDefault: Bool?
    /// The Info.plist that was read, or a description of the generated one.
    public var infoPlist: String?
    /// The Info.plist file's path on disk, when the checks read one (not in the JSON: what a
    /// format places the report's needed-but-not-run checks at).
    var infoPlistFile: String?
    /// The entitlements file that was read.
    public var entitlements: String?
    /// `CFBundleIdentifier` as the built app would carry it, when it could be expanded.
    public var bundleID: String?
    /// The redirect URI the checks used (given, or derived).
    public var redirectURI: String?
    /// The SDK whose rules were checked (`msal`, `google`, …).
    public var sdk: String?
    /// How the SDK was chosen: `given` (`--sdk`), `detected`, or `none` (no sign-in SDK found:
    /// only the checks every app shares ran).
    public var sdkSource: String?
    /// Every SDK checked, with what in the project names it (empty when none was found).
    public var sdks: [DetectedSDK] = []
    /// The target's platform (`ios`, `macos`, `tvos`, `watchos`, `visionos`), when a project says it.
    public var platform: String?

    /// An empty context.
    init() {}

    enum CodingKeys: String, CodingKey {
        case project, target, productType, platform, configuration, configurationIsDefault, infoPlist, entitlements, bundleID, redirectURI,
            sdk, sdkSource, sdks
    }

    /// Encodes every key, absent values as `null`, so that the JSON keeps one shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(project, forKey: .project)
        try container.encode(target, forKey: .target)
        try container.encode(productType, forKey: .productType)
        try container.encode(platform, forKey: .platform)
        try container.encode(configuration, forKey: .configuration)
        try container.encode(configurationIsDefault, forKey: .configurationIsDefault)
        try container.encode(infoPlist, forKey: .infoPlist)
        try container.encode(entitlements, forKey: .entitlements)
        try container.encode(bundleID, forKey: .bundleID)
        try container.encode(redirectURI, forKey: .redirectURI)
        try container.encode(sdk, forKey: .sdk)
        try container.encode(sdkSource, forKey: .sdkSource)
        try container.encode(sdks, forKey: .sdks)
    }

    /// Reads a context, `sdks` and `platform` being optional (reports written before they existed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        project = try container.decodeIfPresent(String.self, forKey: .project)
        target = try container.decodeIfPresent(String.self, forKey: .target)
        productType = try container.decodeIfPresent(String.self, forKey: .productType)
        platform = try container.decodeIfPresent(String.self, forKey: .platform)
        configuration = try container.decodeIfPresent(String.self, forKey: .configuration)
        configurationIsDefault = try container.decodeIfPresent(Bool.self, forKey: .configurationIsDefault)
        infoPlist = try container.decodeIfPresent(String.self, forKey: .infoPlist)
        entitlements = try container.decodeIfPresent(String.self, forKey: .entitlements)
        bundleID = try container.decodeIfPresent(String.self, forKey: .bundleID)
        redirectURI = try container.decodeIfPresent(String.self, forKey: .redirectURI)
        sdk = try container.decodeIfPresent(String.self, forKey: .sdk)
        sdkSource = try container.decodeIfPresent(String.self, forKey: .sdkSource)
        sdks = try container.decodeIfPresent([DetectedSDK].self, forKey: .sdks) ?? []
    }
}

/// A sign-in SDK the doctor checked for, and what in the project names it
/// (`{"sdk": "msal", "sources": ["Podfile.lock (pod MSAL)"]}`).
public struct DetectedSDK: Sendable, Hashable, Codable {
    /// The SDK (`msal`, `google`, …).
    public var sdk: String
    /// Where it was found, or `--sdk` when it was named.
    public var sources: [String]
}

/// The doctor's result: what was checked, the findings in check order, and the checks that could
/// not run.
///
/// ```swift
/// let report = AppConfigurationDoctor.report(infoPlist: data)
/// report.hasErrors                      // drives the exit status of `parse doctor`
/// report.skipped.map(\.check)           // e.g. ["bundle-id", "redirect-uri", ...]
/// ```
public struct DoctorReport: Sendable, Hashable, Codable {
    /// What was checked.
    public var context: DoctorContext
    /// The findings, in the order the checks ran.
    public var findings: [DoctorFinding]
    /// The checks that did not run, with the reason.
    public var skipped: [DoctorSkippedCheck]

    /// Creates a report.
    init(context: DoctorContext, findings: [DoctorFinding], skipped: [DoctorSkippedCheck]) {
        self.context = context
        self.findings = findings
        self.skipped = skipped
    }

    /// Whether any finding is an error.
    public var hasErrors: Bool {
        findings.contains { $0.severity == .error }
    }

    /// Whether a needed check could not run (see ``DoctorSkippedCheck``).
    public var isIncomplete: Bool {
        skipped.contains { $0.needed }
    }

    /// Whether `parse doctor` exits 1: an error, or a needed check that could not run.
    public var failed: Bool {
        hasErrors || isIncomplete
    }
}
