import Foundation
import Testing

@testable import RedirectURIDoctor

/// The doctor reads each file once into facts, and the checks work on the facts: a project with
/// several targets reads its files once, parses each property list once, lexes each source file
/// once and detects the project's SDKs once, however many targets and SDKs it checks. Reading
/// again to decide again is how two findings about one file drift apart.
struct ReadCountTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// (project, the files read in all, plist parses, source files lexed). Before the facts were
    /// read once: Contoso (7 targets) 13 plist parses, 7 SDK detections, 3 files read and lexed
    /// twice; Apps (17 targets) 32 parses, 17 detections, files lexed up to 4 times; MailApp (one
    /// target) its .xcconfig files read twice (once per configuration resolved).
    static let rows: [(project: String, files: Int, plistParses: Int, lexed: Int)] = [
        ("Code/CodeProject/Contoso.xcodeproj", 23, 10, 12),
        ("Code/AppsProject/Apps.xcodeproj", 40, 15, 19),
        // project.pbxproj, Info.plist, entitlements (Debug and Release share it), the .xcconfig
        // files (one of them an optional include that is absent: tried once)
        ("Projects/MailApp/MailApp.xcodeproj", 7, 3, 0),
    ]

    @Test(arguments: rows)
    func eachFileIsReadOnce(row: (project: String, files: Int, plistParses: Int, lexed: Int)) throws {
        let (reports, events) = try ReadCount.counting {
            try AppConfigurationDoctor.reports(project: Self.fixtures.appendingPathComponent(row.project))
        }
        #expect(!reports.isEmpty)
        let twice = events.filter { $0.key != .plistParse && $0.value > 1 }.map { "\($0.key) ×\($0.value)" }.sorted()
        #expect(twice == [], "read more than once: \(twice)")
        #expect(events[.sdkDetection, default: 0] == 1)
        let files = events.keys.filter { if case .fileRead = $0 { true } else { false } }.count
        let lexed = events.keys.filter { if case .lex = $0 { true } else { false } }.count
        // A parse per property list read, never more: the same bytes are never parsed twice.
        #expect(events[.plistParse, default: 0] <= files)
        #expect(files == row.files)
        #expect(events[.plistParse, default: 0] == row.plistParses)
        #expect(lexed == row.lexed)
    }
}
