import Foundation
@_spi(Toolkit) import RedirectURIKit
import Testing

/// The version is one constant, and the changelog and `parse --version` agree with it.
struct ReleaseTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The first `## [MAJOR.MINOR.PATCH]` heading of CHANGELOG.md (an `[Unreleased]` heading,
    /// if one is added above it, names no version and is skipped).
    static func newestChangelogVersion() throws -> String? {
        let changelog = try String(contentsOf: repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        for line in changelog.split(separator: "\n") where line.hasPrefix("## [") {
            let version = line.dropFirst(4).prefix { $0 != "]" }
            let parts = version.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) {
                return String(version)
            }
        }
        return nil
    }

    @Test func versionConstantIsTheNewestChangelogVersion() throws {
        #expect(try Self.newestChangelogVersion() == ToolkitVersion.current)
    }

    @Test func parseVersionPrintsTheConstant() throws {
        for arguments in [["--version"], ["analyze", "--version"]] {
            let outcome = try CommandRunner.run(arguments)
            #expect(outcome.status == 0)
            #expect(outcome.standardOutput == ToolkitVersion.current + "\n")
        }
    }

    @Test func releaseFilesArePresent() throws {
        for name in ["LICENSE", "SECURITY.md", "CHANGELOG.md", "CONTRIBUTING.md", ".spi.yml"] {
            let path = Self.repositoryRoot.appendingPathComponent(name).path
            #expect(FileManager.default.fileExists(atPath: path), "\(name) is missing")
        }
        let license = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(license.contains("Copyright 2026 the swift-redirect-uri authors"))
    }
}
