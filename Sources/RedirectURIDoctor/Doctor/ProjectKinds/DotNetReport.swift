import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension AppConfigurationDoctor {
    /// Checks the iOS app of a .NET MAUI or Xamarin.iOS project: the bundle ID from the
    /// `.csproj`'s `ApplicationId` (where the Info.plist has no `CFBundleIdentifier`), the SDKs
    /// from its `PackageReference`s, and `Platforms/iOS/Info.plist` and `Entitlements.plist`
    /// (Xamarin.iOS: the project folder's; `CodesignEntitlements` when set).
    static func report(
        dotnet file: URL, buildSettings: [String: String], bundleID: String?, infoPlist: Data?, entitlements: Data?, redirectURI: String?,
        sdk: SDKFlavour?, keychainGroup: String?
    ) throws(DoctorProjectError) -> DoctorReport {
        guard let data = ReadCount.contents(of: file) else {
            throw DoctorProjectError(.unreadable, "cannot read '\(DisplayPath.of(file))': pass the app's .csproj")
        }
        guard let project = DotNetProject(data: data) else {
            throw DoctorProjectError(.malformed, "'\(DisplayPath.of(file))' is not an MSBuild project (XML in UTF-8)")
        }
        let folder = file.deletingLastPathComponent()
        let platformFolder = ["Platforms/iOS", "Platforms/MacCatalyst", "."].map { folder.appendingPathComponent($0).standardizedFileURL }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Info.plist").path) }
        let shown = { (url: URL) in XCConfigFile.display(url, relativeTo: folder) }
        let name = file.deletingPathExtension().lastPathComponent
        var files = ProjectFiles(
            projectFile: file, target: name, summary: "", info: nil, infoDescription: "none")
        if let platformFolder {
            let infoURL = platformFolder.appendingPathComponent("Info.plist")
            files.info = plist(infoURL).dictionary
            files.infoDescription = shown(infoURL)
            files.infoPath = infoURL
        } else if infoPlist == nil {
            throw DoctorProjectError(
                .unreadable, "'\(DisplayPath.of(file))' has no Platforms/iOS/Info.plist or Info.plist beside it: pass the app's with --info-plist")
        }
        let entitlementsURL =
            project.value("CodesignEntitlements").map { folder.appendingPathComponent($0.replacingOccurrences(of: "\\", with: "/")) }
            ?? platformFolder?.appendingPathComponent("Entitlements.plist")
        if let entitlementsURL, let bytes = ReadCount.contents(of: entitlementsURL) {
            files.entitlements = bytes
            files.entitlementsDescription = shown(entitlementsURL)
            files.entitlementsPath = entitlementsURL
        }
        var bundleSource = "none"
        for property in ["ApplicationId", "CFBundleIdentifier"] {
            guard let value = project.value(property), !value.isEmpty else { continue }
            files.settings["PRODUCT_BUNDLE_IDENTIFIER"] = (value, "\(shown(file))'s \(property) \(value)")
            bundleSource = "\(property) \(value)"
            break
        }
        for package in project.packages {
            for item in DotNetProject.sdkPackages where package.hasPrefix(item.prefix) {
                files.evidence.append(SDKDetection.Evidence(sdk: item.sdk, source: "\(shown(file)) (PackageReference \(package))"))
            }
        }
        files.summary = "checked the iOS app of the .NET project \(shown(file)) (bundle ID from the project: \(bundleSource))"
        return report(
            files, buildSettings: buildSettings, bundleID: bundleID, infoPlist: infoPlist, entitlements: entitlements, redirectURI: redirectURI,
            sdk: sdk, keychainGroup: keychainGroup)
    }
}
