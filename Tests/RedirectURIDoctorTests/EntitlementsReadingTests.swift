import Foundation
import Testing

@testable import RedirectURIDoctor

/// Entitlements are parsed once, when read: a file that is not a property list, or that
/// CODE_SIGN_ENTITLEMENTS names and is not there, is one finding of the app's (whatever the SDK),
/// and the SDK's keychain check does not run on it — and is needed.
struct EntitlementsReadingTests {
    static let info = try? Data(contentsOf: DoctorTests.fixtures.appendingPathComponent("msal-good.plist"))

    /// A merge conflict left in the .entitlements: unreadable, said once and as the app's, not
    /// read as an empty file that lacks MSAL's keychain group.
    @Test(arguments: [SDKFlavour.msal, .adal])
    func entitlementsThatAreNotAPropertyListAreTheAppsFinding(sdk: SDKFlavour) throws {
        let info = try #require(Self.info)
        let conflict = Data("<<<<<<< HEAD\n<plist><dict><key>keychain-access-groups</key>".utf8)
        let report = AppConfigurationDoctor.report(infoPlist: info, entitlements: conflict, sdk: sdk)
        let unreadable = report.findings.filter { $0.code == .plistUnreadable }
        #expect(unreadable.count == 1)
        #expect(unreadable.map(\.sdk) == [nil])
        #expect(unreadable.first?.location?.artifact == .entitlements)
        #expect(!report.findings.contains { $0.code == .keychainGroupMissing })
    }

    /// CODE_SIGN_ENTITLEMENTS names a file that is not there: MSAL's keychain check could not
    /// run, and the report is incomplete without it.
    @Test func entitlementsNamedButMissingLeaveANeededCheckUnrun() throws {
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
                    CODE_SIGN_ENTITLEMENTS: Mail/Mail.entitlements
                info:
                  path: Mail/Info.plist
                  properties:
                    CFBundleIdentifier: $(PRODUCT_BUNDLE_IDENTIFIER)
                    CFBundleURLTypes:
                      - CFBundleURLSchemes: [msauth.$(PRODUCT_BUNDLE_IDENTIFIER)]
                    LSApplicationQueriesSchemes: [msauthv2, msauthv3]
                dependencies:
                  - package: MSAL
            """
        ])
        let report = try AppConfigurationDoctor.report(project: folder.url)
        #expect(report.context.sdks.map(\.sdk) == ["msal"])
        #expect(report.findings.filter { $0.code == .plistUnreadable }.map(\.sdk) == [nil])
        let keychain = report.skipped.filter { $0.check == "keychain-group" }
        #expect(keychain.map(\.needed) == [true])
        #expect(report.failed)
    }
}
