import Foundation
import RedirectURIKit

extension AppConfigurationDoctor {
    /// Runs `run` once for each SDK the target uses and merges the findings: a finding every
    /// app would get (it is in a run with no SDK's rules too) is said once, without an SDK; any
    /// other names the SDK whose requirement it is. With no SDK, only the checks every app
    /// shares run, and one note says that no SDK was found.
    static func checked(
        _ base: DoctorChecks, sdks: [(sdk: SDKFlavour, sources: [String])], given: Bool, platformNote: DoctorFinding?,
        run: (inout DoctorChecks) -> Void
    ) -> DoctorReport {
        var neutral = base
        neutral.sdk = .generic
        neutral.sdkSource = "none"
        run(&neutral)
        let notes = [platformNote].compactMap { $0 }
        guard !sdks.isEmpty else {
            var report = neutral.report
            report.context.sdk = nil
            let note =
                platformNote
                ?? DoctorFinding(
                    .sdkNotFound,
                    "no sign-in SDK found"
                        + (base.context.target.map { " for target '\($0)'" } ?? "")
                        + " in the project's packages (Podfile, Podfile.lock, Cartfile, Package.resolved, Package.swift, the project's package references and linked frameworks, pubspec.yaml, package.json) or the SDKs' configuration files; checked what every app needs, and no SDK's requirements",
                    fix: "pass --sdk msal|adal|appauth|google|auth0|okta to check an SDK's requirements")
            report.findings.insert(note, at: report.findings.first?.code == .projectTarget ? 1 : 0)
            return report
        }
        let isNeutral = { (finding: DoctorFinding) in
            neutral.findings.contains { $0.code == finding.code && $0.message == finding.message }
        }
        var merged: DoctorReport?
        for (sdk, sources) in sdks {
            var checker = base
            checker.sdk = sdk
            checker.sdkSource = given ? "given" : "detected"
            run(&checker)
            var report = checker.report
            for index in report.findings.indices where !isNeutral(report.findings[index]) {
                report.findings[index].sdk = sdk.rawValue
            }
            guard var result = merged else {
                report.context.sdks = [DetectedSDK(sdk: sdk.rawValue, sources: given ? ["--sdk"] : sources)]
                merged = report
                continue
            }
            for finding in report.findings where !result.findings.contains(where: { $0.code == finding.code && $0.message == finding.message }) {
                result.findings.append(finding)
            }
            for skip in report.skipped where !result.skipped.contains(skip) { result.skipped.append(skip) }
            result.context.sdks.append(DetectedSDK(sdk: sdk.rawValue, sources: sources))
            merged = result
        }
        var report = merged ?? neutral.report
        report.findings.insert(contentsOf: notes, at: report.findings.first?.code == .projectTarget ? 1 : 0)
        return report
    }
}
