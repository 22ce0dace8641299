import Foundation

/// What a project's targets link and run while they build, read from `project.pbxproj`: the
/// Swift packages a target depends on, the frameworks it links, the other projects it refers to,
/// its run-script phases and its platform. Every lookup checks types, so a damaged file reads as
/// "nothing there", never a trap.
extension XcodeProject {
    /// A run-script phase (`PBXShellScriptBuildPhase`) of a target.
    struct ScriptPhase {
        var name: String
        var script: String
        var inputPaths: [String]
        var outputPaths: [String]
    }

    /// The names a target links: each package product it depends on (`productName`) with the last
    /// path component of its package's repository URL or local path, and each framework or
    /// library in its Frameworks phase (`MSAL.framework`, `libPods-App.a`).
    func linkedNames(of target: Target) -> [String] {
        guard let object = objects[target.id] else { return [] }
        var names: [String] = []
        for dependency in Self.strings(object["packageProductDependencies"]) {
            guard let product = objects[dependency] else { continue }
            if let name = product["productName"] as? String { names.append(name) }
            if let package = product["package"] as? String { names += packageNames(package) }
        }
        // A package product or another project's target it depends on (`dependencies`): the
        // product's name, or the proxy's `remoteInfo` (`MSAL (iOS Framework)` → `MSAL`).
        for dependency in Self.strings(object["dependencies"]) {
            guard let item = objects[dependency] else { continue }
            if let product = item["productRef"] as? String, let name = objects[product]?["productName"] as? String {
                names.append(name)
            }
            if let proxy = item["targetProxy"] as? String, let info = objects[proxy]?["remoteInfo"] as? String {
                names.append(String(info.prefix { $0 != " " }))
            }
        }
        for phase in phases(of: target, isa: "PBXFrameworksBuildPhase") {
            for buildFile in Self.strings(phase["files"]) {
                guard let file = objects[buildFile] else { continue }
                if let reference = file["fileRef"] as? String, let referenced = objects[reference] {
                    if let name = (referenced["name"] as? String) ?? (referenced["path"] as? String) {
                        names.append(Self.lastComponent(name))
                    }
                }
                if let product = file["productRef"] as? String, let name = objects[product]?["productName"] as? String {
                    names.append(name)
                }
            }
        }
        return names
    }

    /// Every Swift package the project names (`XCRemoteSwiftPackageReference`'s repository,
    /// `XCLocalSwiftPackageReference`'s folder), as the last component without `.git`.
    var packageReferenceNames: [String] {
        Self.strings(root["packageReferences"]).flatMap(packageNames)
    }

    /// The other projects this one refers to (`projectReferences`), by file name
    /// (`MSAL.xcodeproj`).
    var referencedProjectNames: [String] {
        (root["projectReferences"] as? [Any] ?? []).compactMap { entry in
            guard let reference = (entry as? [String: Any])?["ProjectRef"] as? String, let file = objects[reference] else { return nil }
            return ((file["path"] as? String) ?? (file["name"] as? String)).map(Self.lastComponent)
        }
    }

    /// A target's run-script phases, in build order.
    func scriptPhases(of target: Target) -> [ScriptPhase] {
        phases(of: target, isa: "PBXShellScriptBuildPhase").map { phase in
            ScriptPhase(
                name: phase["name"] as? String ?? "Run Script", script: phase["shellScript"] as? String ?? "",
                inputPaths: Self.strings(phase["inputPaths"]), outputPaths: Self.strings(phase["outputPaths"]))
        }
    }

    private func phases(of target: Target, isa: String) -> [[String: Any]] {
        guard let object = objects[target.id] else { return [] }
        return Self.strings(object["buildPhases"]).compactMap { id in
            guard let phase = objects[id], phase["isa"] as? String == isa else { return nil }
            return phase
        }
    }

    private func packageNames(_ id: String) -> [String] {
        guard let package = objects[id] else { return [] }
        let location = (package["repositoryURL"] as? String) ?? (package["relativePath"] as? String) ?? (package["path"] as? String)
        guard let location else { return [] }
        var name = Self.lastComponent(location)
        if name.lowercased().hasSuffix(".git") { name = String(name.dropLast(4)) }
        return name.isEmpty ? [] : [name]
    }

    private static func strings(_ value: Any?) -> [String] {
        (value as? [Any] ?? []).compactMap { $0 as? String }
    }

    /// `a/b/MSAL.framework` → `MSAL.framework`; a trailing `/` is ignored.
    static func lastComponent(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? trimmed
    }
}
