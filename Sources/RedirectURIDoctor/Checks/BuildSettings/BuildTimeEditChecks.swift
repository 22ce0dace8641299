import Foundation
import RedirectURIKit

extension DoctorChecks {
    /// A finding that a key is missing from the source Info.plist is no finding when a phase may
    /// add that key at build time: it becomes a check that could not run (not needed: the phase
    /// is the app's way of adding it), and each such phase is one finding that says so.
    mutating func applyBuildTimeEdits() {
        guard !buildTimeEdits.isEmpty else { return }
        let keyOf: [FindingCode: String] = [
            .urlSchemeNotRegistered: "CFBundleURLTypes", .urlSchemeNotRegisteredSession: "CFBundleURLTypes",
            .querySchemeMissing: "LSApplicationQueriesSchemes",
        ]
        var unchecked: [String: [String]] = [:]
        // Whether every finding a phase covers is an SDK's: the phase's note is then that SDK's.
        var coversOnlySDKFindings: [String: Bool] = [:]
        var kept: [DoctorFinding] = []
        for finding in findings {
            guard let key = keyOf[finding.code], let edit = buildTimeEdits.first(where: { $0.mayWrite(key) }) else {
                kept.append(finding)
                continue
            }
            unchecked[edit.phase, default: []].append(finding.message)
            coversOnlySDKFindings[edit.phase] = (coversOnlySDKFindings[edit.phase] ?? true) && finding.sdk != nil
            skip(
                key == "CFBundleURLTypes" ? "url-scheme-registered" : "query-schemes",
                finding.message + ", and run-script phase '\(edit.phase)' may add it to the built Info.plist", needed: false)
        }
        findings = kept
        for edit in buildTimeEdits {
            let written = edit.keys.map { $0.sorted().joined(separator: ", ") } ?? "any key"
            let notChecked = unchecked[edit.phase] ?? []
            findings.append(
                madeBySDK(
                    DoctorFinding(
                        .infoPlistEditedAtBuildTime,
                        "run-script phase '\(edit.phase)' may write \(written) into the built Info.plist (\(edit.how))"
                            + (notChecked.isEmpty
                                ? "" : "; so these were not reported, only the built app can tell: " + notChecked.joined(separator: "; ")),
                        fix: "check the built app: parse doctor --info-plist <path to the built .app>/Info.plist"
                    ), coversOnlySDKFindings[edit.phase] == true))
        }
    }
}
