import Foundation
import RedirectURIKit
import Testing

@testable import RedirectURIDoctor

/// What reading a target found is reported with the checks' findings, and a fix goes where the
/// file is written: the spec's info.properties only for an Info.plist the generator writes.
struct GeneratorSpecTests {
    static func spec(settings: String, info: String = "") -> String {
        """
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
        \(settings)
        \(info)
            dependencies:
              - package: MSAL
        """
    }

    /// An XcodeGen target whose Info.plist is its own file (INFOPLIST_FILE, no `info:`): XcodeGen
    /// leaves it alone, so the fix is made in that file, and findings point at it.
    @Test func anInfoPlistXcodeGenDoesNotWriteIsFixedInTheFile() throws {
        let folder = try TemporaryFolder([
            "project.yml": Self.spec(settings: "        INFOPLIST_FILE: Mail/Info.plist"),
            "Mail/Info.plist": propertyListXML(
                """
                <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
                <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)</string></array></dict></array>
                <key>LSApplicationQueriesSchemes</key><array><string>msauthv2</string></array>
                """),
        ])
        let report = try AppConfigurationDoctor.report(project: folder.url)
        let missing = report.findings.filter { $0.code == .querySchemeMissing }
        #expect(missing.count == 1)
        for finding in missing {
            #expect(!finding.fix.contains("info.properties"), "\(finding.fix)")
            #expect(!finding.fix.contains("xcodegen generate"))
            #expect(finding.location?.path == folder("Mail/Info.plist").path)
        }
        #expect(report.context.infoPlistFile == folder("Mail/Info.plist").path)
    }

    /// INFOPLIST_FILE that cannot be expanded (an operator the doctor does not evaluate): said,
    /// with where, though no check read it.
    @Test func aSettingThatStoodInReadingsWayIsReported() throws {
        let folder = try TemporaryFolder([
            "project.yml": Self.spec(settings: "        INFOPLIST_FILE: $(TARGET_NAME:snakecase)/Info.plist")
        ])
        let report = try AppConfigurationDoctor.report(project: folder.url)
        #expect(report.findings.contains { $0.code == .plistUnreadable && $0.message.contains("could not be expanded") })
        let operators = report.findings.filter { $0.code == .buildSettingOperatorUnsupported }
        #expect(operators.count == 1)
        #expect(operators.first?.message.contains("in INFOPLIST_FILE") == true)
    }

    /// Entitlements XcodeGen writes from the spec's `entitlements.properties`: a keychain finding
    /// points at project.yml, where the group is added, not at the .entitlements file.
    @Test func entitlementsXcodeGenWritesAreFixedInTheSpec() throws {
        let folder = try TemporaryFolder([
            "project.yml": Self.spec(
                settings: "",
                info: """
                        info:
                          path: Mail/Info.plist
                          properties:
                            CFBundleIdentifier: $(PRODUCT_BUNDLE_IDENTIFIER)
                            CFBundleURLTypes:
                              - CFBundleURLSchemes: [msauth.$(PRODUCT_BUNDLE_IDENTIFIER)]
                            LSApplicationQueriesSchemes: [msauthv2, msauthv3]
                        entitlements:
                          path: Mail/Mail.entitlements
                          properties:
                            keychain-access-groups:
                              - $(AppIdentifierPrefix)com.contoso.shared
                    """)
        ])
        let report = try AppConfigurationDoctor.report(project: folder.url)
        let inEntitlements = report.findings.filter { $0.location?.artifact == .entitlements }
        #expect(inEntitlements.map(\.code).contains(.keychainGroupMissing))
        #expect(inEntitlements.allSatisfy { $0.location?.path == folder("project.yml").path })
    }

    /// A preprocessed Info.plist's `#include "Scheme.h"` is read beside the Info.plist, as the C
    /// preprocessor reads a quoted include, not in the project's folder.
    @Test func aPreprocessedInfoPlistIncludesFromItsOwnFolder() throws {
        let folder = try TemporaryFolder([
            "project.yml": Self.spec(
                settings: """
                            INFOPLIST_FILE: Mail/Info.plist
                            INFOPLIST_PREPROCESS: YES
                    """),
            "Mail/Scheme.h": "#define APP_SCHEME msauth.com.contoso.mail\n",
            "Mail/Info.plist": """
            #include "Scheme.h"
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>APP_SCHEME</string></array></dict></array>
            <key>LSApplicationQueriesSchemes</key><array><string>msauthv2</string><string>msauthv3</string></array>
            </dict>
            </plist>
            """,
        ])
        let report = try AppConfigurationDoctor.report(project: folder.url)
        #expect(report.context.infoPlist?.contains("preprocessed") == true)
        let unread: Set<FindingCode> = [.plistUnreadable, .urlSchemeNotRegistered, .urlSchemeInvalid]
        #expect(!report.findings.contains { unread.contains($0.code) })
        #expect(!report.findings.contains { $0.message.contains("APP_SCHEME") })
    }
}
