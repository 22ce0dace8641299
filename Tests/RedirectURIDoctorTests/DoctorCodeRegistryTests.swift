import Foundation
import RedirectURIKit
import Testing
@testable import RedirectURIDoctor

/// One code, one meaning, one severity, wherever it appears (``FindingCode/doctorSeverities``).
struct DoctorCodeRegistryTests {
    /// Every fixture the doctor is run on in these tests, as reports.
    static func everyReport() throws -> [DoctorReport] {
        var reports: [DoctorReport] = []
        let life = LifeFixtureTests.life
        for row in LifeFixtureTests.rows {
            reports.append(try AppConfigurationDoctor.report(project: life.appendingPathComponent(row.project), redirectURI: row.redirect))
            for sdk in SDKFlavour.allCases {
                reports.append(try AppConfigurationDoctor.report(project: life.appendingPathComponent(row.project), sdk: sdk))
            }
        }
        for plist in try FileManager.default.contentsOfDirectory(atPath: life.appendingPathComponent("Plists").path).sorted() {
            let data = try Data(contentsOf: life.appendingPathComponent("Plists").appendingPathComponent(plist))
            for sdk in SDKFlavour.allCases { reports.append(AppConfigurationDoctor.report(infoPlist: data, sdk: sdk)) }
        }
        for row in DoctorTests.rows {
            reports.append(
                AppConfigurationDoctor.report(
                    infoPlist: try DoctorTests.data(row.info), entitlements: try row.entitlements.map(DoctorTests.data),
                    redirectURI: row.redirect, sdk: row.sdk, keychainGroup: row.group))
        }
        for row in ProjectShapesTests.rows {
            reports += try AppConfigurationDoctor.reports(project: ProjectShapesTests.shapes.appendingPathComponent(row.project))
        }
        for row in ProjectDoctorTests.rows {
            reports.append(
                try AppConfigurationDoctor.report(
                    project: ProjectDoctorTests.project(row.project), target: row.target, configuration: row.configuration,
                    buildSettings: row.settings, redirectURI: row.redirect, sdk: row.sdk, keychainGroup: row.group))
        }
        for row in ProjectCodeTests.rows {
            reports.append(try AppConfigurationDoctor.report(project: ProjectCodeTests.project, target: row.target, sdk: row.sdk))
        }
        for row in ProjectAppsCodeTests.rows {
            reports.append(try AppConfigurationDoctor.report(project: ProjectAppsCodeTests.project, target: row.target))
        }
        return reports
    }

    @Test func everyFindingHasItsCodesOneSeverity() throws {
        var seen: Set<FindingCode> = []
        for report in try Self.everyReport() {
            for finding in report.findings {
                let registered = FindingCode.doctorSeverities[finding.code]
                #expect(registered == finding.severity, "\(finding.code) is \(finding.severity), registered \(String(describing: registered))")
                seen.insert(finding.code)
            }
        }
        // The fixture files exercise the registry, not a corner of it; the build-setting codes and
        // the rest are exercised on values built in the other suites.
        let elsewhere: Set<FindingCode> = [
            .infoPlistMissing, .bundleIDMissing, .associatedDomainMissing, .buildSettingExpansionLimit, .buildSettingCycle,
            .buildSettingUnset, .buildSettingUnused, .buildSettingUnterminated, .buildSettingOperatorUnsupported,
        ]
        let unexercised = Set(FindingCode.doctorCodes).subtracting(seen)
        #expect(unexercised.isSubset(of: elsewhere), "\(unexercised.sorted())")
    }

    /// The doctor's own codes never reuse a core code string; the core codes it reports have the
    /// core's meaning and the severity the core gives them (here: the registration lint's).
    @Test func coreCodesKeepTheCoresSeverityAndNoneIsReused() throws {
        let core = Set(FindingCode.allCodes)
        let shared = Set(FindingCode.doctorCodes).intersection(core)
        #expect(shared == [.notBrokerCapable])
        let lint = RegistrationLint.lint("msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth")
        let coreSeverity = try #require(lint.first { $0.code == .notBrokerCapable }?.severity)
        #expect(FindingCode.doctorSeverities[.notBrokerCapable] == coreSeverity)
        // Names are unique as strings too (two static members with one string would be one code).
        let names = FindingCode.doctorCodes.map(\.rawValue)
        #expect(Set(names).count == names.count)
        #expect(!names.contains("redirect-uri-invalid"), "the old name collided in meaning with the lint's invalid-redirect-uri")
    }

    /// `parse` and the doctor give one error kind and byte offset for the same text.
    @Test(arguments: ["not a uri", "msauth.com.x://a b", "://auth", "msauth.com.x://auth#frag%zz", "a:%", "x-msauth-app://[::1"])
    func offsetsAgreeWithParse(text: String) throws {
        let info = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "com.x", "CFBundleURLTypes": [["CFBundleURLSchemes": ["x-msauth-app"]]]], format: .xml, options: 0)
        let report = AppConfigurationDoctor.report(infoPlist: info, redirectURI: text, sdk: .generic)
        do {
            // As `parse` reads it: a URI-reference first, then the redirect URI's own rules.
            _ = try URIReference(bytes: Array(text.utf8))
            _ = try RedirectURI(parsing: text)
            #expect(!report.findings.contains { $0.code == .redirectURIUnparsable })
        } catch {
            let finding = try #require(report.findings.first { $0.code == .redirectURIUnparsable })
            #expect(finding.message.contains("\(error.kind.code) at byte offset \(error.offset)"), "\(finding.message)")
        }
    }

    /// Writing an Info.plist as XML or binary and reading it back gives the same findings.
    @Test func aPlistWrittenAndReadBackGivesTheSameFindings() throws {
        var files: [URL] = []
        let life = LifeFixtureTests.life
        for plist in try FileManager.default.contentsOfDirectory(atPath: life.appendingPathComponent("Plists").path) {
            files.append(life.appendingPathComponent("Plists").appendingPathComponent(plist))
        }
        for row in LifeFixtureTests.rows {
            let folder = life.appendingPathComponent(row.project).deletingLastPathComponent()
            for sub in ["App", "Notes", "ContosoMail", "Field"] {
                let url = folder.appendingPathComponent(sub).appendingPathComponent("Info.plist")
                if FileManager.default.fileExists(atPath: url.path) { files.append(url) }
            }
        }
        #expect(files.count >= 20)
        for file in files {
            let original = try Data(contentsOf: file)
            let value = try PropertyListSerialization.propertyList(from: original, format: nil)
            for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
                let written = try PropertyListSerialization.data(fromPropertyList: value, format: format, options: 0)
                for sdk in SDKFlavour.allCases {
                    let before = AppConfigurationDoctor.report(infoPlist: original, bundleID: "com.contoso.mail", sdk: sdk)
                    let after = AppConfigurationDoctor.report(infoPlist: written, bundleID: "com.contoso.mail", sdk: sdk)
                    // The same findings; where a key's line is depends on how the file is written.
                    #expect(Self.unplaced(before) == Self.unplaced(after), "\(file.lastPathComponent) \(format) \(sdk)")
                }
            }
        }
    }

    /// The report without the lines and columns of property-list keys.
    static func unplaced(_ report: DoctorReport) -> DoctorReport {
        var report = report
        for index in report.findings.indices where report.findings[index].location?.artifact != .sourceCode {
            report.findings[index].location?.line = nil
            report.findings[index].location?.column = nil
        }
        return report
    }
}
