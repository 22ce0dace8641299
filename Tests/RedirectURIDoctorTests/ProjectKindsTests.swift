import Foundation
import Testing

@testable import RedirectURIDoctor

/// Every kind of project users run the doctor in (Fixtures/Kinds): an XcodeGen spec with no
/// `.xcodeproj`, a Tuist manifest, an Expo app with no `ios/` folder, a .NET MAUI app, and an
/// Xcode project whose Info.plist is preprocessed. Where the doctor reads the source of truth,
/// the findings are golden; where it cannot, the error names the command that writes the project.
struct ProjectKindsTests {
    static let root = DoctorTests.fixtures.appendingPathComponent("Kinds")

    static func golden(_ reports: [DoctorReport]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for report in reports { result[report.context.target ?? "?"] = report.findings.map { $0.goldenLine(relativeTo: root) } }
        return result
    }

    static let generated = [
        "info project-target @ XcodeGen/project.yml", "info sdk-detected @ XcodeGen/project.yml",
        "info redirect-uri-derived @ XcodeGen/project.yml",
    ]

    @Test(arguments: [
        (
            // The spec's targets, settings, info and entitlements properties, package and code;
            // the test bundle is not an app. 'Mail Beta' has a Beta-Info.plist on disk that
            // registers its scheme, but XcodeGen writes that file from `info`, which has no
            // properties: the built app registers nothing, and findings point at the spec.
            "XcodeGen",
            [
                "Mail": generated + ["info signing-variable @ XcodeGen/project.yml", "info code-read @ XcodeGen/project.yml"],
                "Mail Beta": generated + [
                    "error url-scheme-not-registered @ XcodeGen/project.yml", "error query-scheme-missing @ XcodeGen/project.yml",
                    "error query-scheme-missing @ XcodeGen/project.yml", "info signing-variable @ XcodeGen/project.yml",
                    "info code-read @ XcodeGen/project.yml",
                ],
            ]
        ),
        (
            // Preprocessed as Xcode does: the prefix header's macro is the scheme, the #ifdef'd
            // query schemes are there because INFOPLIST_PREPROCESSOR_DEFINITIONS defines it.
            "Preprocessed/Notes.xcodeproj",
            [
                "Notes": [
                    "info project-target @ Preprocessed/Notes.xcodeproj/project.pbxproj", "info sdk-detected @ Preprocessed/Notes/Info.plist",
                    "info redirect-uri-derived @ Preprocessed/Notes/Info.plist", "info signing-variable @ Preprocessed/Notes/Notes.entitlements",
                ]
            ]
        ),
        // app.json's bundle ID, scheme, Info.plist keys and Google Sign-In's plugin option;
        // the SDK from package.json.
        (
            "Expo",
            ["Expo": ["info project-target @ Expo/app.json", "info sdk-detected @ Expo/app.json", "info redirect-uri-derived @ Expo/app.json"]]
        ),
        (
            // The bundle ID is the .csproj's ApplicationId (the Info.plist has none), MSAL its
            // PackageReference; msauthv3 is missing.
            "MAUI/Contoso.Field.csproj",
            [
                "Contoso.Field": [
                    "info project-target @ MAUI/Contoso.Field.csproj", "info sdk-detected @ MAUI/Platforms/iOS/Info.plist",
                    "info redirect-uri-derived @ MAUI/Platforms/iOS/Info.plist", "error query-scheme-missing @ MAUI/Platforms/iOS/Info.plist",
                    "info signing-variable @ MAUI/Platforms/iOS/Entitlements.plist",
                ]
            ]
        ),
    ])
    func findings(project: String, expected: [String: [String]]) throws {
        let reports = try AppConfigurationDoctor.reports(project: Self.root.appendingPathComponent(project))
        #expect(Self.golden(reports) == expected)
        for report in reports {
            for finding in report.findings { #expect(!finding.message.contains(Self.root.path), "\(finding.message)") }
        }
    }
}

/// Where the doctor cannot read a project's source of truth, it names the command that writes
/// the project (exit 2 in `parse doctor`), never "cannot read project.pbxproj", and no message
/// holds an absolute path.
struct ProjectKindsErrorTests {
    @Test(arguments: [
        ("Tuist", "`tuist generate`", "Tuist/Project.swift"),
        ("Tuist/Project.swift", "`tuist generate`", "Tuist/Project.swift"),
        ("ExpoComputed", "`npx expo prebuild`", "app.config.ts"),
        ("ExpoPlugin", "`npx expo prebuild`", "config plugin 'react-native-auth0'"),
        ("XcodeGenAnchors", "`xcodegen generate`", "line 2 has an anchor, alias or tag"),
    ])
    func generatedProjectsNameTheirCommand(project: String, command: String, says: String) {
        #expect {
            _ = try AppConfigurationDoctor.reports(project: ProjectKindsTests.root.appendingPathComponent(project))
        } throws: { error in
            guard let error = error as? DoctorProjectError else { return false }
            return error.kind == .notGenerated && error.message.contains(command) && error.message.contains(says)
                && !error.message.contains(ProjectKindsTests.root.path)
        }
    }
}

/// What each reader takes from its project, said in the report.
struct ProjectKindsContextTests {
    static func report(_ project: String, target: String? = nil, configuration: String? = nil, bundleID: String? = nil) throws
        -> DoctorReport
    {
        try AppConfigurationDoctor.report(
            project: ProjectKindsTests.root.appendingPathComponent(project), target: target, configuration: configuration, bundleID: bundleID)
    }

    /// The bundle ID of each configuration: the target's `configs`, else its `base`, else an
    /// `.xcconfig` that sets it (XcodeGen's bundleIdPrefix then does not apply).
    @Test(arguments: [
        ("Mail", nil, "com.contoso.mail"), ("Mail", "Debug", "com.contoso.mail.debug"), ("Mail Beta", nil, "com.contoso.mail.beta"),
    ])
    func xcodeGenBundleIDs(target: String, configuration: String?, bundleID: String) throws {
        let report = try Self.report("XcodeGen", target: target, configuration: configuration)
        #expect(report.context.bundleID == bundleID)
        #expect(report.context.project == DisplayPath.of(ProjectKindsTests.root.appendingPathComponent("XcodeGen/project.yml")))
        #expect(report.findings.first?.message.contains("written by XcodeGen from") == true)
        // Mail Beta's Beta-Info.plist is on disk, and what the checks read is not it: said.
        #expect(report.findings.first?.message.contains("it replaces the file there on each generate") == (target == "Mail Beta"))
    }

    /// A fix to an Info.plist XcodeGen writes is made in the spec: each error's fix names the
    /// target's info.properties in project.yml and `xcodegen generate`; notes are left as they are,
    /// and an Xcode project's Info.plist fixes say nothing of a spec.
    @Test func xcodeGenFixesAreMadeInTheSpec() throws {
        let report = try Self.report("XcodeGen", target: "Mail Beta")
        let errors = report.findings.filter { $0.severity == .error }
        #expect(errors.count == 3)
        for finding in errors {
            let spec = "(target 'Mail Beta', info.properties): make the change there, then run `xcodegen generate`"
            #expect(finding.fix.hasSuffix(spec), "\(finding.fix)")
            #expect(finding.fix.contains("project.yml"))
        }
        #expect(!report.findings.filter { $0.severity == .info }.contains { $0.fix.contains("xcodegen generate") })
        let xcode = try AppConfigurationDoctor.report(
            project: DoctorTests.fixtures.appendingPathComponent("Life/GoogleSchemeMissing/Photos.xcodeproj"))
        #expect(xcode.findings.contains { $0.severity == .error })
        #expect(!xcode.findings.contains { $0.fix.contains("generate`") })
    }

    /// An .xcodeproj that is not there, beside the spec that makes it: the spec is read.
    @Test func aMissingProjectBesideItsSpecReadsTheSpec() throws {
        let report = try Self.report("XcodeGen/Mail.xcodeproj", target: "Mail")
        #expect(report.context.bundleID == "com.contoso.mail")
        #expect(!report.failed)
    }

    @Test func dotnetBundleIDAndSDK() throws {
        let report = try Self.report("MAUI")
        #expect(report.context.bundleID == "com.contoso.field")
        #expect(report.context.sdks.map(\.sdk) == ["msal"])
        #expect(report.context.sdks.first?.sources.contains("Contoso.Field.csproj (PackageReference Microsoft.Identity.Client)") == true)
        // --bundle-id wins over the project's.
        #expect(try Self.report("MAUI", bundleID: "com.contoso.other").context.bundleID == "com.contoso.other")
    }

    @Test func expoSchemesAndBundleID() throws {
        let report = try Self.report("Expo")
        #expect(report.context.bundleID == "com.contoso.tasks")
        #expect(report.context.sdks.map(\.sdk) == ["google"])
        #expect(!report.failed)
    }

    /// An Info.plist with no CFBundleIdentifier, checked on its own: `--bundle-id` is the bundle
    /// ID the build writes there, not an unused value with `bundle-id-missing` beside it.
    @Test func bundleIDGivenForAnInfoPlistWithoutOne() throws {
        let data = try Data(contentsOf: ProjectKindsTests.root.appendingPathComponent("MAUI/Platforms/iOS/Info.plist"))
        let report = AppConfigurationDoctor.report(infoPlist: data, bundleID: "com.contoso.field", sdk: .msal)
        #expect(report.context.bundleID == "com.contoso.field")
        #expect(!report.findings.contains { $0.code == .bundleIDMissing || $0.code == .buildSettingUnused })
        let without = AppConfigurationDoctor.report(infoPlist: data, sdk: .msal)
        #expect(without.findings.contains { $0.code == .bundleIDMissing })
    }

    /// A SwiftPM app whose Info.plist says $(PRODUCT_BUNDLE_IDENTIFIER): the bundle ID is the app
    /// product's `bundleIdentifier:`, and the app passes; `--bundle-id` wins over it.
    @Test func swiftPMAppBundleIDFromItsManifest() throws {
        let package = ProjectKindsTests.root.appendingPathComponent("SwiftPMApp")
        let report = try AppConfigurationDoctor.report(package: package, target: "Field")
        #expect(report.context.bundleID == "com.contoso.field")
        #expect(!report.failed)
        #expect(report.findings.allSatisfy { $0.severity == .info })
        let given = try AppConfigurationDoctor.report(package: package, target: "Field", bundleID: "com.contoso.other")
        #expect(given.context.bundleID == "com.contoso.other")
        #expect(given.context.redirectURI == "msauth.com.contoso.other://auth")
        let manifest = PackageManifest(bytes: Array(try Data(contentsOf: package.appendingPathComponent("Package.swift"))))
        #expect(manifest.bundleIdentifier(ofTarget: "Field") == "com.contoso.field")
        #expect(manifest.bundleIdentifier(ofTarget: "Other") == nil)
    }

    /// The files that name the SDK are named without the folders above them: no message holds
    /// an absolute path, in any mode.
    @Test func noAbsolutePathInAnInfoPlistRun() throws {
        let folder = ProjectKindsTests.root.appendingPathComponent("Preprocessed")
        let data = try Data(contentsOf: ProjectKindsTests.root.appendingPathComponent("MAUI/Platforms/iOS/Info.plist"))
        let report = AppConfigurationDoctor.report(infoPlist: data, bundleID: "com.contoso.field", searchRoots: [folder])
        #expect(report.context.sdks.first?.sources.contains { $0.hasSuffix("Podfile (pod 'MSAL' in target 'Notes')") } == true)
        for text in report.findings.map(\.message) + (report.context.sdks.first?.sources ?? []) {
            #expect(!text.contains(ProjectKindsTests.root.path), "\(text)")
        }
    }

    /// `--bundle-id` fills a missing CFBundleIdentifier only: an Info.plist's own is the one
    /// checked, and the given value is said to be unused.
    @Test func theInfoPlistsOwnBundleIDIsKept() throws {
        let data = try Data(contentsOf: ProjectKindsTests.root.appendingPathComponent("XcodeGen/Mail/Beta-Info.plist"))
        let literal = String(decoding: data, as: UTF8.self).replacingOccurrences(
            of: "$(PRODUCT_BUNDLE_IDENTIFIER)</string>\n\t<key>CFBundleURLTypes", with: "com.contoso.mail.beta</string>\n\t<key>CFBundleURLTypes")
        let report = AppConfigurationDoctor.report(infoPlist: Data(literal.utf8), bundleID: "com.contoso.other", sdk: .msal)
        #expect(report.context.bundleID == "com.contoso.mail.beta")
    }
}
