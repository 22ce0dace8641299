import Foundation

/// The part of ``DoctorReadersProperty`` for the readers of the other kinds of project: XcodeGen's
/// YAML and spec, a `.csproj`, an Expo `app.json` and Info.plist preprocessing, on any bytes.
///
/// - the YAML reader answers a value whose every line is a line of the input, or an error at
///   one; reading again gives the same answer;
/// - the spec builder either refuses (naming `xcodegen generate`) or gives a project whose every
///   target resolves in every configuration, and whose generated files are property lists;
/// - the `.csproj` reader never gives an empty package, and a property's value terminates;
/// - the `app.json` reader registers the bundle ID as a scheme, as prebuild does;
/// - preprocessing keeps the line count of a text with no `#include`, stays within its output
///   bound, and gives the same output twice.
enum ProjectKindReadersProperty {
    static func check(_ bytes: [UInt8], definitions: String) -> String? {
        if let failure = checkYAML(bytes) { return failure }
        if let failure = checkSpec(bytes) { return failure }
        if let project = DotNetProject(data: Data(bytes)) {
            if project.packages.contains("") { return "the .csproj reader gave an empty package" }
            for name in project.properties.keys.prefix(16) { _ = project.value(name) }
        }
        if let config = try? ExpoAppConfig.read(Data(bytes), file: URL(fileURLWithPath: "/fuzz/app.json")), let bundleID = config.bundleID,
            config.info["CFBundleURLTypes"] is [Any]
        {
            let added = ((config.info["CFBundleURLTypes"] as? [Any])?.last as? [String: Any])?["CFBundleURLSchemes"] as? [String]
            if added?.contains(bundleID) != true { return "the app.json reader did not register the bundle ID '\(bundleID)' as prebuild does" }
        }
        return checkPreprocessor(bytes, definitions: definitions)
    }

    private static func checkYAML(_ bytes: [UInt8]) -> String? {
        let lineCount = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let first = Result { () throws(YAMLSubsetError) in try YAMLSubsetReader.read(bytes) }
        let second = Result { () throws(YAMLSubsetError) in try YAMLSubsetReader.read(bytes) }
        switch (first, second) {
        case (.success(let value), .success(let again)):
            if value != again { return "the YAML reader read the same bytes two ways" }
            var stack = [value]
            var visited = 0
            while let next = stack.popLast(), visited < 100_000 {
                visited += 1
                guard (1...lineCount).contains(next.line) else { return "the YAML reader put a value at line \(next.line) of \(lineCount)" }
                switch next {
                case .scalar: break
                case .sequence(let items, _): stack += items
                case .mapping(let entries, _): stack += entries.map(\.value)
                }
            }
        case (.failure(let error), .failure(let again)):
            if error != again { return "the YAML reader refused the same bytes two ways" }
            guard (0...lineCount).contains(error.line) else { return "the YAML reader refused line \(error.line) of \(lineCount)" }
        default:
            return "the YAML reader read and refused the same bytes"
        }
        return nil
    }

    private static func checkSpec(_ bytes: [UInt8]) -> String? {
        let root = URL(fileURLWithPath: "/fuzz")
        let contents: XCConfigFile.FileContents = { _ in Data(bytes) }
        let project: XcodeProject
        do {
            project = try XcodeGenSpec.project(from: bytes, root: root, display: "project.yml", contents: contents)
        } catch {
            return error.kind == .notGenerated && error.message.contains("`xcodegen generate`") ? nil : "the spec was refused as \(error.kind)"
        }
        for data in (project.generator?.files.values).map(Array.init) ?? [] where PropertyList.dictionary(data) == nil {
            return "the spec builder wrote a file that is not a property list"
        }
        for target in project.targets.prefix(8) {
            for configuration in project.configurations(ofList: target.configurationListID).configurations.prefix(4) {
                do {
                    _ = try ResolvedTarget.resolve(
                        project, targetName: target.name, configurationName: configuration.name, overrides: BuildSettings(), contents: contents)
                } catch {
                    return "target '\(target.name)' of a built spec does not resolve in '\(configuration.name)': \(error.message)"
                }
            }
        }
        return nil
    }

    private static func checkPreprocessor(_ bytes: [UInt8], definitions: String) -> String? {
        func run() -> Result<[UInt8], InfoPlistPreprocessor.Failure> {
            var preprocessor = InfoPlistPreprocessor(definitions: definitions) { _ in bytes }
            return Result { () throws(InfoPlistPreprocessor.Failure) in try preprocessor.process(bytes) }
        }
        let first = run()
        guard case .success(let output) = first else {
            guard case .failure(let error) = first, case .failure(let again) = run(), error == again else {
                return "preprocessing refused the same bytes two ways"
            }
            return nil
        }
        guard case .success(let again) = run(), again == output else { return "preprocessing gave two outputs for the same bytes" }
        guard output.count <= InfoPlistPreprocessor.maximumOutput else { return "preprocessing wrote \(output.count) bytes, past its bound" }
        let hasInclude = String(decoding: bytes, as: UTF8.self).contains("include")
        let lines = { (text: [UInt8]) in text.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
        if !hasInclude, lines(output) != lines(bytes) {
            return "preprocessing changed the line count from \(lines(bytes)) to \(lines(output))"
        }
        return nil
    }
}
