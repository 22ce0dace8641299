import Foundation
import RedirectURIKit
import Testing

@testable import RedirectURIDoctor

/// Projects shaped like the ones real apps ship (Fixtures/Shapes, written by its
/// make-fixtures.py): several application targets on several platforms, an SDK named only in a
/// Podfile, in the project's package references, in a Flutter or React Native app's own files,
/// a run-script phase that adds the redirect scheme at build time, generated files not yet made,
/// samples' placeholders. A working app must come out clean; a sample must name its placeholder.
struct ProjectShapesTests {
    static let shapes = DoctorTests.fixtures.appendingPathComponent("Shapes")

    /// What one target's report must be.
    struct Expected: Sendable {
        var target: String
        var platform: ApplePlatform
        var sdks: [SDKFlavour]
        /// Codes of errors and warnings, in order.
        var problems: [String] = []
        /// Informational codes that must be there.
        var notes: [String] = []
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var project: String
        var targets: [Expected]
        var says: [String] = []
        var testDescription: String { project }
    }

    static let rows: [Row] = [
        // Every application target, each with its platform's rules; the widget (an extension) is
        // not checked unless named; the watch app signs in with nothing.
        Row(
            project: "MultiTarget/Planner.xcodeproj",
            targets: [
                Expected(target: "Planner iOS", platform: .iOS, sdks: [.msal], notes: ["sdk-detected", "redirect-uri-derived"]),
                Expected(
                    target: "Planner macOS", platform: .macOS, sdks: [.msal], notes: ["url-scheme-not-registered-session", "macos-unsigned-redirect"]),
                Expected(target: "Planner Watch", platform: .watchOS, sdks: [], notes: ["platform-without-redirect"]),
            ],
            says: ["target 'Planner iOS' links MSAL", "MSAL on macOS signs in in its own web view"]),
        // A Podfile with no lock: the pod of a `def` called in the phone app's block; the tvOS app
        // has its own block without it.
        Row(
            project: "PodfileTargets/Photos.xcodeproj",
            targets: [
                Expected(target: "Photos", platform: .iOS, sdks: [.googleSignIn], notes: ["generated-file-missing", "sdk-detected"]),
                Expected(target: "Photos TV", platform: .tvOS, sdks: [], notes: ["platform-without-redirect"]),
            ],
            says: ["Podfile (pod 'GoogleSignIn' in target 'Photos')", "`pod install`"]),
        // Firebase's GoogleService-Info.plist is not Google Sign-In: the app signs in with AppAuth.
        Row(
            project: "FirebaseAppAuth/Tasks.xcodeproj",
            targets: [Expected(target: "Tasks", platform: .iOS, sdks: [.appAuth], notes: ["sdk-detected"])]),
        // The redirect scheme is added by a run-script phase: said, never an error.
        Row(
            project: "RunScriptSchemes/Field.xcodeproj",
            targets: [Expected(target: "Field", platform: .iOS, sdks: [.msal], notes: ["info-plist-edited-at-build-time"])],
            says: ["run-script phase 'Register the MSAL scheme' may write CFBundleURLTypes", "target 'Field' links MSAL.framework"]),
        // Protocol schemes of a media player are the app's own; no SDK, no SDK's requirements.
        Row(
            project: "MediaSchemes/Player.xcodeproj",
            targets: [Expected(target: "Player", platform: .iOS, sdks: [], notes: ["sdk-not-found"])]),
        // Samples as shipped: each placeholder named, with its file and key.
        Row(
            project: "Auth0Placeholders/Sample.xcodeproj",
            targets: [
                Expected(
                    target: "Sample", platform: .iOS, sdks: [.auth0], problems: ["sdk-configuration-missing", "value-placeholder"],
                    notes: ["sdk-detected"])
            ],
            says: ["Sample/Auth0.plist is empty (a dictionary with no keys)", "'webcredentials:YOUR_AUTH0_DOMAIN', a placeholder"]),
        Row(
            project: "GooglePlaceholder/SignInExample.xcodeproj",
            targets: [Expected(target: "SignInExample", platform: .iOS, sdks: [.googleSignIn], problems: ["url-scheme-placeholder"])],
            says: ["'YOUR_REVERSED_CLIENT_ID'", "the reversed client ID"]),
        // Wrappers: the SDK is named in the app's own pubspec.yaml or package.json, one folder up;
        // the files `flutter pub get` and `pod install` write are not there yet.
        Row(
            project: "FlutterMSAL/ios/Runner.xcodeproj",
            targets: [Expected(target: "Runner", platform: .iOS, sdks: [.msal], notes: ["generated-file-missing"])],
            says: ["../pubspec.yaml (msal_auth)", "`flutter pub get`"]),
        Row(
            project: "ReactNativeAppAuth/ios/Notes.xcodeproj",
            targets: [Expected(target: "Notes", platform: .iOS, sdks: [.appAuth], notes: ["generated-file-missing"])],
            says: ["../package.json (react-native-app-auth)"]),
        // A base .xcconfig kept out of git (no tool makes it): its settings are unknown, and the
        // value that needs one is said, not guessed.
        Row(
            project: "MissingXCConfig/Wallet.xcodeproj",
            targets: [Expected(target: "Wallet", platform: .iOS, sdks: [], problems: ["xcconfig-unreadable", "unexpanded-variable"])],
            says: ["'Config/Secrets.xcconfig' cannot be read"]),
        // Placeholders that reach a value through the build are named after expansion.
        Row(
            project: "XCConfigPlaceholders/Gallery.xcodeproj",
            targets: [
                Expected(target: "Gallery", platform: .iOS, sdks: [.googleSignIn], problems: ["value-placeholder", "value-placeholder"])
            ],
            says: ["GIDClientID is 'YOUR_CLIENT_ID'", "'webcredentials:{yourDomain}' (written 'webcredentials:$(SIGN_IN_DOMAIN)')"]),
    ]

    @Test func rowCountIsPinned() { #expect(Self.rows.count == 11) }

    @Test(arguments: rows)
    func eachApplicationTargetWithItsOwnRules(row: Row) throws {
        let reports = try AppConfigurationDoctor.reports(project: Self.shapes.appendingPathComponent(row.project))
        #expect(reports.map(\.context.target) == row.targets.map(\.target))
        for (report, expected) in zip(reports, row.targets) {
            #expect(report.context.platform == expected.platform.rawValue, "\(expected.target)")
            #expect(report.context.sdks.map(\.sdk) == expected.sdks.map(\.rawValue), "\(expected.target)")
            #expect(report.findings.filter { $0.severity != .info }.map(\.code.rawValue) == expected.problems, "\(expected.target)")
            let codes = Set(report.findings.map(\.code.rawValue))
            for note in expected.notes { #expect(codes.contains(note), "\(expected.target): \(note)") }
            #expect(report.failed == !expected.problems.filter { FindingCode.doctorSeverities[FindingCode(rawValue: $0)] == .error }.isEmpty)
            // Never another SDK's requirements: a target with no Microsoft SDK gets no broker finding.
            if !expected.sdks.contains(where: \.isMicrosoft) {
                #expect(!report.findings.contains { [.querySchemeMissing, .keychainGroupMissing].contains($0.code) }, "\(expected.target)")
            }
        }
        let text = reports.flatMap(\.findings).map { "\($0.message) \($0.fix)" }.joined(separator: "\n")
        for phrase in row.says { #expect(text.contains(phrase), "\(phrase)") }
    }

    /// `--target` narrows to one target, an extension included; a named SDK replaces detection.
    @Test func aNamedTargetOrSDKNarrows() throws {
        let project = Self.shapes.appendingPathComponent("MultiTarget/Planner.xcodeproj")
        let widget = try AppConfigurationDoctor.reports(project: project, target: "Planner Widget")
        #expect(widget.map(\.context.target) == ["Planner Widget"])
        let watch = try AppConfigurationDoctor.reports(project: project, target: "Planner Watch", sdk: .msal)
        #expect(watch.first?.context.sdks.map(\.sdk) == ["msal"])
        #expect(watch.first?.findings.contains { $0.code == .platformWithoutRedirect } == false)
        #expect(throws: DoctorProjectError.self) { try AppConfigurationDoctor.reports(project: project, target: "Nope") }
    }

    /// A finding only an SDK's rules give names that SDK; one every app gets names none.
    @Test func eachFindingNamesItsSDK() throws {
        let report = try AppConfigurationDoctor.report(project: Self.shapes.appendingPathComponent("Auth0Placeholders/Sample.xcodeproj"))
        #expect(report.findings.first { $0.code == .sdkConfigurationMissing }?.sdk == "auth0")
        #expect(report.findings.first { $0.code == .valuePlaceholder }?.sdk == nil)
        #expect(report.findings.first { $0.code == .projectTarget }?.sdk == nil)
    }

    /// The annotation formats carry the target in each result when a project has several.
    @Test func everyFormatCarriesTheTarget() throws {
        let project = Self.shapes.appendingPathComponent("Auth0Placeholders/Sample.xcodeproj")
        let reports = try AppConfigurationDoctor.reports(project: project)
        let annotations = DoctorAnnotations(root: Self.shapes.path)
        let xcode = annotations.xcode(reports).split(separator: "\n")
        #expect(!xcode.isEmpty)
        #expect(xcode.allSatisfy { $0.contains("target 'Sample': ") })
        #expect(annotations.github(reports).split(separator: "\n").allSatisfy { $0.contains("target 'Sample': ") })
        let sarif = try #require(
            try JSONSerialization.jsonObject(with: Data(try annotations.sarif(reports).utf8)) as? [String: Any])
        let results = try #require(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results.allSatisfy { ($0["properties"] as? [String: Any])?["target"] as? String == "Sample" })
        #expect(results.contains { ($0["properties"] as? [String: Any])?["sdk"] as? String == "auth0" })
    }
}

/// The readers of the files that name an SDK and of the phases that edit the built Info.plist,
/// each on the shapes real files have.
struct ProjectReadersTests {
    @Test(
        arguments: [
            // A pod in a target's block is that target's; at the top level, every target's.
            ("target 'App' do\n  pod 'MSAL'\nend\n", [("MSAL", ["App"])]),
            ("pod 'GoogleSignIn'\ntarget 'A' do\nend\n", [("GoogleSignIn", nil)]),
            // Subspecs, options, double quotes, symbols, comments.
            ("target \"App\" do\n  pod \"AppAuth/Core\", :path => '../'  # local\nend\n", [("AppAuth", ["App"])]),
            ("target :App do\n  # pod 'MSAL'\n  pod 'ADAL', '~> 4.0'\nend\n", [("ADAL", ["App"])]),
            // A def's pods count where it is called; nested targets are their own.
            (
                "def shared\n  pod 'Auth0'\nend\ntarget 'A' do\n  shared\n  target 'ATests' do\n    pod 'Quick'\n  end\nend\n",
                [("Auth0", ["A"]), ("Quick", ["ATests"])]
            ),
            // Blocks that are not targets (post_install, if) do not end the target early.
            (
                "target 'A' do\n  if ENV['CI']\n    pod 'X'\n  end\n  pod 'OktaOidc'\nend\npost_install do |i|\n  i.each do |t|\n  end\nend\n",
                [("X", ["A"]), ("OktaOidc", ["A"])]
            ),
            // A stray `end` or an unterminated block never traps.
            ("end\nend\ntarget 'A' do\n  pod 'MSAL'\n", [("MSAL", ["A"])]),
            ("", []),
        ] as [(String, [(String, [String]?)])])
    func podfilePodsBelongToTheirTargets(text: String, expected: [(String, [String]?)]) {
        let found = SDKDetection.podfilePods(text)
        #expect(found.map(\.pod) == expected.map(\.0))
        #expect(found.map(\.targets) == expected.map(\.1))
    }

    @Test func wrappersNameTheirPackages() {
        #expect(SDKDetection.yamlKeys("name: app\ndependencies:\n  msal_auth: ^3.1.0\n  flutter:\n    sdk: flutter\n").contains("msal_auth"))
        #expect(SDKDetection.yamlKeys("packages:\n  \"auth0_flutter\":\n    dependency: direct\n").contains("auth0_flutter"))
        #expect(!SDKDetection.yamlKeys("msal_auth: 1\n").contains("msal_auth"), "a top-level key is no dependency")
        let json = Data(#"{"dependencies": {"react-native-auth0": "^3"}, "devDependencies": {"@okta/okta-react-native": "2"}}"#.utf8)
        #expect(SDKDetection.npmDependencies(json) == ["react-native-auth0", "@okta/okta-react-native"])
        #expect(SDKDetection.npmDependencies(Data("[1,2]".utf8)).isEmpty)
        #expect(SDKDetection.npmDependencies(Data([0xFF, 0x00])).isEmpty)
    }

    @Test(arguments: [
        ("MSAL.framework", "MSAL"), ("MSAL.xcframework", "MSAL"), ("libMSAL.a", "MSAL"), ("GoogleSignIn", "GoogleSignIn"),
        ("Pods_App.framework", "Pods_App"), ("libc++.tbd", "libc++"),
    ])
    func linkedFilesAreModules(name: String, module: String) {
        #expect(SDKDetection.moduleName(name) == module)
    }

    /// What a run-script phase writes into the built Info.plist: PlistBuddy's, plutil's and
    /// defaults' edits name their keys; reading the plist is no edit; another file is no edit.
    @Test(
        arguments: [
            (
                #"/usr/libexec/PlistBuddy -c "Add :CFBundleURLTypes:0:CFBundleURLSchemes:0 string x" "${TARGET_BUILD_DIR}/${INFOPLIST_PATH}""#,
                Set(["CFBundleURLTypes"]) as Set<String>?
            ),
            (
                #"plutil -replace LSApplicationQueriesSchemes -json '["msauthv2"]' "$BUILT_PRODUCTS_DIR/$INFOPLIST_PATH""#,
                ["LSApplicationQueriesSchemes"]
            ),
            (#"defaults write "${TARGET_BUILD_DIR}/${INFOPLIST_PATH%.*}" CFBundleURLTypes -array"#, ["CFBundleURLTypes"]),
            (#"/usr/libexec/PlistBuddy -c "Set :CFBundleVersion $N" "${INFOPLIST_FILE}""#, ["CFBundleVersion"]),
            (#"id=$(/usr/libexec/PlistBuddy -c "Print :GOOGLE_APP_ID" "${BUILT_PRODUCTS_DIR}/GoogleService-Info.plist")"#, nil),
            (#"/usr/libexec/PlistBuddy -c "Add :API_KEY string k" "${SRCROOT}/Config.plist""#, nil),
            ("swiftlint lint", nil),
            ("", nil),
        ] as [(String, Set<String>?)])
    func phasesThatEditTheBuiltInfoPlist(script: String, keys: Set<String>?) {
        #expect(BuildTimeEdit.plistEdit(in: script) == keys)
    }

    @Test func scriptsThePhaseRunsAreTheProjectsOwn() {
        #expect(BuildTimeEdit.scriptFiles(in: "python config_script/process_config.py \"$CONFIGURATION\"") == ["config_script/process_config.py"])
        #expect(BuildTimeEdit.scriptFiles(in: "\"${SRCROOT}/Scripts/urls.sh\"") == ["Scripts/urls.sh"])
        #expect(BuildTimeEdit.scriptFiles(in: "\"${PODS_ROOT}/Target Support Files/Pods-App/Pods-App-frameworks.sh\"").isEmpty)
        #expect(BuildTimeEdit.scriptFiles(in: "../node_modules/react-native/scripts/react-native-xcode.sh").isEmpty)
        #expect(BuildTimeEdit.scriptFiles(in: "/bin/sh \"$FLUTTER_ROOT/packages/flutter_tools/bin/xcode_backend.sh\" build").isEmpty)
        // A script read from the project: its own edits, or the keys it names with the Info.plist.
        let phases = [
            XcodeProject.ScriptPhase(name: "Config", script: "python config.py", inputPaths: [], outputPaths: []),
            XcodeProject.ScriptPhase(name: "Gone", script: "sh gone.sh", inputPaths: [], outputPaths: []),
            XcodeProject.ScriptPhase(name: "Lint", script: "sh lint.sh", inputPaths: [], outputPaths: []),
        ]
        let files = [
            "config.py": "import plistlib, os\np = os.environ['INFOPLIST_PATH']\nd['CFBundleURLTypes'] = [{'CFBundleURLSchemes': [s]}]\n",
            "lint.sh": "swiftlint\n",
        ]
        let edits = BuildTimeEdit.edits(of: phases, sourceRoot: URL(fileURLWithPath: "/src")) { url in
            files[url.lastPathComponent].map { Data($0.utf8) }
        }
        #expect(edits.map(\.phase) == ["Config", "Gone"])
        #expect(edits.first?.keys == ["CFBundleURLTypes"])
        #expect(edits.last?.keys == nil, "a script that cannot be read may write anything")
    }

    /// The Gradle tasks a phase runs, and which of them edit the Info.plist: a task its build
    /// file defines and that writes a checked key; Kotlin Multiplatform's own framework task
    /// (defined by its plugin, not the build file) is no edit.
    @Test func gradleTasksAreReadFromTheirBuildFile() {
        let tasks = BuildTimeEdit.gradleTasks(
            in: "cd \"$SRCROOT/..\"\n./gradlew -p shared --stacktrace :shared:embedAndSignAppleFrameworkForXcode writePlist && echo done\n")
        #expect(tasks.map { "\($0.project)|\($0.name)" } == ["shared|embedAndSignAppleFrameworkForXcode", "|writePlist"])
        let build = "tasks.register(\"writePlist\") { doLast { exec { commandLine(\"plutil\", \"-insert\", \"CFBundleURLTypes\", \"-json\", t, p) } } }\n"
        func edits(_ script: String, _ files: [String: String]) -> [BuildTimeEdit] {
            BuildTimeEdit.edits(
                of: [XcodeProject.ScriptPhase(name: "Gradle", script: script, inputPaths: [], outputPaths: [])],
                sourceRoot: URL(fileURLWithPath: "/src/iosApp")
            ) { url in files[url.path].map { Data($0.utf8) } }
        }
        // The build file one folder up (a multiplatform app's), handed the path by the phase.
        let handed = edits("../gradlew writePlist -Pplist=\"$TARGET_BUILD_DIR/$INFOPLIST_PATH\"", ["/src/build.gradle.kts": build])
        #expect(handed.first?.keys == ["CFBundleURLTypes"])
        #expect(handed.first?.how.contains("'writePlist' (../build.gradle.kts)") == true)
        // Not handed the path, the build file must name the Info.plist itself.
        #expect(edits("../gradlew writePlist", ["/src/build.gradle.kts": build]).isEmpty)
        #expect(edits("./gradlew :shared:embedAndSignAppleFrameworkForXcode", ["/src/iosApp/shared/build.gradle.kts": build]).isEmpty)
    }

    @Test(arguments: [
        ("YOUR_REVERSED_CLIENT_ID", true), ("webcredentials:YOUR_AUTH0_DOMAIN", true), ("{customUriScheme}:/callback", true),
        ("https://{yourOktaDomain}/oauth2/default", true), ("<your-client-id>", true), ("webcredentials:{YOUR_AUTH0_DOMAIN}", true),
        ("your-app-scheme", true), ("yourDomain.auth0.com", true),
        // Microsoft's samples.
        ("Enter_the_Redirect_URI_Here", true), ("msauth.Enter_the_Bundle_Id_Here://auth", true), ("ENTER_THE_CLIENT_ID", true),
        ("Enter_the_", false), ("reEnter_the_value", false), ("enter_the_value", false),
        // Values, and values the build fills in.
        ("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)", false), ("${ENV_URL_HANDLER}", false), ("{6731DE76-14A6-49AE-97BC-6EBA6914391E}", false),
        ("com.googleusercontent.apps.514797035410-uksd", false), ("yourself", false), ("BEYOUR_APP", false), ("{}", false), ("", false),
    ])
    func placeholders(value: String, isPlaceholder: Bool) {
        #expect(Placeholder.isPlaceholder(value) == isPlaceholder)
    }

    /// Only schemes an app truly must not claim are errors; protocol names media apps register
    /// are the app's own.
    @Test func onlyUnclaimableSchemesAreReserved() throws {
        for (scheme, reserved) in [
            ("ftp", false), ("smb", false), ("rtsp", false), ("sftp", false), ("vlc", false), ("tel", true),
            ("mailto", true), ("https", true), ("msauthv2", true), ("itms-apps", true),
        ] {
            let plist: [String: Any] = ["CFBundleIdentifier": "org.fabrikam.player", "CFBundleURLTypes": [["CFBundleURLSchemes": [scheme]]]]
            let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            let report = AppConfigurationDoctor.report(infoPlist: data)
            #expect(report.findings.contains { $0.code == .urlSchemeReserved } == reserved, "\(scheme)")
        }
    }

    @Test(arguments: [
        ("iphoneos", ApplePlatform.iOS), ("iphoneos17.2", .iOS), ("macosx", .macOS), ("appletvos", .tvOS), ("watchos", .watchOS),
        ("xros", .visionOS),
    ])
    func platformsFromSDKROOT(sdkRoot: String, platform: ApplePlatform) {
        #expect(ApplePlatform.of(sdkRoot: sdkRoot) == platform)
    }
}
