import Foundation
import RedirectURIKit

/// Checks an app's Info.plist (XML or binary), entitlements and Xcode project for what its
/// sign-in SDK needs, and names each mistake with one fix. Most sign-in failures in the field are
/// these configuration mistakes.
///
/// The SDKs (``SDKFlavour``) are given, or detected from every place a project names them (its
/// packages, pods, frameworks, wrappers and the SDKs' configuration files); each SDK's
/// requirements are checked, each finding naming its SDK. With no SDK found, only the checks every
/// app shares run, and a note says so (`sdk-not-found`). Each SDK's redirect URI is derived
/// as the SDK derives it; the broker's checks (query schemes, keychain group, the bundle ID in the
/// redirect URI) run only for MSAL and ADAL. Every registered scheme is checked on its own
/// (RFC 3986 syntax, reserved schemes, case, duplicates), and a scheme put in the wrong place
/// (the URL type's identifier, the top level of the Info.plist) is named there.
///
/// Source files hold build-setting references — every Xcode project writes `CFBundleIdentifier`
/// as `$(PRODUCT_BUNDLE_IDENTIFIER)` — so values are expanded before they are checked: from the
/// project's build settings (``report(project:target:configuration:buildSettings:bundleID:infoPlist:entitlements:redirectURI:sdk:keychainGroup:)``)
/// or from values given by the caller (``report(infoPlist:entitlements:buildSettings:bundleID:redirectURI:sdk:keychainGroup:searchRoots:)``).
/// A value that cannot be expanded or read is one finding, and the checks that need it are listed
/// in ``DoctorReport/skipped``; a needed one makes the report incomplete (``DoctorReport/failed``).
///
/// The codes and their one severity are ``FindingCode/doctorSeverities`` (the article
/// <doc:DoctorChecks> describes each).
///
/// ```swift
/// let report = AppConfigurationDoctor.report(infoPlist: data, redirectURI: "msauth.com.contoso.app://auth")
/// report.findings.filter { $0.severity == .error }.map(\.code)   // e.g. ["query-scheme-missing"]
/// ```
public enum AppConfigurationDoctor {
    /// Checks an Info.plist (and entitlements) read on their own. Never throws: unreadable or
    /// malformed input is a finding.
    ///
    /// - Parameters:
    ///   - infoPlist: the Info.plist bytes (XML or binary), as in the source tree or as built.
    ///   - entitlements: the entitlements plist bytes, if any.
    ///   - buildSettings: values for build settings the files refer to (`PRODUCT_BUNDLE_IDENTIFIER`);
    ///     a reference to any other setting stays unexpanded, and the checks that need it are skipped.
    ///   - bundleID: the app's bundle ID: a value for `PRODUCT_BUNDLE_IDENTIFIER`.
    ///   - redirectURI: the app's redirect URI; when `nil`, the one the SDK uses is derived from its
    ///     configuration where the SDK defines one.
    ///   - sdk: the app's sign-in SDK; when `nil`, detected from the Info.plist and the files in
    ///     `searchRoots` (with none found, only the checks every app shares run).
    ///   - keychainGroup: the keychain group the SDK shares its cache through; for MSAL and ADAL
    ///     `com.microsoft.adalcache` is checked when `nil`.
    ///   - searchRoots: folders to look for the SDK's packages and configuration files in.
    public static func report(
        infoPlist: Data, entitlements: Data? = nil, buildSettings: [String: String] = [:], bundleID: String? = nil,
        redirectURI: String? = nil, sdk: SDKFlavour? = nil, keychainGroup: String? = nil, searchRoots: [URL] = []
    ) -> DoctorReport {
        ReadOnce.run { () -> DoctorReport in
            let (settings, given) = overrides(buildSettings, bundleID: bundleID)
            let (info, generatedKeys) = withBundleID(PropertyList.dictionary(infoPlist), known: settings.isSet("PRODUCT_BUNDLE_IDENTIFIER"))
            let detection = SDKDetection.detect(info: info, roots: searchRoots, display: DisplayPath.of)
            let expander = BuildSettingExpander(settings: settings, unsetPolicy: .keepReference)
            var facts = TargetFacts(expander: expander, givenSettings: given, detection: detection)
            facts.context.infoPlist = "the given Info.plist"
            facts.infoPlistGiven = Array(infoPlist)
            if info == nil {
                facts.findings.append(
                    DoctorFinding(
                        .plistUnreadable, "the Info.plist is not a property list with a dictionary at its root",
                        fix: "pass the app's Info.plist (XML or binary); check it with `plutil -lint`"))
            }
            let items = [
                DoctorChecks.Entitlements(
                    file: entitlements == nil ? nil : "the given entitlements", source: entitlements.map { .parsing($0) } ?? .none, expander: expander
                )
            ]
            facts.findings += detection.placeholderFindings + detection.configurationFindings
            return checked(
                DoctorChecks(facts), sdks: sdk.map { [($0, ["--sdk"])] } ?? detection.applicable(forTarget: nil), given: sdk != nil, platformNote: nil
            ) {
                $0.run(info: info, generatedKeys: generatedKeys, entitlements: items, redirectURI: redirectURI, keychainGroup: keychainGroup)
            }
        }
    }

    /// An Info.plist with no `CFBundleIdentifier`, where the bundle ID is known otherwise (the
    /// caller's `--bundle-id`, a package's or a .NET project's): the build writes it there as
    /// `$(PRODUCT_BUNDLE_IDENTIFIER)` (Xcode, SwiftPM's app products, .NET's `ApplicationId`), so
    /// it is checked as that, said as generated.
    static func withBundleID(_ info: [String: Any]?, known: Bool) -> ([String: Any]?, Set<String>) {
        guard known, var plist = info, plist["CFBundleIdentifier"] == nil else { return (info, []) }
        plist["CFBundleIdentifier"] = "$(PRODUCT_BUNDLE_IDENTIFIER)"
        return (plist, ["CFBundleIdentifier"])
    }

    /// The application targets of a project, the ones checked by default: apps for iOS, macOS,
    /// tvOS, watchOS and visionOS (extensions, frameworks and tests only when named).
    static let applicationProductTypes: Set<String> = [
        "com.apple.product-type.application", "com.apple.product-type.application.watchapp2",
    ]

    /// Checks every application target of an Xcode project (or the one `target` names), each
    /// as ``report(project:target:configuration:buildSettings:bundleID:infoPlist:entitlements:redirectURI:sdk:keychainGroup:)``
    /// does, each with its own platform's rules and the SDKs it links. The project is read once.
    ///
    /// - Throws: ``DoctorProjectError`` when the project cannot be read, has no application
    ///   target (and none is named), or a named target or configuration does not exist.
    public static func reports(
        project: URL, target: String? = nil, configuration: String? = nil, buildSettings: [String: String] = [:],
        bundleID: String? = nil, infoPlist: Data? = nil, entitlements: Data? = nil, redirectURI: String? = nil,
        sdk: SDKFlavour? = nil, keychainGroup: String? = nil
    ) throws(DoctorProjectError) -> [DoctorReport] {
        try ReadOnce.run { () throws(DoctorProjectError) -> [DoctorReport] in
            let loaded: XcodeProject
            switch try ProjectSource.locate(project) {
            case .xcode(let project): loaded = project
            case .dotnet(let file):
                return [
                    try report(
                        dotnet: file, buildSettings: buildSettings, bundleID: bundleID, infoPlist: infoPlist, entitlements: entitlements,
                        redirectURI: redirectURI, sdk: sdk, keychainGroup: keychainGroup)
                ]
            case .expo(let file):
                return [
                    try report(
                        expo: file, buildSettings: buildSettings, bundleID: bundleID, infoPlist: infoPlist, entitlements: entitlements,
                        redirectURI: redirectURI, sdk: sdk, keychainGroup: keychainGroup)
                ]
            }
            var names: [String]
            if let target {
                names = [target]
            } else {
                names = loaded.targets.filter { applicationProductTypes.contains($0.productType ?? "") }.map(\.name)
                guard !names.isEmpty else {
                    let listed = loaded.targets.map { "'\($0.name)' (\($0.productType ?? "no product type"))" }.joined(separator: ", ")
                    throw DoctorProjectError(
                        .targetAmbiguous,
                        "the project has no application target; name the one to check with --target. Its targets: \(listed.isEmpty ? "none" : listed)"
                    )
                }
            }
            let detection = detection(of: loaded)
            var reports: [DoctorReport] = []
            for name in names {
                reports.append(
                    try report(
                        loaded: loaded, target: name, configuration: configuration, buildSettings: buildSettings, bundleID: bundleID,
                        infoPlist: infoPlist, entitlements: entitlements, redirectURI: redirectURI, sdk: sdk, keychainGroup: keychainGroup,
                        projectDetection: detection))
            }
            return reports
        }
    }

    /// Checks a target of an Xcode project: its Info.plist (the file, the one Xcode generates from
    /// build settings, or both merged) and entitlements, with every value expanded from the
    /// target's build settings in the chosen configuration.
    ///
    /// - Parameters:
    ///   - project: the `.xcodeproj` directory (or its `project.pbxproj`).
    ///   - target: the target's name; by default the project's only application target (with
    ///     several, ``reports(project:target:configuration:buildSettings:bundleID:infoPlist:entitlements:redirectURI:sdk:keychainGroup:)``
    ///     checks each).
    ///   - configuration: the build configuration; by default `Release` for the Info.plist, and
    ///     every configuration of the target for the entitlements (Debug often has its own).
    ///   - buildSettings: values that override every level of the project (as on `xcodebuild`'s
    ///     command line).
    ///   - bundleID: a value for `PRODUCT_BUNDLE_IDENTIFIER`, overriding the project's.
    ///   - infoPlist: an Info.plist to check instead of the target's `INFOPLIST_FILE`.
    ///   - entitlements: entitlements to check instead of the target's `CODE_SIGN_ENTITLEMENTS`.
    ///   - redirectURI, sdk, keychainGroup: as for ``report(infoPlist:entitlements:buildSettings:bundleID:redirectURI:sdk:keychainGroup:searchRoots:)``;
    ///     the SDK is detected from the project's folder (Package.resolved, Podfile.lock,
    ///     Cartfile.resolved, the SDKs' configuration files).
    /// - Throws: ``DoctorProjectError`` when the project cannot be read or the target or
    ///   configuration is not clear. Everything else is a finding.
    public static func report(
        project: URL, target: String? = nil, configuration: String? = nil, buildSettings: [String: String] = [:],
        bundleID: String? = nil, infoPlist: Data? = nil, entitlements: Data? = nil, redirectURI: String? = nil,
        sdk: SDKFlavour? = nil, keychainGroup: String? = nil
    ) throws(DoctorProjectError) -> DoctorReport {
        try ReadOnce.run { () throws(DoctorProjectError) -> DoctorReport in
            guard case .xcode(let loaded) = try ProjectSource.locate(project) else {
                let all = try reports(
                    project: project, target: target, configuration: configuration, buildSettings: buildSettings, bundleID: bundleID,
                    infoPlist: infoPlist, entitlements: entitlements, redirectURI: redirectURI, sdk: sdk, keychainGroup: keychainGroup)
                guard let only = all.first else { throw DoctorProjectError(.unreadable, "the project holds no app to check") }
                return only
            }
            var name = target
            if name == nil {
                let applications = loaded.targets.filter { applicationProductTypes.contains($0.productType ?? "") }
                if applications.count == 1 { name = applications.first?.name }
            }
            return try report(
                loaded: loaded, target: name, configuration: configuration, buildSettings: buildSettings, bundleID: bundleID,
                infoPlist: infoPlist, entitlements: entitlements, redirectURI: redirectURI, sdk: sdk, keychainGroup: keychainGroup)
        }
    }

    /// What the project says of its SDKs, read once for all its targets: its package
    /// references and linked frameworks, and the package and configuration files next to it.
    static func detection(of loaded: XcodeProject) -> SDKDetection {
        // Flutter and React Native keep the app's packages in the folder above ios/ (or macos/),
        // Kotlin Multiplatform above iosApp/; Capacitor's project is one level deeper, in ios/App.
        let projectFolder = loaded.bundle.deletingLastPathComponent()
        let iosFolder =
            projectFolder.deletingLastPathComponent().lastPathComponent == "ios" ? projectFolder.deletingLastPathComponent() : projectFolder
        let wrapperRoots = ["ios", "macos", "iosApp"].contains(iosFolder.lastPathComponent) ? [iosFolder.deletingLastPathComponent()] : []
        return SDKDetection.project(
            loaded, roots: [loaded.sourceRoot, projectFolder], wrapperRoots: wrapperRoots,
            display: { XCConfigFile.display($0, relativeTo: loaded.sourceRoot) })
    }

    static func report(
        loaded: XcodeProject, target: String?, configuration: String?, buildSettings: [String: String], bundleID: String?,
        infoPlist: Data?, entitlements: Data?, redirectURI: String?, sdk: SDKFlavour?, keychainGroup: String?,
        projectDetection: SDKDetection? = nil
    ) throws(DoctorProjectError) -> DoctorReport {
        let (overrideSettings, given) = overrides(buildSettings, bundleID: bundleID)
        let resolved = try ResolvedTarget.resolve(loaded, targetName: target, configurationName: configuration, overrides: overrideSettings)
        // A setting set nowhere is unset, and Xcode gives it an empty value — unless some settings
        // could not be read, in which case it is unknown and the checks that need it are skipped.
        let expander = BuildSettingExpander(
            settings: resolved.settings,
            unsetPolicy: resolved.settingsAreIncomplete ? .keepReference : .xcodeSemantics)
        let shown = { (url: URL) in XCConfigFile.display(url, relativeTo: loaded.sourceRoot) }
        // The Info.plist is read below; the detection needs its keys, so it runs after it.
        var facts = TargetFacts(expander: expander, givenSettings: given, detection: SDKDetection())
        let sdkRoot = resolved.settings.isSet("SDKROOT") ? expander.expand("$(SDKROOT)").value : ""
        let team = expander.expand("$(DEVELOPMENT_TEAM)")
        facts.developmentTeamUnset = team.isComplete && team.value.trimmingCharacters(in: .whitespaces).isEmpty
        facts.platform =
            ApplePlatform.of(sdkRoot: sdkRoot)
            ?? (resolved.target.productType == "com.apple.product-type.application.watchapp2" ? .watchOS : nil)
        facts.buildTimeEdits = BuildTimeEdit.edits(
            of: loaded.scriptPhases(of: resolved.target), sourceRoot: loaded.sourceRoot,
            read: { url in
                guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber,
                    size.intValue <= BuildTimeEdit.maximumScriptSize
                else { return nil }
                return ReadCount.contents(of: url)
            })
        facts.projectDescription = "target '\(resolved.target.name)' (\(resolved.configuration))"
        if resolved.settingsAreIncomplete {
            facts.unresolvedExplanation =
                "it is set nowhere in the settings that could be read, and a base .xcconfig could not be read (see xcconfig-unreadable)"
        }
        facts.context.project = loaded.generator.map { DisplayPath.of($0.spec) } ?? loaded.bundle.relativePath
        facts.projectPath = loaded.projectFile.path
        facts.context.target = resolved.target.name
        facts.context.productType = resolved.target.productType
        facts.context.configuration = resolved.configuration
        facts.context.configurationIsDefault = resolved.configurationIsDefault
        facts.findings += resolved.findings
        facts.generatedFilesMissing = resolved.generatedFilesMissing

        // The Info.plist: a file, the generated one, or the file merged into the generated one.
        let generates = resolved.isEnabled("GENERATE_INFOPLIST_FILE", expander: expander)
        var info: [String: Any]?
        var infoDescription = "none"
        var generatedKeys: Set<String> = []
        if let infoPlist {
            info = PropertyList.dictionary(infoPlist)
            facts.infoPlistGiven = Array(infoPlist)
            infoDescription = "the given Info.plist"
            if info == nil {
                facts.findings.append(
                    DoctorFinding(
                        .plistUnreadable, "the given Info.plist is not a property list with a dictionary at its root",
                        fix: "pass the app's Info.plist (XML or binary); check it with `plutil -lint`"))
            }
        } else if let file = resolved.path("INFOPLIST_FILE", expander: expander) {
            if let url = file.url {
                let source = InfoPlistSource.read(url, loaded: loaded, resolved: resolved, expander: expander, shown: shown)
                infoDescription = source.description
                facts.infoPlistPath = source.path.path
                if let generator = source.generator {
                    facts.infoPlistSpec = (
                        "\(DisplayPath.of(generator.spec)) (target '\(resolved.target.name)', info.properties)",
                        "\(generator.tool.lowercased()) generate"
                    )
                }
                facts.findings += source.findings
                if let data = source.data {
                    info = PropertyList.dictionary(data)
                    if info == nil {
                        facts.findings.append(
                            DoctorFinding(
                                .plistUnreadable, "\(shown(url)) (INFOPLIST_FILE) is not a property list with a dictionary at its root",
                                fix: source.preprocessed
                                    ? "check the file Xcode preprocesses it into (its #if lines and macros) with `plutil -lint`"
                                    : "check it with `plutil -lint`"))
                    }
                } else if source.findings.isEmpty {
                    facts.findings.append(
                        DoctorFinding(
                            .plistUnreadable, "INFOPLIST_FILE is '\(file.written)', and \(shown(url)) cannot be read",
                            fix: "point INFOPLIST_FILE at the target's Info.plist (relative to the project folder)"))
                }
            } else {
                facts.findings.append(
                    DoctorFinding(
                        .plistUnreadable, "INFOPLIST_FILE is '\(file.written)', which could not be expanded",
                        fix: "pass the missing settings with --build-setting NAME=VALUE, or the Info.plist with --info-plist"))
                facts.record(file.expansion, at: "INFOPLIST_FILE")
            }
            if generates, info != nil { infoDescription += ", merged into the Info.plist Xcode generates" }
        } else if generates {
            info = [:]
            infoDescription = "generated by Xcode from build settings (GENERATE_INFOPLIST_FILE)"
            facts.generatedOnly = true
        } else {
            facts.findings.append(
                DoctorFinding(
                    .infoPlistMissing,
                    "\(facts.projectDescription ?? "the target") has no Info.plist: INFOPLIST_FILE is unset and GENERATE_INFOPLIST_FILE is not YES",
                    fix: "set INFOPLIST_FILE to the target's Info.plist, or GENERATE_INFOPLIST_FILE = YES"))
        }
        if generates, infoPlist == nil, var merged = info {
            // Xcode writes CFBundleIdentifier into the generated Info.plist as
            // $(PRODUCT_BUNDLE_IDENTIFIER); a key in the file takes precedence.
            if merged["CFBundleIdentifier"] == nil {
                merged["CFBundleIdentifier"] = "$(PRODUCT_BUNDLE_IDENTIFIER)"
                generatedKeys.insert("CFBundleIdentifier")
            }
            info = merged
            for key in ["CFBundleURLTypes", "LSApplicationQueriesSchemes"] where resolved.settings.isSet("INFOPLIST_KEY_" + key) {
                facts.findings.append(
                    DoctorFinding(
                        .infoPlistKeyIgnored,
                        "INFOPLIST_KEY_\(key) is set, but Xcode generates only the Info.plist keys it documents build settings for, and \(key) is not one of them: the built app has no \(key) from it",
                        fix: "put \(key) in an Info.plist file (INFOPLIST_FILE); Xcode merges the file into the generated Info.plist"))
            }
        }
        facts.context.infoPlist = infoDescription

        // The SDK: the project's detection (once per project), with the target's Info.plist keys
        // and its folder's configuration files.
        let infoFolder = resolved.path("INFOPLIST_FILE", expander: expander)?.url.map { [$0.deletingLastPathComponent()] } ?? []
        var detection = (projectDetection ?? Self.detection(of: loaded)).forTarget(info: info, roots: infoFolder, display: shown)
        // The target's code: the SDKs it imports, the redirect URI, keychain group and authority
        // it configures, and whether the URL that opens the app reaches the SDK (CodeChecks).
        let code = CodeChecks.read(loaded, target: resolved.target)
        if let code { detection.addCode(code.reading.imports, target: resolved.target.name) }
        facts.detection = detection
        var sdks = sdk.map { [($0, ["--sdk"])] } ?? detection.applicable(forTarget: resolved.target.name)
        var platformNote: DoctorFinding?
        if sdk == nil, let platform = facts.platform, !platform.hasBrowserSignIn {
            platformNote = DoctorFinding(
                .platformWithoutRedirect,
                "target '\(resolved.target.name)' is a \(platform.displayName) app: no sign-in SDK sends the user to a browser and back there, so "
                    + (sdks.isEmpty
                        ? "no redirect rules apply" : "the redirect rules of \(sdks.map(\.0.displayName).joined(separator: ", ")) do not apply"),
                fix: "nothing to do; pass --sdk to check an SDK's rules anyway")
            sdks = []
        }

        // The entitlements: of the chosen configuration when one is named, else of every
        // configuration, those sharing a file checked once.
        var items: [DoctorChecks.Entitlements] = []
        if let entitlements {
            items = [
                DoctorChecks.Entitlements(configurations: [], file: "the given entitlements", source: .parsing(entitlements), expander: expander)
            ]
            facts.context.entitlements = "the given entitlements"
        } else {
            var perConfiguration: [(ResolvedTarget, BuildSettingExpander)] = [(resolved, expander)]
            if configuration == nil {
                for name in loaded.configurations(ofList: resolved.target.configurationListID).configurations.map(\.name)
                where name != resolved.configuration {
                    guard
                        let other = try? ResolvedTarget.resolve(
                            loaded, targetName: resolved.target.name, configurationName: name, overrides: overrideSettings)
                    else { continue }
                    perConfiguration.append(
                        (
                            other,
                            BuildSettingExpander(
                                settings: other.settings, unsetPolicy: other.settingsAreIncomplete ? .keepReference : .xcodeSemantics)
                        ))
                }
            }
            for (target, configurationExpander) in perConfiguration {
                var file: String?
                var source: DoctorChecks.EntitlementsSource = .none
                var entitlementsPath: String?
                if let path = target.path("CODE_SIGN_ENTITLEMENTS", expander: configurationExpander) {
                    if let url = path.url {
                        file = shown(url)
                        entitlementsPath = loaded.generator?.files[url.path] == nil ? url.path : loaded.projectFile.path
                        if let data = loaded.contents(of: url) {
                            source = .parsing(data)
                        } else {
                            source = .unreadable(
                                "configuration '\(target.configuration)': CODE_SIGN_ENTITLEMENTS is '\(path.written)', and \(shown(url)) cannot be read"
                            )
                        }
                    } else {
                        file = path.written
                        source = .unreadable(
                            "configuration '\(target.configuration)': CODE_SIGN_ENTITLEMENTS is '\(path.written)', which could not be expanded")
                        facts.record(path.expansion, at: "CODE_SIGN_ENTITLEMENTS (\(target.configuration))")
                    }
                }
                if let index = items.firstIndex(where: { $0.file == file }) {
                    items[index].configurations.append(target.configuration)
                } else {
                    items.append(
                        DoctorChecks.Entitlements(
                            configurations: [target.configuration], file: file, source: source, expander: configurationExpander,
                            path: entitlementsPath))
                }
            }
            let files = items.map { item in "\(item.file ?? "none") (\(item.configurations.joined(separator: ", ")))" }
            facts.context.entitlements = items.count == 1 ? items.first?.file : files.joined(separator: "; ")
        }

        facts.findings.insert(
            DoctorFinding(
                .projectTarget,
                "checked target '\(resolved.target.name)' (\(resolved.target.productType ?? "no product type")) in configuration '\(resolved.configuration)'"
                    + (resolved.configurationIsDefault ? " (the default)" : "")
                    + "; Info.plist: \(infoDescription); entitlements: \(facts.context.entitlements ?? "none")",
                fix: resolved.configurationIsDefault
                    ? "pass --configuration to check another configuration" : "pass --target or --configuration to check another"),
            at: 0)
        facts.findings += detection.placeholderFindings + detection.configurationFindings
        let scenesGenerated = resolved.isEnabled("INFOPLIST_KEY_UIApplicationSceneManifest_Generation", expander: expander)
        return checked(DoctorChecks(facts), sdks: sdks, given: sdk != nil, platformNote: platformNote) {
            $0.run(
                code: code, info: info, generatedKeys: generatedKeys, entitlements: items, redirectURI: redirectURI,
                keychainGroup: keychainGroup, scenesGenerated: scenesGenerated)
        }
    }

    /// The caller's settings as the highest level, with `bundleID` as `PRODUCT_BUNDLE_IDENTIFIER`.
    static func overrides(_ values: [String: String], bundleID: String?) -> (BuildSettings, [String: String]) {
        var given: [String: String] = [:]
        for (name, value) in values { given[name] = "--build-setting \(name)=\(value)" }
        var all = values
        if let bundleID {
            all["PRODUCT_BUNDLE_IDENTIFIER"] = bundleID
            given["PRODUCT_BUNDLE_IDENTIFIER"] = "--bundle-id \(bundleID)"
        }
        return (BuildSettings(all, origin: "the command line"), given)
    }
}
