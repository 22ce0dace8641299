import Foundation

/// The property the `FuzzDoctorReaders` fuzz target checks, and `RedirectURIDoctorTests` replays on
/// `Corpus/FuzzDoctorReaders/`: the readers the doctor runs on a project's files take any bytes.
///
/// An input is up to three parts separated by NUL bytes: a `project.pbxproj`, an `.xcconfig`
/// (which every `#include` in it reads again, so include cycles are exercised), and a text to
/// expand with the settings of both. Whatever the bytes:
/// - nothing traps and every call returns (expansion and includes are bounded, cycles end);
/// - expanding a text with no `$` changes nothing and is complete;
/// - expanding a complete expansion's value that has no `$` left changes nothing (expansion is
///   idempotent once nothing needs expanding);
/// - each value stays within ``BuildSettingExpander/maximumLength`` bytes plus its written text;
/// - the XML plist locator (``PlistKeyLocator``), run on the whole input as a plist with the
///   Info.plist's key paths and the third part as a key path, answers with a position inside it;
/// - the readers of the files that name an SDK (Podfile, Podfile.lock, pubspec, package.json, run
///   on the third part), of the Gradle tasks a phase runs (on the third part), and of the
///   project's linkage and run-script phases (on the project, each script file and build file
///   read as the third part) give names that are not empty, keys that are keys, and SDKs only
///   from the evidence found;
/// - the readers of XcodeGen specs, `.csproj` files, Expo `app.json` files and preprocessed
///   Info.plists keep ``ProjectKindReadersProperty``'s properties on the whole input.
///
/// Not API: an entry point for the fuzz target and the corpus replay only.
@_spi(Fuzzing) public enum DoctorReadersProperty {
    /// Checks the property on one input; returns what broke, or `nil`.
    public static func check(_ input: UnsafeBufferPointer<UInt8>) -> String? {
        let parts = input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map { Array($0) }
        let pbxproj = parts.first ?? []
        let xcconfig = parts.count > 1 ? parts[1] : []
        let text = parts.count > 2 ? String(decoding: parts[2], as: UTF8.self) : ""

        // The .xcconfig, read from memory: every file name is this file.
        let root = URL(fileURLWithPath: "/fuzz")
        let contents: XCConfigFile.FileContents = { url in url.pathExtension == "xcconfig" ? Data(xcconfig) : nil }
        let file = XCConfigFile.read(root.appendingPathComponent("Base.xcconfig"), displayRoot: root, contents: contents)
        var settings = BuildSettings()
        settings.appendLevel(
            file.assignments.filter { $0.conditionalKey == nil }.map { ($0.name, $0.value) }, origin: "Base.xcconfig")
        if let failure = checkExpansions(settings, texts: [text] + file.assignments.map(\.value)) { return failure }
        if let failure = checkLocator(Array(input), keyPaths: [text, "CFBundleURLTypes[0].CFBundleURLSchemes[0]", "keychain-access-groups[1]"]) {
            return failure
        }

        if let failure = checkSDKReaders(parts.count > 2 ? parts[2] : Array(input)) { return failure }
        // The other kinds of project (XcodeGen, .csproj, app.json, preprocessing) on the whole
        // input, the third part as the preprocessor's definitions.
        if let failure = ProjectKindReadersProperty.check(Array(input), definitions: text) { return failure }

        // The project, parsed from memory, every target in every configuration.
        guard let project = try? XcodeProject.parse(Data(pbxproj), bundle: root.appendingPathComponent("App.xcodeproj")) else { return nil }
        if let failure = checkProjectReaders(project, script: Data(xcconfig)) { return failure }
        for target in project.targets.prefix(8) {
            for configuration in project.configurations(ofList: target.configurationListID).configurations.prefix(8) {
                guard
                    let resolved = try? ResolvedTarget.resolve(
                        project, targetName: target.name, configurationName: configuration.name, overrides: settings, contents: contents)
                else { continue }
                let texts = [text, "$(PRODUCT_BUNDLE_IDENTIFIER)", "$(INFOPLIST_FILE)", "$(CODE_SIGN_ENTITLEMENTS)"]
                if let failure = checkExpansions(resolved.settings, texts: texts) { return "\(target.name) (\(configuration.name)): \(failure)" }
            }
        }
        return nil
    }

    /// The readers of the files that name an SDK, on any bytes: every name they give is a name.
    private static func checkSDKReaders(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        for (pod, targets) in SDKDetection.podfilePods(text) {
            if pod.isEmpty || targets?.contains("") == true { return "the Podfile reader gave an empty name" }
        }
        if SDKDetection.pods(text).contains("") { return "the Podfile.lock reader gave an empty pod" }
        if SDKDetection.yamlKeys(text).contains(where: { $0.isEmpty || $0.contains(" ") }) { return "the YAML reader gave a key that is no key" }
        _ = SDKDetection.npmDependencies(Data(bytes))
        if let keys = BuildTimeEdit.plistEdit(in: text), keys.contains(where: { $0.first?.isLetter != true }) {
            return "the run-script reader gave a key that is no key: \(keys.sorted())"
        }
        if BuildTimeEdit.scriptFiles(in: text).contains(where: { $0.isEmpty || $0.contains("$") }) {
            return "the run-script reader gave a script path that is empty or unexpanded"
        }
        if BuildTimeEdit.gradleTasks(in: text).contains(where: { $0.name.isEmpty || $0.name.contains(":") || $0.project.hasPrefix("/") }) {
            return "the Gradle reader gave a task that is no task"
        }
        _ = Placeholder.isPlaceholder(text)
        return nil
    }

    /// What each target links and runs, and the SDKs found from it: every SDK found for a target
    /// is one the evidence names, and none is found for a project that names none.
    private static func checkProjectReaders(_ project: XcodeProject, script: Data) -> String? {
        for target in project.targets.prefix(8) {
            if project.linkedNames(of: target).contains("") { return "target '\(target.name)' links an empty name" }
            _ = BuildTimeEdit.edits(of: project.scriptPhases(of: target), sourceRoot: project.sourceRoot) { _ in script }
        }
        _ = project.packageReferenceNames
        _ = project.referencedProjectNames
        let detection = SDKDetection.detect(info: nil, roots: [], project: project, display: { $0.path })
        for target in project.targets.prefix(8) {
            for found in detection.applicable(forTarget: target.name) where !detection.evidence.contains(where: { $0.sdk == found.sdk }) {
                return "target '\(target.name)' was given \(found.sdk) with no evidence for it"
            }
        }
        return nil
    }

    /// Lines are counted at most once per byte, columns from 1.
    private static func checkLocator(_ bytes: [UInt8], keyPaths: [String]) -> String? {
        for keyPath in keyPaths {
            guard let position = PlistKeyLocator.position(of: keyPath, in: bytes) else { continue }
            guard position.line >= 1, position.line <= bytes.count + 1, position.column >= 1, position.column <= bytes.count + 1 else {
                return "the locator put '\(keyPath)' at line \(position.line), column \(position.column) of \(bytes.count) bytes"
            }
        }
        return nil
    }

    private static func checkExpansions(_ settings: BuildSettings, texts: [String]) -> String? {
        for policy in [BuildSettingExpander.UnsetPolicy.keepReference, .xcodeSemantics] {
            let expander = BuildSettingExpander(settings: settings, unsetPolicy: policy)
            for text in texts.prefix(64) {
                let expansion = expander.expand(text)
                if !text.utf8.contains(UInt8(ascii: "$")) {
                    guard expansion.value == text, expansion.isComplete else {
                        return "expanding '\(text)', which has no '$', gave '\(expansion.value)' (complete: \(expansion.isComplete))"
                    }
                }
                if expansion.isComplete, !expansion.value.utf8.contains(UInt8(ascii: "$")) {
                    let again = expander.expand(expansion.value)
                    guard again.value == expansion.value, again.isComplete else {
                        return "expanding '\(text)' gave '\(expansion.value)', and expanding that gave '\(again.value)'"
                    }
                }
                guard expansion.value.utf8.count <= BuildSettingExpander.maximumLength + text.utf8.count else {
                    return "expanding '\(text)' gave \(expansion.value.utf8.count) bytes, past the limit"
                }
            }
        }
        return nil
    }
}
