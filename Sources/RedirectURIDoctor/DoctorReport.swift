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

    /// Creates a finding.
    public init(_ severity: FindingSeverity, _ code: FindingCode, _ message: String, fix: String) {
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
    public init(_ check: String, reason: String, needed: Bool = true) {
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
    /// The entitlements file that was read.
    public var entitlements: String?
    /// `CFBundleIdentifier` as the built app would carry it, when it could be expanded.
    public var bundleID: String?
    /// The redirect URI the checks used (given, or derived).
    public var redirectURI: String?
    /// The SDK whose rules were checked (`msal`, `google`, …).
    public var sdk: String?
    /// How the SDK was chosen: `given` (`--sdk`), `detected`, or `assumed`.
    public var sdkSource: String?

    /// An empty context.
    public init() {}

    enum CodingKeys: String, CodingKey {
        case project, target, productType, configuration, configurationIsDefault, infoPlist, entitlements, bundleID, redirectURI, sdk,
            sdkSource
    }

    /// Encodes every key, absent values as `null`, so that the JSON keeps one shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(project, forKey: .project)
        try container.encode(target, forKey: .target)
        try container.encode(productType, forKey: .productType)
        try container.encode(configuration, forKey: .configuration)
        try container.encode(configurationIsDefault, forKey: .configurationIsDefault)
        try container.encode(infoPlist, forKey: .infoPlist)
        try container.encode(entitlements, forKey: .entitlements)
        try container.encode(bundleID, forKey: .bundleID)
        try container.encode(redirectURI, forKey: .redirectURI)
        try container.encode(sdk, forKey: .sdk)
        try container.encode(sdkSource, forKey: .sdkSource)
    }
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
    public init(context: DoctorContext, findings: [DoctorFinding], skipped: [DoctorSkippedCheck]) {
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
