import Foundation

/// An Xcode project as `project.pbxproj` describes it: an old-style (OpenStep) property list whose
/// `objects` dictionary maps 24-hex-digit IDs to objects with an `isa`, and whose `rootObject` is
/// the `PBXProject`. Foundation's property-list reader reads this format on every platform.
///
/// Only what the doctor needs is read: native targets, their configuration lists, each
/// configuration's `buildSettings` and base `.xcconfig`, and file paths through the group tree.
/// Every lookup checks types, so a damaged file gives `nil` or an error, never a trap.
struct XcodeProject {
    /// A `PBXNativeTarget`.
    struct Target {
        var id: String
        var name: String
        var productType: String?
        var configurationListID: String?
    }

    /// An `XCBuildConfiguration`.
    struct Configuration {
        var id: String
        var name: String
        var buildSettings: [String: Any]
        /// Where its base `.xcconfig` is: `nil` when it has none.
        var baseConfiguration: BaseConfiguration?
    }

    /// A configuration's base `.xcconfig`: a file reference (`baseConfigurationReference`), or a
    /// path inside a folder (`baseConfigurationReferenceAnchor` and
    /// `baseConfigurationReferenceRelativePath`, written since Xcode 16 for folders that Xcode keeps
    /// in sync with the disk).
    enum BaseConfiguration {
        case reference(String)
        case anchored(anchor: String, relativePath: String)
    }

    /// The `.xcodeproj` directory.
    let bundle: URL
    /// The project's objects by ID.
    let objects: [String: [String: Any]]
    /// The `PBXProject` object.
    let root: [String: Any]
    /// `SRCROOT`: the folder holding the `.xcodeproj`, moved by the project's `projectDirPath`.
    let sourceRoot: URL
    /// For each object inside a group, the group.
    let parents: [String: String]
    /// The tool that writes the project from a spec (XcodeGen), when the doctor built it from
    /// the spec in memory: `nil` for a `project.pbxproj` read from disk.
    var generator: Generator?

    /// A project built from a spec, and the files the tool would write (Info.plist and
    /// entitlements from properties), by absolute path.
    struct Generator {
        var tool: String
        var spec: URL
        var files: [String: Data]
    }

    /// A file the project refers to: the one the generator would write, else the one on disk.
    func contents(of url: URL) -> Data? {
        generator?.files[url.standardizedFileURL.path] ?? ReadCount.contents(of: url)
    }

    /// The file findings about the project itself point at: the spec, or `project.pbxproj`.
    var projectFile: URL { generator?.spec ?? bundle.appendingPathComponent("project.pbxproj") }

    /// `PROJECT_NAME`: the `.xcodeproj`'s name without its extension.
    var name: String { bundle.deletingPathExtension().lastPathComponent }

    /// Reads the project at `url`: an `.xcodeproj` directory, or the `project.pbxproj` inside one.
    static func load(_ url: URL) throws(DoctorProjectError) -> XcodeProject {
        let bundle = url.lastPathComponent == "project.pbxproj" ? url.deletingLastPathComponent() : url
        let file = bundle.appendingPathComponent("project.pbxproj")
        guard let data = ReadCount.contents(of: file) else {
            throw DoctorProjectError(
                .unreadable, "cannot read '\(DisplayPath.of(file))': pass an .xcodeproj directory or its project.pbxproj")
        }
        return try parse(data, bundle: bundle)
    }

    /// Reads `project.pbxproj` bytes as the project at `bundle` (whose folder is the source root).
    static func parse(_ data: Data, bundle: URL) throws(DoctorProjectError) -> XcodeProject {
        let file = DisplayPath.of(bundle.appendingPathComponent("project.pbxproj"))
        ReadCount.record(.plistParse)
        guard let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
            let top = plist as? [String: Any]
        else {
            throw DoctorProjectError(.malformed, "'\(file)' is not a property list with a dictionary at its root")
        }
        guard let rawObjects = top["objects"] as? [String: Any], let rootID = top["rootObject"] as? String else {
            throw DoctorProjectError(.malformed, "'\(file)' has no objects or no rootObject")
        }
        var objects: [String: [String: Any]] = [:]
        for (id, value) in rawObjects {
            if let object = value as? [String: Any] { objects[id] = object }
        }
        guard let root = objects[rootID], root["isa"] as? String == "PBXProject" else {
            throw DoctorProjectError(.malformed, "the rootObject of '\(file)' is not a PBXProject")
        }
        var parents: [String: String] = [:]
        for (id, object) in objects {
            for child in object["children"] as? [Any] ?? [] {
                if let child = child as? String { parents[child] = id }
            }
        }
        var sourceRoot = bundle.deletingLastPathComponent()
        if let projectDirPath = root["projectDirPath"] as? String, !projectDirPath.isEmpty {
            sourceRoot =
                projectDirPath.hasPrefix("/")
                ? URL(fileURLWithPath: projectDirPath) : sourceRoot.appendingPathComponent(projectDirPath)
        }
        return XcodeProject(bundle: bundle, objects: objects, root: root, sourceRoot: sourceRoot.standardizedFileURL, parents: parents)
    }

    /// The project's native targets, in the project's order.
    var targets: [Target] {
        (root["targets"] as? [Any] ?? []).compactMap { value -> Target? in
            guard let id = value as? String, let object = objects[id], object["isa"] as? String == "PBXNativeTarget" else {
                return nil
            }
            return Target(
                id: id, name: object["name"] as? String ?? id, productType: object["productType"] as? String,
                configurationListID: object["buildConfigurationList"] as? String)
        }
    }

    /// The project-level configuration list's ID.
    var projectConfigurationListID: String? { root["buildConfigurationList"] as? String }

    /// The project's `developmentRegion` (`DEVELOPMENT_LANGUAGE`).
    var developmentRegion: String? { root["developmentRegion"] as? String }

    /// The configurations of a configuration list, and its `defaultConfigurationName`.
    func configurations(ofList id: String?) -> (configurations: [Configuration], defaultName: String?) {
        guard let id, let list = objects[id], list["isa"] as? String == "XCConfigurationList" else { return ([], nil) }
        let configurations = (list["buildConfigurations"] as? [Any] ?? []).compactMap { value -> Configuration? in
            guard let id = value as? String, let object = objects[id], object["isa"] as? String == "XCBuildConfiguration",
                let name = object["name"] as? String
            else { return nil }
            var base: BaseConfiguration?
            if let reference = object["baseConfigurationReference"] as? String {
                base = .reference(reference)
            } else if let anchor = object["baseConfigurationReferenceAnchor"] as? String,
                let relativePath = object["baseConfigurationReferenceRelativePath"] as? String
            {
                base = .anchored(anchor: anchor, relativePath: relativePath)
            }
            return Configuration(
                id: id, name: name, buildSettings: object["buildSettings"] as? [String: Any] ?? [:],
                baseConfiguration: base)
        }
        return (configurations, list["defaultConfigurationName"] as? String)
    }

    /// Where a base configuration file is on disk, or `nil` when its location depends on
    /// something outside the project (an SDK, the build folder).
    func path(of base: BaseConfiguration) -> URL? {
        switch base {
        case .reference(let id):
            return path(ofObject: id)
        case .anchored(let anchor, let relativePath):
            return path(ofObject: anchor)?.appendingPathComponent(relativePath).standardizedFileURL
        }
    }

    /// The path of a file reference or group: `<group>` paths are relative to the enclosing
    /// group's, `SOURCE_ROOT` paths to `SRCROOT`, `<absolute>` paths stand alone.
    func path(ofObject id: String) -> URL? {
        var components: [String] = []
        var current: String? = id
        var visited: Set<String> = []
        // Walks up the group tree; the visited set ends a malformed file's loop.
        while let objectID = current, visited.insert(objectID).inserted {
            guard let object = objects[objectID] else { return nil }
            let path = object["path"] as? String ?? ""
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<absolute>":
                return Self.joined(URL(fileURLWithPath: path.isEmpty ? "/" : path), components)
            case "SOURCE_ROOT":
                return Self.joined(sourceRoot.appendingPathComponent(path), components)
            case "<group>":
                if !path.isEmpty { components.insert(path, at: 0) }
                current = parents[objectID]
                if current == nil { return Self.joined(sourceRoot, components) }
            default:
                return nil  // BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR: not in the source tree
            }
        }
        return nil
    }

    private static func joined(_ base: URL, _ components: [String]) -> URL {
        components.reduce(base) { url, component in
            component.hasPrefix("/") ? URL(fileURLWithPath: component) : url.appendingPathComponent(component)
        }.standardizedFileURL
    }
}
