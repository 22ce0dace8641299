import Foundation
import RedirectURIKit

/// What the target's Swift and Objective-C code adds to the checks (see ``AppCodeReading``):
/// a redirect URI configured in code is the one checked against what the Info.plist registers,
/// a keychain group set in code replaces the SDK's default, an Azure AD B2C or CIAM authority
/// turns the broker's requirements off, and the URL that opens the app must reach the SDKs that
/// need it. Everything read from code is said as such, with its file and line.
struct CodeChecks {
    var reading: AppCodeReading
    /// Each file's path on disk by the name the findings show it under.
    var paths: [String: String]

    /// Reads a target's code; `nil` when the project lists none that could be read (a project
    /// whose sources are not on this disk is checked as before).
    static func read(_ project: XcodeProject, target: XcodeProject.Target) -> CodeChecks? {
        read(files: project.sourceFiles(of: target), constantsFrom: project.localPackageFiles(of: target), root: project.sourceRoot)
    }

    /// Reads the given files, shown relative to `root`, with the names `packageFiles` declare;
    /// `nil` when none could be read.
    static func read(files: [URL], constantsFrom packageFiles: [URL] = [], root: URL) -> CodeChecks? {
        guard !files.isEmpty else { return nil }
        var paths: [String: String] = [:]
        let reading = AppCodeReading.read(files, constantsFrom: packageFiles) { url in
            let shown = XCConfigFile.display(url, relativeTo: root)
            paths[shown] = url.path
            return shown
        }
        guard !reading.files.isEmpty else { return nil }
        return CodeChecks(reading: reading, paths: paths)
    }

    func location(_ source: SourceLocation) -> DoctorLocation {
        DoctorLocation(.sourceCode, path: paths[source.file] ?? source.file, line: source.line)
    }

    /// How a fact is cited: `'value' (MSALPublicClientApplicationConfig, App/Auth.swift:15)`.
    static func cite(_ fact: CodeFact, value: String? = nil) -> String {
        var text = "\(value.map { "'\($0)'" } ?? fact.value.summary) (\(fact.source), \(fact.location)"
        if let definedAt = fact.definedAt { text += ", declared at \(definedAt)" }
        if fact.isConditional { text += ", inside #if" }
        return text + ")"
    }
}

/// What an app's code says of Auth0's callback URL, which Auth0.swift builds in
/// `Auth0WebAuth.computeDefaultRedirectURL()`: `<bundle ID>://<domain>/ios/<bundle ID>/callback` (`macos`, `visionos` on those platforms),
/// with `https` as its scheme instead when `useHTTPS()` is called, on iOS 17.4 and macOS 14.4 and
/// later (earlier versions keep the bundle ID). `useHTTPS()` "requires an Associated Domain
/// configured with the `webcredentials` service type" for the domain, and works only with the
/// default `ASWebAuthenticationSession`: `WebAuthentication.safariProvider()` "does not support
/// using Universal Links as callback URLs" (Auth0.swift's `WebAuth.swift`, `SafariProvider.swift`).
struct CodeAuth0Callback {
    /// The domain passed to `Auth0.webAuth(clientId:domain:)`, which replaces Auth0.plist's.
    var domain: (value: String, cite: String)?
    /// The `useHTTPS()` call, cited.
    var https: String?
}
