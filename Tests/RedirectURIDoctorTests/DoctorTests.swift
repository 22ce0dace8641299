import Foundation
import RedirectURIKit
import Testing
@testable import RedirectURIDoctor

/// SPEC §9: the app configuration doctor on XML and binary plists (made with Python's plistlib,
/// committed under Fixtures/).
struct DoctorTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    static func codes(
        _ info: String, entitlements: String? = nil, redirect: String? = nil, sdk: SDKFlavour = .msal, group: String? = nil
    ) throws -> [String] {
        AppConfigurationDoctor.report(
            infoPlist: try data(info), entitlements: try entitlements.map(data), redirectURI: redirect, sdk: sdk,
            keychainGroup: group
        ).findings.filter { $0.severity != .info }.map(\.code.rawValue)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let info: String
        var entitlements: String?
        var redirect: String?
        var sdk: SDKFlavour = .msal
        var group: String?
        let expected: [String]
        var testDescription: String { "\(info) \(redirect ?? "") → \(expected)" }
    }

    static let rows: [Row] = [
        Row(info: "msal-good.plist", redirect: "msauth.com.contoso.MailApp://auth", expected: []),
        Row(info: "msal-good-binary.plist", redirect: "msauth.com.contoso.MailApp://auth", expected: []),
        Row(info: "msal-good.plist", expected: []),                                   // redirect derived
        // The fixture also claims the bare broker scheme `msauth`, which only the certificate
        // redirect msauth://code/… needs.
        Row(info: "adal-good.plist", redirect: "x-msauth-mytestiosapp://com.myapp.mytestapp", sdk: .adal, expected: ["url-scheme-reserved"]),
        Row(info: "adal-good-binary.plist", redirect: "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", sdk: .adal, expected: []),
        Row(info: "adal-good.plist", redirect: "https://login.contoso.com/cb", sdk: .adal, expected: ["url-scheme-reserved"]),
        Row(info: "msal-missing-msauthv3.plist", expected: ["query-scheme-missing"]),
        Row(info: "adal-good.plist", redirect: "x-msauth-mytestiosapp://com.myapp.mytestapp", sdk: .msal,
            expected: ["sdk-mismatch", "url-scheme-reserved", "query-scheme-missing"]),  // wrong SDK: --sdk adal suggested
        Row(info: "msal-scheme-whitespace.plist", expected: ["url-scheme-whitespace"]),          // one finding, one fix
        Row(info: "msal-no-url-types.plist", expected: ["url-scheme-not-registered"]),
        Row(info: "msal-unexpanded.plist", redirect: "msauth.com.contoso.MailApp://auth",
            expected: ["unexpanded-variable"]),                                   // one finding; the scheme check is skipped
        Row(info: "msal-wrong-types.plist", expected: ["plist-wrong-type", "plist-wrong-type"]),  // no follow-on errors
        Row(info: "msal-other-bundle-id.plist", redirect: "msauth.com.contoso.MailApp://auth", expected: ["bundle-id-mismatch"]),
        Row(info: "msal-good.plist", redirect: "msauth.com.contoso.mailapp://auth",
            expected: ["url-scheme-not-registered", "bundle-id-mismatch"]),           // case matters
        Row(info: "msal-good.plist", redirect: "msauth.com.contoso.MailApp://auth#", expected: []),
        Row(info: "msal-good.plist", redirect: "not a uri", expected: ["redirect-uri-unparsable"]),
        Row(info: "garbage.plist", expected: ["plist-unreadable"]),
        Row(info: "truncated.plist", expected: ["plist-unreadable"]),
        Row(info: "array-root.plist", expected: ["plist-unreadable"]),
        Row(info: "msal-good.plist", entitlements: "entitlements-adalcache.plist", group: "com.microsoft.adalcache", expected: []),
        Row(info: "msal-good.plist", entitlements: "entitlements-built.plist", group: "com.microsoft.adalcache", expected: []),
        Row(info: "msal-good.plist", entitlements: "entitlements-other.plist", group: "com.microsoft.adalcache", expected: ["keychain-group-missing"]),
        Row(info: "msal-good.plist", entitlements: "entitlements-empty.plist", group: "com.microsoft.adalcache", expected: ["keychain-group-missing"]),
        Row(info: "msal-good.plist", group: "com.microsoft.adalcache", expected: ["keychain-group-missing"]),
        Row(info: "msal-good.plist", entitlements: "garbage.plist", group: "com.microsoft.adalcache", expected: ["plist-unreadable"]),
        // MSAL's client-ID redirect URI msal<client ID>://auth: its fallback, not broker-capable.
        Row(info: "msal-client-id-only.plist", expected: ["not-broker-capable"]),
        Row(info: "msal-client-id-and-broker.plist", expected: []),
        Row(info: "msal-client-id-unexpanded.plist", expected: ["not-broker-capable", "unexpanded-variable"]),
        Row(info: "msal-good.plist", redirect: "msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth",
            expected: ["not-broker-capable", "url-scheme-not-registered"]),
    ]

    @Test(arguments: rows)
    func findings(row: Row) throws {
        #expect(try Self.codes(row.info, entitlements: row.entitlements, redirect: row.redirect, sdk: row.sdk, group: row.group) == row.expected)
    }

    @Test func rowCountIsPinned() { #expect(Self.rows.count == 29) }

    @Test func everyFindingHasAFixAndTheDocumentedCodes() throws {
        var seen: Set<String> = []
        for row in Self.rows {
            let findings = AppConfigurationDoctor.report(
                infoPlist: try Self.data(row.info), entitlements: try row.entitlements.map(Self.data), redirectURI: row.redirect,
                sdk: row.sdk, keychainGroup: row.group
            ).findings
            for finding in findings {
                #expect(!finding.fix.isEmpty)
                #expect(!finding.message.isEmpty)
                seen.insert(finding.code.rawValue)
            }
        }
        let required: Set<String> = ["url-scheme-not-registered", "url-scheme-whitespace", "query-scheme-missing", "bundle-id-mismatch",
                                     "unexpanded-variable", "redirect-uri-unparsable", "keychain-group-missing", "plist-unreadable",
                                     "not-broker-capable"]
        #expect(required.isSubset(of: seen))
    }

    /// An Info.plist that cannot be read is one finding, and the one reason of every check it
    /// stops: no check says something that only follows from it ("there is no redirect URI").
    @Test(arguments: ["garbage.plist", "truncated.plist", "array-root.plist"])
    func anUnreadableInfoPlistIsTheReasonOfEveryCheckItStops(name: String) throws {
        let report = AppConfigurationDoctor.report(
            infoPlist: try Self.data(name), entitlements: try Self.data("entitlements-adalcache.plist"), sdk: .msal)
        #expect(report.findings.filter { $0.severity != .info }.map(\.code) == [.plistUnreadable])
        #expect(report.skipped.map(\.check) == ["bundle-id-matches-redirect", "query-schemes"])
        for check in report.skipped { #expect(check.reason == "the Info.plist could not be read", "\(check.check)") }
        let project = try AppConfigurationDoctor.report(
            project: LifeFixtureTests.life.appendingPathComponent("ContosoMailGood/ContosoMail.xcodeproj"), infoPlist: try Self.data(name))
        #expect(!project.skipped.isEmpty)
        for check in project.skipped { #expect(check.reason == "the Info.plist could not be read", "\(check.check)") }
    }

    @Test func derivedRedirectIsReportedAsInfo() throws {
        let findings = AppConfigurationDoctor.report(infoPlist: try Self.data("msal-good.plist")).findings
        #expect(findings.map(\.code.rawValue) == ["sdk-detected", "redirect-uri-derived"])
        #expect(findings.first?.message.contains("found in the Info.plist's URL scheme 'msauth.com.contoso.MailApp'") == true)
        #expect(findings.last?.message.contains("msauth.com.contoso.MailApp://auth") == true)
    }

    @Test func randomBytesNeverTrap() {
        var state: UInt64 = 7
        for length in 0..<300 {
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 33)
            }
            let findings = AppConfigurationDoctor.report(infoPlist: Data(bytes), entitlements: Data(bytes), keychainGroup: "g").findings
            #expect(findings.first?.code.rawValue == "plist-unreadable" || !findings.isEmpty)
        }
    }
}

/// An Info.plist checked without a project: values given with `buildSettings` and `bundleID`, one
/// finding per unexpanded variable, and the skipped checks with their reasons.
struct UnexpandedPlistTests {
    static let sample = DoctorTests.fixtures.appendingPathComponent("Projects/Sample/IdentitySample/Info.plist")

    @Test func oneFindingPerVariableAndOnlyTheChecksThatNeedItAreSkipped() throws {
        let report = AppConfigurationDoctor.report(infoPlist: try DoctorTests.data("msal-unexpanded.plist"),
                                                   redirectURI: "msauth.com.contoso.MailApp://auth", sdk: .msal)
        #expect(report.findings.map(\.code.rawValue) == ["unexpanded-variable"])
        #expect(report.findings.first?.severity == .warning)
        #expect(report.findings.first?.message.contains("CFBundleIdentifier and CFBundleURLTypes[0].CFBundleURLSchemes[0]") == true)
        #expect(report.skipped.map(\.check) == ["bundle-id", "url-scheme-registered", "bundle-id-matches-redirect", "keychain-group"])
        #expect(report.skipped[2].reason == "CFBundleIdentifier is $(PRODUCT_BUNDLE_IDENTIFIER) and no value was given")
        #expect(!report.hasErrors)
        // Nothing to expand the bundle ID with: the checks that need it did not run, and that fails.
        #expect(report.isIncomplete && report.failed)
    }

    @Test func theMicrosoftSampleShapeStillGetsItsOtherChecks() throws {
        let plain = AppConfigurationDoctor.report(infoPlist: try Data(contentsOf: Self.sample), sdk: .msal)
        #expect(plain.findings.map(\.code.rawValue) == ["unexpanded-variable"])
        #expect(plain.skipped.map(\.check) == ["bundle-id", "redirect-uri", "url-scheme-registered", "bundle-id-matches-redirect", "keychain-group"])
        #expect(plain.failed)
        // query-schemes ran: take msauthv3 away and it fails.
        var info = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: Self.sample), format: nil) as? [String: Any])
        info["LSApplicationQueriesSchemes"] = ["msauth", "msauthv2"]
        let broken = AppConfigurationDoctor.report(infoPlist: try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0), sdk: .msal)
        #expect(broken.findings.map(\.code.rawValue) == ["query-scheme-missing", "unexpanded-variable"])
    }

    @Test(arguments: [
        ([:], "com.contoso.identitysample.IdentitySample", [String]()),
        (["PRODUCT_BUNDLE_IDENTIFIER": "com.contoso.identitysample.IdentitySample"], nil, []),
        ([:], "com.contoso.other", ["url-scheme-not-registered"]),
    ] as [([String: String], String?, [String])])
    func valuesGivenExpandTheSettings(settings: [String: String], bundleID: String?, errors: [String]) throws {
        let report = AppConfigurationDoctor.report(infoPlist: try Data(contentsOf: Self.sample), buildSettings: settings, bundleID: bundleID)
        #expect(report.findings.filter { $0.severity != .info }.map(\.code.rawValue) == errors)
        #expect(report.skipped.map(\.check) == ["keychain-group"] && !report.isIncomplete)
        #expect(report.context.bundleID == bundleID ?? settings["PRODUCT_BUNDLE_IDENTIFIER"])
    }

    @Test func aValueNoCheckedValueUsesIsNoted() throws {
        let report = AppConfigurationDoctor.report(infoPlist: try DoctorTests.data("msal-good.plist"), bundleID: "com.contoso.MailApp", sdk: .msal)
        #expect(report.findings.map(\.code.rawValue) == ["redirect-uri-derived", "build-setting-unused"])
        #expect(report.findings.last?.message.contains("--bundle-id com.contoso.MailApp") == true)
    }

    @Test func signingVariablesInEntitlementsMatchTheGroupThatFollows() throws {
        let entitlements = try PropertyListSerialization.data(fromPropertyList: [
            "keychain-access-groups": ["$(TeamIdentifierPrefix)com.microsoft.adalcache", "${AppIdentifierPrefix}$(GROUP)"],
        ], format: .xml, options: 0)
        let info = try DoctorTests.data("msal-good.plist")
        let found = AppConfigurationDoctor.report(infoPlist: info, entitlements: entitlements, keychainGroup: "com.microsoft.adalcache")
        #expect(found.findings.filter { $0.severity != .info }.isEmpty)
        #expect(found.findings.map(\.code.rawValue).contains("signing-variable"))
        let pending = AppConfigurationDoctor.report(infoPlist: info, entitlements: entitlements, keychainGroup: "com.contoso.shared")
        #expect(pending.skipped.map(\.check) == ["keychain-group"])
        let given = AppConfigurationDoctor.report(infoPlist: info, entitlements: entitlements, buildSettings: ["GROUP": "com.contoso.shared"],
                                                  keychainGroup: "com.contoso.shared")
        #expect(given.skipped.isEmpty && !given.hasErrors)
        // A built entitlements file: a ten-character prefix, nothing else accepted in its place.
        for (entry, matches) in [("ABCDE12345.com.microsoft.adalcache", true), ("com.evil.com.microsoft.adalcache", false),
                                 ("ABCDE1234.com.microsoft.adalcache", false)] {
            let data = try PropertyListSerialization.data(fromPropertyList: ["keychain-access-groups": [entry]], format: .xml, options: 0)
            let report = AppConfigurationDoctor.report(infoPlist: info, entitlements: data, keychainGroup: "com.microsoft.adalcache")
            #expect(report.hasErrors == !matches, "\(entry)")
        }
    }

    /// Intune's ADALCacheKeychainGroupOverride moves MSAL's cache: the entitlements need that
    /// group, and `com.microsoft.adalcache` alone is then missing it.
    @Test func intunesKeychainOverrideIsTheGroupChecked() throws {
        var info = try #require(
            try PropertyListSerialization.propertyList(from: DoctorTests.data("msal-good.plist"), format: nil) as? [String: Any])
        info["IntuneMAMSettings"] = ["ADALCacheKeychainGroupOverride": "com.contoso.intunecache"]
        let plist = try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
        func report(_ groups: [String]) throws -> DoctorReport {
            let entitlements = try PropertyListSerialization.data(fromPropertyList: ["keychain-access-groups": groups], format: .xml, options: 0)
            return AppConfigurationDoctor.report(infoPlist: plist, entitlements: entitlements, sdk: .msal)
        }
        let overridden = try report(["$(AppIdentifierPrefix)com.contoso.intunecache"])
        #expect(!overridden.findings.contains { $0.code == .keychainGroupMissing })
        let defaultOnly = try report(["$(AppIdentifierPrefix)com.microsoft.adalcache"])
        let missing = defaultOnly.findings.filter { $0.code == .keychainGroupMissing }
        #expect(missing.count == 1 && missing.first?.message.contains("com.contoso.intunecache") == true)
    }

    @Test func expansionProblemsAreFindings() throws {
        let info = try PropertyListSerialization.data(fromPropertyList: [
            "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER",
            "CFBundleURLTypes": [["CFBundleURLSchemes": ["msauth.$(A:dir)", "$(B)"]]],
            "LSApplicationQueriesSchemes": ["msauthv2", "msauthv3"],
        ], format: .xml, options: 0)
        let report = AppConfigurationDoctor.report(infoPlist: info, buildSettings: ["A": "x", "B": "$(C)", "C": "$(B)"], sdk: .msal)
        #expect(report.findings.map(\.code.rawValue) == ["build-setting-cycle", "build-setting-operator-unsupported", "build-setting-unterminated"])
        #expect(report.skipped.map(\.check) == ["bundle-id", "redirect-uri", "url-scheme-registered", "bundle-id-matches-redirect", "keychain-group"])
    }
}

/// MSAL's client-ID redirect URI: which scheme is one is the core's classification; the doctor
/// derives the redirect URI MSAL would use and says it cannot reach the broker.
struct ClientIDRedirectTests {
    @Test func theFallbackIsDerivedAndTheBrokerFormNamed() throws {
        let report = AppConfigurationDoctor.report(infoPlist: try DoctorTests.data("msal-client-id-only.plist"), sdk: .msal)
        #expect(report.context.redirectURI == "msal3c62ac97-29eb-4aed-a3c8-add0298508da://auth")
        let finding = try #require(report.findings.first { $0.code == .notBrokerCapable })
        // The core's severity: `parse` reports the same rule as a warning.
        #expect(finding.severity == .warning)
        // One fix, which keeps the client-ID scheme rather than asking to replace it.
        #expect(report.findings.filter { $0.severity != .info }.count == 1)
        #expect(finding.fix.contains("keep the msal"))
        #expect(finding.message.contains("it names client 3c62ac97-29eb-4aed-a3c8-add0298508da, not the app"))
        #expect(finding.fix.contains("msauth.com.contoso.MailApp://auth"))
        #expect(report.findings.first { $0.code == .redirectURIDerived }?.message.contains("and not 'msauth.com.contoso.MailApp'") == true)
    }

    /// Only what the core classifies as a client ID counts: `msal` followed by anything else is an
    /// ordinary scheme, and the broker redirect URI is checked (and found missing).
    @Test(arguments: ["msalnotaclientid", "msal3c62ac97-29eb-4aed-a3c8", "msal3c62ac97-29eb-4aed-a3c8-add0298508da0"])
    func otherSchemesAreNotClientIDs(scheme: String) throws {
        let info = try PropertyListSerialization.data(fromPropertyList: [
            "CFBundleIdentifier": "com.contoso.MailApp",
            "CFBundleURLTypes": [["CFBundleURLSchemes": [scheme]]],
            "LSApplicationQueriesSchemes": ["msauthv2", "msauthv3"],
        ], format: .xml, options: 0)
        let report = AppConfigurationDoctor.report(infoPlist: info, sdk: .msal)
        #expect(report.context.redirectURI == "msauth.com.contoso.MailApp://auth")
        #expect(report.findings.filter { $0.severity != .info }.map(\.code) == [.urlSchemeNotRegistered])
    }

    static let clientID = "6731de76-14a6-49ae-97bc-6eba6914391e"

    struct ClientIDRow: Sendable, CustomTestStringConvertible {
        var schemes: [String]
        var redirect: String?
        var codes: [FindingCode]
        /// Text the finding about the client ID must carry, in its message or its fix.
        var says: [String]
        var testDescription: String { "\(schemes) \(redirect ?? "")" }
    }

    static let upper = clientID.uppercased()

    static let clientIDRows: [ClientIDRow] = [
        ClientIDRow(schemes: [clientID], codes: [.urlSchemeInvalid],
                    says: ["is a client ID", "replace it with 'msauth.com.contoso.MailApp'", "or with 'msal\(clientID)'"]),
        ClientIDRow(schemes: ["{\(upper)}"], codes: [.urlSchemeInvalid],
                    says: ["is a client ID", "replace it with 'msauth.com.contoso.MailApp'", "or with 'msal\(upper)'"]),
        ClientIDRow(schemes: ["msal{\(clientID)}"], codes: [.urlSchemeInvalid],
                    says: ["replace it with 'msauth.com.contoso.MailApp'", "or with 'msal\(clientID)'"]),
        ClientIDRow(schemes: ["msal\(clientID)://auth"], codes: [.urlSchemeInvalid],
                    says: ["is a whole URL", "replace it with 'msauth.com.contoso.MailApp'", "or with 'msal\(clientID)'"]),
        // The broker's scheme is registered already: the client ID is only in the way.
        ClientIDRow(schemes: [clientID, "msauth.com.contoso.MailApp"], codes: [.urlSchemeInvalid],
                    says: ["is a client ID", "remove it: 'msauth.com.contoso.MailApp' is registered"]),
        // The client-ID redirect URI given: its scheme is the one meant.
        ClientIDRow(schemes: [clientID], redirect: "msal\(clientID)://auth", codes: [.notBrokerCapable, .urlSchemeInvalid],
                    says: ["is a client ID", "replace it with 'msal\(clientID)'"]),
        // A client ID that starts with a letter is a valid scheme, but not MSAL's: the missing
        // scheme's finding names it.
        ClientIDRow(schemes: ["c731de76-14a6-49ae-97bc-6eba6914391e"], codes: [.urlSchemeNotRegistered],
                    says: ["is a client ID", "replace the client ID 'c731de76-14a6-49ae-97bc-6eba6914391e' with 'msauth.com.contoso.MailApp'"]),
    ]

    /// The client ID typed where MSAL's scheme belongs: one finding that names it as the client ID
    /// and the scheme meant (`msauth.<bundle ID>`, which the broker can use, or `msal<client ID>`),
    /// and no `url-scheme-not-registered` for that scheme on top of it.
    @Test(arguments: clientIDRows)
    func aClientIDWhereTheSchemeBelongsIsNamed(row: ClientIDRow) throws {
        let info = try PropertyListSerialization.data(fromPropertyList: [
            "CFBundleIdentifier": "com.contoso.MailApp",
            "CFBundleURLTypes": [["CFBundleURLSchemes": row.schemes]],
            "LSApplicationQueriesSchemes": ["msauthv2", "msauthv3"],
        ], format: .xml, options: 0)
        let report = AppConfigurationDoctor.report(infoPlist: info, redirectURI: row.redirect, sdk: .msal)
        #expect(report.findings.filter { $0.severity != .info }.map(\.code) == row.codes)
        let finding = try #require(report.findings.last { $0.severity == .error })
        for phrase in row.says { #expect("\(finding.message) \(finding.fix)".contains(phrase), "\(phrase)") }
    }

    @Test func aPendingSchemeKeepsTheBrokerRedirect() throws {
        let info = try PropertyListSerialization.data(fromPropertyList: [
            "CFBundleIdentifier": "com.contoso.MailApp",
            "CFBundleURLTypes": [["CFBundleURLSchemes": ["msal3c62ac97-29eb-4aed-a3c8-add0298508da", "msauth.$(BROKER_SUFFIX)"]]],
            "LSApplicationQueriesSchemes": ["msauthv2", "msauthv3"],
        ], format: .xml, options: 0)
        let report = AppConfigurationDoctor.report(infoPlist: info, sdk: .msal)
        #expect(report.context.redirectURI == "msauth.com.contoso.MailApp://auth")
        #expect(report.skipped.map(\.check) == ["url-scheme-registered", "keychain-group"])
        #expect(!report.hasErrors)
    }
}
