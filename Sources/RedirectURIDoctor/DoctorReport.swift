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
}

/// A check the doctor did not run, and why (for example a value it needs is still
/// `$(PRODUCT_BUNDLE_IDENTIFIER)` and no value was given).
///
/// A skipped check is not a failure: it does not change the exit status of `parse doctor`. It is
/// listed so that a clean report is never mistaken for a complete one.
public struct DoctorSkippedCheck: Sendable, Hashable, Codable {
    /// The check's stable name (see ``AppConfigurationDoctor``).
    public var check: String
    /// Why it did not run.
    public var reason: String

    /// Creates a skipped check.
    public init(_ check: String, reason: String) {
        self.check = check
        self.reason = reason
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

    /// An empty context.
    public init() {}

    enum CodingKeys: String, CodingKey {
        case project, target, productType, configuration, configurationIsDefault, infoPlist, entitlements, bundleID, redirectURI
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
}
