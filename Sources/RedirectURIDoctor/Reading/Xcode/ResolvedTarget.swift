import Foundation

/// One target of a project in one configuration, with the build settings Xcode would use for it.
struct ResolvedTarget {
    var project: XcodeProject
    var target: XcodeProject.Target
    var configuration: String
    var configurationIsDefault: Bool
    var settings: BuildSettings
    /// Problems met while gathering the settings (an unreadable base `.xcconfig`).
    var findings: [DoctorFinding] = []
    /// Whether some settings could not be read (a base `.xcconfig` is missing or has bad lines):
    /// then a setting set nowhere else may be set there, so it is unknown rather than unset.
    var settingsAreIncomplete = false
    /// Generated files (`pod install`, `flutter pub get`) that are absent, each with its command.
    var generatedFilesMissing: [String] = []
    /// Reads a base `.xcconfig` (the disk, or memory in the fuzz target).
    var contents: XCConfigFile.FileContents = XCConfigFile.fromDisk

    /// The configuration used when none is named.
    static let defaultConfiguration = "Release"

    /// Picks the target and configuration and layers the settings as Xcode does: `overrides`, the
    /// target's configuration, its base `.xcconfig`, the project's configuration, its base
    /// `.xcconfig`, then the values Xcode itself provides (``xcodeProvidedSettings``).
    static func resolve(
        _ project: XcodeProject, targetName: String?, configurationName: String?, overrides: BuildSettings,
        contents: @escaping XCConfigFile.FileContents = XCConfigFile.fromDisk
    ) throws(DoctorProjectError) -> ResolvedTarget {
        let targets = project.targets
        let listed = targets.map { "'\($0.name)' (\($0.productType ?? "no product type"))" }.joined(separator: ", ")
        let target: XcodeProject.Target
        if let targetName {
            guard let named = targets.first(where: { $0.name == targetName }) else {
                throw DoctorProjectError(
                    .targetNotFound, "the project has no target '\(targetName)'; its targets: \(listed.isEmpty ? "none" : listed)")
            }
            target = named
        } else {
            let applications = targets.filter { $0.productType == "com.apple.product-type.application" }
            guard applications.count == 1, let only = applications.first else {
                throw DoctorProjectError(
                    .targetAmbiguous,
                    "the project has \(applications.count) application targets; name the one to check with --target. Its targets: \(listed.isEmpty ? "none" : listed)"
                )
            }
            target = only
        }

        let (targetConfigurations, listDefault) = project.configurations(ofList: target.configurationListID)
        let names = targetConfigurations.map { "'\($0.name)'" }.joined(separator: ", ")
        let chosen: XcodeProject.Configuration
        var isDefault = false
        if let configurationName {
            guard let named = targetConfigurations.first(where: { $0.name == configurationName }) else {
                throw DoctorProjectError(
                    .configurationNotFound,
                    "target '\(target.name)' has no configuration '\(configurationName)'; its configurations: \(names.isEmpty ? "none" : names)")
            }
            chosen = named
        } else if let release = targetConfigurations.first(where: { $0.name == defaultConfiguration })
            ?? targetConfigurations.first(where: { $0.name == listDefault })
        {
            chosen = release
            isDefault = true
        } else {
            throw DoctorProjectError(
                .configurationNotFound,
                "target '\(target.name)' has no '\(defaultConfiguration)' configuration; name one with --configuration. Its configurations: \(names.isEmpty ? "none" : names)"
            )
        }

        var resolved = ResolvedTarget(
            project: project, target: target, configuration: chosen.name,
            configurationIsDefault: isDefault, settings: overrides)
        resolved.contents = contents
        let projectConfiguration = project.configurations(ofList: project.projectConfigurationListID).configurations
            .first { $0.name == chosen.name }
        resolved.addLevel(chosen, origin: "target '\(target.name)' (\(chosen.name))")
        if let projectConfiguration {
            resolved.addLevel(projectConfiguration, origin: "project '\(project.name)' (\(chosen.name))")
        }
        resolved.settings.appendLevel(resolved.xcodeProvidedSettings, origin: "Xcode")
        return resolved
    }

    /// Adds a configuration's settings, then its base `.xcconfig` below them.
    private mutating func addLevel(_ configuration: XcodeProject.Configuration, origin: String) {
        var assignments: [(name: String, value: String)] = []
        for key in configuration.buildSettings.keys.sorted() {
            guard let (name, conditional) = BuildSettings.parseKey(key) else { continue }
            if conditional {
                settings.noteConditionalVariant(of: name, written: key, origin: origin)
                continue
            }
            switch configuration.buildSettings[key] {
            case let value as String:
                assignments.append((name, value))
            case let values as [Any]:
                // A list setting; in a string it reads as its elements separated by spaces.
                assignments.append((name, values.compactMap { $0 as? String }.joined(separator: " ")))
            default:
                continue
            }
        }
        settings.appendLevel(assignments, origin: origin)

        guard let base = configuration.baseConfiguration else { return }
        guard let url = project.path(of: base) else {
            settingsAreIncomplete = true
            findings.append(
                DoctorFinding(
                    .xcconfigUnreadable,
                    "the base configuration of \(origin) is outside the source tree, so its settings are unknown",
                    fix: "pass the settings the checks need with --build-setting NAME=VALUE"))
            return
        }
        let file = XCConfigFile.read(url, displayRoot: project.sourceRoot, contents: contents)
        for problem in file.problems {
            if problem.kind == .missingFile, let path = problem.path, let command = GeneratedFile.command(making: path) {
                // What `pod install` or `flutter pub get` writes there is search paths, linker
                // flags and the wrapper's own values, none of which the checks read.
                let finding = DoctorFinding(
                    .generatedFileMissing,
                    "'\(path)' (\(origin)) is made by `\(command)` and is absent; the settings it would hold (\(GeneratedFile.holds(path))) are taken as unset",
                    fix: "run `\(command)`, then run the doctor again")
                if !findings.contains(finding) { findings.append(finding) }
                let said = "'\(path)' (`\(command)`)"
                if !generatedFilesMissing.contains(said) { generatedFilesMissing.append(said) }
                continue
            }
            settingsAreIncomplete = true
            findings.append(
                DoctorFinding(
                    .xcconfigUnreadable,
                    "the base configuration of \(origin): \(problem.message); settings from it are unknown",
                    fix: problem.kind == .missingFile
                        ? "restore the file (one kept out of version control, such as secrets, is not in a fresh clone), or pass the settings the checks need with --build-setting NAME=VALUE"
                        : "fix the line in the .xcconfig file"))
        }
        var fileAssignments: [(name: String, value: String)] = []
        for assignment in file.assignments {
            if let key = assignment.conditionalKey {
                settings.noteConditionalVariant(of: assignment.name, written: key, origin: assignment.origin)
            } else {
                fileAssignments.append((assignment.name, assignment.value))
            }
        }
        settings.appendLevel(fileAssignments, origin: XCConfigFile.display(url, relativeTo: project.sourceRoot))
    }

    /// Settings Xcode provides for every target, which projects refer to: `TARGET_NAME` (through
    /// `PRODUCT_NAME = $(TARGET_NAME)`), `PROJECT_NAME`, `CONFIGURATION`, `SRCROOT` and
    /// `PROJECT_DIR`, `DEVELOPMENT_LANGUAGE`, `PRODUCT_MODULE_NAME`, `EXECUTABLE_NAME`.
    /// Anything else that no level sets is unset (see ``BuildSettingExpander/UnsetPolicy``).
    var xcodeProvidedSettings: [(name: String, value: String)] {
        let sourceRoot = project.sourceRoot.path
        return [
            ("TARGET_NAME", target.name),
            ("TARGETNAME", target.name),
            ("PROJECT_NAME", project.name),
            ("PROJECT", project.name),
            ("CONFIGURATION", configuration),
            ("SRCROOT", sourceRoot),
            ("SOURCE_ROOT", sourceRoot),
            ("PROJECT_DIR", sourceRoot),
            ("PROJECT_FILE_PATH", project.bundle.standardizedFileURL.path),
            ("DEVELOPMENT_LANGUAGE", project.developmentRegion ?? "en"),
            ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"),
            ("EXECUTABLE_NAME", "$(PRODUCT_NAME)"),
        ]
    }

    /// A path setting (`INFOPLIST_FILE`, `CODE_SIGN_ENTITLEMENTS`) expanded and made absolute:
    /// relative paths are relative to `SRCROOT`. `nil` when the setting is unset or empty.
    func path(_ name: String, expander: BuildSettingExpander) -> (url: URL?, written: String, expansion: Expansion)? {
        guard settings.isSet(name) else { return nil }
        let expansion = expander.expand("$(\(name))")
        let value = expansion.value.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty || !expansion.isComplete else { return nil }
        let written = settings.assignments(of: name).first?.value ?? value
        guard expansion.isComplete else { return (nil, written, expansion) }
        let url = value.hasPrefix("/") ? URL(fileURLWithPath: value) : project.sourceRoot.appendingPathComponent(value)
        return (url.standardizedFileURL, written, expansion)
    }

    /// A boolean setting as Xcode reads it (`YES`), expanded.
    func isEnabled(_ name: String, expander: BuildSettingExpander) -> Bool {
        guard settings.isSet(name) else { return false }
        return expander.expand("$(\(name))").value.trimmingCharacters(in: .whitespaces).uppercased() == "YES"
    }
}
