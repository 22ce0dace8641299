import Foundation

@testable import RedirectURIDoctor

extension DoctorFinding {
    /// The finding as a golden test writes it, `severity code @ where`: `file:line` for code, the
    /// file otherwise, relative to the fixture's `root`.
    func goldenLine(relativeTo root: URL) -> String {
        var place = "-"
        if let location {
            let path = location.path.map { $0.hasPrefix(root.path + "/") ? String($0.dropFirst(root.path.count + 1)) : $0 } ?? "-"
            place = location.line.map { "\(path):\($0)" } ?? path
        }
        return "\(severity.rawValue) \(code.rawValue) @ \(place)"
    }
}
