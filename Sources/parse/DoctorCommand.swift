import ArgumentParser
import Foundation
import RedirectURIDoctor
import RedirectURIReport

/// `parse doctor`: checks an app's Info.plist and entitlements for the sign-in SDK it uses, from
/// the files or from an Xcode project with its build settings.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check an app's Info.plist (and entitlements) for the URL-scheme registration its sign-in SDK needs.",
        discussion: """
            With --project, reads the target's Info.plist and entitlements from the Xcode project and \
            expands build settings in them ($(PRODUCT_BUNDLE_IDENTIFIER) and the like) the way Xcode \
            does: target and project configurations, their .xcconfig files, $(inherited) and the \
            :rfc1034identifier, :c99extidentifier, :identifier, :lower, :upper and :default= \
            operators. Every application target is checked (iOS, macOS, tvOS, watchOS, visionOS), \
            each with its platform's rules, findings grouped per target; --target (repeatable) names \
            the ones to check (extensions only when named). The default configuration is Release; the entitlements \
            of every configuration are checked unless --configuration names one.

            The SDKs (MSAL, ADAL, AppAuth, Google Sign-In, Auth0, Okta) are detected from every \
            place a project names them: Podfile, Podfile.lock, Cartfile, Cartfile.resolved, \
            Package.resolved, Package.swift, the project's package references, project references \
            and linked frameworks, Flutter's pubspec.yaml and React Native's package.json, an import \
            in the target's code, then the SDKs' configuration (GIDClientID, IntuneMAMSettings, \
            Auth0.plist, Okta.plist). A target \
            gets the checks of the SDKs it links, each finding naming its SDK. With none found, \
            only the checks every app shares run, and a note says so; --sdk names one \
            (generic: only the shared checks).

            --project also takes the other kinds of project apps are built from: an XcodeGen \
            project.yml (read as the project it generates: targets, settings, .xcconfig files, \
            info and entitlements properties, packages), a .NET MAUI or Xamarin.iOS .csproj \
            (ApplicationId, PackageReference, Platforms/iOS/Info.plist and Entitlements.plist), \
            an Expo app.json with no ios/ folder (ios.bundleIdentifier, scheme, ios.infoPlist), or \
            a folder holding one. Where the project is generated from a source the doctor does not \
            run (Tuist's Project.swift, an Expo app.config.js, a spec it cannot read), the usage \
            error names the command that writes it (tuist generate, npx expo prebuild, xcodegen \
            generate). An Info.plist with INFOPLIST_PREPROCESS = YES is preprocessed first, with \
            INFOPLIST_PREFIX_HEADER and INFOPLIST_PREPROCESSOR_DEFINITIONS.

            With --package and --target, checks a Swift package's app target: the Info.plist, \
            .entitlements and Swift and Objective-C files of its folder (its path: in Package.swift, \
            else Sources/<target>).

            Without a project, --build-setting and --bundle-id give the values; a variable with no \
            value stays unexpanded, is reported once, and the checks that need it are listed as \
            skipped.

            --format xcode prints path:line:column: diagnostics (at the line of the key in an XML \
            plist), github prints GitHub Actions workflow commands, sarif prints a SARIF 2.1.0 log \
            with one rule per finding code; their paths are relative to the current folder, or to \
            --path-root. A needed check that could not run fails the run, so each of them reports \
            it as an error (code not-checked, at the Info.plist, else the project). --json is \
            --format json.

            Exit status: 0 when no finding is an error and every needed check ran; 1 when any \
            finding is an error or a needed check could not run (a file or value that could not be \
            read or expanded); \
            2 for a usage error (including an unknown target or configuration) or a file that \
            cannot be read.
            """
    )

    @Option(
        name: .customLong("info-plist"),
        help: ArgumentHelp("The app's Info.plist (XML or binary); with --project, instead of the target's.", valueName: "path"))
    var infoPlist: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The app's project: an .xcodeproj (or its project.pbxproj), an XcodeGen project.yml, a .csproj, an Expo app.json, or their folder.",
            valueName: "path"))
    var project: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A Swift package whose app target (--target) is checked: its folder's Info.plist, entitlements and code.", valueName: "path"))
    var package: String?

    @Option(
        name: .long,
        help: ArgumentHelp("A target to check, repeatable (default: every application target of a project).", valueName: "name"))
    var target: [String] = []

    @Option(name: .long, help: ArgumentHelp("The build configuration whose settings are used (default: Release).", valueName: "name"))
    var configuration: String?

    @Option(
        name: .customLong("build-setting"),
        help: ArgumentHelp("A build setting's value, NAME=VALUE (repeatable); overrides the project's.", valueName: "name=value"))
    var buildSettings: [String] = []

    /// `.unconditional`: a bundle ID may start with '-'.
    @Option(
        name: .customLong("bundle-id"), parsing: .unconditional,
        help: ArgumentHelp("The app's bundle ID: the value of PRODUCT_BUNDLE_IDENTIFIER.", valueName: "id"))
    var bundleID: String?

    @Option(name: .long, help: ArgumentHelp("The app's .entitlements file; with --project, instead of the target's.", valueName: "path"))
    var entitlements: String?

    @Option(
        name: .customLong("redirect-uri"),
        help: ArgumentHelp("The app's redirect URI (default: the one the SDK derives from its configuration).", valueName: "uri"))
    var redirectURI: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The app's sign-in SDK: \(SDKFlavour.allCases.map(\.rawValue).joined(separator: ", ")) (default: every SDK the target links; none found: the shared checks only).",
            valueName: "sdk"))
    var sdk: SDKFlavour?

    @Option(
        name: .customLong("keychain-group"),
        help: ArgumentHelp(
            "The keychain group the SDK shares its cache through (MSAL/ADAL default: com.microsoft.adalcache).", valueName: "name"))
    var keychainGroup: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How to print the findings: text (the default); json ({\"context\", \"findings\", \"skipped\"} on one line); xcode (path:line:column: error: lines for Xcode and editors); github (GitHub Actions annotations); sarif (SARIF 2.1.0 for code scanning).",
            valueName: "format"))
    var format: DoctorFormat?

    @Flag(name: .long, help: "The same as --format json.")
    var json = false

    @Option(
        name: .customLong("path-root"),
        help: ArgumentHelp(
            "With --format xcode, github or sarif: show paths relative to this folder (default: the current folder); SARIF's URIs are relative to it.",
            valueName: "path"))
    var pathRoot: String?

    /// Printed at the end of `parse doctor --help`; `HelpExampleTests` runs them in the plugin fixture.
    static let exampleLines = [
        "parse doctor --project MyApp.xcodeproj",
        "parse doctor --info-plist MyApp/Info.plist --bundle-id com.contoso.myapp --sdk msal",
        "parse doctor --project MyApp.xcodeproj --format github",
    ]

    func validate() throws {
        _ = try DoctorFormat.resolve(format, json: json)
        if package != nil {
            if project != nil { throw ValidationError("Pass --project or --package, not both.") }
            if target.isEmpty { throw ValidationError("--package needs --target <name>: the package's app target to check.") }
            if configuration != nil { throw ValidationError("--configuration needs --project.") }
        } else if project == nil {
            if infoPlist == nil { throw ValidationError("Pass --info-plist <path>, --project <App.xcodeproj> or --package <dir> --target <name>.") }
            if !target.isEmpty || configuration != nil { throw ValidationError("--target and --configuration need --project or --package.") }
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
        let reports: [DoctorReport]
        if let project {
            do {
                // Each named target, in the order named; none named: the project's own choice.
                var all: [DoctorReport] = []
                for name in target.isEmpty ? [nil] : target.map(Optional.some) {
                    all += try AppConfigurationDoctor.reports(
                        project: URL(fileURLWithPath: project), target: name, configuration: configuration, buildSettings: settings,
                        bundleID: bundleID, infoPlist: info, entitlements: entitlementsData, redirectURI: redirectURI, sdk: sdk,
                        keychainGroup: keychainGroup)
                }
                reports = all
            } catch {
                FileHandle.standardError.write(Data("parse doctor: \(error.message)\n".utf8))
                throw ExitCode(2)
            }
        } else if let package {
            do {
                reports = try target.map { name throws(DoctorProjectError) in
                    try AppConfigurationDoctor.report(
                        package: URL(fileURLWithPath: package), target: name, infoPlist: info, entitlements: entitlementsData,
                        buildSettings: settings, bundleID: bundleID, redirectURI: redirectURI, sdk: sdk, keychainGroup: keychainGroup)
                }
            } catch {
                FileHandle.standardError.write(Data("parse doctor: \(error.message)\n".utf8))
                throw ExitCode(2)
            }
        } else {
            // The SDK's packages and configuration files sit next to the Info.plist or a folder up.
            let folder = URL(fileURLWithPath: infoPlist ?? ".").deletingLastPathComponent()
            reports = [
                AppConfigurationDoctor.report(
                    infoPlist: info ?? Data(), entitlements: entitlementsData, buildSettings: settings, bundleID: bundleID,
                    redirectURI: redirectURI, sdk: sdk, keychainGroup: keychainGroup,
                    searchRoots: [folder, folder.deletingLastPathComponent()])
            ]
        }
        let annotations = DoctorAnnotations(
            infoPlistPath: infoPlist.map(Self.absolute), entitlementsPath: entitlements.map(Self.absolute),
            root: Self.absolute(pathRoot ?? FileManager.default.currentDirectoryPath))
        switch try DoctorFormat.resolve(format, json: json) {
        case .json:
            // One line per target, whatever the files hold: controls and U+2028/U+2029 escaped,
            // as `parse --json`.
            for report in reports { print(try JSONLine.encode(report)) }
        case .text:
            print(Self.render(reports))
        case .xcode:
            let lines = annotations.xcode(reports)
            if !lines.isEmpty { print(lines) }
        case .github:
            let lines = annotations.github(reports)
            if !lines.isEmpty { print(lines) }
        case .sarif:
            print(try annotations.sarif(reports))
        }
        // The worst of the targets: one that fails fails the run.
        if reports.contains(where: \.failed) { throw ExitCode(1) }
    }

    /// Each target's findings under a heading that names it, when a project has several
    /// application targets; one target's report as it is.
    static func render(_ reports: [DoctorReport]) -> String {
        guard reports.count > 1 else { return reports.map(render).joined() }
        return reports.map { report in
            let context = report.context
            let platform = context.platform.flatMap(ApplePlatform.init(rawValue:))?.displayName
            let heading = "== target '\(context.target ?? "?")'" + (platform.map { " (\($0))" } ?? "")
            return heading + "\n" + render(report)
        }.joined(separator: "\n\n")
    }

    static func isSettingName(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// `path` made absolute against the current folder, standardized, so that a relative root
    /// and the files under it are compared alike.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    static func read(_ path: String) throws -> Data {
        do {
            return Data(try CommandFile.bytes(at: path))
        } catch {
            FileHandle.standardError.write(Data("parse doctor: \(error.message)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// Findings, then skipped checks, then a count.
    static func render(_ report: DoctorReport) -> String {
        var lines: [String] = []
        for finding in report.findings {
            let sdk = finding.sdk.flatMap(SDKFlavour.init(rawValue:)).map { " (\($0.displayName))" } ?? ""
            lines.append("\(finding.severity.rawValue): \(finding.code)\(sdk)\n  \(finding.message)\n  fix: \(finding.fix)")
        }
        for skipped in report.skipped {
            lines.append("\(skipped.needed ? "not checked" : "skipped"): \(skipped.check)\n  \(skipped.reason)")
        }
        let errors = report.findings.filter { $0.severity == .error }.count
        let warnings = report.findings.filter { $0.severity == .warning }.count
        var summary = [Self.counted(errors, "error"), Self.counted(warnings, "warning")]
        let needed = report.skipped.filter(\.needed).count
        if needed > 0 { summary.append(Self.counted(needed, "needed check") + " not run") }
        if report.skipped.count > needed { summary.append(Self.counted(report.skipped.count - needed, "check") + " skipped") }
        let sdks = report.context.sdks.compactMap { SDKFlavour(rawValue: $0.sdk)?.displayName }
        if !sdks.isEmpty {
            lines.append(
                "checked: \(sdks.joined(separator: ", ")) (\(report.context.sdkSource ?? "given"))"
                    + (report.context.redirectURI.map { ", redirect URI \($0)" } ?? ""))
        }
        lines.append(errors == 0 && warnings == 0 && report.skipped.isEmpty ? "No problems found." : summary.joined(separator: ", ") + ".")
        return lines.joined(separator: "\n")
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

/// `--sdk msal|adal|appauth|google|auth0|okta|generic`.
extension SDKFlavour: ExpressibleByArgument {}
