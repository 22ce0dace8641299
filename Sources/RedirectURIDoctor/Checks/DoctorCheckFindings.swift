import Foundation
import RedirectURIKit

/// How the checks report: the report itself, where each finding points, the checks skipped and
/// the findings several checks make alike.
extension DoctorChecks {
    var report: DoctorReport {
        var context = context
        context.infoPlistFile = infoPlistPath
        return DoctorReport(context: context, findings: findings.map(located), skipped: skipped)
    }

    /// The finding with its file and key: where the check said, else where its code points. A
    /// fix to an Info.plist a generator writes is made in the generator's spec.
    private func located(_ finding: DoctorFinding) -> DoctorFinding {
        var finding = finding
        var location = finding.location ?? Self.defaultLocation(finding.code)
        if location.artifact == .infoPlist, let spec = infoPlistSpec, finding.severity != .info {
            finding.fix += "; the Info.plist is written from \(spec.properties): make the change there, then run `\(spec.regenerate)`"
        }
        if location.path == nil {
            switch location.artifact {
            case .infoPlist: location.path = infoPlistPath
            case .project: location.path = projectPath
            case .entitlements, .sourceCode: break
            }
        }
        if location.line == nil, let keyPath = location.keyPath, let bytes = bytes(of: location),
            let position = PlistKeyLocator.position(of: keyPath, in: bytes)
        {
            location.line = position.line
            location.column = position.column
        }
        finding.location = location
        return finding
    }

    /// The bytes of the property list a location is in, as read (from the run's memo: no file is
    /// read again): the Info.plist file or the one given, an entitlements file. None for an
    /// Info.plist a generator writes (the finding points at its spec, where the key is not).
    private func bytes(of location: DoctorLocation) -> [UInt8]? {
        switch location.artifact {
        case .infoPlist:
            guard infoPlistSpec == nil else { return nil }
            if let path = location.path { return ReadCount.contents(of: URL(fileURLWithPath: path)).map(Array.init) }
            return infoPlistGiven
        case .entitlements:
            return location.path.flatMap { ReadCount.contents(of: URL(fileURLWithPath: $0)).map(Array.init) }
        case .project, .sourceCode:
            return nil
        }
    }

    /// Where a code's findings are when the check did not say: the file its key is in, the key
    /// a finding about the whole of it points at.
    static func defaultLocation(_ code: FindingCode) -> DoctorLocation {
        switch code {
        case .infoPlistMissing, .infoPlistKeyIgnored, .xcconfigUnreadable, .projectTarget, .buildSettingUnused, .buildSettingConditional:
            return DoctorLocation(.project)
        case .keychainGroupMissing, .keychainGroupUnprefixed: return DoctorLocation(.entitlements, keyPath: "keychain-access-groups")
        case .associatedDomainMissing: return DoctorLocation(.entitlements, keyPath: "com.apple.developer.associated-domains")
        case .bundleIDMissing, .bundleIDInvalid, .bundleIDMismatch, .notBrokerCapable:
            return DoctorLocation(.infoPlist, keyPath: "CFBundleIdentifier")
        case .urlSchemeNotRegistered: return DoctorLocation(.infoPlist, keyPath: "CFBundleURLTypes")
        case .urlSchemesOutsideURLTypes: return DoctorLocation(.infoPlist, keyPath: "CFBundleURLSchemes")
        case .querySchemeMissing: return DoctorLocation(.infoPlist, keyPath: "LSApplicationQueriesSchemes")
        case .sdkConfigurationInvalid: return DoctorLocation(.infoPlist, keyPath: "GIDClientID")
        default: return DoctorLocation(.infoPlist)
        }
    }

    /// Runs one of the SDK's rules: every finding it makes is the SDK's, tagged with it as it is
    /// made (nothing is tagged in a run without an SDK). The app-wide checks (what is
    /// registered, the bundle ID, build settings) make untagged findings, so a finding every
    /// app would get is said once, however many SDKs the target uses.
    mutating func sdkRule(_ rule: (inout DoctorChecks) -> Void) {
        let start = findings.count
        let outer = inSDKRule
        inSDKRule = true
        rule(&self)
        inSDKRule = outer
        guard sdk != .generic else { return }
        for index in findings.indices.dropFirst(start) { findings[index].sdk = sdk.rawValue }
    }

    /// `finding` tagged with the SDK whose rule made it, when `isTheSDKs` (a part of an app-wide
    /// check that says what this SDK needs).
    func madeBySDK(_ finding: DoctorFinding, _ isTheSDKs: Bool = true) -> DoctorFinding {
        guard isTheSDKs, sdk != .generic else { return finding }
        var tagged = finding
        tagged.sdk = sdk.rawValue
        return tagged
    }

    /// Lists a check that did not run, once, with why; a needed one makes the report incomplete.
    mutating func skip(_ check: String, _ reason: String, needed: Bool = true) {
        let entry = DoctorSkippedCheck(check, reason: reason, needed: needed)
        if !skipped.contains(entry) { skipped.append(entry) }
    }

    /// For a target whose Info.plist Xcode generates: where a key that no build setting can
    /// produce goes.
    func generatedOnlyNote(_ key: String) -> String {
        generatedOnly
            ? "; the target's Info.plist is generated from build settings, which cannot hold \(key): add an Info.plist file with it and set INFOPLIST_FILE (Xcode merges the file into the generated Info.plist)"
            : ""
    }

    static func wrongType(_ key: String, expected: String) -> DoctorFinding {
        DoctorFinding(.plistWrongType, "\(key) should be \(expected)", fix: "fix the type of \(key) in the plist").at(key)
    }
}

extension DoctorFinding {
    /// The finding at a key of the Info.plist (or, for an entitlements check, of that file).
    func at(_ keyPath: String) -> DoctorFinding {
        var finding = self
        finding.location = DoctorLocation(.infoPlist, keyPath: keyPath)
        return finding
    }
}
