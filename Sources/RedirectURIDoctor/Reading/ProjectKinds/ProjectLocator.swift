import Foundation

/// A path as messages show it: relative to the current folder when it is inside it, else its
/// last two components. A message never holds an absolute path: it would name the machine's
/// folders (a CI runner's, a user's home), and differ from one machine to the next.
enum DisplayPath {
    static func of(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let prefix = current.hasSuffix("/") ? current : current + "/"
        if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        return url.standardizedFileURL.pathComponents.suffix(2).joined(separator: "/")
    }
}

/// What `--project` names, by kind: an Xcode project (read from `project.pbxproj`, or built from
/// an XcodeGen spec), a .NET MAUI or Xamarin.iOS `.csproj`, or an Expo app's configuration.
enum ProjectSource {
    case xcode(XcodeProject)
    case dotnet(URL)
    case expo(URL)

    /// The kind of project at `url`: a file names its kind (`.xcodeproj`, `project.pbxproj`,
    /// `project.yml`, `Project.swift`, `app.json`, `.csproj`); a folder is looked into, an
    /// `.xcodeproj` first (the project the user builds), then the files that describe one.
    ///
    /// - Throws: ``DoctorProjectError`` with kind `not-generated` and the command that writes the
    ///   project when the project is generated from a source the doctor does not read (Tuist's
    ///   `Project.swift`, an Expo `app.config.js`), and `unreadable` when nothing is found.
    static func locate(_ url: URL) throws(DoctorProjectError) -> ProjectSource {
        let name = url.lastPathComponent
        switch url.pathExtension {
        case "xcodeproj":
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("project.pbxproj").path) {
                return .xcode(try XcodeProject.load(url))
            }
            return try folder(url.deletingLastPathComponent(), missing: url)
        case "pbxproj": return .xcode(try XcodeProject.load(url))
        case "yml", "yaml": return .xcode(try XcodeGenSpec.load(url, display: DisplayPath.of(url)))
        case "csproj": return .dotnet(url)
        default: break
        }
        if name == "Project.swift" || name == "Workspace.swift" { throw tuist(url) }
        if name == "app.json" {
            // After prebuild (or in a React Native app) ios/ holds the project Xcode builds: the
            // source of truth, as for the app's folder.
            if let nested = try CrossPlatformApp.project(in: url.deletingLastPathComponent()) { return .xcode(try XcodeProject.load(nested)) }
            return .expo(url)
        }
        if name.hasPrefix("app.config.") { throw expo(url, "its configuration is computed by \(name)") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            try CrossPlatformApp.requireGenerated(around: url)
            throw DoctorProjectError(
                .unreadable,
                "cannot read '\(DisplayPath.of(url))': pass an .xcodeproj, an XcodeGen project.yml, a .csproj, an Expo app.json or their folder")
        }
        return try folder(url, missing: nil)
    }

    /// The project in a folder; `missing` is an `.xcodeproj` the user named that is not there.
    private static func folder(_ folder: URL, missing: URL?) throws(DoctorProjectError) -> ProjectSource {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        let projects = entries.filter { $0.hasSuffix(".xcodeproj") }
        if missing == nil, projects.count == 1, let only = projects.first {
            return .xcode(try XcodeProject.load(folder.appendingPathComponent(only)))
        }
        if missing == nil, projects.count > 1 {
            throw DoctorProjectError(
                .targetAmbiguous, "\(DisplayPath.of(folder)) holds several projects (\(projects.joined(separator: ", "))): pass one with --project")
        }
        for spec in ["project.yml", "project.yaml"] where entries.contains(spec) {
            return .xcode(try XcodeGenSpec.load(folder.appendingPathComponent(spec), display: DisplayPath.of(folder.appendingPathComponent(spec))))
        }
        if entries.contains("Project.swift") || entries.contains("Workspace.swift") || entries.contains("Tuist") {
            throw tuist(folder.appendingPathComponent(entries.contains("Project.swift") ? "Project.swift" : "Workspace.swift"))
        }
        // An Expo or React Native app's own folder, or its ios/ folder, not generated yet.
        let app = folder.lastPathComponent == "ios" ? folder.deletingLastPathComponent() : folder
        let appEntries = app == folder ? entries : ((try? FileManager.default.contentsOfDirectory(atPath: app.path)) ?? []).sorted()
        if appEntries.contains("app.json") {
            // A React Native app, or an Expo app after prebuild: ios/ holds what Xcode builds.
            if missing == nil, let nested = try CrossPlatformApp.project(in: app) { return .xcode(try XcodeProject.load(nested)) }
            if let computed = appEntries.first(where: { $0.hasPrefix("app.config.") }) {
                throw expo(app.appendingPathComponent(computed), "its configuration is computed by \(computed)")
            }
            return .expo(app.appendingPathComponent("app.json"))
        }
        if let computed = appEntries.first(where: { $0.hasPrefix("app.config.") }) {
            throw expo(app.appendingPathComponent(computed), "its configuration is computed by \(computed)")
        }
        let csprojects = entries.filter { $0.hasSuffix(".csproj") }
        if missing == nil, csprojects.count == 1, let only = csprojects.first { return .dotnet(folder.appendingPathComponent(only)) }
        if missing == nil, let nested = try CrossPlatformApp.project(in: folder) { return .xcode(try XcodeProject.load(nested)) }
        // A Capacitor app's ios/ folder: its project is in ios/App.
        if missing == nil, folder.lastPathComponent == "ios", let nested = try CrossPlatformApp.project(in: folder.deletingLastPathComponent()) {
            return .xcode(try XcodeProject.load(nested))
        }
        try CrossPlatformApp.requireGenerated(around: folder)
        if let missing {
            throw DoctorProjectError(
                .unreadable,
                "cannot read '\(DisplayPath.of(missing.appendingPathComponent("project.pbxproj")))': pass an .xcodeproj directory or its project.pbxproj"
            )
        }
        throw DoctorProjectError(
            .unreadable,
            "\(DisplayPath.of(folder)) holds no .xcodeproj, XcodeGen project.yml, .csproj or Expo app.json, nor an ios/ or iosApp/ folder with one: pass the project with --project"
        )
    }

    static func tuist(_ file: URL) -> DoctorProjectError {
        DoctorProjectError(
            .notGenerated,
            "\(DisplayPath.of(file)) is a Tuist manifest, which the doctor does not run: run `tuist generate` and pass the .xcodeproj it writes with --project"
        )
    }

    static func expo(_ file: URL, _ why: String) -> DoctorProjectError {
        DoctorProjectError(
            .notGenerated,
            "\(DisplayPath.of(file)) describes an Expo app whose ios/ folder is generated, and \(why), which the doctor does not run: run `npx expo prebuild` and pass ios/<App>.xcodeproj with --project"
        )
    }
}
