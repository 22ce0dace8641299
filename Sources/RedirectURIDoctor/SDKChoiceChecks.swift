import Foundation
import RedirectURIKit

/// The SDK whose rules are checked: how it was chosen, and signs that the app uses another.
extension DoctorChecks {
    /// Says which SDK's rules are checked and why, and which `--sdk` fits when the project points
    /// elsewhere.
    mutating func sdkFindings(info: [String: Any]?) {
        let others = detection.sdks.filter { $0 != sdk }
        switch sdkSource {
        case "detected":
            let sources = detection.evidence.filter { $0.sdk == sdk }.map(\.source)
            findings.append(
                DoctorFinding(
                    .sdkDetected,
                    "checking for \(sdk.displayName), found in \(sources.joined(separator: ", "))"
                        + (others.isEmpty ? "" : "; the project also names \(others.map(\.displayName).joined(separator: ", "))"),
                    fix: others.isEmpty
                        ? "pass --sdk to check for another SDK" : "pass --sdk \(others.map(\.rawValue).joined(separator: "|")) to check for the other"
                ))
        case "assumed":
            findings.append(
                DoctorFinding(
                    .sdkDetected,
                    "no sign-in SDK found in the project's packages or configuration files; checking for \(sdk.displayName)",
                    fix: "pass --sdk msal|adal|appauth|google|auth0|okta|generic to name the app's SDK"))
        default:
            if let first = others.first, !detection.sdks.contains(sdk) {
                let sources = detection.evidence.filter { $0.sdk == first }.map(\.source)
                findings.append(
                    DoctorFinding(
                        .sdkMismatch,
                        "checking for \(sdk.displayName) as asked, but the project uses \(first.displayName) (\(sources.joined(separator: ", ")))",
                        fix: "pass --sdk \(first.rawValue)"))
            }
        }
        // ADAL's schemes with MSAL's rules: the app is most likely still on ADAL.
        if sdk == .msal, let info, detection.sdks.isEmpty || sdkSource != "detected" {
            let schemes = urlSchemeStrings(info)
            let queried = (info["LSApplicationQueriesSchemes"] as? [Any])?.compactMap { $0 as? String } ?? []
            let msalShaped = schemes.contains {
                $0.lowercased().hasPrefix("msauth.") || (try? RedirectURI(parsing: $0 + "://auth"))?.form == .msalClientID
            }
            let adalShaped =
                schemes.contains { $0.lowercased().hasPrefix("x-msauth-") } || (queried.contains("msauth") && !queried.contains("msauthv2"))
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

}
