import Foundation

extension AppConfigurationDoctor {
    /// Checks the iOS app an Expo `app.json` describes (see ``ExpoAppConfig``), its SDKs named by
    /// the app's `package.json` (with an `ios/` folder holding the project, ``ProjectSource`` gives
    /// that project instead: it is the one Xcode builds).
    static func report(
        expo file: URL, buildSettings: [String: String], bundleID: String?, infoPlist: Data?, entitlements: Data?, redirectURI: String?,
        sdk: SDKFlavour?, keychainGroup: String?
    ) throws(DoctorProjectError) -> DoctorReport {
        let folder = file.deletingLastPathComponent()
        guard let data = ReadCount.contents(of: file) else {
            throw DoctorProjectError(.unreadable, "cannot read '\(DisplayPath.of(file))': pass the Expo app's app.json")
        }
        let config = try ExpoAppConfig.read(data, file: file)
        let name = XCConfigFile.display(file, relativeTo: folder)
        var files = ProjectFiles(
            projectFile: file, target: folder.lastPathComponent,
            summary: "checked the iOS app that `npx expo prebuild` writes from \(name) (no ios/ folder)", info: config.info,
            infoDescription: "written by `npx expo prebuild` from \(name)", infoPath: file, wrapperRoots: [folder])
        if let bundleID = config.bundleID {
            files.settings["PRODUCT_BUNDLE_IDENTIFIER"] = (bundleID, "\(name)'s ios.bundleIdentifier \(bundleID)")
        }
        if !config.entitlements.isEmpty {
            files.entitlements = try? PropertyListSerialization.data(fromPropertyList: config.entitlements, format: .xml, options: 0)
            files.entitlementsDescription = "written by `npx expo prebuild` from \(name)"
            files.entitlementsPath = file
        }
        return report(
            files, buildSettings: buildSettings, bundleID: bundleID, infoPlist: infoPlist, entitlements: entitlements, redirectURI: redirectURI,
            sdk: sdk, keychainGroup: keychainGroup)
    }
}
