import Foundation
import RedirectURIKit
import Testing

@testable import RedirectURIDoctor

/// Each rule that decides a finding's SDK, with the finding it would get wrong: an SDK's rule
/// tags what it makes and nothing after it; an app-wide check's fix tags its finding only when
/// that fix is the SDK's; a setting is the SDK's only when every value it stood in was read by
/// the SDK's rules; a build phase's note is the SDK's only when it covers the SDK's findings;
/// and merging the SDKs' runs keeps each run's own findings and unrun checks.
struct SDKTagRulesTests {
    static func plist(schemes: [String], queries: [String] = ["msauthv2", "msauthv3"], bundleID: String = "com.contoso.mail") -> Data {
        Data(
            propertyListXML(
                """
                <key>CFBundleIdentifier</key><string>\(bundleID)</string>
                <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array>\(schemes.map { "<string>\($0)</string>" }.joined())</array></dict></array>
                <key>LSApplicationQueriesSchemes</key><array>\(queries.map { "<string>\($0)</string>" }.joined())</array>
                """
            ).utf8)
    }

    /// `$(PRODUCT_BUNDLE_IDENTIFIER)` unexpanded in the bundle ID and the registered scheme (both
    /// app-wide) is the app's finding, though MSAL's rules ran before those checks.
    @Test func aSettingOnlyAppWideChecksReadIsTheAppsAfterAnSDKRule() throws {
        let data = try Data(contentsOf: DoctorTests.fixtures.appendingPathComponent("msal-unexpanded.plist"))
        let report = AppConfigurationDoctor.report(infoPlist: data, sdk: .msal)
        let unexpanded = report.findings.filter { $0.code == .unexpandedVariable }
        #expect(unexpanded.count == 1)
        #expect(unexpanded.map(\.sdk) == [nil])
    }

    /// With no SDK found, or `--sdk generic`, no finding names an SDK (the JSON's `sdk` is null),
    /// though the shared rules that ran (the redirect's scheme) are the ones an SDK's run uses.
    @Test(arguments: [nil, SDKFlavour.generic])
    func noSDKNoFindingNamesOne(sdk: SDKFlavour?) {
        let report = AppConfigurationDoctor.report(
            infoPlist: Self.plist(schemes: ["contoso"], queries: []), redirectURI: "fabrikam://callback", sdk: sdk)
        #expect(report.findings.contains { $0.code == .urlSchemeNotRegisteredSession })
        #expect(report.findings.allSatisfy { $0.sdk == nil }, "\(report.findings.map { "\($0.code.rawValue) \($0.sdk ?? "-")" })")
    }

    /// A scheme iOS cannot open is every app's mistake; MSAL's client ID written where its
    /// scheme goes is MSAL's (its fix names msal<client ID>).
    @Test(arguments: [
        ("contoso_mail", nil as String?),
        ("6c7a2f1e-4b3d-4e8f-9a0b-1c2d3e4f5a6b", "msal"),
    ])
    func anInvalidSchemeIsMSALsOnlyWhenItIsItsClientID(scheme: String, tag: String?) {
        let report = AppConfigurationDoctor.report(infoPlist: Self.plist(schemes: ["msauth.com.contoso.mail", scheme]), sdk: .msal)
        let invalid = report.findings.filter { $0.code == .urlSchemeInvalid }
        #expect(invalid.count == 1)
        #expect(invalid.first?.sdk == tag)
    }

    /// An upper-case scheme fails AppAuth, Google Sign-In and Okta, which compare the returned
    /// URL exactly: their finding.
    @Test(arguments: [(SDKFlavour.appAuth, "appauth"), (.okta, "okta")])
    func anUpperCaseSchemeIsTheExactMatchingSDKs(sdk: SDKFlavour, tag: String) {
        let report = AppConfigurationDoctor.report(
            infoPlist: Self.plist(schemes: ["ContosoMail"], queries: []), redirectURI: "contosomail://oauth/callback", sdk: sdk)
        let uppercase = report.findings.filter { $0.code == .urlSchemeUppercase }
        #expect(uppercase.map(\.sdk) == [tag])
    }

    /// A setting unexpanded both where every app reads it (the bundle ID) and where MSAL's
    /// keychain rule reads it is the app's; one only the keychain rule reads is MSAL's.
    @Test func aSettingIsTheSDKsOnlyWhenEveryPlaceItStandsIsTheSDKs() {
        let entitlements = Data(
            propertyListXML(
                """
                <key>keychain-access-groups</key>
                <array><string>$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)</string><string>$(AppIdentifierPrefix)$(SHARED_KEYCHAIN_GROUP)</string></array>
                """
            ).utf8)
        let info = Self.plist(schemes: ["msauth.$(PRODUCT_BUNDLE_IDENTIFIER)"], bundleID: "$(PRODUCT_BUNDLE_IDENTIFIER)")
        let report = AppConfigurationDoctor.report(infoPlist: info, entitlements: entitlements, sdk: .msal)
        let bySetting = Dictionary(
            report.findings.filter { $0.code == .unexpandedVariable }.map { finding in
                (finding.message.components(separatedBy: ")").first ?? "", finding.sdk ?? "app")
            }, uniquingKeysWith: { first, _ in first })
        #expect(bySetting == ["$(PRODUCT_BUNDLE_IDENTIFIER": "app", "$(SHARED_KEYCHAIN_GROUP": "msal"])
    }

    /// A version-bump phase (PlistBuddy Set :CFBundleVersion) writes no URL scheme or query
    /// scheme: MSAL's missing query scheme is still said, and the phase's note, which covers
    /// nothing of MSAL's, is the app's.
    @Test func aPhaseThatWritesOtherKeysCoversNothing() throws {
        let folder = try TemporaryFolder([
            "project.yml": """
            name: Mail
            packages:
              MSAL:
                url: https://github.com/AzureAD/microsoft-authentication-library-for-objc
                from: 1.6.0
            targets:
              Mail:
                type: application
                platform: iOS
                settings:
                  base:
                    PRODUCT_BUNDLE_IDENTIFIER: com.contoso.mail
                    DEVELOPMENT_TEAM: ABCDE12345
                    INFOPLIST_FILE: Mail/Info.plist
                preBuildScripts:
                  - name: Bump build number
                    script: /usr/libexec/PlistBuddy -c "Set :CFBundleVersion $BUILD_NUMBER" "${SRCROOT}/${INFOPLIST_FILE}"
                dependencies:
                  - package: MSAL
            """,
            "Mail/Info.plist": String(decoding: Self.plist(schemes: ["msauth.com.contoso.mail"], queries: ["msauthv2"]), as: UTF8.self),
        ])
        let report = try AppConfigurationDoctor.report(project: folder.url)
        #expect(report.context.sdks.map(\.sdk) == ["msal"])
        #expect(report.findings.filter { $0.code == .querySchemeMissing }.map(\.sdk) == ["msal"])
        let notes = report.findings.filter { $0.code == .infoPlistEditedAtBuildTime }
        #expect(notes.count == 1)
        #expect(notes.map(\.sdk) == [nil])
        #expect(notes.first?.message.contains("CFBundleVersion") == true)
        #expect(notes.first?.message.contains("were not reported") == false)
    }

    /// A target with two SDKs lists every check either SDK's run could not run: the merged
    /// report holds each SDK's own report's unrun checks (checked with --sdk alone).
    @Test func twoSDKsRunsKeepEachRunsUnrunChecks() throws {
        let project = DoctorTests.fixtures.appendingPathComponent("Code/AppsProject/Apps.xcodeproj")
        let merged = try AppConfigurationDoctor.report(project: project, target: "FleetNoScript")
        let sdks = merged.context.sdks.compactMap { SDKFlavour(rawValue: $0.sdk) }
        #expect(sdks == [.msal, .googleSignIn])
        var ownChecks: [String: Set<String>] = [:]
        for sdk in sdks {
            let alone = try AppConfigurationDoctor.report(project: project, target: "FleetNoScript", sdk: sdk)
            ownChecks[sdk.rawValue] = Set(alone.skipped.map(\.check))
            for skip in alone.skipped {
                #expect(merged.skipped.contains { $0.check == skip.check && $0.needed == skip.needed }, "\(sdk): \(skip.check) missing")
            }
        }
        // Google's run has an unrun check of its own: the merge is what keeps it.
        #expect(!(ownChecks["google"] ?? []).subtracting(ownChecks["msal"] ?? []).isEmpty)
    }
}
