import Foundation

extension AppConfigurationDoctor {
    /// Checks an app described by ``ProjectFiles``. The project's bundle ID is the value of
    /// `PRODUCT_BUNDLE_IDENTIFIER` (the caller's `--bundle-id` wins), and an Info.plist with no
    /// `CFBundleIdentifier` gets it, as the build writes it there.
    static func report(
        _ files: ProjectFiles, buildSettings: [String: String], bundleID: String?, infoPlist: Data?, entitlements: Data?,
        redirectURI: String?, sdk: SDKFlavour?, keychainGroup: String?
    ) -> DoctorReport {
        var values = buildSettings
        var (_, given) = overrides(buildSettings, bundleID: bundleID)
        for (name, setting) in files.settings where values[name] == nil && (name != "PRODUCT_BUNDLE_IDENTIFIER" || bundleID == nil) {
            values[name] = setting.value
            given[name] = setting.origin
        }
        if let bundleID { values["PRODUCT_BUNDLE_IDENTIFIER"] = bundleID }
        let expander = BuildSettingExpander(settings: BuildSettings(values, origin: "the project"), unsetPolicy: .keepReference)
        let (info, generatedKeys) = withBundleID(infoPlist.map(PropertyList.dictionary) ?? files.info, known: values["PRODUCT_BUNDLE_IDENTIFIER"] != nil)
        let root = files.projectFile.deletingLastPathComponent()
        var detection = SDKDetection.detect(info: info, roots: [root], wrapperRoots: files.wrapperRoots, display: DisplayPath.of)
        for item in files.evidence where !detection.evidence.contains(item) { detection.evidence.append(item) }
        var checker = DoctorChecks(expander: expander, givenSettings: given, sdk: .generic, sdkSource: "none", detection: detection)
        checker.platform = files.platform
        checker.context.project = DisplayPath.of(files.projectFile)
        checker.context.target = files.target
        checker.context.infoPlist = infoPlist == nil ? files.infoDescription : "the given Info.plist"
        checker.infoPlistPath = infoPlist == nil ? files.infoPath?.path : nil
        checker.projectPath = files.projectFile.path
        checker.unresolvedExplanation = "the project does not set it and no value was given for it"
        checker.findings = files.findings
        if info == nil { checker.findings.append(.notAPropertyList(checker.context.infoPlist, fix: "check it with `plutil -lint`")) }
        let entitlementsFile = entitlements == nil ? files.entitlementsDescription : "the given entitlements"
        checker.context.entitlements = entitlementsFile
        let items = [
            DoctorChecks.Entitlements(
                file: entitlementsFile, source: (entitlements ?? files.entitlements).map { .parsing($0) } ?? .none, expander: expander,
                path: entitlements == nil ? files.entitlementsPath?.path : nil)
        ]
        checker.findings.insert(
            DoctorFinding(
                .projectTarget,
                "\(files.summary); Info.plist: \(checker.context.infoPlist ?? "none"); entitlements: \(entitlementsFile ?? "none")",
                fix: "pass --bundle-id, --info-plist or --entitlements to check other values"),
            at: 0)
        checker.findings += detection.placeholderFindings + detection.configurationFindings
        let sdks = sdk.map { [($0, ["--sdk"])] } ?? detection.applicable(forTarget: files.target)
        return checked(checker, sdks: sdks, given: sdk != nil, platformNote: nil) {
            $0.run(info: info, generatedKeys: generatedKeys, entitlements: items, redirectURI: redirectURI, keychainGroup: keychainGroup)
        }
    }

    static func plist(_ url: URL) -> (data: Data?, dictionary: [String: Any]?) {
        let data = ReadCount.contents(of: url)
        return (data, data.flatMap(PropertyList.dictionary))
    }
}

extension DoctorFinding {
    /// An Info.plist that is not a property list with a dictionary at its root.
    static func notAPropertyList(_ name: String?, fix: String) -> DoctorFinding {
        DoctorFinding(.plistUnreadable, "\(name ?? "the Info.plist") is not a property list with a dictionary at its root", fix: fix)
    }
}
