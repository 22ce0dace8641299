import Foundation
import Testing

import RedirectURIKit

@testable import RedirectURIDoctor

/// A finding names its SDK when one of that SDK's rules made it, and only then: an app-wide
/// check (what is registered, the bundle ID, a plist's types) makes untagged findings, said once
/// however many SDKs a target uses. The tag is given as the finding is made, not found later by
/// comparing runs.
struct SDKTaggingTests {
    static let fixtures = DoctorTests.fixtures

    /// (Info.plist, SDK checked (`generic`: none given, found from the plist), code, the SDK the
    /// finding names or nil, why)
    static let rows: [(plist: String, sdk: SDKFlavour, code: FindingCode, tag: String?, why: String)] = [
        // The broker's scheme claimed: MSAL's and ADAL's fix says where it belongs (their rule);
        // for another SDK it is only the system's rule.
        ("adal-good.plist", .msal, .urlSchemeReserved, "msal", "MSAL's fix names msauth.<bundle ID>"),
        ("adal-good.plist", .adal, .urlSchemeReserved, "adal", "ADAL's fix names its query scheme"),
        ("adal-good.plist", .auth0, .urlSchemeReserved, nil, "no SDK rule in it"),
        ("adal-good.plist", .generic, .urlSchemeReserved, "adal", "no --sdk: ADAL found by its x-msauth scheme"),
        // A wrong type read by an app-wide check, and one read by the broker's query rule.
        ("Life/Plists/msal-wrong-type-url-types.plist", .msal, .plistWrongType, nil, "CFBundleURLTypes: app-wide"),
        ("Life/Plists/msal-wrong-type-url-types.plist", .generic, .plistWrongType, nil, "CFBundleURLTypes: app-wide"),
        // The query schemes only the broker SDKs need.
        ("msal-missing-msauthv3.plist", .msal, .querySchemeMissing, "msal", "MSAL's broker rule"),
        // The MSAL redirect URI derived from the bundle ID is MSAL's.
        ("msal-good.plist", .msal, .redirectURIDerived, "msal", "MSAL derives it"),
    ]

    @Test(arguments: rows)
    func aFindingNamesTheSDKWhoseRuleMadeIt(row: (plist: String, sdk: SDKFlavour, code: FindingCode, tag: String?, why: String)) throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(row.plist))
        let report = AppConfigurationDoctor.report(infoPlist: data, sdk: row.sdk == .generic ? nil : row.sdk)
        let made = report.findings.filter { $0.code == row.code }
        #expect(!made.isEmpty, "\(row.plist): no \(row.code)")
        // The first one: a plist-wrong-type for LSApplicationQueriesSchemes follows (MSAL's rule).
        #expect(made.first?.sdk == row.tag, "\(row.why)")
    }

    /// The query schemes' wrong type is found by MSAL's rule only: tagged, and absent without it.
    @Test func aWrongTypeOnlyAnSDKReadsIsThatSDKs() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("Life/Plists/msal-wrong-type-url-types.plist"))
        let msal = AppConfigurationDoctor.report(infoPlist: data, sdk: .msal).findings.filter { $0.code == .plistWrongType }
        #expect(msal.map(\.sdk) == [nil, "msal"])
        #expect(msal.last?.message.hasPrefix("LSApplicationQueriesSchemes") == true)
        let auth0 = AppConfigurationDoctor.report(infoPlist: data, sdk: .auth0).findings.filter { $0.code == .plistWrongType }
        #expect(auth0.map(\.sdk) == [nil])
    }

    /// A target with two SDKs: each SDK's findings name it, the app-wide ones name none, and no
    /// statement is made twice.
    @Test func aTargetWithTwoSDKsGetsEachSDKsFindingsOnce() throws {
        let project = Self.fixtures.appendingPathComponent("Code/AppsProject/Apps.xcodeproj")
        let report = try AppConfigurationDoctor.report(project: project, target: "FleetNoScript")
        #expect(report.context.sdks.map(\.sdk) == ["msal", "google"])
        let byCode = Dictionary(grouping: report.findings, by: \.code).mapValues { $0.map(\.sdk) }
        #expect(byCode[.projectTarget] == [nil])
        #expect(byCode[.querySchemeMissing] == ["msal", "msal"])
        #expect(byCode[.sdkDetected] == ["msal", "google"])
        #expect(byCode[.urlSchemeNotRegistered] == ["msal", "google"])
        let statements = report.findings.map { "\($0.code.rawValue) \($0.message)" }
        #expect(Set(statements).count == statements.count)
    }
}
