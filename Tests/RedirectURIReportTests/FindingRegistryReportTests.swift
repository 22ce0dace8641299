import Foundation
import RedirectURIDoctor
import RedirectURIIDNA
import RedirectURIKit
import Testing

@testable import RedirectURIReport

/// Everything `parse` prints carries a registered code, with the registry's severity: the core's,
/// host conversion's and the report's codes are one namespace.
struct FindingRegistryReportTests {
    static let request =
        "msauthv2://broker?authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon"
        + "&client_id=a3c79321-a853-4be4-8a72-29f948f8698e&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth"
        + "&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D"
        + "&client_version=1.2.3&msg_protocol_ver=3&scope=openid"

    static let inputs = [
        "x-msauth-mytestiosapp://com.myapp.mytestapp", "myapp://callback", "http://localhost:1/cb", "a", "http://h:8a/p",
        "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", "msauth://code/msauth%3A%2F%2Fcode%2Fx",
        "msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth/x", "https://bücher.example/cb", "https://xn--80ak6aa92e.com/cb",
        request, request + "&Redirect_Uri=x", request + "&x=%FF", "msauthv2://broker?a=1",
        "msauth.com.app://auth?msg_protocol_ver=3&response=a&hash=1", "msauth.com.app://auth?error_code=",
        "msauth.com.app://auth#f", "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth",
    ]

    static let analyzers = [
        InputAnalyzer(convertsIRIHosts: true),
        InputAnalyzer(verification: .init(registered: [], caller: .reportedByOS(bundleID: "com.contoso.app"))),
        InputAnalyzer(verification: .init(registered: ["msauth.com.contoso.app://auth"], caller: .reportedByOS(bundleID: "com.evil.app"))),
    ]

    @Test func theRegistryHasNoConflict() throws {
        let registry = try InputAnalyzer.findingRegistry()
        for code in FindingCode.idnaCodes + [.noRegisteredURIs, .verifiedNestedRedirectURI] {
            #expect(registry.definition(of: code.rawValue) != nil, "\(code)")
        }
    }

    /// The doctor's codes join the same namespace: no code of `parse doctor` means something
    /// else, or has another severity, in `parse` or the core; a core code the doctor reports keeps
    /// the core's severity there.
    @Test func theDoctorsCodesJoinTheRegistry() throws {
        let registry = try FindingRegistry(
            FindingRegistry.coreDefinitions, IRI.findingDefinitions, InputAnalyzer.findingDefinitions,
            AppConfigurationDoctor.findingDefinitions)
        for code in FindingCode.doctorCodes {
            let definition = registry.definition(of: code.rawValue)
            #expect(definition?.severity == FindingCode.doctorSeverities[code], "\(code)")
        }
        #expect(!AppConfigurationDoctor.findingDefinitions.isEmpty)
    }

    /// The one registry with everything `parse` and `parse doctor` print: the doctor's findings and
    /// the annotation formats' own code, `not-checked` (a needed check that could not run: an
    /// error, as it fails the run).
    static func everyDefinition() throws -> FindingRegistry {
        try FindingRegistry(
            FindingRegistry.coreDefinitions, IRI.findingDefinitions, InputAnalyzer.findingDefinitions,
            AppConfigurationDoctor.findingDefinitions, DoctorAnnotations.findingDefinitions)
    }

    @Test func theAnnotationFormatsCodeJoinsTheRegistry() throws {
        let registry = try Self.everyDefinition()
        #expect(registry.definition(of: "not-checked") == DoctorAnnotations.notChecked)
        #expect(DoctorAnnotations.notChecked.severity == .error)
        // Not a finding code: the report lists the check under `skipped`, not among findings.
        #expect(!FindingCode.doctorCodes.map(\.rawValue).contains("not-checked"))
        #expect(FindingRegistry.core.definition(of: "not-checked") == nil)
    }

    /// Every `[code]` of the xcode format and every `title=parse doctor: code` of the github
    /// format, on every fixture the doctor's tests read, is registered, with the severity printed.
    @Test func everyCodeTheAnnotationFormatsPrintIsRegisteredWithItsSeverity() throws {
        let registry = try Self.everyDefinition()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RedirectURIDoctorTests/Fixtures")
        let annotations = DoctorAnnotations(root: fixtures.path)
        var reports: [DoctorReport] = []
        let files = FileManager.default.enumerator(atPath: fixtures.path)?.compactMap { $0 as? String }.sorted() ?? []
        for file in files where file.hasSuffix(".xcodeproj") {
            for sdk in [nil] + SDKFlavour.allCases {
                if let report = try? AppConfigurationDoctor.report(project: fixtures.appendingPathComponent(file), sdk: sdk) {
                    reports.append(report)
                }
            }
        }
        for file in files where file.hasSuffix(".plist") && (file.hasPrefix("Life/Plists/") || !file.contains("/")) {
            let data = try Data(contentsOf: fixtures.appendingPathComponent(file))
            reports.append(AppConfigurationDoctor.report(infoPlist: data))
        }
        #expect(reports.count > 100)
        var printed: Set<String> = []
        for report in reports {
            for line in annotations.xcode(report).split(separator: "\n") {
                let code = String(line[(line.lastIndex(of: "[") ?? line.endIndex)...].dropFirst().dropLast())
                // `path:line:column: error: …`, or `error: …` for a finding with no file.
                let severity = ["error", "warning"].first { line.hasPrefix("\($0): ") || line.contains(": \($0): ") }
                #expect(registry.definition(of: code)?.severity.rawValue == severity, "\(line)")
                printed.insert(code)
            }
            for line in annotations.github(report).split(separator: "\n") {
                let command = line.dropFirst(2).prefix { $0 != " " }
                guard let title = line.range(of: "title=parse doctor%3A ") else { continue }
                let code = String(line[title.upperBound...].prefix { $0 != ":" })
                #expect(registry.definition(of: code)?.severity.rawValue == String(command), "\(line)")
            }
        }
        #expect(printed.contains("not-checked"))
    }

    @Test(arguments: analyzers.indices)
    func everyPrintedCodeIsRegisteredWithItsSeverity(analyzer: Int) throws {
        let registry = try InputAnalyzer.findingRegistry()
        for input in Self.inputs {
            var pending = [Self.analyzers[analyzer].analyze(Array(input.utf8))]
            while let report = pending.popLast() {
                for diagnostic in report.diagnostics {
                    let definition = registry.definition(of: diagnostic.code.rawValue)
                    #expect(definition?.severity == diagnostic.severity, "\(input): \(diagnostic)")
                }
                if let error = report.error { #expect(registry.definition(of: error.kind.code) != nil, "\(input)") }
                if let rule = report.verdict?.failedRule?.identifier { #expect(registry.definition(of: rule)?.severity == .error, "\(input)") }
                for problem in report.message?.problems ?? [] {
                    #expect(registry.definition(of: problem.code)?.severity == .error, "\(input): \(problem)")
                }
                if let inner = report.inner { pending.append(inner.report) }
            }
        }
    }
}
