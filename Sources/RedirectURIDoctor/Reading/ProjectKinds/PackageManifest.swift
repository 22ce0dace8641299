import Foundation

/// What the doctor reads of a `Package.swift`, with the Swift token reader (the manifest is not
/// run): each target's `path:` and the platforms the package declares.
struct PackageManifest {
    /// `name` → `path` of the `.target`, `.executableTarget` and `.testTarget` calls that give both
    /// as string literals.
    var paths: [String: String] = [:]
    /// The platforms of `platforms: [...]` (`.iOS(…)` → `iOS`).
    var platforms: Set<String> = []
    /// The `bundleIdentifier:` of each app product (`.iOSApplication(…)`, Swift Playgrounds' and
    /// Xcode's app packages), with the targets it names.
    var applications: [(bundleIdentifier: String, targets: [String])] = []

    init(bytes: [UInt8]) {
        let file = SourceFile(path: "Package.swift", language: .swift, bytes: bytes)
        for call in file.calls {
            if ["target", "executableTarget", "testTarget"].contains(call.name),
                let name = call.argument("name").flatMap({ Self.literal(file, $0.tokens) }),
                let path = call.argument("path").flatMap({ Self.literal(file, $0.tokens) })
            {
                paths[name] = path
            }
            if call.name == "iOSApplication" || call.name == "macOSApplication",
                let identifier = call.argument("bundleIdentifier").flatMap({ Self.literal(file, $0.tokens) })
            {
                let targets = call.argument("targets").map { argument in
                    argument.tokens.compactMap { file.tokens[$0].literal?.plainValue }
                }
                applications.append((identifier, targets ?? []))
            }
            if ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "macCatalyst"].contains(call.name), call.receiver.isEmpty {
                platforms.insert(call.name)
            }
        }
    }

    func path(ofTarget name: String) -> String? { paths[name] }

    /// The bundle ID of the app product built from `target`: the one that names it, else the
    /// only one when it names no targets.
    func bundleIdentifier(ofTarget target: String) -> String? {
        applications.first { $0.targets.contains(target) }?.bundleIdentifier
            ?? (applications.count == 1 && applications.first?.targets.isEmpty == true ? applications.first?.bundleIdentifier : nil)
    }

    /// iOS or macOS when the manifest names exactly one of them.
    var platform: ApplePlatform? {
        switch (platforms.contains("iOS"), platforms.contains("macOS")) {
        case (true, false): return .iOS
        case (false, true): return .macOS
        default: return nil
        }
    }

    private static func literal(_ file: SourceFile, _ range: Range<Int>) -> String? {
        guard range.count == 1 else { return nil }
        return file.tokens[range.lowerBound].literal?.plainValue
    }
}
