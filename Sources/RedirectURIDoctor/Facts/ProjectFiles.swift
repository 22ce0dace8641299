import Foundation

/// What a project that is not an Xcode project says about the app the doctor checks (a .NET
/// `.csproj`, an Expo `app.json`): the Info.plist and entitlements it builds, the bundle ID it
/// sets, and the SDKs it names.
struct ProjectFiles {
    /// The project file, and how the first finding describes the run.
    var projectFile: URL
    var target: String
    var summary: String
    var info: [String: Any]?
    var infoDescription: String
    /// The Info.plist on disk whose lines findings point at.
    var infoPath: URL?
    var entitlements: Data?
    var entitlementsDescription: String?
    var entitlementsPath: URL?
    /// Build settings the project gives (`PRODUCT_BUNDLE_IDENTIFIER`), with where they come from.
    var settings: [String: (value: String, origin: String)] = [:]
    var platform: ApplePlatform? = .iOS
    var evidence: [SDKDetection.Evidence] = []
    var findings: [DoctorFinding] = []
    /// Folders whose package files (package.json) name the SDKs.
    var wrapperRoots: [URL] = []
}
