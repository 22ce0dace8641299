import Foundation
import RedirectURIKit

/// Where a project names its sign-in SDK, and the SDKs' own configuration files.
///
/// Three kinds of evidence, strongest first:
/// - **packages**: the SDK's pod, package, framework or wrapper in Podfile, Podfile.lock,
///   Cartfile, Cartfile.resolved, Package.resolved, a SwiftPM app's Package.swift, the project's
///   own package references, project references and linked frameworks, Flutter's pubspec.yaml
///   and pubspec.lock, React Native's package.json;
/// - **code**: an import of the SDK's module in a file the target compiles, outside `#if`
///   (`import MSAL`, `@import MSAL;`, `#import <MSAL/MSAL.h>`; see ``AppCodeReading/imports``).
///   The code does not compile without the module, so the target uses the SDK even when no
///   package manager brought it (a vendored framework); it is weaker than a package only in
///   that it speaks for its own target, and its SDKs come after the packages' ones;
/// - **configuration**: `GIDClientID` or `IntuneMAMSettings` in the Info.plist, Auth0.plist,
///   Okta.plist. These count only when neither a package nor the code names a known SDK: a
///   configuration file outlives the SDK it was written for. A GoogleService-Info.plist never
///   counts on its own: every Firebase app has one, with a `CLIENT_ID` whether or not it signs
///   in with Google.
///
/// Evidence that names a target (the target's package products and linked frameworks, a
/// Podfile's `target '…' do` block) applies to that target only: a watch companion or a widget
/// host that does not link the SDK is not checked for it. Evidence for the whole project
/// (lockfiles, Cartfile, wrappers) applies to every application target, unless the same SDK is
/// also named for some targets, in which case those targets are the ones that use it. AppAuth
/// counts only when no other SDK is found, because Google Sign-In and okta-oidc-ios depend on it.
///
/// Reading is bounded: the folders given and their direct subfolders, at most ``maximumEntries``
/// names each, files up to ``maximumFileSize`` bytes.
struct SDKDetection {
    /// How strongly a piece of evidence says the app uses an SDK.
    enum Weight: Int, Comparable {
        /// An SDK's configuration file or Info.plist key.
        case configuration
        /// An import of the SDK's module in the target's code.
        case code
        /// The SDK's package, pod, framework or wrapper.
        case package

        static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One reason to think the app uses `sdk`.
    struct Evidence: Hashable {
        var sdk: SDKFlavour
        var source: String
        var weight: Weight = .package
        /// The targets it names; `nil` for the whole project.
        var targets: [String]?
        /// A GoogleService-Info.plist: Firebase's, so never evidence on its own.
        var firebaseOnly = false
    }

    var evidence: [Evidence] = []
    /// `CLIENT_ID` of GoogleService-Info.plist.
    var googleClientID: (value: String, file: String)?
    /// Auth0.plist's `Domain`.
    var auth0Domain: (value: String, file: String)?
    /// Auth0.plist files with no `Domain` or `ClientId` to read (empty, or not a dictionary).
    var auth0PlistsUnusable: [(file: String, why: String)] = []
    /// Okta.plist's `redirectUri` and `logoutRedirectUri`.
    var oktaRedirects: [(key: String, value: String, file: String)] = []
    /// Values of the SDKs' configuration files (keys of Auth0.plist, Okta.plist and
    /// GoogleService-Info.plist) left as a placeholder, with their file and key.
    var placeholders: [(file: String, key: String, value: String)] = []
    /// The files read so far (a target's detection skips the ones its project's read).
    var readPaths: Set<String> = []
    static let maximumEntries = 500
    static let maximumFileSize = 1 << 20

    /// The SDK the evidence points to first, if any (for a run without a project).
    var detected: Evidence? {
        let found = sdks(forTarget: nil)
        return found.first.flatMap { sdk in evidence.first { $0.sdk == sdk } }
    }

    /// Every SDK found for the whole project, in order.
    var sdks: [SDKFlavour] { sdks(forTarget: nil) }

    /// The SDKs `target` uses (every SDK found when `target` is `nil`), in the order found.
    func sdks(forTarget target: String?) -> [SDKFlavour] {
        applicable(forTarget: target).map(\.sdk)
    }

    /// The SDKs `target` uses, each with the sources that say so.
    func applicable(forTarget target: String?) -> [(sdk: SDKFlavour, sources: [String])] {
        let packages = evidence.filter { $0.weight == .package }
        // Code speaks for the target that compiles it (and, with no target, for the project).
        let code = evidence.filter { item in item.weight == .code && (target == nil || item.targets?.contains(target ?? "") == true) }
        var chosen: [(sdk: SDKFlavour, sources: [String])] = []
        func add(_ sdk: SDKFlavour, _ sources: [String]) {
            if let index = chosen.firstIndex(where: { $0.sdk == sdk }) {
                for source in sources where !chosen[index].sources.contains(source) { chosen[index].sources.append(source) }
            } else {
                chosen.append((sdk, sources))
            }
        }
        if !packages.isEmpty || !code.isEmpty {
            for item in packages {
                let all = packages.filter { $0.sdk == item.sdk }
                let named = all.filter { $0.targets != nil }
                // Named for some targets: those are the ones that use it.
                let applies = target == nil || named.isEmpty || named.contains { $0.targets?.contains(target ?? "") == true }
                guard applies else { continue }
                let relevant = all.filter { $0.targets == nil || target == nil || $0.targets?.contains(target ?? "") == true }
                add(item.sdk, relevant.map(\.source))
            }
            for item in code { add(item.sdk, [item.source]) }
            // The SDK's own configuration, where its package was found, is one more source.
            for item in evidence where item.weight == .configuration && chosen.contains(where: { $0.sdk == item.sdk }) {
                add(item.sdk, [item.source])
            }
        } else {
            for item in evidence where item.weight == .configuration && !item.firebaseOnly {
                add(item.sdk, [item.source])
            }
        }
        if chosen.count > 1 { chosen.removeAll { $0.sdk == .appAuth } }
        return chosen
    }

    /// The names each SDK goes by in each kind of package, from each SDK's install instructions
    /// (README, podspec, Package.swift, the wrappers' pubspec.yaml and package.json).
    struct Names {
        var sdk: SDKFlavour
        /// CocoaPods pods (Podfile, Podfile.lock), the wrappers' pods among them.
        var pods: [String]
        /// Repository names, lower-cased (Package.resolved, Cartfile, the project's package
        /// references, a SwiftPM app's Package.swift).
        var repositories: [String]
        /// SwiftPM products and linked frameworks' names without extension (a target's
        /// package products, `MSAL.framework`, a project reference to `MSAL.xcodeproj`).
        var modules: [String]
        /// Flutter packages (pubspec.yaml, pubspec.lock).
        var flutter: [String]
        /// npm packages (React Native's package.json).
        var npm: [String]
    }

    static let names: [Names] = [
        Names(
            sdk: .msal, pods: ["MSAL"], repositories: ["microsoft-authentication-library-for-objc"], modules: ["MSAL"],
            flutter: ["msal_flutter", "msal_auth", "flutter_msal_mobile"],
            // React Native's wrapper, and Capacitor's plugin (its pod depends on MSAL).
            npm: ["react-native-msal", "@recognizebv/capacitor-plugin-msauth"]),
        Names(
            sdk: .adal, pods: ["ADAL"], repositories: ["azure-activedirectory-library-for-objc"], modules: ["ADAL"], flutter: [],
            npm: []),
        Names(
            sdk: .googleSignIn, pods: ["GoogleSignIn"], repositories: ["googlesignin-ios"], modules: ["GoogleSignIn", "GoogleSignInSwift"],
            flutter: ["google_sign_in", "google_sign_in_ios"],
            // React Native's wrappers, and Capacitor's plugin (its pod depends on GoogleSignIn).
            npm: ["@react-native-google-signin/google-signin", "react-native-google-signin", "@codetrix-studio/capacitor-google-auth"]),
        Names(
            sdk: .auth0, pods: ["Auth0", "A0Auth0"], repositories: ["auth0.swift"], modules: ["Auth0"], flutter: ["auth0_flutter"],
            npm: ["react-native-auth0"]),
        Names(
            sdk: .okta, pods: ["OktaOidc", "OktaWebAuthenticationUI", "OktaAuthFoundation", "OktaOAuth2", "okta-react-native"],
            repositories: ["okta-oidc-ios", "okta-mobile-swift"], modules: ["OktaOidc", "WebAuthenticationUI", "AuthFoundation", "OktaOAuth2"],
            flutter: ["okta_oidc_flutter"], npm: ["@okta/okta-react-native"]),
        Names(
            sdk: .appAuth, pods: ["AppAuth", "react-native-app-auth"], repositories: ["appauth-ios"], modules: ["AppAuth", "AppAuthCore"],
            flutter: ["flutter_appauth"], npm: ["react-native-app-auth"]),
    ]

    /// The files read for packages, by name.
    static let packageFiles: Set<String> = [
        "Package.resolved", "Podfile", "Podfile.lock", "Cartfile", "Cartfile.private", "Cartfile.resolved", "Package.swift",
        "pubspec.yaml", "pubspec.lock", "package.json",
    ]
    /// The SDKs' configuration files, read where the app keeps its files.
    static let configurationFiles: Set<String> = ["GoogleService-Info.plist", "Auth0.plist", "Okta.plist"]

    /// Looks at the Info.plist's keys, the project (when there is one) and the files in `roots`;
    /// `wrapperRoots` are read for Flutter's and React Native's files only (the folder above
    /// `ios/`).
    static func detect(
        info: [String: Any]?, roots: [URL], wrapperRoots: [URL] = [], project: XcodeProject? = nil, display: (URL) -> String
    ) -> SDKDetection {
        Self.project(project, roots: roots, wrapperRoots: wrapperRoots, display: display).forTarget(info: info, roots: [], display: display)
    }

    /// What the whole project says, detected once per project: its package references, project
    /// references and linked frameworks, and the package and configuration files in `roots` and
    /// their direct subfolders (`wrapperRoots`: Flutter's and React Native's files only).
    static func project(_ project: XcodeProject?, roots: [URL], wrapperRoots: [URL] = [], display: (URL) -> String) -> SDKDetection {
        ReadCount.record(.sdkDetection)
        var result = SDKDetection()
        if let project { result.addProject(project) }
        result.readFiles(in: roots, wrapperRoots: wrapperRoots, display: display)
        return result
    }

    /// The project's detection for one target: the target's Info.plist keys (said first, as the
    /// nearest evidence) and the files of `roots` (the Info.plist's folder) that the project's
    /// detection did not read already.
    func forTarget(info: [String: Any]?, roots: [URL], display: (URL) -> String) -> SDKDetection {
        var result = SDKDetection()
        result.addInfoPlist(info)
        for item in evidence where !result.evidence.contains(item) { result.evidence.append(item) }
        var merged = self
        merged.evidence = result.evidence
        merged.readFiles(in: roots, wrapperRoots: [], display: display)
        return merged
    }

    /// `GIDClientID` is Google Sign-In's own key; `IntuneMAMSettings` means MSAL (Intune's SDK
    /// signs in with it).
    private mutating func addInfoPlist(_ info: [String: Any]?) {
        guard let info else { return }
        if info["GIDClientID"] is String { add(.googleSignIn, "the Info.plist's GIDClientID", weight: .configuration) }
        if info["IntuneMAMSettings"] is [String: Any] {
            add(.msal, "the Info.plist's IntuneMAMSettings (Intune uses MSAL)", weight: .configuration)
        }
        // Schemes only one SDK's setup produces: MSAL's msauth.<bundle ID> and broker queries
        // msauthv2/msauthv3, ADAL's x-msauth-… and its msauth query without msauthv2, Google's
        // reversed client ID.
        let schemes = (info["CFBundleURLTypes"] as? [Any] ?? []).flatMap {
            (($0 as? [String: Any])?["CFBundleURLSchemes"] as? [Any] ?? []).compactMap { $0 as? String }
        }
        let queried = (info["LSApplicationQueriesSchemes"] as? [Any] ?? []).compactMap { ($0 as? String)?.lowercased() }
        if let scheme = schemes.first(where: { $0.lowercased().hasPrefix("msauth.") }) {
            add(.msal, "the Info.plist's URL scheme '\(scheme)'", weight: .configuration)
        } else if queried.contains("msauthv2") {
            add(.msal, "the Info.plist's LSApplicationQueriesSchemes (msauthv2)", weight: .configuration)
        } else if let scheme = schemes.first(where: { $0.lowercased().hasPrefix("x-msauth-") }) {
            add(.adal, "the Info.plist's URL scheme '\(scheme)'", weight: .configuration)
        } else if queried.contains("msauth") {
            add(.adal, "the Info.plist's LSApplicationQueriesSchemes (msauth without msauthv2)", weight: .configuration)
        }
        if let scheme = schemes.first(where: { $0.lowercased().hasPrefix("com.googleusercontent.apps.") && !Placeholder.isPlaceholder($0) }) {
            add(.googleSignIn, "the Info.plist's URL scheme '\(scheme)'", weight: .configuration)
        }
    }

    /// The project's package references and project references (the whole project), and what
    /// each target links (that target).
    private mutating func addProject(_ project: XcodeProject) {
        for name in project.packageReferenceNames {
            for sdk in Self.names where sdk.repositories.contains(name.lowercased()) {
                add(sdk.sdk, "the project's package reference '\(name)'")
            }
        }
        for name in project.referencedProjectNames {
            let module = name.hasSuffix(".xcodeproj") ? String(name.dropLast(".xcodeproj".count)) : name
            for sdk in Self.names where sdk.modules.contains(module) {
                add(sdk.sdk, "the project's reference to \(name)")
            }
        }
        for target in project.targets {
            let linked = project.linkedNames(of: target)
            for sdk in Self.names {
                // One source per SDK and target: the first name that says it.
                if let name = linked.first(where: { sdk.modules.contains(Self.moduleName($0)) || sdk.repositories.contains($0.lowercased()) }) {
                    add(sdk.sdk, "target '\(target.name)' links \(name)", targets: [target.name])
                }
            }
        }
    }

    /// The SDKs the code of `target` imports (``AppCodeReading/imports``): one piece of evidence
    /// per SDK, its first import, for that target only.
    mutating func addCode(_ imports: [(module: String, location: SourceLocation)], target: String) {
        for sdk in Self.names {
            guard let found = imports.first(where: { sdk.modules.contains($0.module) }) else { continue }
            add(sdk.sdk, "target '\(target)' imports \(found.module) (\(found.location))", weight: .code, targets: [target])
        }
    }

    /// `MSAL.framework`, `MSAL.xcframework`, `libMSAL.a` → `MSAL`.
    static func moduleName(_ name: String) -> String {
        var module = name
        for suffix in [".framework", ".xcframework", ".a", ".dylib", ".tbd"] where module.hasSuffix(suffix) {
            module = String(module.dropLast(suffix.count))
        }
        if name.hasSuffix(".a") || name.hasSuffix(".dylib"), module.hasPrefix("lib") { module = String(module.dropFirst(3)) }
        return module
    }

    /// Reads one file found next to the project.
    mutating func read(_ name: String, _ data: Data, shown: String) {
        let text = String(decoding: data, as: UTF8.self)
        switch name {
        case "GoogleService-Info.plist":
            let plist = PropertyList.dictionary(data)
            notePlaceholders(plist, file: shown)
            // Firebase writes CLIENT_ID only when Google Sign-In is enabled for the app, but the
            // file is in every Firebase app: it names the client ID, not the SDK.
            if let clientID = plist?["CLIENT_ID"] as? String {
                add(.googleSignIn, "\(shown) (CLIENT_ID)", weight: .configuration, firebaseOnly: true)
                if googleClientID == nil { googleClientID = (clientID, shown) }
            }
        case "Auth0.plist":
            add(.auth0, shown, weight: .configuration)
            let plist = PropertyList.dictionary(data)
            notePlaceholders(plist, file: shown)
            if plist == nil {
                // A file created and never filled in is said as what it is, not as a broken one.
                let empty = data.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
                auth0PlistsUnusable.append((shown, empty ? "is empty" : "is not a property list with a dictionary at its root"))
            } else if plist?.isEmpty == true {
                auth0PlistsUnusable.append((shown, "is empty (a dictionary with no keys)"))
            } else if (plist?["Domain"] as? String ?? "").isEmpty || (plist?["ClientId"] as? String ?? "").isEmpty {
                let missing = ["ClientId", "Domain"].filter { (plist?[$0] as? String ?? "").isEmpty }
                auth0PlistsUnusable.append((shown, "has no \(missing.joined(separator: " and "))"))
            }
            if let domain = plist?["Domain"] as? String, !domain.isEmpty, auth0Domain == nil {
                auth0Domain = (domain, shown)
            }
        case "Okta.plist":
            add(.okta, shown, weight: .configuration)
            let plist = PropertyList.dictionary(data)
            notePlaceholders(plist, file: shown)
            for key in ["redirectUri", "logoutRedirectUri"] {
                if let value = plist?[key] as? String { oktaRedirects.append((key, value, shown)) }
            }
        case "Podfile.lock":
            let pods = Self.pods(text)
            for sdk in Self.names {
                if let pod = sdk.pods.first(where: pods.contains) { add(sdk.sdk, "\(shown) (pod \(pod))") }
            }
        case "Podfile":
            for (pod, targets) in Self.podfilePods(text) {
                for sdk in Self.names where sdk.pods.contains(pod) {
                    add(sdk.sdk, "\(shown) (pod '\(pod)'\(targets.map { " in target '\($0.joined(separator: "', '"))'" } ?? ""))", targets: targets)
                }
            }
        case "pubspec.yaml", "pubspec.lock":
            let packages = Self.yamlKeys(text)
            for sdk in Self.names {
                if let package = sdk.flutter.first(where: packages.contains) { add(sdk.sdk, "\(shown) (\(package))") }
            }
        case "build.gradle.kts", "build.gradle":
            let pods = Self.gradlePods(text)
            for sdk in Self.names { if let pod = sdk.pods.first(where: pods.contains) { add(sdk.sdk, "\(shown) (pod(\"\(pod)\"))") } }
        case "package.json":
            let packages = Self.npmDependencies(data)
            for sdk in Self.names {
                if let package = sdk.npm.first(where: packages.contains) { add(sdk.sdk, "\(shown) (\(package))") }
            }
        default:
            // Package.resolved, Package.swift and Cartfiles name repositories by URL or identity.
            let lowered = text.lowercased()
            for sdk in Self.names {
                if let repository = sdk.repositories.first(where: { Self.names(lowered, repository: $0) }) {
                    add(sdk.sdk, "\(shown) (\(repository))")
                }
            }
        }
    }

    /// One finding for each value of an SDK's configuration file left as a placeholder.
    var placeholderFindings: [DoctorFinding] {
        placeholders.map { item in
            var finding = DoctorFinding(
                .valuePlaceholder, "\(item.key) in \(item.file) is '\(item.value)', a placeholder the sample left to replace",
                fix: "replace it with your own \(item.key) from the SDK's dashboard or console")
            finding.sdk = Self.sdk(ofConfigurationFile: item.file)?.rawValue
            return finding
        }
    }

    /// One finding for each Auth0.plist that is empty or lacks what Auth0 reads from it.
    var configurationFindings: [DoctorFinding] {
        auth0PlistsUnusable.map { item in
            var finding = DoctorFinding(
                .sdkConfigurationMissing, "\(item.file) \(item.why): Auth0 reads ClientId and Domain from it to start sign-in",
                fix: "fill in ClientId and Domain from your Auth0 application's settings")
            finding.sdk = SDKFlavour.auth0.rawValue
            return finding
        }
    }

    private static func sdk(ofConfigurationFile file: String) -> SDKFlavour? {
        if file.hasSuffix("Auth0.plist") { return .auth0 }
        if file.hasSuffix("Okta.plist") { return .okta }
        if file.hasSuffix("GoogleService-Info.plist") { return .googleSignIn }
        return nil
    }

    private mutating func add(
        _ sdk: SDKFlavour, _ source: String, weight: Weight = .package, targets: [String]? = nil, firebaseOnly: Bool = false
    ) {
        let item = Evidence(sdk: sdk, source: source, weight: weight, targets: targets, firebaseOnly: firebaseOnly)
        if !evidence.contains(item) { evidence.append(item) }
    }

    /// Every string value of a configuration plist that is a placeholder, by key.
    private mutating func notePlaceholders(_ plist: [String: Any]?, file: String) {
        for key in (plist ?? [:]).keys.sorted() {
            if let value = plist?[key] as? String, Placeholder.isPlaceholder(value) { placeholders.append((file, key, value)) }
        }
    }

    static func entries(_ folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return Array(names.sorted().prefix(maximumEntries))
    }

    static func contents(_ url: URL) -> Data? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            (attributes[.size] as? NSNumber)?.intValue ?? Int.max <= maximumFileSize
        else { return nil }
        return ReadCount.contents(of: url)
    }

    /// Whether a folder entry is one an app keeps its files in (not a dependency, build product
    /// or resource bundle), so its direct contents are looked at.
    static func mayHoldConfiguration(_ entry: String) -> Bool {
        if entry.hasPrefix(".") || ["Pods", "Carthage", "build", "DerivedData", "node_modules"].contains(entry) { return false }
        let skipped = [".xcassets", ".lproj", ".framework", ".xcframework", ".bundle", ".app", ".xcdatamodeld", ".playground"]
        return !skipped.contains { entry.hasSuffix($0) }
    }
}
