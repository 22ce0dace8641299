import Foundation

/// Files a project refers to that a tool writes, not the developer: absent in a fresh clone
/// until the tool runs, and holding nothing the doctor checks.
enum GeneratedFile {
    /// The command that makes the file at `path` (as shown, relative to the project), if a tool
    /// makes it: CocoaPods writes `Pods/Target Support Files/<target>/<target>.<configuration>.xcconfig`
    /// on `pod install`; Flutter writes `Flutter/Generated.xcconfig` (iOS) and
    /// `Flutter/ephemeral/Flutter-Generated.xcconfig` (macOS) on `flutter pub get`.
    static func command(making path: String) -> String? {
        if path.contains("Pods/Target Support Files/") { return "pod install" }
        if path.hasSuffix("Flutter/Generated.xcconfig") || path.hasSuffix("Flutter-Generated.xcconfig") { return "flutter pub get" }
        return nil
    }

    /// What such a file sets, said in the note.
    static func holds(_ path: String) -> String {
        path.contains("Pods/")
            ? "the pods' search paths and linker flags" : "FLUTTER_ROOT, FLUTTER_BUILD_NAME and the other values of the Flutter build"
    }
}
