import ArgumentParser
import Foundation
import RedirectURIDoctor
import RedirectURIReport

/// `parse doctor`: checks an app's Info.plist and entitlements for the broker flow, from the files
/// or from an Xcode project with its build settings.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check an app's Info.plist (and entitlements) for the URL-scheme registration the broker flow needs.",
        discussion: """
            With --project, reads the target's Info.plist and entitlements from the Xcode project and \
            expands build settings in them ($(PRODUCT_BUNDLE_IDENTIFIER) and the like) the way Xcode \
            does: target and project configurations, their .xcconfig files, $(inherited) and the \
            :rfc1034identifier, :c99extidentifier, :identifier, :lower, :upper and :default= \
            operators. The default target is the project's only application target; the default \
            configuration is Release.

            Without a project, --build-setting and --bundle-id give the values; a variable with no \
            value stays unexpanded, is reported once, and the checks that need it are listed as \
            skipped. Skipped checks do not change the exit status.

            Exit status: 0 when no finding is an error; 1 when any finding is an error; \
            2 for a usage error (including an unknown target or configuration) or a file that \
            cannot be read.
            """
    )

    @Option(
        name: .customLong("info-plist"),
        help: ArgumentHelp("The app's Info.plist (XML or binary); with --project, instead of the target's.", valueName: "path"))
    var infoPlist: String?

    @Option(name: .long, help: ArgumentHelp("The app's Xcode project (the .xcodeproj directory or its project.pbxproj).", valueName: "path"))
    var project: String?

    @Option(name: .long, help: ArgumentHelp("The target to check (default: the project's only application target).", valueName: "name"))
    var target: String?

    @Option(name: .long, help: ArgumentHelp("The build configuration whose settings are used (default: Release).", valueName: "name"))
    var configuration: String?

    @Option(
        name: .customLong("build-setting"),
        help: ArgumentHelp("A build setting's value, NAME=VALUE (repeatable); overrides the project's.", valueName: "name=value"))
    var buildSettings: [String] = []

    @Option(name: .customLong("bundle-id"), help: ArgumentHelp("The app's bundle ID: the value of PRODUCT_BUNDLE_IDENTIFIER.", valueName: "id"))
    var bundleID: String?

    @Option(name: .long, help: ArgumentHelp("The app's .entitlements file; with --project, instead of the target's.", valueName: "path"))
    var entitlements: String?

    @Option(
        name: .customLong("redirect-uri"),
        help: ArgumentHelp("The app's redirect URI (MSAL: derived from CFBundleIdentifier when omitted).", valueName: "uri"))
    var redirectURI: String?

    @Option(name: .long, help: "The SDK flavour: adal (queries msauth) or msal (queries msauthv2 and msauthv3).")
    var sdk: SDKFlavourArgument = .msal

    @Option(
        name: .customLong("keychain-group"),
        help: ArgumentHelp("A shared keychain group the SDK uses, checked in keychain-access-groups.", valueName: "name"))
    var keychainGroup: String?

    @Flag(name: .long, help: "Print {\"context\": {...}, \"findings\": [...], \"skipped\": [...]} as JSON.")
    var json = false

    func validate() throws {
        if project == nil {
            if infoPlist == nil { throw ValidationError("Pass --info-plist <path> or --project <App.xcodeproj>.") }
            if target != nil || configuration != nil { throw ValidationError("--target and --configuration need --project.") }
        }
        for setting in buildSettings {
            guard let equals = setting.firstIndex(of: "="), Self.isSettingName(setting[..<equals]) else {
                throw ValidationError("--build-setting takes NAME=VALUE with a setting name of letters, digits and '_' (got '\(setting)').")
            }
        }
    }

    mutating func run() throws {
        var settings: [String: String] = [:]
        for setting in buildSettings {
            if let equals = setting.firstIndex(of: "=") {
                settings[String(setting[..<equals])] = String(setting[setting.index(after: equals)...])
            }
        }
        let info = try infoPlist.map(Self.read)
        let entitlementsData = try entitlements.map(Self.read)
        let report: DoctorReport
        if let project {
            do {
                report = try AppConfigurationDoctor.report(
                    project: URL(fileURLWithPath: project), target: target, configuration: configuration, buildSettings: settings,
                    bundleID: bundleID, infoPlist: info, entitlements: entitlementsData, redirectURI: redirectURI, sdk: sdk.flavour,
                    keychainGroup: keychainGroup)
            } catch {
                FileHandle.standardError.write(Data("parse doctor: \(error.message)\n".utf8))
                throw ExitCode(2)
            }
        } else {
            report = AppConfigurationDoctor.report(
                infoPlist: info ?? Data(), entitlements: entitlementsData, buildSettings: settings, bundleID: bundleID,
                redirectURI: redirectURI, sdk: sdk.flavour, keychainGroup: keychainGroup)
        }
        if json {
            // One line, whatever the files hold: controls and U+2028/U+2029 escaped, as `parse --json`.
            print(try JSONLine.encode(report))
        } else {
            print(Self.render(report))
        }
        if report.hasErrors { throw ExitCode(1) }
    }

    static func isSettingName(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    static func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("parse doctor: cannot read file '\(path)'\n".utf8))
            throw ExitCode(2)
        }
        return data
    }

    /// Findings, then skipped checks, then a count.
    static func render(_ report: DoctorReport) -> String {
        var lines: [String] = []
        for finding in report.findings {
            lines.append("\(finding.severity.rawValue): \(finding.code)\n  \(finding.message)\n  fix: \(finding.fix)")
        }
        for skipped in report.skipped {
            lines.append("skipped: \(skipped.check)\n  \(skipped.reason)")
        }
        let errors = report.findings.filter { $0.severity == .error }.count
        let warnings = report.findings.filter { $0.severity == .warning }.count
        var summary = [Self.counted(errors, "error"), Self.counted(warnings, "warning")]
        if !report.skipped.isEmpty { summary.append(Self.counted(report.skipped.count, "check") + " skipped") }
        lines.append(errors == 0 && warnings == 0 && report.skipped.isEmpty ? "No problems found." : summary.joined(separator: ", ") + ".")
        return lines.joined(separator: "\n")
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

/// `--sdk adal|msal`.
enum SDKFlavourArgument: String, ExpressibleByArgument, CaseIterable {
    case adal, msal
    var flavour: SDKFlavour { self == .adal ? .adal : .msal }
}
