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
        let (info, generatedKeys) = withBundleID(
            infoPlist.map(PropertyList.dictionary) ?? files.info, known: values["PRODUCT_BUNDLE_IDENTIFIER"] != nil)
        let root = files.projectFile.deletingLastPathComponent()
        var detection = SDKDetection.detect(info: info, roots: [root], wrapperRoots: files.wrapperRoots, display: DisplayPath.of)
        for item in files.evidence where !detection.evidence.contains(item) { detection.evidence.append(item) }
        var facts = TargetFacts(expander: expander, givenSettings: given, detection: detection)
        facts.platform = files.platform
        facts.context.project = DisplayPath.of(files.projectFile)
        facts.context.target = files.target
        facts.context.infoPlist = infoPlist == nil ? files.infoDescription : "the given Info.plist"
        facts.infoPlistPath = infoPlist == nil ? files.infoPath?.path : nil
        facts.infoPlistGiven = infoPlist.map(Array.init)
        facts.projectPath = files.projectFile.path
        facts.unresolvedExplanation = "the project does not set it and no value was given for it"
        facts.findings = files.findings
        if info == nil { facts.findings.append(.notAPropertyList(facts.context.infoPlist, fix: "check it with `plutil -lint`")) }
        let entitlementsFile = entitlements == nil ? files.entitlementsDescription : "the given entitlements"
        facts.context.entitlements = entitlementsFile
        let items = [
            DoctorChecks.Entitlements(
                file: entitlementsFile, source: (entitlements ?? files.entitlements).map { .parsing($0) } ?? .none, expander: expander,
                path: entitlements == nil ? files.entitlementsPath?.path : nil)
        ]
        facts.findings.insert(
            DoctorFinding(
                .projectTarget,
                "\(files.summary); Info.plist: \(facts.context.infoPlist ?? "none"); entitlements: \(entitlementsFile ?? "none")",
                fix: "pass --bundle-id, --info-plist or --entitlements to check other values"),
            at: 0)
        facts.findings += detection.placeholderFindings + detection.configurationFindings
        let sdks = sdk.map { [($0, ["--sdk"])] } ?? detection.applicable(forTarget: files.target)
        return checked(DoctorChecks(facts), sdks: sdks, given: sdk != nil, platformNote: nil) {
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
