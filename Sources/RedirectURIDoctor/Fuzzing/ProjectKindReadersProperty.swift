import Foundation

/// The part of ``DoctorReadersProperty`` for the readers of the other kinds of project: XcodeGen's
/// YAML and spec, a `.csproj`, an Expo `app.json` and Info.plist preprocessing, on any bytes.
///
/// - the YAML reader answers a value whose every line is a line of the input, or an error at
///   one; reading again gives the same answer, and so does reading the text with a comment line
///   after it or with CRLF line breaks (a spec saved on Windows);
/// - the spec builder either refuses (naming `xcodegen generate`) or gives a project whose every
///   target resolves in every configuration, and whose generated files are property lists;
/// - the `.csproj` reader never gives an empty package; a property's value stays within
///   ``DotNetProject/maximumExpansion`` bytes of what is written, and is what is written (trimmed)
///   when it names no property;
/// - the `app.json` reader reads the same way twice, and registers the bundle ID as a scheme, as
///   prebuild does;
/// - preprocessing keeps ``PreprocessorProperty``.
enum ProjectKindReadersProperty {
    static func check(_ bytes: [UInt8], definitions: String) -> String? {
        if let failure = checkYAML(bytes) { return failure }
        if let failure = checkSpec(bytes) { return failure }
        if let failure = checkDotNet(bytes) { return failure }
        if let failure = checkExpo(bytes) { return failure }
        return PreprocessorProperty.check(bytes, definitions: definitions)
    }

    private static func checkDotNet(_ bytes: [UInt8]) -> String? {
        guard let project = DotNetProject(data: Data(bytes)) else { return nil }
        if project.packages.contains("") { return "the .csproj reader gave an empty package" }
        for (name, written) in project.properties.sorted(by: { $0.key < $1.key }).prefix(16) {
            guard let value = project.value(name) else { return "the .csproj property '\(name)' has no value" }
            if value.utf8.count > written.utf8.count + DotNetProject.maximumExpansion {
                return "the .csproj property '\(name)' grew from \(written.utf8.count) to \(value.utf8.count) bytes"
            }
            if !written.contains("$("), value != written.trimmingCharacters(in: .whitespacesAndNewlines) {
                return "the .csproj property '\(name)' names no property and was changed"
            }
        }
        return nil
    }

    /// A property-list value as text with its dictionaries' keys sorted and each scalar's type
    /// named: equal for equal values whatever the order a dictionary iterates in.
    static func canonical(_ value: Any) -> String {
        switch value {
        case let dictionary as [String: Any]:
            return "{" + dictionary.keys.sorted().map { "\($0.debugDescription):\(canonical(dictionary[$0] as Any))" }.joined(separator: ",") + "}"
        case let array as [Any]: return "[" + array.map(canonical).joined(separator: ",") + "]"
        case let text as String: return text.debugDescription
        default: return "\(type(of: value))(\(value))"
        }
    }

    private static func checkExpo(_ bytes: [UInt8]) -> String? {
        let file = URL(fileURLWithPath: "/fuzz/app.json")
        let first = Result { () throws(DoctorProjectError) in try ExpoAppConfig.read(Data(bytes), file: file) }
        let second = Result { () throws(DoctorProjectError) in try ExpoAppConfig.read(Data(bytes), file: file) }
        switch (first, second) {
        case (.success(let config), .success(let again)):
            // Compared as canonical text: NSDictionary's isEqual compares nested Swift arrays and
            // dictionaries by identity on some Foundation builds (ClusterFuzzLite's toolchain).
            guard config.bundleID == again.bundleID, canonical(config.info) == canonical(again.info),
                canonical(config.entitlements) == canonical(again.entitlements)
            else { return "the app.json reader read the same bytes two ways" }
            if let bundleID = config.bundleID, config.info["CFBundleURLTypes"] is [Any] {
                let added = ((config.info["CFBundleURLTypes"] as? [Any])?.last as? [String: Any])?["CFBundleURLSchemes"] as? [String]
                if added?.contains(bundleID) != true { return "the app.json reader did not register the bundle ID '\(bundleID)' as prebuild does" }
            }
        case (.failure(let error), .failure(let again)):
            if error.kind != again.kind || error.message != again.message { return "the app.json reader refused the same bytes two ways" }
        default:
            return "the app.json reader read and refused the same bytes"
        }
        return nil
    }

    private static func checkYAML(_ bytes: [UInt8]) -> String? {
        let lineCount = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let read = { (bytes: [UInt8]) in Result { () throws(YAMLSubsetError) in try YAMLSubsetReader.read(bytes) } }
        let first = read(bytes)
        // A comment line after the text ends nothing and starts nothing: no value or error moves.
        if read(bytes + Array("\n# comment".utf8)) != first { return "a comment line after the YAML changed how it reads" }
        // CRLF line breaks read as LF (each line's final CR is dropped); a text with a CR of its
        // own is left out, as its CR would then be dropped too.
        if !bytes.contains(UInt8(ascii: "\r")), bytes.count < 4096 {
            let crlf = bytes.flatMap { $0 == UInt8(ascii: "\n") ? [UInt8(ascii: "\r"), $0] : [$0] }
            if read(crlf) != first { return "the YAML reads another way with CRLF line breaks" }
        }
        let second = read(bytes)
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
}
