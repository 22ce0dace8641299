import Foundation

/// Where cross-platform tools keep an app's iOS project, and the command that writes it when it
/// is not there. The iOS project is an Xcode project like any other once it exists (its
/// Info.plist, entitlements and build settings are the source of truth: `pod install`,
/// `flutter build` and `npx cap sync` do not change the keys the doctor checks), so the doctor
/// reads it; what it cannot read is a project that has not been written yet.
///
/// - Flutter: `ios/Runner.xcodeproj`, written by `flutter create` (`pubspec.yaml` at the root);
/// - Capacitor: `ios/App/App.xcodeproj`, written by `npx cap add ios` (`capacitor.config.json`,
///   `.ts` or `.js` at the root; Capacitor's documentation, "iOS");
/// - React Native: `ios/<App>.xcodeproj` (an Expo app without it is ``ProjectSource/expo(_:_:)``);
/// - Kotlin Multiplatform: `iosApp/iosApp.xcodeproj` (Kotlin's project wizard), which Gradle does
///   not write: the folder is committed with the app.
enum CrossPlatformApp {
    /// The folders that hold the iOS project, relative to the app's root, in the order looked in.
    static let projectFolders = ["ios", "ios/App", "iosApp"]

    /// The iOS project in one of the app's ``projectFolders``, or `nil` when none holds one.
    ///
    /// - Throws: ``DoctorProjectError`` with kind `target-ambiguous` when that folder holds several.
    static func project(in root: URL) throws(DoctorProjectError) -> URL? {
        for relative in projectFolders {
            let folder = root.appendingPathComponent(relative)
            let projects = xcodeProjects(in: folder)
            if projects.count > 1 {
                throw DoctorProjectError(
                    .targetAmbiguous,
                    "\(DisplayPath.of(folder)) holds several projects (\(projects.joined(separator: ", "))): pass one with --project")
            }
            if let only = projects.first { return folder.appendingPathComponent(only) }
        }
        return nil
    }

    /// Throws when `folder` is a Flutter or Capacitor app (or its `ios/` or `ios/App/` folder)
    /// whose iOS project has not been written, naming the command that writes it.
    static func requireGenerated(around folder: URL) throws(DoctorProjectError) {
        var roots = [folder]
        if ["ios", "iosApp"].contains(folder.lastPathComponent) { roots.append(folder.deletingLastPathComponent()) }
        if folder.lastPathComponent == "App", folder.deletingLastPathComponent().lastPathComponent == "ios" {
            roots.append(folder.deletingLastPathComponent().deletingLastPathComponent())
        }
        for root in roots {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
            if let config = entries.sorted().first(where: { ["capacitor.config.json", "capacitor.config.ts", "capacitor.config.js"].contains($0) }),
                xcodeProjects(in: root.appendingPathComponent("ios/App")).isEmpty
            {
                throw DoctorProjectError(
                    .notGenerated,
                    "\(DisplayPath.of(root.appendingPathComponent(config))) describes a Capacitor app whose iOS project (ios/App/App.xcodeproj) is not there: run `npx cap add ios` and pass ios/App/App.xcodeproj with --project"
                )
            }
            if entries.contains("pubspec.yaml"), xcodeProjects(in: root.appendingPathComponent("ios")).isEmpty {
                if isFlutterPlugin(root.appendingPathComponent("pubspec.yaml")) {
                    throw DoctorProjectError(
                        .unreadable,
                        "\(DisplayPath.of(root.appendingPathComponent("pubspec.yaml"))) describes a Flutter plugin, not an app: pass the Xcode project of an app that uses it (the plugin's example app: example/ios/Runner.xcodeproj) with --project"
                    )
                }
                throw DoctorProjectError(
                    .notGenerated,
                    "\(DisplayPath.of(root.appendingPathComponent("pubspec.yaml"))) describes a Flutter app whose iOS project (ios/Runner.xcodeproj) is not there: run `flutter create --platforms=ios .` in its folder and pass ios/Runner.xcodeproj with --project"
                )
            }
        }
    }

    /// Whether a pubspec.yaml is a plugin's (`flutter:` then `plugin:`): a package of native code
    /// for apps, with no app of its own for `flutter create` to make an iOS project for.
    static func isFlutterPlugin(_ pubspec: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: pubspec.path) else { return false }
        var inFlutter = false
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let indented = line.first == " "
            if !indented { inFlutter = line.hasPrefix("flutter:") }
            if inFlutter, indented, line.drop(while: { $0 == " " }).hasPrefix("plugin:") { return true }
        }
        return false
    }

    private static func xcodeProjects(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".xcodeproj") }.sorted()
    }
}
