import Foundation
import Testing

@testable import RedirectURIDoctor

/// A Swift package's app target (Fixtures/Code/Package): the target's folder from its manifest
/// (`path:`, else `Sources/<target>`), its Info.plist, entitlements and code, and the SDK named by
/// the manifest's package and the code's imports.
struct PackageDoctorTests {
    static let root = CodeFactTests.fixtures.appendingPathComponent("Package")

    static func describe(_ finding: DoctorFinding) -> String { finding.goldenLine(relativeTo: root) }

    @Test(arguments: [
        (
            // SwiftUI, no .onOpenURL: MSAL never gets the broker's answer.
            "ChatApp",
            [
                "info project-target @ Package.swift", "info sdk-detected @ App/Info.plist", "info signing-variable @ App/ChatApp.entitlements",
                "error url-handoff-missing @ App/ChatApp.swift:4", "info code-read @ App/Auth/AuthService.swift:8",
            ]
        ),
        (
            "ChatLite",
            [
                "info project-target @ Package.swift", "info sdk-detected @ Sources/ChatLite/Info.plist",
                "info signing-variable @ Sources/ChatLite/ChatLite.entitlements", "info code-read @ Sources/ChatLite/AuthService.swift:6",
            ]
        ),
    ])
    func findingsOfTarget(target: String, expected: [String]) throws {
        let report = try AppConfigurationDoctor.report(package: Self.root, target: target)
        #expect(report.findings.map(Self.describe) == expected)
        #expect(report.context.target == target)
        #expect(report.context.platform == "ios")
        let detected = try #require(report.findings.first { $0.code == .sdkDetected })
        #expect(detected.message.contains("Package.swift (microsoft-authentication-library-for-objc)"))
        #expect(detected.message.contains("target '\(target)' imports MSAL"))
    }

    /// The manifest is read for each target's `path:` and the platforms, not run.
    @Test func manifest() throws {
        let manifest = PackageManifest(bytes: Array(try Data(contentsOf: Self.root.appendingPathComponent("Package.swift"))))
        #expect(manifest.paths == ["ChatApp": "App"])
        #expect(manifest.platform == .iOS)
        #expect(PackageManifest(bytes: Array("platforms: [.iOS(.v16), .macOS(.v13)]".utf8)).platform == nil)
        #expect(PackageManifest(bytes: Array("platforms: [.macOS(\"13.0\")]".utf8)).platform == .macOS)
        #expect(PackageManifest(bytes: Array(".target(name: computedName(), path: \"X\")".utf8)).paths.isEmpty)
    }

    @Test func aTargetWithNoFolderIsAnError() {
        #expect(throws: DoctorProjectError.self) { try AppConfigurationDoctor.report(package: Self.root, target: "ChatAppTests") }
    }
}
