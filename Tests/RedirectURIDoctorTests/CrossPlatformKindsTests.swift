import Foundation
import Testing

@testable import RedirectURIDoctor

/// Flutter, Capacitor, React Native and Kotlin Multiplatform apps (Fixtures/Kinds): from the
/// repository's root, the doctor checks the iOS project the tool keeps in its own folder
/// (ios/Runner.xcodeproj, ios/App/App.xcodeproj, ios/<App>.xcodeproj, iosApp/iosApp.xcodeproj),
/// the same as when given that project; where the tool has not written it yet, the error names
/// the command that does.
struct CrossPlatformKindsTests {
    static func reports(_ project: String) throws -> [String: [String]] {
        ProjectKindsTests.golden(try AppConfigurationDoctor.reports(project: ProjectKindsTests.root.appendingPathComponent(project)))
    }

    @Test(arguments: [
        (
            // Flutter/Generated.xcconfig is written by `flutter pub get` (not committed): said, and
            // its settings taken as unset; MSAL from pubspec.yaml's msal_auth, above ios/.
            "Flutter", "ios", "Runner.xcodeproj",
            [
                "Runner": [
                    "info project-target @ Flutter/ios/Runner.xcodeproj/project.pbxproj",
                    "info generated-file-missing @ Flutter/ios/Runner/Info.plist",
                    "info sdk-detected @ Flutter/ios/Runner/Info.plist", "info redirect-uri-derived @ Flutter/ios/Runner/Info.plist",
                    "info signing-variable @ Flutter/ios/Runner/Runner.entitlements",
                ]
            ]
        ),
        // AppAuth (a pod of the app's own) takes its redirect URI from code: nothing to derive.
        (
            "Capacitor", "ios/App", "App.xcodeproj",
            [
                "App": [
                    "info project-target @ Capacitor/ios/App/App.xcodeproj/project.pbxproj", "info sdk-detected @ Capacitor/ios/App/App/Info.plist",
                ]
            ]
        ),
        // A React Native app's app.json names the app only: ios/ holds what Xcode builds.
        (
            "ReactNative", "ios", "Courier.xcodeproj",
            [
                "Courier": [
                    "info project-target @ ReactNative/ios/Courier.xcodeproj/project.pbxproj",
                    "info sdk-detected @ ReactNative/ios/Courier/Info.plist",
                ]
            ]
        ),
        (
            // The Gradle phase builds the shared framework and writes no Info.plist.
            "KMP", "iosApp", "iosApp.xcodeproj",
            [
                "iosApp": [
                    "info project-target @ KMP/iosApp/iosApp.xcodeproj/project.pbxproj", "info sdk-detected @ KMP/iosApp/iosApp/Info.plist",
                    "info redirect-uri-derived @ KMP/iosApp/iosApp/Info.plist", "info signing-variable @ KMP/iosApp/iosApp/iosApp.entitlements",
                    "info code-read @ KMP/iosApp/iosApp/Info.plist",
                ]
            ]
        ),
    ])
    func theRootChecksTheIOSProject(root: String, folder: String, project: String, expected: [String: [String]]) throws {
        for given in [root, "\(root)/\(folder)", "\(root)/\(folder)/\(project)"] {
            let reports = try Self.reports(given)
            #expect(reports == expected, "--project \(given): \(reports)")
        }
    }

    /// What each app's files say, in the report: Flutter's SDK from pubspec.yaml above ios/, the
    /// bundle ID of Kotlin Multiplatform's Config.xcconfig (`${BUNDLE_ID}${TEAM_ID}`), Capacitor's
    /// from the Xcode project `npx cap add ios` wrote from capacitor.config.json's appId.
    @Test(arguments: [
        ("Flutter", "com.contoso.fieldnotes", ["msal"]), ("KMP", "com.contoso.fleet", ["msal"]), ("Capacitor", "com.contoso.tasks", ["appauth"]),
    ])
    func bundleIDAndSDK(root: String, bundleID: String, sdks: [String]) throws {
        let report = try AppConfigurationDoctor.report(project: ProjectKindsTests.root.appendingPathComponent(root))
        #expect(report.context.bundleID == bundleID)
        #expect(report.context.sdks.map(\.sdk) == sdks)
        #expect(!report.failed)
    }

    /// A Kotlin Multiplatform app whose shared module declares MSAL in its Gradle build
    /// (`cocoapods { pod("MSAL") }`), not in the iOS app's Podfile or Swift code: MSAL's rules
    /// are checked, and the one mistake (no LSApplicationQueriesSchemes) is said in its terms.
    @Test(arguments: ["KMPGradle", "KMPGradle/iosApp"])
    func kotlinMultiplatformPodsComeFromGradle(given: String) throws {
        let report = try AppConfigurationDoctor.report(project: ProjectKindsTests.root.appendingPathComponent(given))
        #expect(report.context.sdks.map(\.sdk) == ["msal"])
        #expect(report.context.sdks.first?.sources.first?.hasSuffix("composeApp/build.gradle.kts (pod(\"MSAL\"))") == true)
        let errors = report.findings.filter { $0.severity == .error }
        #expect(errors.map(\.code.rawValue) == ["query-scheme-missing", "query-scheme-missing"])
    }

    /// The pods of a `cocoapods { }` block, and nothing else of a Gradle build.
    @Test(arguments: [
        ("kotlin { cocoapods { pod(\"MSAL\") { version = \"~> 1.6\" } } }", ["MSAL"]),
        ("cocoapods {\n  pod( 'GoogleSignIn' )\n  pod(\"AppAuth\")\n}", ["GoogleSignIn", "AppAuth"]),
        ("cocoapods {\n  // pod(\"MSAL\")\n}", []),
        ("dependencies { implementation(\"pod(\\\"MSAL\\\")\") }", []),
        ("cocoapods { pod(libs.msal) }", []),
        ("", []),
    ] as [(String, [String])])
    func gradlePods(build: String, pods: [String]) {
        #expect(SDKDetection.gradlePods(build) == Set(pods))
    }

    /// `--project app.json` of an app whose ios/ holds its project checks that project, as the
    /// app's folder does (it was refused before: the project Xcode builds is the source of truth).
    @Test func anAppJSONBesideItsIOSProjectChecksTheProject() throws {
        let byFile = try Self.reports("ReactNative/app.json")
        #expect(byFile == (try Self.reports("ReactNative")))
        #expect(byFile.keys.sorted() == ["Courier"])
    }

    /// A Capacitor app signs in with MSAL through a plugin named only in package.json, two folders
    /// above its Xcode project (ios/App): MSAL's rules are checked, from the root, ios/ or the
    /// project, and its mistakes are said in MSAL's terms (the plugin's README asks for the
    /// msauth scheme, the broker's query schemes and the com.microsoft.adalcache group).
    @Test(arguments: ["CapacitorMSAL", "CapacitorMSAL/ios", "CapacitorMSAL/ios/App/App.xcodeproj"])
    func aCapacitorPluginNamesItsSDK(given: String) throws {
        let report = try AppConfigurationDoctor.report(project: ProjectKindsTests.root.appendingPathComponent(given))
        #expect(report.context.sdks.map(\.sdk) == ["msal"])
        #expect(report.context.sdks.first?.sources.first?.hasSuffix("package.json (@recognizebv/capacitor-plugin-msauth)") == true)
        let errors = report.findings.filter { $0.severity == .error }
        #expect(errors.map(\.code.rawValue) == ["url-scheme-not-registered", "query-scheme-missing", "query-scheme-missing", "keychain-group-missing"])
        #expect(errors.allSatisfy { $0.sdk == "msal" })
    }

    /// No iOS project yet: the command that writes it, exit 2 (`not-generated`), never "cannot
    /// read project.pbxproj" and never an absolute path; whether the root, its ios/ folder or the
    /// project the tool would write is given.
    @Test(arguments: [
        ("FlutterNoIOS", "`flutter create --platforms=ios .`"), ("FlutterNoIOS/ios", "`flutter create --platforms=ios .`"),
        ("FlutterNoIOS/ios/Runner.xcodeproj", "`flutter create --platforms=ios .`"), ("CapacitorNoIOS", "`npx cap add ios`"),
        ("CapacitorNoIOS/ios", "`npx cap add ios`"), ("CapacitorNoIOS/ios/App", "`npx cap add ios`"),
        ("CapacitorNoIOS/ios/App/App.xcodeproj", "`npx cap add ios`"),
    ])
    func notWrittenYetNamesTheCommand(project: String, command: String) {
        #expect {
            _ = try AppConfigurationDoctor.reports(project: ProjectKindsTests.root.appendingPathComponent(project))
        } throws: { error in
            guard let error = error as? DoctorProjectError else { return false }
            return error.kind == .notGenerated && error.message.contains(command) && !error.message.contains("project.pbxproj")
                && !error.message.contains(ProjectKindsTests.root.path)
        }
    }

    /// A Flutter plugin's package (its pubspec.yaml's `flutter:` has `plugin:`) is no app:
    /// `flutter create` is not the answer, an app that uses it is (its example app's project).
    @Test func aFlutterPluginIsNoApp() {
        #expect {
            _ = try AppConfigurationDoctor.reports(project: ProjectKindsTests.root.appendingPathComponent("FlutterPlugin"))
        } throws: { error in
            guard let error = error as? DoctorProjectError else { return false }
            return error.kind == .unreadable && error.message.contains("a Flutter plugin, not an app")
                && error.message.contains("example/ios/Runner.xcodeproj") && !error.message.contains("flutter create")
                && !error.message.contains(ProjectKindsTests.root.path)
        }
    }

    /// A Kotlin Multiplatform app's root with no iosApp/ has nothing a command writes: the
    /// folder holds no project, said as for any folder.
    @Test func aGradleRootWithoutIOSAppHoldsNoProject() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kmp-without-iosapp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("composeApp"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("include(\":composeApp\")\n".utf8).write(to: folder.appendingPathComponent("settings.gradle.kts"))
        #expect {
            _ = try AppConfigurationDoctor.reports(project: folder)
        } throws: { error in
            guard let error = error as? DoctorProjectError else { return false }
            return error.kind == .unreadable && error.message.contains("iosApp/") && !error.message.contains(folder.path)
        }
    }
}
