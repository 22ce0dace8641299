import Foundation

/// An XcodeGen `project.yml` read into the project it generates: the doctor builds, in memory,
/// the objects `xcodegen generate` would write to `project.pbxproj` for what it checks (targets
/// and their product types, configurations, build settings and `.xcconfig` files, sources,
/// package, framework and Carthage dependencies, build scripts), and the Info.plist and
/// entitlements XcodeGen writes from a target's `info` and `entitlements` properties. The rest
/// of the doctor then reads it as any Xcode project.
///
/// What XcodeGen does that the doctor does not (another spec through `include`, target
/// templates, a target for several platforms) is a ``DoctorProjectError`` naming
/// `xcodegen generate`, so that the user checks the generated project instead: never a guess.
/// The rules, from XcodeGen's project spec (Docs/ProjectSpec.md): a target's `type` is its
/// product type after `com.apple.product-type.`; `settings` is a mapping of settings or of
/// `base`, `configs` and `groups`; `options.bundleIdPrefix` gives a target with no
/// `PRODUCT_BUNDLE_IDENTIFIER` at any level `<prefix>.<target name>`; `info` and `entitlements`
/// are written at their `path` from their `properties` (over XcodeGen's defaults for the
/// Info.plist), replacing a file already there.
struct XcodeGenSpec {
    /// Reads the spec at `file` (its folder is the source root).
    static func load(_ file: URL, display: String) throws(DoctorProjectError) -> XcodeProject {
        guard let data = ReadCount.contents(of: file) else {
            throw DoctorProjectError(.unreadable, "cannot read '\(display)': pass an XcodeGen project.yml, an .xcodeproj or its folder")
        }
        return try project(from: Array(data), root: file.deletingLastPathComponent().standardizedFileURL, display: display)
    }

    /// The project a spec's bytes describe.
    static func project(
        from bytes: [UInt8], root: URL, display: String, contents: @escaping XCConfigFile.FileContents = XCConfigFile.fromDisk
    ) throws(DoctorProjectError) -> XcodeProject {
        let spec: YAMLValue
        do {
            spec = try YAMLSubsetReader.read(bytes)
        } catch {
            throw notRead(display, "line \(error.line) has \(error.reason), which the doctor does not read")
        }
        guard case .mapping = spec else { throw notRead(display, "it is not a mapping of the project's properties") }
        for key in ["include", "targetTemplates"] where spec[key] != nil {
            throw notRead(display, "it uses '\(key)', which the doctor does not follow")
        }
        var builder = Builder(root: root, spec: spec, contents: contents)
        try builder.build(display: display)
        let name = spec["name"]?.text ?? "Project"
        let bundle = root.appendingPathComponent("\(name).xcodeproj")
        return XcodeProject(
            bundle: bundle, objects: builder.objects, root: builder.objects[builder.rootID] ?? [:], sourceRoot: root, parents: [:],
            generator: .init(
                tool: "XcodeGen", spec: root.appendingPathComponent(display.split(separator: "/").last.map(String.init) ?? "project.yml"),
                files: builder.generatedFiles))
    }

    static func notRead(_ display: String, _ why: String) -> DoctorProjectError {
        DoctorProjectError(
            .notGenerated,
            "\(display) cannot be read as XcodeGen would: \(why). Run `xcodegen generate` and pass the .xcodeproj it writes with --project")
    }

    /// A build setting's text as XcodeGen writes it: booleans as YES/NO, lists as their items.
    static func settingValue(_ value: YAMLValue) -> Any? {
        switch value {
        case .scalar(let text, let quoted, _):
            if !quoted, ["true", "yes", "True", "YES", "Yes"].contains(text) { return "YES" }
            if !quoted, ["false", "no", "False", "NO", "No"].contains(text) { return "NO" }
            return text
        case .sequence(let items, _): return items.compactMap { $0.text }
        case .mapping: return nil
        }
    }

    /// A property-list value from YAML, typed as YAML's core schema types a plain scalar.
    static func plistValue(_ value: YAMLValue) -> Any {
        switch value {
        case .scalar(let text, let quoted, _):
            if quoted { return text }
            if ["true", "yes", "True", "YES", "Yes"].contains(text) { return true }
            if ["false", "no", "False", "NO", "No"].contains(text) { return false }
            if let number = Int(text) { return number }
            return text
        case .sequence(let items, _): return items.map(plistValue)
        case .mapping(let entries, _):
            var dictionary: [String: Any] = [:]
            for entry in entries { dictionary[entry.key] = plistValue(entry.value) }
            return dictionary
        }
    }
}

extension XcodeGenSpec {
    /// Writes the objects, one ID per object in the order they are made.
    struct Builder {
        let root: URL
        let spec: YAMLValue
        let contents: XCConfigFile.FileContents
        var objects: [String: [String: Any]] = [:]
        var generatedFiles: [String: Data] = [:]
        var rootID = ""
        private var counter = 0

        init(root: URL, spec: YAMLValue, contents: @escaping XCConfigFile.FileContents) {
            self.root = root
            self.spec = spec
            self.contents = contents
        }

        private mutating func add(_ object: [String: Any]) -> String {
            counter += 1
            let id = "XCODEGEN" + String(counter, radix: 16).uppercased()
            objects[id] = object
            return id
        }

        /// The configurations: `configs`' names, else XcodeGen's Debug and Release.
        var configurationNames: [String] {
            let names = spec["configs"]?.entries.map(\.key) ?? []
            return names.isEmpty ? ["Debug", "Release"] : names
        }

        mutating func build(display: String) throws(DoctorProjectError) {
            var packageIDs: [String: String] = [:]
            for entry in spec["packages"]?.entries ?? [] {
                if let url = entry.value["url"]?.text ?? entry.value["github"]?.text.map({ "https://github.com/\($0)" }) {
                    packageIDs[entry.key] = add(["isa": "XCRemoteSwiftPackageReference", "repositoryURL": url])
                } else if let path = entry.value["path"]?.text {
                    packageIDs[entry.key] = add(["isa": "XCLocalSwiftPackageReference", "relativePath": path])
                }
            }
            var targetIDs: [String] = []
            for entry in spec["targets"]?.entries ?? [] {
                targetIDs.append(try target(entry.key, entry.value, packages: packageIDs, display: display))
            }
            let projectList = configurationList(settings: spec["settings"], configFiles: spec["configFiles"], extra: [:])
            rootID = add([
                "isa": "PBXProject", "targets": targetIDs, "buildConfigurationList": projectList,
                "packageReferences": packageIDs.keys.sorted().compactMap { packageIDs[$0] },
            ])
        }

        private mutating func target(_ name: String, _ target: YAMLValue, packages: [String: String], display: String) throws(DoctorProjectError)
            -> String
        {
            if target["templates"] != nil { throw XcodeGenSpec.notRead(display, "target '\(name)' uses templates, which the doctor does not follow") }
            guard let type = target["type"]?.text else { throw XcodeGenSpec.notRead(display, "target '\(name)' has no type") }
            if case .sequence = target["platform"] { throw XcodeGenSpec.notRead(display, "target '\(name)' is built for several platforms") }
            var extra: [String: Any] = [:]
            let sdkRoots = ["iOS": "iphoneos", "macOS": "macosx", "tvOS": "appletvos", "watchOS": "watchos", "visionOS": "xros"]
            if let platform = target["platform"]?.text, let sdkRoot = sdkRoots[platform] { extra["SDKROOT"] = sdkRoot }
            if let info = target["info"], let path = info["path"]?.text {
                extra["INFOPLIST_FILE"] = path
                var plist: [String: Any] = ["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)"]
                for entry in info["properties"]?.entries ?? [] { plist[entry.key] = XcodeGenSpec.plistValue(entry.value) }
                generate(plist, at: path)
            }
            if let entitlements = target["entitlements"], let path = entitlements["path"]?.text {
                extra["CODE_SIGN_ENTITLEMENTS"] = path
                var plist: [String: Any] = [:]
                for entry in entitlements["properties"]?.entries ?? [] { plist[entry.key] = XcodeGenSpec.plistValue(entry.value) }
                generate(plist, at: path)
            }
            if let prefix = spec["options"]?["bundleIdPrefix"]?.text, !setsBundleID(target) {
                extra["PRODUCT_BUNDLE_IDENTIFIER"] = "\(prefix).\(name)"
            }
            let list = configurationList(settings: target["settings"], configFiles: target["configFiles"], extra: extra)

            var phases: [String] = []
            var files: [String] = []
            var folders: [String] = []
            for source in target["sources"]?.items ?? [] {
                guard let path = source.text ?? source["path"]?.text else { continue }
                let reference: [String: Any] = ["sourceTree": "SOURCE_ROOT", "path": path]
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue {
                    let fileID = add(reference.merging(["isa": "PBXFileReference"]) { $1 })
                    files.append(add(["isa": "PBXBuildFile", "fileRef": fileID]))
                } else {
                    folders.append(add(reference.merging(["isa": "PBXFileSystemSynchronizedRootGroup"]) { $1 }))
                }
            }
            phases.append(add(["isa": "PBXSourcesBuildPhase", "files": files]))
            var products: [String] = []
            var frameworks: [String] = []
            for dependency in target["dependencies"]?.items ?? [] {
                if let package = dependency["package"]?.text {
                    let names = dependency["products"]?.items.compactMap(\.text) ?? [dependency["product"]?.text ?? package]
                    for product in names {
                        var object: [String: Any] = ["isa": "XCSwiftPackageProductDependency", "productName": product]
                        if let reference = packages[package] { object["package"] = reference }
                        products.append(add(object))
                    }
                }
                for key in ["framework", "carthage", "sdk"] {
                    guard let path = dependency[key]?.text else { continue }
                    let last = path.split(separator: "/").last.map(String.init) ?? path
                    let fileID = add(["isa": "PBXFileReference", "name": key == "carthage" ? last + ".framework" : last, "sourceTree": "<group>"])
                    frameworks.append(add(["isa": "PBXBuildFile", "fileRef": fileID]))
                }
            }
            phases.append(add(["isa": "PBXFrameworksBuildPhase", "files": frameworks]))
            for key in ["preBuildScripts", "postCompileScripts", "postBuildScripts"] {
                for script in target[key]?.items ?? [] {
                    let text = script["script"]?.text ?? script["path"]?.text.map { "\"${SRCROOT}/\($0)\"" } ?? ""
                    phases.append(
                        add([
                            "isa": "PBXShellScriptBuildPhase", "name": script["name"]?.text ?? "Run Script", "shellScript": text,
                            "inputPaths": script["inputFiles"]?.items.compactMap(\.text) ?? [],
                            "outputPaths": script["outputFiles"]?.items.compactMap(\.text) ?? [],
                        ]))
                }
            }
            return add([
                "isa": "PBXNativeTarget", "name": name, "productType": "com.apple.product-type.\(type)", "buildConfigurationList": list,
                "buildPhases": phases, "packageProductDependencies": products, "fileSystemSynchronizedGroups": folders,
            ])
        }

        /// Whether the spec or a configuration file sets `PRODUCT_BUNDLE_IDENTIFIER` for the target.
        private func setsBundleID(_ target: YAMLValue) -> Bool {
            for configuration in configurationNames {
                for settings in [spec["settings"], target["settings"]] {
                    if Self.settings(settings, configuration: configuration)["PRODUCT_BUNDLE_IDENTIFIER"] != nil { return true }
                }
                for files in [spec["configFiles"], target["configFiles"]] {
                    guard let path = files?[configuration]?.text else { continue }
                    let file = XCConfigFile.read(root.appendingPathComponent(path), displayRoot: root, contents: contents)
                    if file.assignments.contains(where: { $0.name == "PRODUCT_BUNDLE_IDENTIFIER" }) { return true }
                }
            }
            return false
        }

        /// The settings of a `settings` value for one configuration: `base`, then the
        /// configuration's (matched regardless of case, as XcodeGen does), over setting groups.
        static func settings(_ value: YAMLValue?, configuration: String) -> [String: Any] {
            guard let value, case .mapping(let entries, _) = value else { return [:] }
            let structured = entries.contains { ["base", "configs", "groups"].contains($0.key) }
            var result: [String: Any] = [:]
            let levels =
                structured
                ? [value["base"]] + (value["configs"]?.entries.filter { $0.key.lowercased() == configuration.lowercased() }.map(\.value) ?? [])
                : [value]
            for level in levels {
                for entry in level?.entries ?? [] {
                    if let setting = XcodeGenSpec.settingValue(entry.value) { result[entry.key] = setting }
                }
            }
            return result
        }

        private mutating func configurationList(settings: YAMLValue?, configFiles: YAMLValue?, extra: [String: Any]) -> String {
            var ids: [String] = []
            for name in configurationNames {
                var object: [String: Any] = [
                    "isa": "XCBuildConfiguration", "name": name,
                    "buildSettings": extra.merging(Self.settings(settings, configuration: name)) { $1 },
                ]
                if let path = configFiles?[name]?.text {
                    object["baseConfigurationReference"] = add(["isa": "PBXFileReference", "path": path, "sourceTree": "SOURCE_ROOT"])
                }
                ids.append(add(object))
            }
            return add(["isa": "XCConfigurationList", "buildConfigurations": ids, "defaultConfigurationName": "Release"])
        }

        private mutating func generate(_ plist: [String: Any], at path: String) {
            guard let data = try? PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0) else { return }
            generatedFiles[root.appendingPathComponent(path).standardizedFileURL.path] = data
        }
    }
}
