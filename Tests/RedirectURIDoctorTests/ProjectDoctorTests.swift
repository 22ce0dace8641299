import Foundation
import Testing
@testable import RedirectURIDoctor
import RedirectURIKit

/// The doctor on Xcode projects (fixtures under Fixtures/Projects, written by hand the way Xcode
/// writes them): target and configuration choice, settings through every level, generated
/// Info.plists, binary plists, unreadable base configurations.
struct ProjectDoctorTests {
    static let projects = DoctorTests.fixtures.appendingPathComponent("Projects")

    static func project(_ path: String) -> URL {
        projects.appendingPathComponent(path)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var project: String
        var target: String?
        var configuration: String?
        var settings: [String: String] = [:]
        var redirect: String?
        var sdk: SDKFlavour = .msal
        var group: String?
        /// Codes of the warnings and errors, in order.
        var codes: [String]
        var skipped: [String] = []
        var bundleID: String?
        var line: Int
        var testDescription: String { "line \(line): \(project) \(target ?? "-") \(configuration ?? "-")" }

        init(
            _ project: String, target: String? = nil, configuration: String? = nil, settings: [String: String] = [:],
            redirect: String? = nil, sdk: SDKFlavour = .msal, group: String? = nil, codes: [String], skipped: [String] = [],
            bundleID: String?, line: Int = #line
        ) {
            self.project = project
            self.target = target
            self.configuration = configuration
            self.settings = settings
            self.redirect = redirect
            self.sdk = sdk
            self.group = group
            self.codes = codes
            self.skipped = skipped
            self.bundleID = bundleID
            self.line = line
        }
    }

    static let mail = "MailApp/MailApp.xcodeproj"
    static let notes = "Notes/Notes.xcodeproj"
    static let sample = "Sample/IdentitySample.xcodeproj"
    static let legacy = "Legacy/Legacy.xcodeproj"

    static let rows: [Row] = [
        // Levels: target xcconfig (PRODUCT_NAME:rfc1034identifier), project xcconfig (#include),
        // $(inherited) in the target's Debug configuration.
        Row(mail, group: "com.microsoft.adalcache", codes: [], bundleID: "com.contoso.Contoso-Mail"),
        Row(mail, configuration: "Debug", group: "com.microsoft.adalcache", codes: [], bundleID: "com.contoso.Contoso-Mail.debug"),
        Row(mail, configuration: "Debug", redirect: "msauth.com.contoso.Contoso-Mail://auth",
            codes: ["url-scheme-not-registered", "bundle-id-mismatch"], bundleID: "com.contoso.Contoso-Mail.debug"),
        Row(mail, settings: ["BUNDLE_ID_PREFIX": "com.fabrikam"], codes: [], bundleID: "com.fabrikam.Contoso-Mail"),
        Row(mail, settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.fabrikam.mail"], codes: [], bundleID: "com.fabrikam.mail"),
        Row(mail, redirect: "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth", codes: [], bundleID: "com.contoso.Contoso-Mail"),
        Row(mail, group: "com.contoso.other", codes: ["keychain-group-missing"], bundleID: "com.contoso.Contoso-Mail"),
        // The app extension: a binary Info.plist with no URL types.
        // MSAL's keychain group is checked without being named: the extension has no entitlements.
        Row(mail, target: "MailShare", codes: ["url-scheme-not-registered", "query-scheme-missing", "query-scheme-missing", "keychain-group-missing"],
            bundleID: "com.contoso.Contoso-Mail.share"),
        Row(mail, target: "MailShare", group: "com.microsoft.adalcache",
            codes: ["url-scheme-not-registered", "query-scheme-missing", "query-scheme-missing", "keychain-group-missing"],
            bundleID: "com.contoso.Contoso-Mail.share"),
        // A test bundle: generated Info.plist, nothing registered.
        Row(mail, target: "MailAppTests", codes: ["url-scheme-not-registered", "query-scheme-missing", "query-scheme-missing", "keychain-group-missing"],
            bundleID: "com.contoso.MailAppTests"),
        // GENERATE_INFOPLIST_FILE alone: URL types and queried schemes cannot come from settings.
        Row(notes, target: "Notes", codes: ["infoplist-key-ignored", "url-scheme-not-registered", "query-scheme-missing", "query-scheme-missing", "keychain-group-missing"],
            bundleID: "com.contoso.notes"),
        Row(notes, target: "Notes", configuration: "Debug",
            codes: ["infoplist-key-ignored", "url-scheme-not-registered", "query-scheme-missing", "query-scheme-missing", "keychain-group-missing"],
            bundleID: "com.contoso.notes.debug"),
        // GENERATE_INFOPLIST_FILE with a file merged in; the bundle ID from an anchored .xcconfig.
        Row(notes, target: "NotesPro", codes: ["keychain-group-missing"], bundleID: "com.contoso.notespro"),
        Row(notes, target: "NotesPro", configuration: "Debug", codes: ["keychain-group-missing"], bundleID: "com.contoso.notespro.debug"),
        // A registered scheme written out in full that does not match the bundle ID.
        Row(sample, group: "com.microsoft.adalcache", codes: ["url-scheme-not-registered"],
            bundleID: "com.contoso.identity.client.sample.IdentitySample"),
        Row(sample, redirect: "msauth.com.contoso.identitysample.IdentitySample://auth", codes: ["bundle-id-mismatch"],
            bundleID: "com.contoso.identity.client.sample.IdentitySample"),
        // A missing CocoaPods .xcconfig (before `pod install`): a note, and the settings it would
        // hold (search paths, linker flags) are unset, so a setting set nowhere else is empty.
        Row(legacy, redirect: "x-msauth-legacy-app://com.contoso.legacy-app", sdk: .adal, group: "com.microsoft.adalcache",
            codes: ["bundle-id-invalid", "keychain-group-missing", "build-setting-unset", "build-setting-unset"],
            skipped: ["bundle-id-matches-redirect"], bundleID: nil),
        Row(legacy, settings: ["PRODUCT_NAME": "LegacyApp", "LEGACY_URL_SCHEME": "legacy", "KEYCHAIN_SHARING_GROUP": "com.microsoft.adalcache"],
            redirect: "x-msauth-legacyapp://com.contoso.LegacyApp", sdk: .adal, group: "com.microsoft.adalcache",
            codes: [], bundleID: "com.contoso.LegacyApp"),
    ]

    @Test(arguments: rows)
    func checksAProject(row: Row) throws {
        let report = try AppConfigurationDoctor.report(
            project: Self.project(row.project), target: row.target, configuration: row.configuration, buildSettings: row.settings,
            redirectURI: row.redirect, sdk: row.sdk, keychainGroup: row.group)
        #expect(report.findings.filter { $0.severity != .info }.map(\.code.rawValue) == row.codes)
        #expect(report.skipped.map(\.check) == row.skipped)
        #expect(report.context.bundleID == row.bundleID)
        #expect(report.findings.first?.code.rawValue == "project-target")
        #expect(report.findings.allSatisfy { !$0.fix.isEmpty && !$0.message.isEmpty })
    }

    @Test func rowCountIsPinned() { #expect(Self.rows.count == 18) }

    @Test func defaultsAreSaidAndRecorded() throws {
        let report = try AppConfigurationDoctor.report(project: Self.project(Self.mail))
        #expect(report.context.target == "MailApp")
        #expect(report.context.configuration == "Release")
        #expect(report.context.configurationIsDefault == true)
        #expect(report.context.productType == "com.apple.product-type.application")
        #expect(report.context.infoPlist == "MailApp/Info.plist")
        #expect(report.context.entitlements == "MailApp/MailApp.entitlements")
        #expect(report.context.redirectURI == "msauth.com.contoso.Contoso-Mail://auth")
        #expect(report.findings.first?.message.contains("configuration 'Release' (the default)") == true)
        let named = try AppConfigurationDoctor.report(project: Self.project(Self.mail), configuration: "Release")
        #expect(named.context.configurationIsDefault == false)
    }

    @Test func theProjectFileItselfIsAccepted() throws {
        let report = try AppConfigurationDoctor.report(project: Self.project(Self.mail).appendingPathComponent("project.pbxproj"))
        #expect(report.context.bundleID == "com.contoso.Contoso-Mail")
    }

    @Test func signingVariablesAreInformationNotUnexpanded() throws {
        let report = try AppConfigurationDoctor.report(project: Self.project(Self.mail), keychainGroup: "com.microsoft.adalcache")
        let signing = report.findings.filter { $0.code.rawValue == "signing-variable" }
        #expect(signing.count == 1)
        #expect(signing.first?.severity == .info)
        #expect(signing.first?.message.contains("keychain-access-groups[0] of MailApp/MailApp.entitlements and keychain-access-groups[1] of") == true)
        #expect(!report.findings.contains { $0.code.rawValue == "unexpanded-variable" })
    }

    @Test func conditionalVariantsAreNoted() throws {
        let report = try AppConfigurationDoctor.report(project: Self.project(Self.notes), target: "Notes", configuration: "Debug")
        let note = try #require(report.findings.first { $0.code.rawValue == "build-setting-conditional" })
        #expect(note.message.contains("PRODUCT_BUNDLE_IDENTIFIER[sdk=iphonesimulator*]"))
    }

    @Test func generatedInfoPlistSaysWhereTheKeysGo() throws {
        let report = try AppConfigurationDoctor.report(project: Self.project(Self.notes), target: "Notes", sdk: .msal)
        let missing = try #require(report.findings.first { $0.code.rawValue == "url-scheme-not-registered" })
        #expect(missing.fix.contains("INFOPLIST_FILE"))
        #expect(report.context.infoPlist?.contains("generated") == true)
    }

    @Test func unusedGivenSettingsAreNoted() throws {
        let report = try AppConfigurationDoctor.report(project: Self.project(Self.sample), buildSettings: ["PRODUCT_BUNDLE_IDENTIFER": "x"])
        let unused = try #require(report.findings.first { $0.code.rawValue == "build-setting-unused" })
        #expect(unused.message.contains("PRODUCT_BUNDLE_IDENTIFER=x"))
    }

    @Test func anInfoPlistOrEntitlementsGivenReplaceTheTargets() throws {
        let info = try DoctorTests.data("msal-good.plist")
        let report = try AppConfigurationDoctor.report(project: Self.project(Self.mail), infoPlist: info,
                                                       entitlements: try DoctorTests.data("entitlements-other.plist"),
                                                       keychainGroup: "com.microsoft.adalcache")
        #expect(report.context.bundleID == "com.contoso.MailApp")
        #expect(report.findings.filter { $0.severity == .error }.map(\.code.rawValue) == ["keychain-group-missing"])
    }

    @Test(arguments: [
        (Optional<String>.none, Optional<String>.none, DoctorProjectError.Kind.targetAmbiguous, "'Notes' (com.apple.product-type.application), 'NotesPro'"),
        ("Notebook", nil, .targetNotFound, "its targets: 'Notes'"),
        ("Notes", "Staging", .configurationNotFound, "its configurations: 'Debug', 'Release'"),
    ])
    func unclearTargetsAndConfigurationsAreErrors(target: String?, configuration: String?, kind: DoctorProjectError.Kind, listed: String) {
        #expect {
            _ = try AppConfigurationDoctor.report(project: Self.project(Self.notes), target: target, configuration: configuration)
        } throws: { error in
            guard let error = error as? DoctorProjectError else { return false }
            return error.kind == kind && error.message.contains(listed)
        }
    }

    @Test func unreadableProjectsAreErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString).xcodeproj")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: DoctorProjectError.self) { _ = try AppConfigurationDoctor.report(project: directory) }
        for text in ["garbage (", "{objects = {}; }", "{rootObject = X; objects = {X = {isa = PBXGroup;};};}", "(a, b)"] {
            try Data(text.utf8).write(to: directory.appendingPathComponent("project.pbxproj"))
            #expect {
                _ = try AppConfigurationDoctor.report(project: directory)
            } throws: { error in
                (error as? DoctorProjectError)?.kind == .malformed
            }
        }
    }

    /// Damaged projects: every byte of a real project file changed in turn, and random bytes,
    /// never trap; each gives an error or a report.
    @Test func damagedProjectsNeverTrap() throws {
        let original = try Data(contentsOf: Self.project(Self.sample).appendingPathComponent("project.pbxproj"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
        let bundle = directory.appendingPathComponent("Damaged.xcodeproj")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var state: UInt64 = 3
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let replacements = Array("(){};=\"/ $:,X0".utf8)
        for _ in 0..<150 {
            var bytes = [UInt8](original)
            for _ in 0..<(1 + abs(next()) % 4) {
                bytes[abs(next()) % bytes.count] = replacements[abs(next()) % replacements.count]
            }
            try Data(bytes).write(to: bundle.appendingPathComponent("project.pbxproj"))
            _ = try? AppConfigurationDoctor.report(project: bundle)
        }
        for length in [0, 1, 7, 100, 4_000] {
            try Data((0..<length).map { _ in UInt8(truncatingIfNeeded: next()) }).write(to: bundle.appendingPathComponent("project.pbxproj"))
            _ = try? AppConfigurationDoctor.report(project: bundle)
        }
    }
}

/// The table of the doctor's codes in the article *The doctor's checks* lists exactly
/// ``FindingCode/doctorCodes``.
struct DoctorCodeDocumentationTests {
    @Test func theArticleTableListsEveryCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/RedirectURIDoctor/RedirectURIDoctor.docc/DoctorChecks.md"), encoding: .utf8)
        var documented: [String] = []
        for line in article.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, let severity = FindingSeverity(rawValue: cells[1]) else { continue }
            let code = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            documented.append(code)
            // The table states the registry's one severity.
            #expect(FindingCode.doctorSeverities[FindingCode(rawValue: code)] == severity, "\(code)")
        }
        #expect(documented.sorted() == FindingCode.doctorCodes.map(\.rawValue).sorted())
        #expect(Set(FindingCode.doctorCodes).count == FindingCode.doctorCodes.count)
    }
}
