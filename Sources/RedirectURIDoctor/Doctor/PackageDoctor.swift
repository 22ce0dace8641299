import Foundation

extension AppConfigurationDoctor {
    /// Checks an app target of a Swift package: its Info.plist and entitlements as
    /// ``report(infoPlist:entitlements:buildSettings:bundleID:redirectURI:sdk:keychainGroup:searchRoots:)``
    /// does, and the Swift and Objective-C files of the target's folder as the code of an Xcode
    /// target is read (the redirect URI, keychain group and authority it configures, the SDKs it
    /// imports, and the URL hand-off).
    ///
    /// The target's folder is the `path:` its manifest gives, else `Sources/<target>` (or one of
    /// SwiftPM's other source folders, `Source`, `src`, `srcs`). Its Info.plist and entitlements
    /// are the `Info.plist` and the `.entitlements` file found in that folder, unless given. The
    /// manifest is read, not run: a target or path computed in it is not found. The platform is
    /// the manifest's only one among iOS and macOS (`platforms: [.iOS(.v16)]`), else not known,
    /// and then the checks that depend on it (the URL hand-off, which only iOS needs) do not run.
    ///
    /// - Parameters:
    ///   - package: the package's folder (or its `Package.swift`).
    ///   - target: the name of the target to check.
    ///   - infoPlist: the Info.plist to check instead of the one in the target's folder.
    ///   - entitlements: the entitlements to check instead of the file in the target's folder.
    ///   - buildSettings: values for build settings the files refer to.
    ///   - bundleID: the app's bundle ID: a value for `PRODUCT_BUNDLE_IDENTIFIER`.
    ///   - redirectURI: the app's redirect URI; when `nil`, the one the code or the SDK gives.
    ///   - sdk: the app's sign-in SDK; when `nil`, detected from the package and the target's code.
    ///   - keychainGroup: the keychain group the SDK shares its cache through.
    /// - Throws: ``DoctorProjectError`` when the package has no manifest, the target's folder is
    ///   not found, or it holds no Info.plist and none is given.
    public static func report(
        package: URL, target: String, infoPlist: Data? = nil, entitlements: Data? = nil, buildSettings: [String: String] = [:],
        bundleID: String? = nil, redirectURI: String? = nil, sdk: SDKFlavour? = nil, keychainGroup: String? = nil
    ) throws(DoctorProjectError) -> DoctorReport {
        try ReadOnce.run { () throws(DoctorProjectError) -> DoctorReport in
            let root = package.lastPathComponent == "Package.swift" ? package.deletingLastPathComponent() : package
            let manifestURL = root.appendingPathComponent("Package.swift")
            guard let manifestData = ReadCount.contents(of: manifestURL) else {
                throw DoctorProjectError(
                    .unreadable, "\(DisplayPath.of(manifestURL)) cannot be read: pass the folder of a Swift package with --package")
            }
            let manifest = PackageManifest(bytes: Array(manifestData))
            let candidates = manifest.path(ofTarget: target).map { [$0] } ?? ["Sources", "Source", "src", "srcs"].map { "\($0)/\(target)" }
            var isFolder: ObjCBool = false
            guard
                let folderPath = candidates.first(where: {
                    FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path, isDirectory: &isFolder) && isFolder.boolValue
                })
            else {
                throw DoctorProjectError(
                    .targetNotFound,
                    "no folder for target '\(target)' in \(DisplayPath.of(root)): looked for \(candidates.joined(separator: ", ")) (a target's path: in Package.swift, else SwiftPM's Sources/<target>)"
                )
            }
            let folder = root.appendingPathComponent(folderPath)
            let shown = { (url: URL) in XCConfigFile.display(url, relativeTo: root) }
            let infoURL = infoPlist == nil ? Self.firstFile(in: folder) { $0.lastPathComponent == "Info.plist" } : nil
            guard let infoData = infoPlist ?? infoURL.flatMap(ReadCount.contents(of:)) else {
                throw DoctorProjectError(
                    .unreadable, "target '\(target)' has no Info.plist in \(shown(folder)) that can be read: pass the app's with --info-plist")
            }
            let entitlementsURL = entitlements == nil ? Self.firstFile(in: folder) { $0.pathExtension == "entitlements" } : nil

            var values = buildSettings
            var manifestGiven: [String: String] = [:]
            if bundleID == nil, values["PRODUCT_BUNDLE_IDENTIFIER"] == nil, let identifier = manifest.bundleIdentifier(ofTarget: target) {
                values["PRODUCT_BUNDLE_IDENTIFIER"] = identifier
                manifestGiven["PRODUCT_BUNDLE_IDENTIFIER"] = "Package.swift's bundleIdentifier: \"\(identifier)\""
            }
            var (settings, given) = overrides(values, bundleID: bundleID)
            given.merge(manifestGiven) { $1 }
            let (info, generatedKeys) = withBundleID(PropertyList.dictionary(infoData), known: settings.isSet("PRODUCT_BUNDLE_IDENTIFIER"))
            let code = CodeChecks.read(files: XcodeProject.filesOnDisk(under: folder), root: root)
            var detection = SDKDetection.detect(info: info, roots: [root, folder], display: shown)
            if let code { detection.addCode(code.reading.imports, target: target) }
            let expander = BuildSettingExpander(settings: settings, unsetPolicy: .keepReference)
            var facts = TargetFacts(expander: expander, givenSettings: given, detection: detection)
            facts.context.target = target
            facts.context.infoPlist = infoURL.map(shown) ?? "the given Info.plist"
            facts.infoPlistPath = infoURL?.path
            if infoURL == nil { facts.infoPlistGiven = Array(infoData) }
            facts.platform = manifest.platform
            if info == nil {
                facts.findings.append(
                    .notAPropertyList(facts.context.infoPlist, fix: "pass the app's Info.plist (XML or binary); check it with `plutil -lint`"))
            }
            let entitlementsSource: DoctorChecks.EntitlementsSource
            if let entitlements {
                entitlementsSource = .parsing(entitlements)
            } else if let entitlementsURL {
                entitlementsSource =
                    ReadCount.contents(of: entitlementsURL).map { .parsing($0) }
                    ?? .unreadable("\(shown(entitlementsURL)) cannot be read")
            } else {
                entitlementsSource = .none
            }
            let entitlementsFile = entitlements == nil ? entitlementsURL.map(shown) : "the given entitlements"
            facts.context.entitlements = entitlementsFile
            let items = [
                DoctorChecks.Entitlements(file: entitlementsFile, source: entitlementsSource, expander: expander, path: entitlementsURL?.path)
            ]
            facts.projectPath = manifestURL.path
            facts.findings.insert(
                DoctorFinding(
                    .projectTarget,
                    "checked target '\(target)' of the Swift package in \(root.lastPathComponent), its files in \(folderPath); Info.plist: \(facts.context.infoPlist ?? "none"); entitlements: \(entitlementsFile ?? "none")",
                    fix: "pass --target to check another of the package's targets"),
                at: 0)
            facts.findings += detection.placeholderFindings + detection.configurationFindings
            let sdks = sdk.map { [($0, ["--sdk"])] } ?? detection.applicable(forTarget: target)
            return checked(DoctorChecks(facts), sdks: sdks, given: sdk != nil, platformNote: nil) {
                $0.run(
                    code: code, info: info, generatedKeys: generatedKeys, entitlements: items, redirectURI: redirectURI,
                    keychainGroup: keychainGroup, scenesGenerated: false)
            }
        }
    }

    /// The first file under `folder`, in path order, that `matches`, at most
    /// ``XcodeProject/maximumFilesPerFolder`` names looked at.
    static func firstFile(in folder: URL, where matches: (URL) -> Bool) -> URL? {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return nil }
        var found: [URL] = []
        var seen = 0
        while let url = enumerator.nextObject() as? URL, seen < XcodeProject.maximumFilesPerFolder {
            seen += 1
            if matches(url) { found.append(url.standardizedFileURL) }
        }
        return found.min { $0.path < $1.path }
    }
}
