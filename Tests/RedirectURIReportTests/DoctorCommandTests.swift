import Foundation
import Testing

/// End-to-end: `parse doctor` on the fixture projects, in text and JSON, and its exit status.
@Suite(.serialized)
struct DoctorCommandTests {
    static let projects = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RedirectURIDoctorTests/Fixtures/Projects")

    static func path(_ relative: String) -> String {
        projects.appendingPathComponent(relative).path
    }

    static func json(_ outcome: CommandRunner.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
    }

    @Test func aCleanProjectExitsZeroAndSaysWhatItChecked() throws {
        let outcome = try CommandRunner.run(["doctor", "--project", Self.path("MailApp/MailApp.xcodeproj"), "--keychain-group", "com.microsoft.adalcache"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("checked target 'MailApp' (com.apple.product-type.application) in configuration 'Release' (the default)"))
        #expect(outcome.standardOutput.contains("checking the MSAL redirect URI 'msauth.com.contoso.Contoso-Mail://auth'"))
        #expect(outcome.standardOutput.hasSuffix("No problems found.\n"))
    }

    @Test func theOtherConfigurationHasItsOwnBundleID() throws {
        let outcome = try CommandRunner.run(["doctor", "--json", "--project", Self.path("MailApp/MailApp.xcodeproj"), "--configuration", "Debug"])
        #expect(outcome.status == 0)
        let context = try #require(try Self.json(outcome)["context"] as? [String: Any])
        #expect(context["bundleID"] as? String == "com.contoso.Contoso-Mail.debug")
        #expect(context["configuration"] as? String == "Debug")
        #expect(context["configurationIsDefault"] as? Bool == false)
    }

    @Test func aMismatchedSchemeExitsOneWithTheContractShape() throws {
        let outcome = try CommandRunner.run(["doctor", "--json", "--project", Self.path("Sample/IdentitySample.xcodeproj")])
        #expect(outcome.status == 1)
        let object = try Self.json(outcome)
        #expect(Set(object.keys) == ["context", "findings", "skipped"])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.allSatisfy { Set($0.keys) == ["severity", "code", "message", "fix", "sdk"] })
        // MSAL named by the Info.plist's msauth. scheme, and said; its keychain group checked without a flag.
        #expect(findings.map { $0["code"] as? String } == ["project-target", "sdk-detected", "redirect-uri-derived", "url-scheme-not-registered",
                                                          "signing-variable"])
        #expect(findings[3]["severity"] as? String == "error")
        let context = try #require(object["context"] as? [String: Any])
        #expect(Set(context.keys) == ["project", "target", "productType", "platform", "configuration", "configurationIsDefault", "infoPlist",
                                      "entitlements", "bundleID", "redirectURI", "sdk", "sdkSource", "sdks"])
        #expect(context["sdk"] as? String == "msal" && context["sdkSource"] as? String == "detected")
        #expect(findings[3]["sdk"] as? String == "msal")
        #expect(findings[0]["sdk"] is NSNull)
        #expect(context["bundleID"] as? String == "com.contoso.identity.client.sample.IdentitySample")
        #expect(context["entitlements"] as? String == "IdentitySample/IdentitySample.entitlements")
        #expect((object["skipped"] as? [Any])?.isEmpty == true)
    }

    /// Nothing to expand `$(PRODUCT_BUNDLE_IDENTIFIER)` with: the checks that need it did not run,
    /// and CI must not pass on that (exit 1).
    @Test func thePlistAloneGetsOneWarningAndFailsOnWhatWasNotChecked() throws {
        let info = Self.path("Sample/IdentitySample/Info.plist")
        let outcome = try CommandRunner.run(["doctor", "--info-plist", info])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("warning: unexpanded-variable"))
        #expect(outcome.standardOutput.contains("not checked: bundle-id\n  CFBundleIdentifier is $(PRODUCT_BUNDLE_IDENTIFIER) and no value was given"))
        #expect(outcome.standardOutput.hasSuffix("0 errors, 1 warning, 4 needed checks not run, 1 check skipped.\n"))

        let json = try Self.json(try CommandRunner.run(["doctor", "--json", "--info-plist", info]))
        let skipped = try #require(json["skipped"] as? [[String: Any]])
        #expect(skipped.map { $0["check"] as? String } == ["bundle-id", "redirect-uri", "url-scheme-registered", "bundle-id-matches-redirect", "keychain-group"])
        #expect(skipped.map { $0["needed"] as? Bool } == [true, true, true, true, false])
        #expect(skipped.allSatisfy { Set($0.keys) == ["check", "reason", "needed"] })

        let given = try CommandRunner.run(["doctor", "--info-plist", info, "--bundle-id", "com.contoso.identitysample.IdentitySample"])
        #expect(given.status == 0)
        #expect(!given.standardOutput.contains("not checked"))
        let wrong = try CommandRunner.run(["doctor", "--info-plist", info, "--build-setting", "PRODUCT_BUNDLE_IDENTIFIER=com.contoso.other"])
        #expect(wrong.status == 1)
        #expect(wrong.standardOutput.contains("error: url-scheme-not-registered"))
    }

    @Test func aGeneratedInfoPlistIsChecked() throws {
        let outcome = try CommandRunner.run(["doctor", "--json", "--project", Self.path("Notes/Notes.xcodeproj"), "--target", "Notes", "--sdk", "msal"])
        #expect(outcome.status == 1)
        let codes = (try Self.json(outcome)["findings"] as? [[String: Any]])?.map { $0["code"] as? String }
        #expect(codes == ["project-target", "infoplist-key-ignored", "redirect-uri-derived", "url-scheme-not-registered",
                          "query-scheme-missing", "query-scheme-missing", "keychain-group-missing"])
    }

    /// `parse` and `parse doctor` give one error kind and byte offset for the same redirect URI.
    @Test(arguments: ["not a uri", "msauth.com.x://a b", "://auth", "a:%zz"])
    func offsetsAgreeWithParse(text: String) throws {
        let file = try Self.write(text)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let parsed = try CommandRunner.run(["--json", "--file", file])
        let error = try #require(try Self.json(parsed)["error"] as? [String: Any])
        let info = Self.path("Sample/IdentitySample/Info.plist")
        let doctor = try CommandRunner.run(["doctor", "--json", "--info-plist", info, "--sdk", "generic", "--redirect-uri", text])
        let finding = try #require((try Self.json(doctor)["findings"] as? [[String: Any]])?.first { $0["code"] as? String == "redirect-uri-unparsable" })
        let kind = try #require(error["kind"] as? String)
        let offset = try #require(error["offset"] as? Int)
        #expect((finding["message"] as? String)?.contains("\(kind) at byte offset \(offset)") == true)
    }

    static func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-offset-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func aClientIDRedirectIsNotBrokerCapable() throws {
        let info = Self.projects.deletingLastPathComponent().appendingPathComponent("msal-client-id-only.plist").path
        let outcome = try CommandRunner.run(["doctor", "--json", "--info-plist", info])
        // The core's severity for the rule, as `parse` reports it: a warning, so exit 0.
        #expect(outcome.status == 0)
        let object = try Self.json(outcome)
        #expect((object["context"] as? [String: Any])?["redirectURI"] as? String == "msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth")
        let finding = try #require((object["findings"] as? [[String: Any]])?.first { $0["code"] as? String == "not-broker-capable" })
        #expect(finding["severity"] as? String == "warning")
        #expect((finding["fix"] as? String)?.contains("msauth.com.contoso.MailApp://auth") == true)
    }

    @Test(arguments: [
        (["--project", "Notes/Notes.xcodeproj", "--target", "Nope"], "has no target 'Nope'"),
        (["--project", "MailApp/MailApp.xcodeproj", "--configuration", "Staging"], "its configurations: 'Debug', 'Release'"),
        (["--project", "NoSuch.xcodeproj"], "cannot read"),
        (["--info-plist", "NoSuch.plist"], "cannot read file"),
        (["--project", "MailApp/MailApp.xcodeproj", "--build-setting", "NO_EQUALS"], "NAME=VALUE"),
        (["--project", "MailApp/MailApp.xcodeproj", "--build-setting", "9X=1"], "NAME=VALUE"),
        (["--info-plist", "Sample/IdentitySample/Info.plist", "--target", "App"], "need --project"),
        ([], "--info-plist <path>, --project <App.xcodeproj> or --package"),
        (["--package", "../Code/Package"], "--package needs --target"),
        (["--package", "../Code/Package", "--target", "Nope"], "no folder for target 'Nope'"),
        (["--package", "../Code", "--target", "ChatApp"], "Package.swift cannot be read"),
        (["--package", "../Code/Package", "--project", "MailApp/MailApp.xcodeproj", "--target", "ChatApp"], "not both"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let resolved = arguments.enumerated().map { index, argument in
            index > 0 && ["--project", "--info-plist", "--package"].contains(arguments[index - 1]) ? Self.path(argument) : argument
        }
        let outcome = try CommandRunner.run(["doctor"] + resolved)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(message))
        #expect(outcome.standardOutput.isEmpty)
    }

    /// A Swift package's app target: its folder's files and code, the exit status its findings'.
    @Test func aPackageTargetIsCheckedWithItsCode() throws {
        let package = Self.path("../Code/Package")
        let failing = try CommandRunner.run(["doctor", "--json", "--package", package, "--target", "ChatApp"])
        #expect(failing.status == 1)
        let object = try Self.json(failing)
        #expect((object["context"] as? [String: Any])?["infoPlist"] as? String == "App/Info.plist")
        let codes = (object["findings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes?.contains("url-handoff-missing") == true)
        let passing = try CommandRunner.run(["doctor", "--package", package, "--target", "ChatLite"])
        #expect(passing.status == 0)
        #expect(passing.standardOutput.hasSuffix("No problems found.\n"))
    }

    @Test func helpDocumentsTheOptionsAndExitStatus() throws {
        let outcome = try CommandRunner.run(["doctor", "--help"])
        #expect(outcome.status == 0)
        for text in ["--project", "--package", "--target", "--configuration", "--build-setting", "--bundle-id", "Exit status"] {
            #expect(outcome.standardOutput.contains(text))
        }
    }

    // MARK: - --format

    /// With no `--target`, every application target: a heading per target in text, one JSON line
    /// per target, the exit status the worst of them.
    @Test func everyApplicationTargetIsCheckedAndGrouped() throws {
        let shapes = Self.projects.deletingLastPathComponent().appendingPathComponent("Shapes")
        let project = shapes.appendingPathComponent("MultiTarget/Planner.xcodeproj").path
        let text = try CommandRunner.run(["doctor", "--project", project])
        #expect(text.status == 0)
        #expect(text.standardOutput.hasPrefix("== target 'Planner iOS' (iOS)\n"))
        #expect(text.standardOutput.contains("\n\n== target 'Planner macOS' (macOS)\n"))
        #expect(text.standardOutput.contains("\n\n== target 'Planner Watch' (watchOS)\n"))
        #expect(text.standardOutput.contains("info: sdk-detected (MSAL)"))
        let json = try CommandRunner.run(["doctor", "--json", "--project", project])
        let lines = json.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        let targets = try lines.map { line in
            try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["context"] as? [String: Any])["target"] as? String
        }
        #expect(targets == ["Planner iOS", "Planner macOS", "Planner Watch"])
        // One target failing fails the run.
        let placeholders = shapes.appendingPathComponent("Auth0Placeholders/Sample.xcodeproj").path
        #expect(try CommandRunner.runUnchecked(["doctor", "--project", placeholders]).status == 1)
    }

    /// `--json` is `--format json`; each format keeps the exit status.
    @Test func everyFormatKeepsTheExitStatusAndJSONHasTwoSpellings() throws {
        let project = Self.path("Sample/IdentitySample.xcodeproj")
        let json = try CommandRunner.run(["doctor", "--json", "--project", project])
        let formatJSON = try CommandRunner.run(["doctor", "--format", "json", "--project", project])
        #expect(json.standardOutput == formatJSON.standardOutput)
        for format in ["text", "json", "xcode", "github", "sarif"] {
            let outcome = try CommandRunner.run(["doctor", "--format", format, "--project", project])
            #expect(outcome.status == 1, "\(format)")
        }
        let unknown = try CommandRunner.runUnchecked(["doctor", "--format", "junit", "--project", project])
        #expect(unknown.status == 64 || unknown.status == 2)
    }

    /// Paths relative to the current folder (what a CI job's checkout is), or to --path-root.
    @Test func xcodeAndGithubPathsAreRelativeToTheRoot() throws {
        let project = Self.path("Sample/IdentitySample.xcodeproj")
        let xcode = try CommandRunner.run(["doctor", "--format", "xcode", "--project", project, "--path-root", Self.projects.path])
        #expect(xcode.standardOutput.hasPrefix("Sample/IdentitySample/Info.plist:"))
        #expect(xcode.standardOutput.contains(": error: target 'IdentitySample': MSAL: the redirect URI's scheme"))
        let github = try CommandRunner.run(["doctor", "--format", "github", "--project", "IdentitySample.xcodeproj"], in: Self.projects.appendingPathComponent("Sample"))
        #expect(github.standardOutput.contains("::error file=IdentitySample/Info.plist,line="))
        let sarif = try CommandRunner.run(["doctor", "--format", "sarif", "--project", "IdentitySample.xcodeproj"], in: Self.projects.appendingPathComponent("Sample"))
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(sarif.standardOutput.contains("\"uri\" : \"IdentitySample/Info.plist\"") || sarif.standardOutput.contains("\"uri\":\"IdentitySample/Info.plist\""))
    }
}

/// A needed check that could not run fails the run (status 1), so every annotation format
/// reports it as an error, `not-checked`, at the Info.plist (or, when the Info.plist has no file,
/// the project): never a warning, never a line with no file.
@Suite(.serialized)
struct NotCheckedAnnotationTests {
    static let fixtures = DoctorCommandTests.projects.deletingLastPathComponent()

    /// (arguments, the file every not-checked line points at, how many), run in the fixtures folder.
    static let rows: [(arguments: [String], file: String, count: Int)] = [
        (["--project", "Shapes/MissingXCConfig/Wallet.xcodeproj", "--sdk", "msal"], "Shapes/MissingXCConfig/Wallet/Info.plist", 1),
        (["--info-plist", "Projects/Sample/IdentitySample/Info.plist"], "Projects/Sample/IdentitySample/Info.plist", 4),
    ]

    static func run(_ arguments: [String], _ format: String) throws -> CommandRunner.Outcome {
        let outcome = try CommandRunner.run(["doctor"] + arguments + ["--format", format], in: fixtures)
        #expect(outcome.status == 1, "\(arguments) \(format): a needed check that did not run fails the run")
        return outcome
    }

    @Test(arguments: rows.indices)
    func xcodeAndGithubSayErrorAtTheFile(row: Int) throws {
        let (arguments, file, count) = Self.rows[row]
        let xcode = try Self.run(arguments, "xcode").standardOutput.split(separator: "\n").filter { $0.hasSuffix(" [not-checked]") }
        #expect(xcode.count == count, "\(arguments)")
        for line in xcode {
            #expect(line.hasPrefix("\(file):1:1: error: ") && line.contains(" was not checked: "), "\(line)")
        }
        let github = try Self.run(arguments, "github").standardOutput.split(separator: "\n").filter { $0.contains("title=parse doctor%3A not-checked::") }
        #expect(github.count == count, "\(arguments)")
        for line in github {
            #expect(line.hasPrefix("::error file=\(file),line=1,col=1,title=parse doctor%3A not-checked::"), "\(line)")
        }
    }

    /// SARIF: the invocation's notifications, at level error, with the not-checked descriptor
    /// (listed in the driver) and the same file; the run did not succeed.
    @Test(arguments: rows.indices)
    func sarifNotificationsAreErrorsAtTheFile(row: Int) throws {
        let (arguments, file, count) = Self.rows[row]
        let sarif = try Self.run(arguments, "sarif")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.count == count)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let descriptors = try #require(driver["notifications"] as? [[String: Any]])
        #expect(descriptors.map { $0["id"] as? String } == ["not-checked"])
        #expect((descriptors.first?["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
        let uri = file.replacingOccurrences(of: " ", with: "%20")
        for notification in notifications {
            #expect(notification["level"] as? String == "error")
            #expect((notification["descriptor"] as? [String: Any])?["id"] as? String == "not-checked")
            #expect((notification["descriptor"] as? [String: Any])?["index"] as? Int == 0)
            let location = (notification["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let artifact = location?["artifactLocation"] as? [String: Any]
            #expect(artifact?["uri"] as? String == uri && artifact?["uriBaseId"] as? String == "SRCROOT", "\(String(describing: artifact))")
        }
    }

    /// A log with every needed check run lists no notification descriptor (and stays as it was).
    @Test func aCompleteRunHasNoNotifications() throws {
        let outcome = try CommandRunner.run(["doctor", "--project", "Projects/Sample/IdentitySample.xcodeproj", "--format", "sarif"], in: Self.fixtures)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["notifications"] == nil)
        #expect(((run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [Any])?.isEmpty == true)
    }
}
