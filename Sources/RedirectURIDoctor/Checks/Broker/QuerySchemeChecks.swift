import Foundation
import RedirectURIKit

/// The schemes the app queries (`LSApplicationQueriesSchemes`): the broker SDKs open the broker
/// app only when it lists its schemes.
extension DoctorChecks {
    /// `LSApplicationQueriesSchemes` lists the broker's schemes.
    mutating func querySchemeCheck(_ info: [String: Any]) {
        var queried: [Registered] = []
        switch info["LSApplicationQueriesSchemes"] {
        case let values as [Any]:
            for (index, value) in values.enumerated() {
                guard let written = value as? String else { continue }
                let location = "LSApplicationQueriesSchemes[\(index)]"
                queried.append(Registered(location: location, expansion: expand(written, at: location)))
            }
            if queried.count != values.count {
                findings.append(Self.wrongType("LSApplicationQueriesSchemes", expected: "an array of strings"))
                skip("query-schemes", "LSApplicationQueriesSchemes has an entry that is not a string (see plist-wrong-type)")
                return
            }
        case nil:
            break
        default:
            findings.append(Self.wrongType("LSApplicationQueriesSchemes", expected: "an array of strings"))
            skip("query-schemes", "LSApplicationQueriesSchemes is not an array (see plist-wrong-type)")
            return
        }
        let expanded = queried.filter(\.expansion.isComplete).map(\.value)
        let pending = queried.first { !$0.expansion.isComplete }
        for scheme in sdk.queriedSchemes where !expanded.contains(scheme) {
            if let pending {
                skip(
                    "query-schemes",
                    "'\(scheme)' is not among the queried schemes that could be expanded, and \(reason(pending.location, pending.expansion))")
                continue
            }
            findings.append(
                DoctorFinding(
                    .querySchemeMissing,
                    "LSApplicationQueriesSchemes does not list '\(scheme)', so the app cannot open the broker (\(sdk.displayName) needs \(sdk.queriedSchemes.joined(separator: " and ")))",
                    fix: "add '\(scheme)' to LSApplicationQueriesSchemes" + generatedOnlyNote("LSApplicationQueriesSchemes")))
        }
    }
}
