import Foundation
import PackagePlugin

/// `swift package redirect-doctor`: runs `parse doctor` on the app configuration of the package's
/// targets, or of an Xcode project's application targets (File ▸ Packages, or the project's
/// context menu in Xcode).
///
/// In a package, every target whose folder holds an `Info.plist` is checked, with the
/// `.entitlements` file next to it when there is one; `--target <name>` (repeatable) picks
/// targets. In an Xcode project, each application target is checked through the project, with
/// its build settings. Other arguments go to `parse doctor` as they are (`--sdk msal`,
/// `--redirect-uri …`, `--format github`); the default format is `text`, and in Xcode `xcode`, so
/// that the issue navigator lists the findings.
///
/// The command fails when a check fails (an error, or a needed check that could not run), so that
/// CI can run it: `swift package redirect-doctor --format github`.
@main
struct RedirectDoctorCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let passThrough = extractor.remainingArguments
        let tool = try context.tool(named: "parse").url

        let targets = context.package.targets.filter { names.isEmpty || names.contains($0.name) }
        let missing = Set(names).subtracting(targets.map(\.name))
        if !missing.isEmpty {
            throw DoctorPluginError("no target named \(missing.sorted().map { "'\($0)'" }.joined(separator: ", ")) in the package")
        }
        var checked = 0
        var failed: [String] = []
        for target in targets {
            let folder = target.directoryURL
            guard let plist = AppFiles.file(in: folder, named: "Info.plist") else { continue }
            var arguments = ["doctor", "--info-plist", plist.path]
            if let entitlements = AppFiles.file(in: folder, withExtension: "entitlements") {
                arguments += ["--entitlements", entitlements.path]
            }
            arguments += ["--path-root", context.package.directoryURL.path] + passThrough
            // Written unbuffered, so that it comes before the doctor's own output on the same stream.
            let header = "redirect-doctor: \(target.name) (\(AppFiles.relative(plist, to: context.package.directoryURL)))\n"
            FileHandle.standardOutput.write(Data(header.utf8))
            checked += 1
            if try AppFiles.run(tool, arguments) != 0 { failed.append(target.name) }
        }
        if checked == 0 {
            throw DoctorPluginError(
                names.isEmpty
                    ? "no target of the package has an Info.plist in its folder; pass the files to `parse doctor` instead"
                    : "the named targets have no Info.plist in their folders")
        }
        if !failed.isEmpty {
            throw DoctorPluginError("the app configuration of \(failed.map { "'\($0)'" }.joined(separator: ", ")) has problems (see above)")
        }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension RedirectDoctorCommand: XcodeCommandPlugin {
        /// Every application target of the Xcode project, as `parse doctor --project` checks them
        /// (each with its platform's rules and the SDKs it links), or the ones named with
        /// `--target`: its build settings, Info.plist and entitlements.
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            let names = extractor.extractOption(named: "target")
            var passThrough = extractor.remainingArguments
            if !passThrough.contains("--format") { passThrough += ["--format", "xcode"] }
            let tool = try context.tool(named: "parse").url
            let project = context.xcodeProject.directoryURL.appendingPathComponent("\(context.xcodeProject.displayName).xcodeproj")
            // No target named: the command's own choice of targets, so the plugin and the command
            // line check the same ones.
            if names.isEmpty {
                if try AppFiles.run(tool, ["doctor", "--project", project.path] + passThrough) != 0 {
                    throw DoctorPluginError("the app configuration of '\(context.xcodeProject.displayName)' has problems (see above)")
                }
                return
            }
            var failed: [String] = []
            for target in context.xcodeProject.targets where names.contains(target.displayName) {
                let arguments = ["doctor", "--project", project.path, "--target", target.displayName] + passThrough
                if try AppFiles.run(tool, arguments) != 0 { failed.append(target.displayName) }
            }
            if !failed.isEmpty {
                throw DoctorPluginError("the app configuration of \(failed.map { "'\($0)'" }.joined(separator: ", ")) has problems (see above)")
            }
        }
    }
#endif

/// Why the command failed, as SwiftPM and Xcode show it.
struct DoctorPluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Finding an app's files in a target's folder, and running the doctor.
enum AppFiles {
    /// The first file named `name` in `folder` or below it, in path order (so the answer is the
    /// same on every run), skipping build products and hidden folders.
    static func file(in folder: URL, named name: String) -> URL? {
        files(in: folder).first { $0.lastPathComponent == name }
    }

    /// The first file with the extension in `folder` or below it, in path order.
    static func file(in folder: URL, withExtension pathExtension: String) -> URL? {
        files(in: folder).first { $0.pathExtension == pathExtension }
    }

    static func files(in folder: URL) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles, .skipsPackageDescendants])
        else { return [] }
        var result: [URL] = []
        for case let url as URL in walker {
            if url.lastPathComponent == ".build" || url.pathExtension == "xcodeproj" {
                walker.skipDescendants()
                continue
            }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { result.append(url) }
        }
        return result.sorted { $0.path < $1.path }
    }

    static func relative(_ url: URL, to root: URL) -> String {
        let prefix = root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Runs the tool with its output going where the plugin's goes; its exit status.
    static func run(_ tool: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
