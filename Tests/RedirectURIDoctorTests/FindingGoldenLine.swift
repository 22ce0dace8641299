import Foundation
import Testing

@testable import RedirectURIDoctor

extension DoctorFinding {
    /// The finding as a golden test writes it, `severity code @ where`: `file:line` for code, the
    /// file otherwise, relative to the fixture's `root`.
    func goldenLine(relativeTo root: URL) -> String {
        var place = "-"
        if let location {
            let path = location.path.map { $0.hasPrefix(root.path + "/") ? String($0.dropFirst(root.path.count + 1)) : $0 } ?? "-"
            // A line for code; a property list's findings are at their key (its line is the
            // formats' business, tested with them).
            place = location.artifact == .sourceCode ? location.line.map { "\(path):\($0)" } ?? path : path
        }
        return "\(severity.rawValue) \(code.rawValue) @ \(place)"
    }
}

/// A fixture project whose targets have golden findings (the code tests' projects).
struct GoldenProject {
    /// The folder the findings' paths are relative to.
    var root: URL
    var project: URL

    /// Checks one target run as a user would, with no `--sdk`: the SDK chosen, its findings as
    /// golden lines, and no needed check left unrun; returns the report for further checks.
    @discardableResult
    func expectTarget(_ target: String, sdk: SDKFlavour, findings expected: [String]) throws -> DoctorReport {
        let report = try AppConfigurationDoctor.report(project: project, target: target)
        #expect(report.context.sdk == sdk.rawValue, "\(target)")
        #expect(report.findings.map { $0.goldenLine(relativeTo: root) } == expected, "\(target)")
        #expect(!report.isIncomplete, "\(target): \(report.skipped)")
        return report
    }
}
