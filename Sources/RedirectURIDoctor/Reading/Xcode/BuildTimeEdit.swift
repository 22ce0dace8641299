import Foundation
import RedirectURIKit

/// A run-script phase that may write keys into the built Info.plist: released apps add URL
/// schemes and query schemes this way (`PlistBuddy -c "Add :CFBundleURLTypes:0 dict"
/// "${TARGET_BUILD_DIR}/${INFOPLIST_PATH}"`, or a script that reads the app's configuration), so
/// a key the source Info.plist lacks may be there in the built app.
struct BuildTimeEdit: Hashable {
    /// The phase's name as Xcode shows it.
    var phase: String
    /// The top-level Info.plist keys it may write; `nil` when it cannot be told which.
    var keys: Set<String>?
    /// How it edits, said in the finding (`PlistBuddy on ${INFOPLIST_PATH}`, `it runs
    /// config/process.py, which could not be read`).
    var how: String

    /// Whether it may write `key`.
    func mayWrite(_ key: String) -> Bool { keys?.contains(key) ?? true }

    /// The keys the doctor's checks read that a phase may add.
    static let checkedKeys = ["CFBundleURLTypes", "LSApplicationQueriesSchemes"]

    /// The phases of a target that may edit its built Info.plist. A script file a phase runs from
    /// the project (`python config/process.py`, `"${SRCROOT}/scripts/urls.sh"`) is read too
    /// (at most ``maximumScriptSize`` bytes); one that cannot be read may edit anything, since
    /// nothing says otherwise. Vendors' scripts (CocoaPods, Flutter, React Native, SwiftLint,
    /// Crashlytics, a package's checkout) are not the app's edits and are not followed. A script
    /// of any language counts, and so does a Gradle task the phase runs (Kotlin Multiplatform and
    /// Flutter-style apps keep their build logic there): a file that names the Info.plist, or is
    /// handed its path by the phase, and names a checked key writes that key.
    static func edits(of phases: [XcodeProject.ScriptPhase], sourceRoot: URL, read: (URL) -> Data?) -> [BuildTimeEdit] {
        var result: [BuildTimeEdit] = []
        for phase in phases {
            let text = ([phase.script] + phase.inputPaths + phase.outputPaths).joined(separator: "\n")
            if let keys = Self.plistEdit(in: text) {
                result.append(BuildTimeEdit(phase: phase.name, keys: keys.isEmpty ? nil : keys, how: "it edits the built Info.plist"))
                continue
            }
            // The phase hands the Info.plist's path to what it runs, which need not name it.
            let handedPath = infoPlistNames.contains(where: phase.script.contains) ? phase.script + "\n" : ""
            if let edit = gradleEdit(phase, handedPath: handedPath, sourceRoot: sourceRoot, read: read) {
                result.append(edit)
                continue
            }
            for path in Self.scriptFiles(in: phase.script) {
                let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : sourceRoot.appendingPathComponent(path)
                guard let data = read(url) else {
                    result.append(
                        BuildTimeEdit(phase: phase.name, keys: nil, how: "it runs \(path), which could not be read, so what it writes is unknown"))
                    break
                }
                let script = handedPath + String(decoding: data.prefix(maximumScriptSize), as: UTF8.self)
                if let keys = Self.plistEdit(in: script) ?? Self.keysNamed(in: script) {
                    result.append(
                        BuildTimeEdit(phase: phase.name, keys: keys.isEmpty ? nil : keys, how: "it runs \(path), which edits the Info.plist"))
                    break
                }
            }
        }
        return result
    }

    static let maximumScriptSize = 1 << 20

    /// The Gradle tasks a phase runs (`./gradlew :shared:writeInfoPlist`,
    /// `"$SRCROOT/../gradlew" -p .. configureIos`), each as its project path and name
    /// (`shared`, `writeInfoPlist`); options are left out.
    static func gradleTasks(in script: String) -> [(project: String, name: String)] {
        var tasks: [(project: String, name: String)] = []
        for line in script.split(whereSeparator: \.isNewline) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
            guard let start = words.firstIndex(where: { $0 == "gradle" || $0.hasSuffix("/gradlew") || $0 == "gradlew" }) else { continue }
            var skipValue = false
            for word in words[(start + 1)...] {
                if word == "&&" || word == ";" || word == "|" { break }
                if skipValue {
                    skipValue = false
                    continue
                }
                if word.hasPrefix("-") {
                    // `-p dir`, `--project-dir dir`: an option with a value.
                    skipValue = ["-p", "--project-dir", "-b", "--build-file", "-x", "--exclude-task"].contains(word)
                    continue
                }
                // A task path is names joined by ':' (`:shared:writePlist`); anything else is no task.
                let parts = word.split(separator: ":").map(String.init)
                guard let name = parts.last, parts.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } })
                else { continue }
                tasks.append((parts.dropLast().joined(separator: "/"), name))
            }
        }
        return tasks
    }

    /// A Gradle task the phase runs whose build file (`build.gradle.kts` or `build.gradle` of its
    /// project, next to the Xcode project or one folder up, where a multiplatform app keeps it)
    /// defines it and writes a checked key of the Info.plist.
    static func gradleEdit(_ phase: XcodeProject.ScriptPhase, handedPath: String, sourceRoot: URL, read: (URL) -> Data?) -> BuildTimeEdit? {
        for task in gradleTasks(in: phase.script) {
            for root in [sourceRoot, sourceRoot.deletingLastPathComponent()] {
                for file in ["build.gradle.kts", "build.gradle"] {
                    let url = (task.project.isEmpty ? root : root.appendingPathComponent(task.project)).appendingPathComponent(file)
                    guard let data = read(url) else { continue }
                    let build = String(decoding: data.prefix(maximumScriptSize), as: UTF8.self)
                    guard build.contains("\"\(task.name)\"") || build.contains("task \(task.name)") else { continue }
                    if let keys = keysNamed(in: handedPath + build) {
                        let shown = (root == sourceRoot ? "" : "../") + (task.project.isEmpty ? "" : task.project + "/") + file
                        return BuildTimeEdit(
                            phase: phase.name, keys: keys, how: "it runs the Gradle task '\(task.name)' (\(shown)), which edits the Info.plist")
                    }
                }
            }
        }
        return nil
    }

    /// How a script names the Info.plist it edits: the build settings of the built and the source
    /// Info.plist, or the file's name.
    static let infoPlistNames = ["INFOPLIST_PATH", "INFOPLIST_FILE", "Info.plist", "PRODUCT_SETTINGS_PATH"]

    /// The keys a shell script writes into an Info.plist (`PlistBuddy -c "Add :Key…"`,
    /// `plutil -insert Key`, `defaults write … Key`), empty when it writes some it does not name;
    /// `nil` when it writes none.
    static func plistEdit(in text: String) -> Set<String>? {
        guard infoPlistNames.contains(where: text.contains) else { return nil }
        var keys: Set<String> = []
        var edits = false
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\"" || $0 == "'" || $0 == "\\" })
        for (index, word) in words.enumerated() {
            let next = index + 1 < words.count ? String(words[index + 1]) : ""
            switch word {
            case "Add", "Set", "Delete", "Merge", "Import", "Copy":
                // PlistBuddy's commands, inside -c "…": `Add :CFBundleURLTypes:0:CFBundleURLSchemes array`.
                guard words[max(0, index - 3)..<index].contains(where: { $0 == "-c" || $0.hasSuffix("PlistBuddy") }) else { continue }
                edits = true
                if let key = Self.firstKey(next, separator: ":") { keys.insert(key) }
            case "-insert", "-replace", "-remove":
                edits = true
                if let key = Self.firstKey(next, separator: ".") { keys.insert(key) }
            case "write" where index > 0 && words[index - 1].hasSuffix("defaults"):
                edits = true
                if index + 2 < words.count, let key = Self.firstKey(String(words[index + 2]), separator: ".") { keys.insert(key) }
            default:
                continue
            }
        }
        return edits ? keys : nil
    }

    /// The checked keys a script in another language names (Python's plistlib, Ruby's
    /// CFPropertyList) when it also names the Info.plist; `nil` when it names none.
    static func keysNamed(in text: String) -> Set<String>? {
        guard infoPlistNames.contains(where: text.contains) else { return nil }
        var keys = Set(checkedKeys.filter { text.contains($0) })
        if text.contains("CFBundleURLSchemes") { keys.insert("CFBundleURLTypes") }
        return keys.isEmpty ? nil : keys
    }

    /// `:CFBundleURLTypes:0:CFBundleURLSchemes` → `CFBundleURLTypes`.
    private static func firstKey(_ word: String, separator: Character) -> String? {
        let trimmed = word.drop { $0 == ":" }
        let key = trimmed.prefix { $0 != separator && $0 != ":" }
        guard let first = key.first, first.isLetter, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
            return nil
        }
        return String(key)
    }

    /// Paths of the project's own scripts a phase runs, relative to `SRCROOT`.
    static func scriptFiles(in script: String) -> [String] {
        let extensions = [".sh", ".py", ".rb", ".swift", ".js", ".pl", ".bash", ".zsh"]
        let vendors = [
            "Pods", "PODS_", "node_modules", "FLUTTER_", "flutter", "BUILD_DIR", "BUILT_PRODUCTS", "SourcePackages", "swiftlint",
            "Crashlytics", "DERIVED", "/usr/", "/bin/", "/opt/", "Carthage", "TARGET_BUILD_DIR", "react-native", "REACT_NATIVE",
        ]
        var paths: [String] = []
        for raw in script.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == ";" || $0 == "(" || $0 == ")" }) {
            var word = String(raw).trimmingCharacters(in: CharacterSet(charactersIn: "\"'`"))
            guard extensions.contains(where: { word.hasSuffix($0) }), !vendors.contains(where: { word.contains($0) }) else { continue }
            for root in ["${SRCROOT}/", "$SRCROOT/", "${PROJECT_DIR}/", "$PROJECT_DIR/", "$(SRCROOT)/", "./"] where word.hasPrefix(root) {
                word = String(word.dropFirst(root.count))
            }
            guard !word.contains("$"), !word.isEmpty, !paths.contains(word) else { continue }
            paths.append(word)
        }
        return paths
    }
}
