import Foundation
import RedirectURIKit

extension AppConfigurationDoctor {
    /// Runs `run` once for each SDK the target uses and merges the findings. Each finding comes
    /// tagged with its SDK when one of that SDK's rules made it (``DoctorChecks/sdkRule(_:)``);
    /// an app-wide check's finding is untagged, and said once however many SDKs ran. With no
    /// SDK, only the checks every app shares run, and one note says that no SDK was found.
    static func checked(
        _ base: DoctorChecks, sdks: [(sdk: SDKFlavour, sources: [String])], given: Bool, platformNote: DoctorFinding?,
        run: (inout DoctorChecks) -> Void
    ) -> DoctorReport {
        let notes = [platformNote].compactMap { $0 }
        guard !sdks.isEmpty else {
            var neutral = base
            neutral.sdk = .generic
            neutral.sdkSource = "none"
            run(&neutral)
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
        var merged: DoctorReport?
        for (sdk, sources) in sdks {
            var checker = base
            checker.sdk = sdk
            checker.sdkSource = given ? "given" : "detected"
            run(&checker)
            var report = checker.report
            guard var result = merged else {
                report.context.sdks = [DetectedSDK(sdk: sdk.rawValue, sources: given ? ["--sdk"] : sources)]
                merged = report
                continue
            }
            // Said once: another SDK's run may make the same statement (the code read, a phase
            // that writes the Info.plist), and the first SDK to make it names it.
            for finding in report.findings where !result.findings.contains(where: { $0.code == finding.code && $0.message == finding.message }) {
                result.findings.append(finding)
            }
            for skip in report.skipped where !result.skipped.contains(skip) { result.skipped.append(skip) }
            result.context.sdks.append(DetectedSDK(sdk: sdk.rawValue, sources: sources))
            merged = result
        }
        var report = merged ?? base.report
        report.findings.insert(contentsOf: notes, at: report.findings.first?.code == .projectTarget ? 1 : 0)
        return report
    }
}
