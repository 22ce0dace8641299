import Foundation
import RedirectURIKit

/// The SDK whose rules are checked: how it was chosen, and signs that the app uses another.
extension DoctorChecks {
    /// Says which SDK's rules are checked and why; with `--sdk`, whether the project points to
    /// another SDK.
    mutating func sdkFindings(info: [String: Any]?) {
        let found = detection.applicable(forTarget: context.target)
        let others = found.map(\.sdk).filter { $0 != sdk }
        switch sdkSource {
        case "detected":
            let sources = found.first { $0.sdk == sdk }?.sources ?? []
            findings.append(
                DoctorFinding(
                    .sdkDetected,
                    "checking for \(sdk.displayName), found in \(sources.joined(separator: ", "))"
                        + (others.isEmpty ? "" : "; \(others.map(\.displayName).joined(separator: ", ")) checked too"),
                    fix: "pass --sdk to check one SDK's rules only"))
        case "given":
            let mismatchBefore = findings.count
            if let first = others.first, !found.contains(where: { $0.sdk == sdk }) {
                let sources = found.first { $0.sdk == first }?.sources ?? []
                findings.append(
                    DoctorFinding(
                        .sdkMismatch,
                        "checking for \(sdk.displayName) as asked, but the project uses \(first.displayName) (\(sources.joined(separator: ", ")))",
                        fix: "pass --sdk \(first.rawValue)"))
            }
            // ADAL's schemes with MSAL's rules: the app is most likely still on ADAL (said once).
            if sdk == .msal, let info, findings.count == mismatchBefore { adalShapeFinding(info) }
        default:
            break
        }
    }

    private mutating func adalShapeFinding(_ info: [String: Any]) {
        let schemes = urlSchemeStrings(info)
        let queried = (info["LSApplicationQueriesSchemes"] as? [Any])?.compactMap { $0 as? String } ?? []
        let msalShaped = schemes.contains {
            $0.lowercased().hasPrefix("msauth.") || (try? RedirectURI(parsing: $0 + "://auth"))?.form == .msalClientID
        }
        let adalShaped = schemes.contains { $0.lowercased().hasPrefix("x-msauth-") } || (queried.contains("msauth") && !queried.contains("msauthv2"))
        if !msalShaped, adalShaped {
            findings.append(
                DoctorFinding(
                    .sdkMismatch,
                    "only ADAL-form schemes are registered (\(schemes.map { "'\($0)'" }.joined(separator: ", "))) and LSApplicationQueriesSchemes is ADAL's, while MSAL's rules are checked",
                    fix: "pass --sdk adal (and --redirect-uri <scheme>://<bundle ID>) if the app uses ADAL; for MSAL, register msauth.<bundle ID>"
                ))
        }
    }
}
