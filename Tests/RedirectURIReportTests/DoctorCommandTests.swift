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
        #expect(findings.allSatisfy { Set($0.keys) == ["severity", "code", "message", "fix"] })
        // MSAL assumed (no SDK found) and said; its keychain group checked without a flag.
        #expect(findings.map { $0["code"] as? String } == ["project-target", "sdk-detected", "redirect-uri-derived", "url-scheme-not-registered",
                                                          "signing-variable"])
        #expect(findings[3]["severity"] as? String == "error")
        let context = try #require(object["context"] as? [String: Any])
        #expect(Set(context.keys) == ["project", "target", "productType", "configuration", "configurationIsDefault", "infoPlist",
                                      "entitlements", "bundleID", "redirectURI", "sdk", "sdkSource"])
        #expect(context["sdk"] as? String == "msal" && context["sdkSource"] as? String == "assumed")
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
        let outcome = try CommandRunner.run(["doctor", "--json", "--project", Self.path("Notes/Notes.xcodeproj"), "--target", "Notes"])
        #expect(outcome.status == 1)
        let codes = (try Self.json(outcome)["findings"] as? [[String: Any]])?.map { $0["code"] as? String }
        #expect(codes == ["project-target", "infoplist-key-ignored", "sdk-detected", "redirect-uri-derived", "url-scheme-not-registered",
                          "query-scheme-missing", "query-scheme-missing", "keychain-group-missing"])
    }

    /// `parse` and `parse doctor` give one error kind and byte offset for the same redirect URI.
    @Test(arguments: ["not a uri", "msauth.com.x://a b", "://auth", "a:%zz"])
    func offsetsAgreeWithParse(text: String) throws {
        let parsed = try CommandRunner.run(["--json", "--file", try Self.write(text)])
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
        (["--project", "Notes/Notes.xcodeproj"], "name the one to check with --target. Its targets: 'Notes'"),
        (["--project", "Notes/Notes.xcodeproj", "--target", "Nope"], "has no target 'Nope'"),
        (["--project", "MailApp/MailApp.xcodeproj", "--configuration", "Staging"], "its configurations: 'Debug', 'Release'"),
        (["--project", "NoSuch.xcodeproj"], "cannot read"),
        (["--info-plist", "NoSuch.plist"], "cannot read file"),
        (["--project", "MailApp/MailApp.xcodeproj", "--build-setting", "NO_EQUALS"], "NAME=VALUE"),
        (["--project", "MailApp/MailApp.xcodeproj", "--build-setting", "9X=1"], "NAME=VALUE"),
        (["--info-plist", "Sample/IdentitySample/Info.plist", "--target", "App"], "need --project"),
        ([], "--info-plist <path> or --project"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let resolved = arguments.enumerated().map { index, argument in
            index > 0 && ["--project", "--info-plist"].contains(arguments[index - 1]) ? Self.path(argument) : argument
        }
        let outcome = try CommandRunner.run(["doctor"] + resolved)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(message))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func helpDocumentsTheOptionsAndExitStatus() throws {
        let outcome = try CommandRunner.run(["doctor", "--help"])
        #expect(outcome.status == 0)
        for text in ["--project", "--target", "--configuration", "--build-setting", "--bundle-id", "Exit status"] {
            #expect(outcome.standardOutput.contains(text))
        }
    }
}
