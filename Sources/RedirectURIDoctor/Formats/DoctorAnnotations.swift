import Foundation
@_spi(Toolkit) import RedirectURIKit

/// A doctor report as the lines and files developer tools read: Xcode's `path:line:column:`
/// diagnostics, GitHub Actions workflow commands, and SARIF 2.1.0 for code scanning.
///
/// Each finding is placed at its file and, in an XML property list, at the line of its key
/// (``PlistKeyLocator``); in a binary plist, an `.xcconfig` or the project, at line 1 of the file.
/// The files a report names by role (the Info.plist and entitlements the caller passed as bytes)
/// are given here by path.
///
/// ```swift
/// let annotations = DoctorAnnotations(infoPlistPath: "App/Info.plist")
/// print(annotations.xcode(report))
/// // App/Info.plist:12:5: error: the URL scheme 'msauth' (…) … [url-scheme-reserved]
/// ```
public struct DoctorAnnotations {
    /// The Info.plist's path, for findings whose location has none (bytes the caller read).
    var infoPlistPath: String?
    /// The entitlements file's path, likewise.
    var entitlementsPath: String?
    /// How paths are shown: relative to this folder when under it (the folder a CI job runs in,
    /// the root SARIF's relative URIs start from), else as they are.
    var root: String?
    /// Reads a file's bytes, to find lines in it; `nil` when it cannot be read.
    var contents: @Sendable (String) -> [UInt8]?

    /// Creates the renderer; `contents` reads from disk unless given.
    public init(
        infoPlistPath: String? = nil, entitlementsPath: String? = nil, root: String? = nil,
        contents: @escaping @Sendable (String) -> [UInt8]? = { path in FileManager.default.contents(atPath: path).map { Array($0) } }
    ) {
        self.infoPlistPath = infoPlistPath
        self.entitlementsPath = entitlementsPath
        self.root = root
        self.contents = contents
    }

    /// Where a finding is in a file: the path as shown, a 1-based line and column.
    struct Place: Sendable, Hashable {
        /// The file's path, relative to ``DoctorAnnotations/root`` when under it.
        var path: String
        /// The line, from 1.
        var line: Int
        /// The column, from 1.
        var column: Int
    }

    /// Where `finding` is, or `nil` when the report names no file for it.
    func place(of finding: DoctorFinding) -> Place? {
        let location = finding.location ?? DoctorLocation(.infoPlist)
        let path: String?
        switch location.artifact {
        case .infoPlist: path = location.path ?? infoPlistPath
        case .entitlements: path = location.path ?? entitlementsPath
        case .project: path = location.path ?? infoPlistPath
        case .sourceCode: path = location.path
        }
        guard let path else { return nil }
        if location.artifact == .sourceCode {
            return Place(path: shown(path), line: max(1, location.line ?? 1), column: 1)
        }
        // The report says where the key is when the doctor read the file; else it is found here
        // in the file the caller names.
        if location.artifact != .project, let line = location.line {
            return Place(path: shown(path), line: line, column: location.column ?? 1)
        }
        var position = PlistKeyLocator.Position(line: 1, column: 1)
        if location.artifact != .project, let keyPath = location.keyPath, let bytes = contents(path),
            let found = PlistKeyLocator.position(of: keyPath, in: bytes)
        {
            position = found
        }
        return Place(path: shown(path), line: position.line, column: position.column)
    }

    /// `path` relative to ``root`` when under it.
    func shown(_ path: String) -> String {
        guard let root, !root.isEmpty else { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Where a needed check that did not run is shown: at the Info.plist as a whole (the file the
    /// checks read), else at the project file (an Info.plist Xcode generates has no file);
    /// `nil` only when the report names neither.
    func placeOfChecksNotRun(in report: DoctorReport) -> Place? {
        let locations = report.findings.compactMap(\.location)
        let projectFile = locations.first { $0.artifact == .project && $0.path != nil }?.path
        let path =
            infoPlistPath ?? locations.first { $0.artifact == .infoPlist && $0.path != nil }?.path
            ?? (projectFile == nil ? nil : infoPlist(of: report)) ?? projectFile
        return path.map { Place(path: shown($0), line: 1, column: 1) }
    }

    /// The Info.plist file a project's report read, when no finding names it and it exists.
    private func infoPlist(of report: DoctorReport) -> String? {
        guard report.context.project != nil, let file = report.context.infoPlistFile, contents(file) != nil else { return nil }
        return file
    }

    /// The place of each finding that needs attention, and of each needed check that did not run
    /// (an error, ``notChecked``: the run fails without it). Informational findings (which target
    /// and SDK were checked, a signing variable left for signing) are context for a person
    /// reading the text or JSON; as editor notes, pull-request notices or code-scanning alerts on
    /// every build they would only be noise around the one mistake, so these formats leave them out.
    private func entries(_ report: DoctorReport) -> [(severity: FindingSeverity, code: String, message: String, place: Place?)] {
        let needingAttention = report.findings.filter { $0.severity == .error || $0.severity == .warning }
        let prefix = Self.prefix(report)
        var result: [(FindingSeverity, String, String, Place?)] = needingAttention.map { finding in
            (
                finding.severity, finding.code.rawValue,
                prefix + Self.sdkPrefix(finding) + "\(finding.message); fix: \(finding.fix)",
                place(of: finding)
            )
        }
        let notRun = placeOfChecksNotRun(in: report)
        for skipped in report.skipped where skipped.needed {
            result.append((Self.notChecked.severity, Self.notChecked.code, prefix + Self.message(notRun: skipped), notRun))
        }
        return result
    }

    /// `MSAL: ` before a finding only that SDK's rules give, unless its message already starts
    /// with the SDK's name ("MSAL keeps its cache …").
    static func sdkPrefix(_ finding: DoctorFinding) -> String {
        guard let sdk = finding.sdk.flatMap(SDKFlavour.init(rawValue:)), !finding.message.hasPrefix(sdk.displayName) else { return "" }
        return "\(sdk.displayName): "
    }

    /// `target 'App': ` before each message of a project's target, so that every result says
    /// which target it is about when several are checked in one run.
    static func prefix(_ report: DoctorReport) -> String {
        report.context.target.map { "target '\($0)': " } ?? ""
    }

    /// A needed check that did not run, as every format words it.
    static func message(notRun skipped: DoctorSkippedCheck) -> String {
        "\(skipped.check) was not checked: \(skipped.reason)"
    }

    // MARK: - Codes

    /// The code these formats give a needed check that could not run (``DoctorSkippedCheck/needed``),
    /// at the one severity of a failed run, `error`: `[not-checked]` in the Xcode format, the
    /// title of a GitHub annotation, a SARIF notification's descriptor. Not a finding (the
    /// report lists it under `skipped`), so not one of ``FindingCode/doctorRules``.
    public static let notChecked = FindingDefinition(
        code: "not-checked", severity: .error,
        meaning: "a check the report needs could not run (what it reads could not be read or expanded), so the run fails")

    /// The codes these formats print besides the findings' (``AppConfigurationDoctor/findingDefinitions``),
    /// for the one registry:
    ///
    /// ```swift
    /// let registry = try FindingRegistry(
    ///     FindingRegistry.coreDefinitions, AppConfigurationDoctor.findingDefinitions, DoctorAnnotations.findingDefinitions)
    /// ```
    public static let findingDefinitions: [FindingDefinition] = [notChecked]

    // MARK: - Xcode

    /// `path:line:column: error|warning|note: message; fix: … [code]`, one line per finding,
    /// the form Xcode's issue navigator and editors read from a build phase or a plugin; a
    /// finding with no file is `error: …` alone, which Xcode shows too. Line breaks in messages
    /// become spaces, so that each finding stays one line.
    public func xcode(_ report: DoctorReport) -> String {
        xcode([report])
    }

    /// The Xcode lines of every target's report, in order.
    public func xcode(_ reports: [DoctorReport]) -> String {
        reports.flatMap(entries).map { entry in
            let kind: String
            switch entry.severity {
            case .error: kind = "error"
            case .warning: kind = "warning"
            default: kind = "note"
            }
            let message = Self.oneLine(entry.message)
            guard let place = entry.place else { return "\(kind): \(message) [\(entry.code)]" }
            return "\(place.path):\(place.line):\(place.column): \(kind): \(message) [\(entry.code)]"
        }.joined(separator: "\n")
    }

    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }

    // MARK: - GitHub Actions

    /// `::error file=…,line=…,col=…,title=…::message` workflow commands, which GitHub Actions
    /// shows as annotations on the run and on the pull request's files. Data is escaped as the
    /// runner expects (`%`, CR, LF); property values also escape `:` and `,`.
    public func github(_ report: DoctorReport) -> String {
        github([report])
    }

    /// The workflow commands of every target's report, in order.
    public func github(_ reports: [DoctorReport]) -> String {
        reports.flatMap(entries).map { entry in
            let command: String
            switch entry.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            default: command = "notice"
            }
            var properties: [String] = []
            if let place = entry.place {
                properties += ["file=\(Self.escapeProperty(place.path))", "line=\(place.line)", "col=\(place.column)"]
            }
            properties.append("title=\(Self.escapeProperty("parse doctor: \(entry.code)"))")
            return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(entry.message))"
        }.joined(separator: "\n")
    }

    /// A workflow command's message: `%` first, so that the escapes themselves are not escaped.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: the message's escapes, and `:` and `,`, which end it.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    // MARK: - SARIF

    /// The `uriBaseId` results' file URIs are relative to: the folder ``root`` names (for GitHub
    /// code scanning, the checkout).
    static let sarifRootID = "SRCROOT"

    /// A SARIF 2.1.0 log: one run of `parse doctor`, a rule per doctor code
    /// (``FindingCode/doctorRules``: summary, description, help with the fix, level), and a result
    /// per error or warning with its file (relative to ``root``) and line; needed checks that did
    /// not run are the invocation's notifications, at level `error`, with the ``notChecked``
    /// descriptor (listed in the driver's `notifications` when there are any) and the file the
    /// other formats show them at. Pretty-printed with sorted keys, so that it is stable.
    public func sarif(_ report: DoctorReport) throws -> String {
        try sarif([report])
    }

    /// One SARIF run for every target's report: each result and notification carries its
    /// target (`properties.target`, and `target '…': ` before its message).
    public func sarif(_ reports: [DoctorReport]) throws -> String {
        let codes = FindingCode.doctorCodes
        let rules = codes.map { code in
            let rule = FindingCode.doctorRules[code]
            return SARIF.Descriptor(
                id: code.rawValue, shortDescription: .init(text: rule?.summary ?? code.rawValue),
                fullDescription: .init(text: rule?.description ?? code.rawValue), help: .init(text: rule?.help ?? ""),
                defaultConfiguration: .init(level: Self.level(rule?.severity ?? .error)))
        }
        // Errors and warnings only, as in the other annotation formats: an informational finding
        // would be a code-scanning alert with nothing to fix.
        var results: [SARIF.Finding] = []
        var notifications: [SARIF.Notification] = []
        for report in reports {
            let prefix = Self.prefix(report)
            let properties = report.context.target.map { SARIF.Properties(target: $0) }
            results += report.findings.filter { $0.severity == .error || $0.severity == .warning }.map { finding in
                SARIF.Finding(
                    ruleId: finding.code.rawValue, ruleIndex: codes.firstIndex(of: finding.code),
                    level: Self.level(finding.severity),
                    message: .init(
                        text: prefix + Self.sdkPrefix(finding) + "\(finding.message); fix: \(finding.fix)"),
                    locations: place(of: finding).map { [sarifLocation($0)] } ?? [],
                    properties: properties.map { SARIF.Properties(target: $0.target, sdk: finding.sdk) })
            }
            let notRun = placeOfChecksNotRun(in: report).map { [sarifLocation($0)] } ?? []
            notifications += report.skipped.filter(\.needed).map { skipped in
                SARIF.Notification(
                    descriptor: .init(id: Self.notChecked.code, index: 0), level: Self.level(Self.notChecked.severity),
                    message: .init(text: prefix + Self.message(notRun: skipped)), locations: notRun)
            }
        }
        // The descriptor of not-checked when a notification refers to it: a log with nothing
        // left unchecked stays as it was.
        let descriptors = notifications.isEmpty ? nil : [Self.notCheckedDescriptor]
        let log = SARIF.Log(
            runs: [
                SARIF.Run(
                    tool: .init(
                        driver: .init(name: "parse doctor", version: ToolkitVersion.current, rules: rules, notifications: descriptors)),
                    // A needed check that could not run is a failed run, as the exit status says.
                    invocations: [.init(executionSuccessful: notifications.isEmpty, toolExecutionNotifications: notifications)],
                    results: results)
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(log)
        return String(decoding: data, as: UTF8.self)
    }

    /// SARIF's descriptor of ``notChecked``, in the texts of the rules'.
    static let notCheckedDescriptor = SARIF.Descriptor(
        id: notChecked.code, shortDescription: .init(text: "A needed check could not run"),
        fullDescription: .init(
            text: "A check the SDK needs could not run, because what it reads could not be read or expanded, "
                + "so the app is not known to be right: the run fails until it runs."),
        help: .init(
            text: "Fix what the message names: a file that cannot be read, a key of the wrong type; "
                + "for a build setting with no value, pass --project or --build-setting NAME=VALUE."),
        defaultConfiguration: .init(level: level(notChecked.severity)))

    private func sarifLocation(_ place: Place) -> SARIF.Location {
        let relative = !place.path.hasPrefix("/")
        return SARIF.Location(
            physicalLocation: .init(
                artifactLocation: .init(uri: Self.uriPath(place.path, absolute: !relative), uriBaseId: relative ? Self.sarifRootID : nil),
                region: .init(startLine: place.line, startColumn: place.column)))
    }

    /// A path as a URI reference: each byte outside RFC 3986's unreserved set and `/` is
    /// percent-encoded; an absolute path becomes a `file://` URI.
    static func uriPath(_ path: String, absolute: Bool) -> String {
        let encoded = PercentEncoding.encode(path, allowing: .path)
        return absolute ? "file://" + encoded : encoded
    }

    /// SARIF's `level` for a severity.
    static func level(_ severity: FindingSeverity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        default: return "note"
        }
    }
}

/// The part of SARIF 2.1.0 the doctor writes (property names are the schema's).
enum SARIF {
    struct Text: Encodable { var text: String }
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }
    struct Run: Encodable {
        var tool: Tool
        var invocations: [Invocation]
        var results: [Finding]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name: String
        var informationUri = "https://github.com/swift-redirect-uri/swift-redirect-uri"
        var version: String
        var rules: [Descriptor]
        /// Encoded only when present.
        var notifications: [Descriptor]?
    }
    /// A `reportingDescriptor`: a rule, or the kind of a notification.
    struct Descriptor: Encodable {
        var id: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
    }
    struct Configuration: Encodable { var level: String }
    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]
    }
    struct Notification: Encodable {
        var descriptor: DescriptorReference
        var level: String
        var message: Text
        var locations: [Location]
    }
    struct DescriptorReference: Encodable {
        var id: String
        var index: Int
    }
    /// A SARIF `result`: one finding.
    struct Finding: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Text
        var locations: [Location]
        var properties: Properties?
    }
    /// A result's property bag: the target it is about and the SDK whose requirement it is.
    struct Properties: Encodable {
        var target: String
        var sdk: String?
    }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }
    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }
}
