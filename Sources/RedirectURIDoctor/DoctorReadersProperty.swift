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
/// - each value stays within ``BuildSettingExpander/maximumLength`` bytes plus its written text.
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

        // The project, parsed from memory, every target in every configuration.
        guard let project = try? XcodeProject.parse(Data(pbxproj), bundle: root.appendingPathComponent("App.xcodeproj")) else { return nil }
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
