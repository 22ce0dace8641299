import Foundation
import PackagePlugin

/// `swift package redirect-doctor`: runs `parse doctor` on the app configuration of the package's
/// targets, or of an Xcode project's application targets (File ▸ Packages, or the project's
/// context menu in Xcode).
///
/// In a package, every target whose folder holds an `Info.plist` is checked as
/// `parse doctor --package` checks it (its Info.plist and entitlements, its code, the SDKs of
/// the manifest and the code's imports); `--target <name>` (repeatable) picks targets. All of
/// them are checked by one run of the doctor, so that `--format sarif` and `--json` print one
/// document (a SARIF log with every target's results; JSON Lines, one object per target) and
/// text one heading per target. In an Xcode project, each application target is checked through
/// the project, with its build settings. Other arguments go to `parse doctor` as they are
/// (`--sdk msal`, `--redirect-uri …`, `--format github`); the default format is `text`, and in
/// Xcode `xcode`, so that the issue navigator lists the findings.
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
        let checked = targets.filter { AppFiles.file(in: $0.directoryURL, named: "Info.plist") != nil }.map(\.name)
        if checked.isEmpty {
            throw DoctorPluginError(
                names.isEmpty
                    ? "no target of the package has an Info.plist in its folder; pass the files to `parse doctor` instead"
                    : "the named targets have no Info.plist in their folders")
        }
        let root = context.package.directoryURL.path
        let arguments = ["doctor", "--package", root] + checked.flatMap { ["--target", $0] } + ["--path-root", root] + passThrough
        if try AppFiles.run(tool, arguments) != 0 {
            throw DoctorPluginError("the app configuration of \(checked.map { "'\($0)'" }.joined(separator: ", ")) has problems (see above)")
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
            let named = context.xcodeProject.targets.map(\.displayName).filter(names.contains)
            let arguments = ["doctor", "--project", project.path] + named.flatMap { ["--target", $0] } + passThrough
            if try AppFiles.run(tool, arguments) != 0 {
                throw DoctorPluginError("the app configuration of \(named.map { "'\($0)'" }.joined(separator: ", ")) has problems (see above)")
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
