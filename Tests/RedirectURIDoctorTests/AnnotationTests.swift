import Foundation
import RedirectURIKit
import Testing
@testable import RedirectURIDoctor

/// The doctor's findings as Xcode, GitHub Actions and SARIF read them, on the fixtures from life:
/// the right file, the line of the offending key, escaping, and one SARIF rule per code.
struct AnnotationTests {
    static let life = LifeFixtureTests.life

    /// The renderer, with paths shown relative to the fixtures from life.
    static func annotations(infoPlist: String? = nil) -> DoctorAnnotations {
        DoctorAnnotations(infoPlistPath: infoPlist.map { life.appendingPathComponent($0).path }, root: life.path)
    }

    static func report(_ project: String) throws -> DoctorReport {
        try AppConfigurationDoctor.report(project: life.appendingPathComponent(project))
    }

    /// An Info.plist on its own, checked for MSAL (the fixtures are MSAL apps' plists; which SDK
    /// a plist names is SDKDetectionTests' subject).
    static func plistReport(_ plist: String) throws -> DoctorReport {
        AppConfigurationDoctor.report(infoPlist: try Data(contentsOf: life.appendingPathComponent(plist)), sdk: .msal)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var project: String?
        var plist: String?
        /// The `xcode` lines that are errors or warnings, in order.
        var problems: [String]
        var line: Int
        static func project(_ path: String, _ problems: [String], line: Int = #line) -> Row {
            Row(project: path, plist: nil, problems: problems, line: line)
        }
        static func plist(_ path: String, _ problems: [String], line: Int = #line) -> Row {
            Row(project: nil, plist: path, problems: problems, line: line)
        }
        var testDescription: String { "line \(line): \(project ?? plist ?? "")" }
    }

    // Each line checked against the fixture by hand: the line and column of the key or value.
    static let rows: [Row] = [
        .project(
            "ContosoMail/ContosoMail.xcodeproj",
            [
                "ContosoMail/ContosoMail/Info.plist:16:5: error: target 'ContosoMail': MSAL: the app claims the URL scheme 'msauth' (CFBundleURLTypes[0].CFBundleURLSchemes[0]), which belongs to the Microsoft broker (the app only queries it); App Store review rejects apps that claim it, and the redirect never reaches this app; fix: remove it from CFBundleURLSchemes; the app's own scheme is msauth.<bundle ID> [url-scheme-reserved]",
                "ContosoMail/ContosoMail/Info.plist:12:4: error: target 'ContosoMail': MSAL: 'msauth.com.contoso.mail' is in CFBundleURLTypes[0].CFBundleURLName, the URL type's identifier, not in its CFBundleURLSchemes: the redirect URI's scheme 'msauth.com.contoso.mail' is not registered; fix: add 'msauth.com.contoso.mail' to URL Schemes (CFBundleURLSchemes) of that URL type; the Identifier can stay [url-scheme-in-url-name]",
                "ContosoMail/ContosoMail/Debug.entitlements:5:2: error: target 'ContosoMail': MSAL: configuration 'Debug' (ContosoMail/Debug.entitlements): keychain-access-groups has 'com.microsoft.adalcache' without the team prefix; the group the app gets is '<team ID>.com.microsoft.adalcache' only when written $(AppIdentifierPrefix)com.microsoft.adalcache; fix: write it as '$(AppIdentifierPrefix)com.microsoft.adalcache' [keychain-group-unprefixed]",
            ]),
        .project(
            "IntuneConfigurator/Field.xcodeproj",
            [
                "IntuneConfigurator/Field/Info.plist:16:5: error: target 'Field': the URL scheme 'msauth.com.fabrikam.field://auth' (CFBundleURLTypes[0].CFBundleURLSchemes[0]) is a whole URL, not a scheme; iOS never opens the app with it; fix: replace it with 'msauth.com.fabrikam.field' [url-scheme-invalid]",
                "IntuneConfigurator/Field/Info.plist:17:5: error: target 'Field': the URL scheme 'msauth.com.fabrikam.field://auth-intunemam' (CFBundleURLTypes[0].CFBundleURLSchemes[1]) is a whole URL, not a scheme; iOS never opens the app with it; fix: replace it with 'msauth.com.fabrikam.field-intunemam' [url-scheme-invalid]",
            ]),
        .project(
            "TopLevelSchemes/Extensions.xcodeproj",
            [
                "TopLevelSchemes/Extensions/Info.plist:9:2: error: target 'Extensions': CFBundleURLSchemes ('msauth.com.contoso.extensions') is at the top level of the Info.plist; iOS reads schemes only inside a CFBundleURLTypes entry, so none of these is registered; fix: move the schemes into a CFBundleURLTypes entry (Xcode: target → Info → URL Types → URL Schemes) [url-schemes-outside-url-types]"
            ]),
        .project(
            "OktaUppercase/OktaDemo.xcodeproj",
            [
                "OktaUppercase/App/Info.plist:14:5: warning: target 'OktaDemo': Okta: the URL scheme 'com.Fabrikam.Okta-Demo' (CFBundleURLTypes[0].CFBundleURLSchemes[0]) has upper-case letters; iOS hands the redirect back as 'com.fabrikam.okta-demo', which Okta then does not match; fix: use 'com.fabrikam.okta-demo' in CFBundleURLSchemes, in the redirect URI and in the server's registration [url-scheme-uppercase]"
            ]),
        // No CFBundleURLTypes key at all: the file.
        .project(
            "GoogleSchemeMissing/Photos.xcodeproj",
            [
                "GoogleSchemeMissing/App/Info.plist:1:1: error: target 'Photos': Google Sign-In: the redirect URI's scheme 'com.googleusercontent.apps.514797035410-uksdcup8ju2g0frgqq3f88ieqnvmr2t9' is in no CFBundleURLTypes[].CFBundleURLSchemes; fix: add 'com.googleusercontent.apps.514797035410-uksdcup8ju2g0frgqq3f88ieqnvmr2t9' to CFBundleURLSchemes in a CFBundleURLTypes entry [url-scheme-not-registered]"
            ]),
        .project("ContosoMailGood/ContosoMail.xcodeproj", []),
        // A key inside a nested dictionary (IntuneMAMSettings.ADALRedirectScheme).
        .plist(
            "Plists/intune-redirect-scheme-url.plist",
            [
                "Plists/intune-redirect-scheme-url.plist:20:3: error: MSAL: IntuneMAMSettings.ADALRedirectScheme is 'https://printixapp', which is not a URL scheme: Intune builds the redirect URI as <ADALRedirectScheme>://<bundle ID>; fix: set ADALRedirectScheme to msauth.net.printix.printixapp, registered in CFBundleURLSchemes [sdk-configuration-invalid]",
                "Plists/intune-redirect-scheme-url.plist:12:5: error: the URL scheme 'https://printixapp' (CFBundleURLTypes[0].CFBundleURLSchemes[0]) is a whole URL, not a scheme; iOS never opens the app with it; fix: replace it with 'msauth.net.printix.printixapp' [url-scheme-invalid]",
            ]),
        .plist(
            "Plists/msal-duplicate-scheme.plist",
            [
                "Plists/msal-duplicate-scheme.plist:18:5: warning: the URL scheme 'msauth.com.contoso.mail' (CFBundleURLTypes[1].CFBundleURLSchemes[0]) is also at CFBundleURLTypes[0].CFBundleURLSchemes[0]; fix: keep one of them: iOS gives a scheme to one app and one entry [url-scheme-duplicate]"
            ]),
        // Wrong types at their keys; the checks that could not run, at the file.
        .plist(
            "Plists/msal-wrong-type-url-types.plist",
            [
                "Plists/msal-wrong-type-url-types.plist:7:2: error: CFBundleURLTypes should be an array of dictionaries; fix: fix the type of CFBundleURLTypes in the plist [plist-wrong-type]",
                "Plists/msal-wrong-type-url-types.plist:14:2: error: MSAL: LSApplicationQueriesSchemes should be an array of strings; fix: fix the type of LSApplicationQueriesSchemes in the plist [plist-wrong-type]",
                "Plists/msal-wrong-type-url-types.plist:1:1: error: url-scheme-registered was not checked: 'msauth.com.contoso.mail' is not among the registered schemes that could be read, and CFBundleURLTypes has a value of the wrong type (see plist-wrong-type) [not-checked]",
                "Plists/msal-wrong-type-url-types.plist:1:1: error: query-schemes was not checked: LSApplicationQueriesSchemes is not an array (see plist-wrong-type) [not-checked]",
            ]),
        .plist(
            "Plists/msal-adal-schemes-only.plist",
            [
                "Plists/msal-adal-schemes-only.plist:1:1: warning: MSAL: checking for MSAL as asked, but the project uses ADAL (the Info.plist's URL scheme 'x-msauth-mytestiosapp'); fix: pass --sdk adal [sdk-mismatch]",

                "Plists/msal-adal-schemes-only.plist:7:2: error: MSAL: the redirect URI's scheme 'msauth.com.myapp.mytestapp' is in no CFBundleURLTypes[].CFBundleURLSchemes (registered: 'x-msauth-mytestiosapp'); fix: add 'msauth.com.myapp.mytestapp' to CFBundleURLSchemes in a CFBundleURLTypes entry (written msauth.$(PRODUCT_BUNDLE_IDENTIFIER), it follows the bundle ID in every configuration) [url-scheme-not-registered]",
                "Plists/msal-adal-schemes-only.plist:16:2: error: MSAL: LSApplicationQueriesSchemes does not list 'msauthv2', so the app cannot open the broker (MSAL needs msauthv2 and msauthv3); fix: add 'msauthv2' to LSApplicationQueriesSchemes [query-scheme-missing]",
            ]),
    ]

    static func rendered(_ row: Row) throws -> (DoctorReport, DoctorAnnotations) {
        if let project = row.project { return (try report(project), annotations()) }
        let plist = row.plist ?? ""
        return (try plistReport(plist), annotations(infoPlist: plist))
    }

    @Test(arguments: rows)
    func xcodeLinesPointAtTheKey(_ row: Row) throws {
        let (report, annotations) = try Self.rendered(row)
        let lines = annotations.xcode(report).split(separator: "\n").map(String.init)
        #expect(lines == row.problems)
        // Every error and warning is one line; informational findings are left out (context
        // for the text and JSON, noise in an editor).
        let needingAttention = report.findings.filter { $0.severity == .error || $0.severity == .warning }
        #expect(lines.count == needingAttention.count + report.skipped.filter(\.needed).count)
        #expect(!lines.contains { $0.contains(": note: ") })
    }

    /// The report says where each key is (the doctor read the file once, and found its line
    /// then): the formats place findings without reading any file again.
    @Test(arguments: rows)
    func theReportCarriesTheLinesOfKeys(_ row: Row) throws {
        let (report, _) = try Self.rendered(row)
        let blind = DoctorAnnotations(
            infoPlistPath: row.plist.map { Self.life.appendingPathComponent($0).path }, root: Self.life.path, contents: { _ in nil })
        let lines = blind.xcode(report).split(separator: "\n").map(String.init)
        #expect(lines == row.problems)
        // A key the file does not have (CFBundleURLTypes missing) has no line: the file's first.
    }

    @Test(arguments: rows)
    func githubCommandsCarryTheSameLocations(_ row: Row) throws {
        let (report, annotations) = try Self.rendered(row)
        let commands = annotations.github(report).split(separator: "\n").map(String.init)
        #expect(!commands.contains { $0.hasPrefix("::notice ") })
        #expect(commands.count == row.problems.count)
        for (command, line) in zip(commands, row.problems) {
            // `path:12:4: error: … [code]` ↔ `::error file=path,line=12,col=4,title=parse doctor%3A code::…`
            let parts = line.split(separator: ":", maxSplits: 4).map(String.init)
            let code = String(line[(line.lastIndex(of: "[") ?? line.endIndex)...].dropFirst().dropLast())
            let kind = parts.count > 3 ? parts[3].trimmingCharacters(in: .whitespaces) : ""
            #expect(command.hasPrefix("::\(kind) file=\(parts[0]),line=\(parts[1]),col=\(parts[2]),title=parse doctor%3A \(code)::"))
        }
    }

    @Test func theWholeXcodeOutputOfAProject() throws {
        let output = Self.annotations().xcode(try Self.report("ContosoMail/ContosoMail.xcodeproj"))
        #expect(
            output == """
                ContosoMail/ContosoMail/Info.plist:16:5: error: target 'ContosoMail': MSAL: the app claims the URL scheme 'msauth' (CFBundleURLTypes[0].CFBundleURLSchemes[0]), which belongs to the Microsoft broker (the app only queries it); App Store review rejects apps that claim it, and the redirect never reaches this app; fix: remove it from CFBundleURLSchemes; the app's own scheme is msauth.<bundle ID> [url-scheme-reserved]
                ContosoMail/ContosoMail/Info.plist:12:4: error: target 'ContosoMail': MSAL: 'msauth.com.contoso.mail' is in CFBundleURLTypes[0].CFBundleURLName, the URL type's identifier, not in its CFBundleURLSchemes: the redirect URI's scheme 'msauth.com.contoso.mail' is not registered; fix: add 'msauth.com.contoso.mail' to URL Schemes (CFBundleURLSchemes) of that URL type; the Identifier can stay [url-scheme-in-url-name]
                ContosoMail/ContosoMail/Debug.entitlements:5:2: error: target 'ContosoMail': MSAL: configuration 'Debug' (ContosoMail/Debug.entitlements): keychain-access-groups has 'com.microsoft.adalcache' without the team prefix; the group the app gets is '<team ID>.com.microsoft.adalcache' only when written $(AppIdentifierPrefix)com.microsoft.adalcache; fix: write it as '$(AppIdentifierPrefix)com.microsoft.adalcache' [keychain-group-unprefixed]
                """)
    }

    /// A binary plist has no lines: its findings point at the file, line 1, column 1.
    @Test func aBinaryPlistIsPointedAtAsAWhole() throws {
        let xml = try Data(contentsOf: Self.life.appendingPathComponent("Plists/msal-whole-url-scheme.plist"))
        let plist = try PropertyListSerialization.propertyList(from: xml, format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let report = AppConfigurationDoctor.report(infoPlist: binary)
        let annotations = DoctorAnnotations(infoPlistPath: "/src/App/Info.plist", root: "/src", contents: { _ in Array(binary) })
        let errors = annotations.xcode(report).split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("App/Info.plist:1:1: error: the URL scheme 'msauth.com.company.ourappv3://auth'") == true)
    }

    /// Checks that were needed and could not run are the invocation's notifications, as errors.
    @Test func neededChecksThatDidNotRunAreSarifNotifications() throws {
        let plist = "Plists/msal-wrong-type-url-types.plist"
        let log = try Self.sarif(try Self.plistReport(plist), Self.annotations(infoPlist: plist))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.map { $0["level"] as? String } == ["error", "error"])
        #expect(((notifications.first?["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("url-scheme-registered was not checked: ") == true)
    }

    // MARK: - GitHub escaping

    struct EscapeRow: Sendable {
        var text: String
        var data: String
        var property: String
    }

    static let escapes: [EscapeRow] = [
        EscapeRow(text: "100% sure", data: "100%25 sure", property: "100%25 sure"),
        // `%` first: an escape is never escaped again.
        EscapeRow(text: "%0A", data: "%250A", property: "%250A"),
        EscapeRow(text: "a\nb\r\nc", data: "a%0Ab%0D%0Ac", property: "a%0Ab%0D%0Ac"),
        EscapeRow(text: "App, Inc/Info.plist", data: "App, Inc/Info.plist", property: "App%2C Inc/Info.plist"),
        EscapeRow(text: "title: x", data: "title: x", property: "title%3A x"),
        EscapeRow(text: "::error::", data: "::error::", property: "%3A%3Aerror%3A%3A"),
    ]

    @Test(arguments: escapes)
    func githubEscaping(_ row: EscapeRow) {
        #expect(DoctorAnnotations.escapeData(row.text) == row.data)
        #expect(DoctorAnnotations.escapeProperty(row.text) == row.property)
    }

    /// A finding whose text and file name need escaping, end to end.
    @Test func aCommandWithEverythingToEscape() {
        let finding = DoctorFinding(
            .error, .urlSchemeInvalid, "the URL scheme 'a%20b' is\nnot a scheme", fix: "write 'ab', then rebuild")
        let report = DoctorReport(context: DoctorContext(), findings: [finding], skipped: [])
        let annotations = DoctorAnnotations(infoPlistPath: "/src/My App, v2/Info:1.plist", root: "/src", contents: { _ in nil })
        #expect(
            annotations.github(report)
                == "::error file=My App%2C v2/Info%3A1.plist,line=1,col=1,title=parse doctor%3A url-scheme-invalid::the URL scheme 'a%2520b' is%0Anot a scheme; fix: write 'ab', then rebuild"
        )
        // Xcode reads one line per diagnostic.
        #expect(
            annotations.xcode(report)
                == "My App, v2/Info:1.plist:1:1: error: the URL scheme 'a%20b' is not a scheme; fix: write 'ab', then rebuild [url-scheme-invalid]")
    }

    // MARK: - SARIF

    static func sarif(_ report: DoctorReport, _ annotations: DoctorAnnotations = annotations()) throws -> [String: Any] {
        let text = try annotations.sarif(report)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The golden log of a project, compared as JSON values (key order and spacing are the
    /// encoder's, and differ between platforms).
    @Test func theSarifLogOfAProjectIsTheGolden() throws {
        let log = try Self.sarif(try Self.report("ContosoMail/ContosoMail.xcodeproj"))
        let golden = try Data(contentsOf: DoctorTests.fixtures.appendingPathComponent("SARIF/ContosoMail.sarif"))
        let expected = try #require(try JSONSerialization.jsonObject(with: golden) as? [String: Any])
        // The toolkit's version changes with each release; the golden says `VERSION`.
        #expect(NSDictionary(dictionary: Self.versionless(log)).isEqual(to: Self.versionless(expected)))
    }

    static func versionless(_ log: [String: Any]) -> [String: Any] {
        var log = log
        guard var runs = log["runs"] as? [[String: Any]], var tool = runs.first?["tool"] as? [String: Any],
            var driver = tool["driver"] as? [String: Any]
        else { return log }
        driver["version"] = "VERSION"
        tool["driver"] = driver
        runs[0]["tool"] = tool
        log["runs"] = runs
        return log
    }

    /// The shape code scanning needs, on every report of the fixtures: one rule per code with its
    /// texts, each result pointing at its rule, a level from the code's severity, a file relative
    /// to the root with a base ID, and a 1-based region.
    @Test func everyFixturesSarifHasTheRulesAndLocationsCodeScanningNeeds() throws {
        let codes = FindingCode.doctorCodes
        let root = DoctorAnnotations(root: DoctorTests.fixtures.path)
        for report in try DoctorCodeRegistryTests.everyReport() {
            let log = try Self.sarif(report, root)
            #expect(log["version"] as? String == "2.1.0")
            let run = try #require((log["runs"] as? [[String: Any]])?.first)
            let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
            let rules = try #require(driver["rules"] as? [[String: Any]])
            #expect(rules.compactMap { $0["id"] as? String } == codes.map(\.rawValue))
            let results = try #require(run["results"] as? [[String: Any]])
            // Errors and warnings only: an informational finding is no code-scanning alert.
            let alerts = report.findings.filter { $0.severity == .error || $0.severity == .warning }
            #expect(results.count == alerts.count)
            let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
            #expect(invocation["executionSuccessful"] as? Bool == !report.skipped.contains(where: \.needed))
            for (result, finding) in zip(results, alerts) {
                let index = try #require(result["ruleIndex"] as? Int)
                #expect(rules[index]["id"] as? String == finding.code.rawValue)
                #expect(result["ruleId"] as? String == finding.code.rawValue)
                #expect(result["level"] as? String == ["error": "error", "warning": "warning"][finding.severity.rawValue])
                let locations = try #require(result["locations"] as? [[String: Any]])
                for location in locations {
                    let physical = try #require(location["physicalLocation"] as? [String: Any])
                    let artifact = try #require(physical["artifactLocation"] as? [String: Any])
                    let uri = try #require(artifact["uri"] as? String)
                    #expect(!uri.hasPrefix("/") && artifact["uriBaseId"] as? String == DoctorAnnotations.sarifRootID, "\(uri)")
                    let region = try #require(physical["region"] as? [String: Any])
                    #expect((region["startLine"] as? Int ?? 0) >= 1 && (region["startColumn"] as? Int ?? 0) >= 1)
                }
            }
        }
    }

    /// A code without its rule text fails here: SARIF shows the summary in code scanning's
    /// list, the description on the alert, and the help as the fix.
    @Test func everyCodeHasItsRuleText() {
        for code in FindingCode.doctorCodes {
            let rule = FindingCode.doctorRules[code]
            #expect(rule != nil, "\(code) has no rule")
            #expect(rule?.summary.isEmpty == false && rule?.description.isEmpty == false && rule?.help.isEmpty == false, "\(code)")
            #expect(rule?.severity == FindingCode.doctorSeverities[code])
        }
        let summaries = FindingCode.doctorRules.values.map(\.summary)
        #expect(Set(summaries).count == summaries.count, "two codes share a summary")
    }

    /// Every code a fixture report has is in the registry, so it has its rule.
    @Test func everyReportedCodeHasARule() throws {
        for report in try DoctorCodeRegistryTests.everyReport() {
            for finding in report.findings {
                #expect(FindingCode.doctorRules[finding.code] != nil, "\(finding.code)")
            }
        }
    }

    /// A relative root and a path outside it: the URI is absolute, with no base ID.
    @Test func aFileOutsideTheRootIsAnAbsoluteURI() throws {
        let finding = DoctorFinding(.warning, .urlSchemeDuplicate, "twice", fix: "once")
        let report = DoctorReport(context: DoctorContext(), findings: [finding], skipped: [])
        let annotations = DoctorAnnotations(infoPlistPath: "/elsewhere/My App/Info.plist", root: "/src", contents: { _ in nil })
        let log = try Self.sarif(report, annotations)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "file:///elsewhere/My%20App/Info.plist")
        #expect(artifact["uriBaseId"] == nil)
    }

    /// A project's check that could not run is placed at the Info.plist the report read (a typed
    /// path in the report, not its description cut apart), else at the project file.
    @Test(arguments: [
        ("/src/App/Info.plist", true, "App/Info.plist:1:1: error: redirect-uri was not checked"),
        ("/src/App/Info.plist", false, "App.xcodeproj/project.pbxproj:1:1: error: redirect-uri was not checked"),
        (nil, true, "App.xcodeproj/project.pbxproj:1:1: error: redirect-uri was not checked"),
    ] as [(String?, Bool, String)])
    func aCheckNotRunIsAtTheInfoPlistRead(file: String?, exists: Bool, expected: String) {
        var context = DoctorContext()
        context.project = "App.xcodeproj"
        context.infoPlist = "App/Info.plist, merged into the Info.plist Xcode generates"
        context.infoPlistFile = file
        var target = DoctorFinding(.info, .projectTarget, "checked target 'App'", fix: "nothing")
        target.location = DoctorLocation(.project, path: "/src/App.xcodeproj/project.pbxproj")
        let report = DoctorReport(context: context, findings: [target], skipped: [DoctorSkippedCheck("redirect-uri", reason: "unknown")])
        let annotations = DoctorAnnotations(root: "/src", contents: { path in exists && path == file ? [0x3C] : nil })
        let lines = annotations.xcode(report).split(separator: "\n").map(String.init)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(expected) == true, "\(lines)")
    }
}
