import Foundation

/// What in a project names its sign-in SDK, and the SDKs' own configuration files.
///
/// Two kinds of evidence, in this order of weight: the SDK's configuration (`GIDClientID` or
/// GoogleService-Info.plist, `IntuneMAMSettings`, Auth0.plist, Okta.plist), then its package in
/// Package.resolved, Podfile.lock or Cartfile.resolved. AppAuth counts only when nothing else is
/// found, because Google Sign-In and okta-oidc-ios depend on it. Reading is bounded: the folders
/// given and their direct subfolders, at most ``maximumEntries`` names each, files up to
/// ``maximumFileSize`` bytes.
struct SDKDetection {
    /// One reason to think the app uses `sdk`.
    struct Evidence: Hashable {
        var sdk: SDKFlavour
        var source: String
    }

    var evidence: [Evidence] = []
    /// `CLIENT_ID` of GoogleService-Info.plist.
    var googleClientID: (value: String, file: String)?
    /// Auth0.plist's `Domain`.
    var auth0Domain: (value: String, file: String)?
    /// Okta.plist's `redirectUri` and `logoutRedirectUri`.
    var oktaRedirects: [(key: String, value: String, file: String)] = []

    static let maximumEntries = 500
    static let maximumFileSize = 1 << 20

    /// The SDK the evidence points to, if any: the first non-AppAuth one, else AppAuth.
    var detected: Evidence? {
        evidence.first { $0.sdk != .appAuth } ?? evidence.first
    }

    /// Every distinct SDK found, in order.
    var sdks: [SDKFlavour] {
        var seen: [SDKFlavour] = []
        for item in evidence where !seen.contains(item.sdk) { seen.append(item.sdk) }
        if seen.count > 1 { seen.removeAll { $0 == .appAuth } }
        return seen
    }

    /// Package names (Podfile.lock pods, lower-cased repository names in Package.resolved and
    /// Cartfile.resolved) that name each SDK.
    private static let packages: [(sdk: SDKFlavour, pods: [String], repositories: [String])] = [
        (.msal, ["MSAL"], ["microsoft-authentication-library-for-objc"]),
        (.adal, ["ADAL"], ["azure-activedirectory-library-for-objc"]),
        (.googleSignIn, ["GoogleSignIn"], ["googlesignin-ios"]),
        (.auth0, ["Auth0"], ["auth0.swift"]),
        (.okta, ["OktaOidc", "OktaWebAuthenticationUI", "OktaAuthFoundation"], ["okta-oidc-ios", "okta-mobile-swift"]),
        (.appAuth, ["AppAuth"], ["appauth-ios"]),
    ]

    /// Looks at the Info.plist's keys and at the files in `roots`.
    static func detect(info: [String: Any]?, roots: [URL], display: (URL) -> String) -> SDKDetection {
        var result = SDKDetection()
        if let info {
            if info["GIDClientID"] is String { result.add(.googleSignIn, "the Info.plist's GIDClientID") }
            if info["IntuneMAMSettings"] is [String: Any] { result.add(.msal, "the Info.plist's IntuneMAMSettings (Intune uses MSAL)") }
        }
        var files: [URL] = []
        var folders: [URL] = []
        for root in roots where !folders.contains(root.standardizedFileURL) {
            folders.append(root.standardizedFileURL)
        }
        // Lock files sit next to the project; the SDKs' configuration files are in the app's
        // folder, one level down.
        let configurationFiles: Set<String> = ["GoogleService-Info.plist", "Auth0.plist", "Okta.plist"]
        for folder in folders {
            let entries = Self.entries(folder)
            files += entries.map { folder.appendingPathComponent($0) }
            for entry in entries {
                let sub = folder.appendingPathComponent(entry)
                if entry.hasSuffix(".xcodeproj") {
                    files.append(sub.appendingPathComponent("project.xcworkspace/xcshareddata/swiftpm/Package.resolved"))
                } else if entry.hasSuffix(".xcworkspace") {
                    files.append(sub.appendingPathComponent("xcshareddata/swiftpm/Package.resolved"))
                } else if Self.mayHoldConfiguration(entry) {
                    files += Self.entries(sub).filter(configurationFiles.contains).map { sub.appendingPathComponent($0) }
                }
            }
        }
        var read: Set<String> = []
        for file in files {
            let name = file.lastPathComponent
            guard ["GoogleService-Info.plist", "Auth0.plist", "Okta.plist", "Package.resolved", "Podfile.lock", "Cartfile.resolved"].contains(name),
                !read.contains(file.standardizedFileURL.path), let data = Self.contents(file)
            else { continue }
            read.insert(file.standardizedFileURL.path)
            let shown = display(file)
            switch name {
            case "GoogleService-Info.plist":
                let plist = AppConfigurationDoctor.dictionary(data)
                // Firebase writes CLIENT_ID only when Google Sign-In is enabled for the app.
                if let clientID = plist?["CLIENT_ID"] as? String {
                    result.add(.googleSignIn, "\(shown) (CLIENT_ID)")
                    if result.googleClientID == nil { result.googleClientID = (clientID, shown) }
                }
            case "Auth0.plist":
                result.add(.auth0, shown)
                if let domain = AppConfigurationDoctor.dictionary(data)?["Domain"] as? String, result.auth0Domain == nil {
                    result.auth0Domain = (domain, shown)
                }
            case "Okta.plist":
                result.add(.okta, shown)
                let plist = AppConfigurationDoctor.dictionary(data)
                for key in ["redirectUri", "logoutRedirectUri"] {
                    if let value = plist?[key] as? String { result.oktaRedirects.append((key, value, shown)) }
                }
            case "Podfile.lock":
                let pods = Self.pods(String(decoding: data, as: UTF8.self))
                for package in Self.packages {
                    if let pod = package.pods.first(where: pods.contains) { result.add(package.sdk, "\(shown) (pod \(pod))") }
                }
            default:
                let text = String(decoding: data, as: UTF8.self).lowercased()
                for package in Self.packages {
                    if let repository = package.repositories.first(where: { Self.names(text, repository: $0) }) {
                        result.add(package.sdk, "\(shown) (\(repository))")
                    }
                }
            }
        }
        return result
    }

    private mutating func add(_ sdk: SDKFlavour, _ source: String) {
        let item = Evidence(sdk: sdk, source: source)
        if !evidence.contains(item) { evidence.append(item) }
    }

    private static func entries(_ folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return Array(names.sorted().prefix(maximumEntries))
    }

    private static func contents(_ url: URL) -> Data? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            (attributes[.size] as? NSNumber)?.intValue ?? Int.max <= maximumFileSize
        else { return nil }
        return FileManager.default.contents(atPath: url.path)
    }

    /// The top-level pod names of a Podfile.lock's `PODS:` section (`  - MSAL (1.2.3)`,
    /// `  - GoogleSignIn (7.0.0):`, `  - Okta/Core (1.0)` → `Okta`).
    static func pods(_ text: String) -> Set<String> {
        var names: Set<String> = []
        for line in text.components(separatedBy: "\n") {
            guard line.hasPrefix("  - ") else { continue }
            // A pod with a subspec or a version constraint is written quoted: `  - "Okta/Core (1.0)"`.
            var rest = line.dropFirst(4)
            if rest.first == "\"" { rest = rest.dropFirst() }
            let name = rest.prefix { $0 != " " && $0 != "/" && $0 != ":" && $0 != "\"" }
            if !name.isEmpty { names.insert(String(name)) }
        }
        return names
    }

    /// Whether lower-cased `text` names `repository` as a whole name: a URL's last component
    /// (`/googlesignin-ios.git`, `/googlesignin-ios"`) or Package.resolved's `"identity"`.
    static func names(_ text: String, repository: String) -> Bool {
        text.contains("/" + repository + "\"") || text.contains("/" + repository + ".git") || text.contains("\"" + repository + "\"")
    }

    /// Whether a folder entry is one an app keeps its files in (not a dependency, build product
    /// or resource bundle), so its direct contents are looked at.
    private static func mayHoldConfiguration(_ entry: String) -> Bool {
        if entry.hasPrefix(".") || ["Pods", "Carthage", "build", "DerivedData", "node_modules"].contains(entry) { return false }
        let skipped = [".xcassets", ".lproj", ".framework", ".xcframework", ".bundle", ".app", ".xcdatamodeld", ".playground"]
        return !skipped.contains { entry.hasSuffix($0) }
    }
}
