import Foundation

extension XcodeProject {
    /// The Swift and Objective-C files a target compiles: its `PBXSourcesBuildPhase`'s files
    /// (each `PBXBuildFile`'s `fileRef`, resolved through the groups to a path), and the files
    /// of its folders that Xcode keeps in sync with the disk (`fileSystemSynchronizedGroups`,
    /// Xcode 16), less the files an exception set takes out of the target. (The headers an
    /// Objective-C file imports are read with it: ``AppCodeReading/read(_:constantsFrom:display:)``.)
    ///
    /// Paths that leave the source tree (`BUILT_PRODUCTS_DIR`, `SDKROOT`) are skipped, each
    /// file is listed once, in project order.
    func sourceFiles(of target: Target) -> [URL] {
        guard let object = objects[target.id] else { return [] }
        var files: [URL] = []
        var seen: Set<String> = []
        func add(_ url: URL) {
            guard SourceLanguage(pathExtension: url.pathExtension) != nil, seen.insert(url.path).inserted else { return }
            files.append(url)
        }
        for phaseID in object["buildPhases"] as? [Any] ?? [] {
            guard let phaseID = phaseID as? String, let phase = objects[phaseID], phase["isa"] as? String == "PBXSourcesBuildPhase" else {
                continue
            }
            for buildFileID in phase["files"] as? [Any] ?? [] {
                guard let buildFileID = buildFileID as? String, let buildFile = objects[buildFileID],
                    let reference = buildFile["fileRef"] as? String, let url = path(ofObject: reference)
                else { continue }
                add(url)
            }
        }
        for groupID in object["fileSystemSynchronizedGroups"] as? [Any] ?? [] {
            guard let groupID = groupID as? String, let folder = path(ofObject: groupID) else { continue }
            let excluded = synchronizedExceptions(of: groupID, target: target.id)
            for url in Self.filesOnDisk(under: folder) {
                let relative = String(url.path.dropFirst(folder.path.count).drop { $0 == "/" })
                if !excluded.contains(relative) { add(url) }
            }
        }
        return files
    }

    /// The Swift files of the app's own local packages a target depends on (a package product
    /// of an `XCLocalSwiftPackageReference`; the files under its `Sources/`): where apps keep
    /// the constants they configure their SDK with. They are read for those constants only,
    /// never for facts or the URL hand-off: the package is compiled as a module of its own.
    func localPackageFiles(of target: Target) -> [URL] {
        guard let object = objects[target.id] else { return [] }
        var files: [URL] = []
        var folders: Set<String> = []
        for dependency in object["packageProductDependencies"] as? [Any] ?? [] {
            guard let id = dependency as? String, let package = objects[id]?["package"] as? String, let reference = objects[package],
                reference["isa"] as? String == "XCLocalSwiftPackageReference", let relative = reference["relativePath"] as? String,
                !relative.hasPrefix("/")
            else { continue }
            // relativePath is relative to the folder that holds the .xcodeproj.
            let folder = bundle.deletingLastPathComponent().appendingPathComponent(relative).appendingPathComponent("Sources")
            guard folders.insert(folder.standardizedFileURL.path).inserted else { continue }
            let swift = Self.filesOnDisk(under: folder.standardizedFileURL).filter { $0.pathExtension == "swift" }
            files += swift.prefix(max(0, Self.maximumFilesPerFolder - files.count))
        }
        return files
    }

    /// The paths, relative to a synchronized folder, that an exception set takes out of `target`.
    private func synchronizedExceptions(of groupID: String, target: String) -> Set<String> {
        guard let group = objects[groupID] else { return [] }
        var excluded: Set<String> = []
        for exceptionID in group["exceptions"] as? [Any] ?? [] {
            guard let exceptionID = exceptionID as? String, let exception = objects[exceptionID],
                exception["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet", exception["target"] as? String == target
            else { continue }
            for path in exception["membershipExceptions"] as? [Any] ?? [] {
                if let path = path as? String { excluded.insert(path) }
            }
        }
        return excluded
    }

    /// The most files taken from one folder: an app has hundreds or a few thousand; a folder
    /// that holds more (a vendored SDK checkout) is cut there.
    static let maximumFilesPerFolder = 20_000

    /// The Swift and Objective-C files under a folder, sorted, without descending into
    /// packages (`.xcodeproj`, `.framework`), hidden folders, `Pods` or `.build`.
    static func filesOnDisk(under folder: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles, .skipsPackageDescendants])
        else { return [] }
        var files: [URL] = []
        while let url = enumerator.nextObject() as? URL, files.count < maximumFilesPerFolder {
            let name = url.lastPathComponent
            if name == "Pods" || name == ".build" || name == "Carthage" || url.pathExtension == "xcodeproj" {
                enumerator.skipDescendants()
                continue
            }
            if SourceLanguage(pathExtension: url.pathExtension) != nil { files.append(url.standardizedFileURL) }
        }
        return files.sorted { $0.path < $1.path }
    }
}

/// The source folder of a SwiftPM target: `Sources/<name>`, or the `path:` its manifest gives
/// (passed in by the caller, who read the manifest).
enum SwiftPMTargetSources {
    /// The target's files under the package at `package`.
    static func files(package: URL, target: String, path: String? = nil) -> [URL] {
        let folder = path.map { package.appendingPathComponent($0) } ?? package.appendingPathComponent("Sources").appendingPathComponent(target)
        return XcodeProject.filesOnDisk(under: folder)
    }
}
