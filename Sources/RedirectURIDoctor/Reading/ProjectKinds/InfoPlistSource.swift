import Foundation

/// The Info.plist of a target as Xcode builds it from `INFOPLIST_FILE`: the file on disk, the
/// one a project generator writes (XcodeGen's `info` properties), and either one preprocessed
/// when `INFOPLIST_PREPROCESS = YES` (see ``InfoPlistPreprocessor``).
struct InfoPlistSource {
    var data: Data?
    /// How the report names it: the file, and what made it.
    var description: String
    /// The file findings point at: the Info.plist, or the spec a generator writes it from.
    var path: URL
    var preprocessed = false
    /// The generator that writes it from its spec (XcodeGen from `project.yml`), when one does:
    /// a key is then changed in the spec's `info` properties, not in the file.
    var generator: XcodeProject.Generator?
    /// Why it could not be read or preprocessed: one finding, the checks that need it skipped.
    var findings: [DoctorFinding] = []

    static func read(
        _ url: URL, loaded: XcodeProject, resolved: ResolvedTarget, expander: BuildSettingExpander, shown: (URL) -> String
    ) -> InfoPlistSource {
        let generated = loaded.generator.flatMap { generator in generator.files[url.standardizedFileURL.path].map { (generator, $0) } }
        var source = InfoPlistSource(
            data: generated?.1 ?? ReadCount.contents(of: url),
            description: shown(url) + (generated.map { ", written by \($0.0.tool) from \(DisplayPath.of($0.0.spec))" } ?? "")
                + (generated != nil && FileManager.default.fileExists(atPath: url.path)
                    ? " (it replaces the file there on each generate: its keys are the spec's info properties)" : ""),
            path: generated?.0.spec ?? url, generator: generated?.0)
        guard let bytes = source.data, resolved.isEnabled("INFOPLIST_PREPROCESS", expander: expander) else { return source }
        let definitions = expander.expand("$(INFOPLIST_PREPROCESSOR_DEFINITIONS)")
        var preprocessor = InfoPlistPreprocessor(definitions: definitions.value) { name in
            let included = name.hasPrefix("/") ? URL(fileURLWithPath: name) : url.deletingLastPathComponent().appendingPathComponent(name)
            return ReadCount.contents(of: included).map(Array.init)
        }
        source.preprocessed = true
        source.description += ", preprocessed (INFOPLIST_PREPROCESS)"
        do {
            if let header = resolved.path("INFOPLIST_PREFIX_HEADER", expander: expander) {
                guard let headerURL = header.url, let headerBytes = ReadCount.contents(of: headerURL) else {
                    source.data = nil
                    source.findings.append(
                        DoctorFinding(
                            .plistUnreadable,
                            "INFOPLIST_PREFIX_HEADER is '\(header.written)', which cannot be read, and the Info.plist is preprocessed with it",
                            fix: "point INFOPLIST_PREFIX_HEADER at the header (relative to the project folder)"))
                    return source
                }
                try preprocessor.define(fromHeader: Array(headerBytes))
            }
            source.data = Data(try preprocessor.process(Array(bytes)))
        } catch {
            source.data = nil
            source.findings.append(
                DoctorFinding(
                    .plistUnreadable,
                    "\(shown(url)) is preprocessed (INFOPLIST_PREPROCESS = YES), and line \(error.line) has \(error.reason), which the doctor does not preprocess",
                    fix: "pass the built Info.plist (in the app bundle) with --info-plist"))
        }
        return source
    }
}
