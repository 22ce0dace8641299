import Foundation
import PackagePlugin

/// Runs `parse doctor --format xcode` on each build of the target it is attached to, so that a
/// URL-scheme registration mistake shows in Xcode's issue navigator (and in `swift build`'s
/// output) at the line of the Info.plist that has it, and an error fails the build.
///
/// A package target is checked as `parse doctor --package <package> --target <name>` checks it:
/// the `Info.plist` and `.entitlements` file in its folder, its Swift and Objective-C code (the
/// redirect URI and keychain group it configures, the URL hand-off), the SDKs of the manifest and
/// of the code's imports, and the bundle ID of the manifest's app product
/// (`bundleIdentifier:`), so that an Info.plist that says `$(PRODUCT_BUNDLE_IDENTIFIER)` is
/// checked with the real one. An Xcode target is checked through the project, with its build
/// settings. The command is a build command, not a prebuild one, because its tool is built from
/// source; its inputs are the files the doctor reads, so it runs again when one of them changes
/// and not on every build. Its output is a Swift file holding one comment, written only when the
/// check passed: a target compiles it to nothing, no resource bundle appears, and a failed check
/// runs again on the next build until it passes.
@main
struct RedirectDoctorBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let folder = target.directoryURL
        guard let plist = BuildFiles.file(in: folder, where: { $0.lastPathComponent == "Info.plist" }) else {
            Diagnostics.warning("redirect-doctor: target '\(target.name)' has no Info.plist in its folder; nothing to check")
            return []
        }
        let package = context.package.directoryURL
        let code = (target as? SourceModuleTarget)?.sourceFiles(withSuffix: "swift").map(\.url) ?? []
        let objectiveC = ["m", "mm", "h"].flatMap { (target as? SourceModuleTarget)?.sourceFiles(withSuffix: $0).map(\.url) ?? [] }
        let inputs =
            [package.appendingPathComponent("Package.swift"), plist]
            + BuildFiles.files(in: folder, where: { $0.pathExtension == "entitlements" }) + code + objectiveC
        return [
            try BuildFiles.command(
                tool: context.tool(named: "parse").url, arguments: ["doctor", "--package", package.path, "--target", target.name],
                inputs: inputs, name: target.name, workDirectory: context.pluginWorkDirectoryURL)
        ]
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension RedirectDoctorBuildTool: XcodeBuildToolPlugin {
        /// The Xcode target, checked through its project: build settings, Info.plist, every
        /// configuration's entitlements. The inputs are the project file and the target's
        /// plists and entitlements files that the project lists.
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let project = context.xcodeProject.directoryURL.appendingPathComponent("\(context.xcodeProject.displayName).xcodeproj")
            // The Info.plist and entitlements are build settings, not members of the target: the
            // target's folder is where Xcode puts them, and the project lists the rest.
            let isConfiguration = { (url: URL) in url.pathExtension == "plist" || url.pathExtension == "entitlements" }
            let folder = context.xcodeProject.directoryURL.appendingPathComponent(target.displayName)
            let files = Set(target.inputFiles.map(\.url).filter(isConfiguration) + BuildFiles.files(in: folder, where: isConfiguration))
                .sorted { $0.path < $1.path }
            return [
                try BuildFiles.command(
                    tool: context.tool(named: "parse").url,
                    arguments: ["doctor", "--project", project.path, "--target", target.displayName],
                    inputs: [project.appendingPathComponent("project.pbxproj")] + files, name: target.displayName,
                    workDirectory: context.pluginWorkDirectoryURL)
            ]
        }
    }
#endif

enum BuildFiles {
    /// The first file in `folder` or below it, in path order, that `matches`; build products,
    /// projects and hidden folders are skipped.
    static func file(in folder: URL, where matches: (URL) -> Bool) -> URL? {
        files(in: folder, where: matches).first
    }

    /// Every file in `folder` or below it that `matches`, in path order.
    static func files(in folder: URL, where matches: (URL) -> Bool) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles, .skipsPackageDescendants])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            if url.lastPathComponent == ".build" || url.pathExtension == "xcodeproj" {
                walker.skipDescendants()
                continue
            }
            if matches(url), (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// `parse doctor … --format xcode`, then the stamp when it passed. Paths stay absolute
    /// (`--path-root` is the plugin's own folder, where no checked file is), as Xcode needs.
    static func command(tool: URL, arguments: [String], inputs: [URL], name: String, workDirectory: URL) -> Command {
        let stamp = workDirectory.appendingPathComponent("RedirectDoctor-\(name).swift")
        let script = "\"$0\" \"$@\" && printf '// parse doctor: the app configuration passed.\\n' > \"$REDIRECT_DOCTOR_STAMP\""
        return .buildCommand(
            displayName: "Checking the URL-scheme registration of \(name)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, tool.path] + arguments + ["--format", "xcode", "--path-root", workDirectory.path],
            environment: ["REDIRECT_DOCTOR_STAMP": stamp.path],
            inputFiles: [tool] + inputs,
            outputFiles: [stamp])
    }
}
