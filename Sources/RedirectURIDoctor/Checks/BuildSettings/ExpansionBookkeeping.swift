import Foundation
import RedirectURIKit

/// What stood in the way of the values the checks read: each setting once, with every place it
/// appears in, each cycle, operator, unterminated reference and stopped expansion once, with the
/// first place, and the settings the values used. ``DoctorChecks`` turns it into findings at the
/// end, so that a setting is one finding however many values it appears in.
struct ExpansionObstacles {
    /// Why a setting is reported, with the places it appears in.
    enum VariableKind: Hashable {
        case unresolved, unset, signing
    }

    private(set) var variables: [(kind: VariableKind, name: String, locations: [String])] = []
    private(set) var cycles: [(cycle: [String], location: String)] = []
    private(set) var unsupportedOperators: [(name: String, location: String)] = []
    private(set) var unterminated: [(text: String, location: String)] = []
    private(set) var limits: [(reason: String, location: String)] = []
    private(set) var used: [String] = []

    /// Remembers what stood in the way of `expansion`, which was for the value at `location`.
    mutating func record(_ expansion: Expansion, at location: String) {
        for name in expansion.unresolved { note(.unresolved, name, location) }
        for name in expansion.unset { note(.unset, name, location) }
        for name in expansion.signing { note(.signing, name, location) }
        for cycle in expansion.cycles where !cycles.contains(where: { $0.cycle == cycle }) { cycles.append((cycle, location)) }
        for name in expansion.unsupportedOperators where !unsupportedOperators.contains(where: { $0.name == name }) {
            unsupportedOperators.append((name, location))
        }
        for text in expansion.unterminated where !unterminated.contains(where: { $0.text == text }) { unterminated.append((text, location)) }
        if let limit = expansion.limit, !limits.contains(where: { $0.reason == limit }) { limits.append((limit, location)) }
        for name in expansion.used where !used.contains(name) { used.append(name) }
    }

    private mutating func note(_ kind: VariableKind, _ name: String, _ location: String) {
        if let index = variables.firstIndex(where: { $0.kind == kind && $0.name == name }) {
            if !variables[index].locations.contains(location) { variables[index].locations.append(location) }
        } else {
            variables.append((kind, name, [location]))
        }
    }
}

extension DoctorChecks {
    /// Expands a value a check reads, remembering what stood in the way.
    mutating func expand(_ text: String, at location: String, with other: BuildSettingExpander? = nil) -> Expansion {
        let expansion = (other ?? expander).expand(text)
        record(expansion, at: location)
        return expansion
    }

    /// Remembers what stood in the way of `expansion`, which was for the value at `location`.
    mutating func record(_ expansion: Expansion, at location: String) {
        obstacles.record(expansion, at: location)
        if inSDKRule { sdkRuleLocations.insert(location) }
    }

    /// Why a value is not final, as a clause: "CFBundleIdentifier is $(PRODUCT_BUNDLE_IDENTIFIER)
    /// and no value was given".
    func reason(_ what: String, _ expansion: Expansion) -> String {
        let value = expansion.value
        if !expansion.unresolved.isEmpty {
            let isJustThat = expansion.unresolved.count == 1 && (value == "$(\(expansion.unresolved[0]))" || value == "${\(expansion.unresolved[0])}")
            return "\(what) is \(value) and no value was given" + (isJustThat ? "" : " for \(expansion.unresolved.joined(separator: ", "))")
        }
        if let limit = expansion.limit { return "\(what) could not be expanded: \(limit)" }
        if !expansion.unterminated.isEmpty { return "\(what) is \(value), which has a reference with no closing delimiter" }
        if !expansion.unsupportedOperators.isEmpty {
            return
                "\(what) is \(value), which uses the operator \(expansion.unsupportedOperators.joined(separator: ", ")) that the doctor does not evaluate"
        }
        return "\(what) is \(value), which code signing completes (\(expansion.signing.map { "$(\($0))" }.joined(separator: ", ")))"
    }

    private static func listed(_ locations: [String]) -> String {
        switch locations.count {
        case 0: return ""
        case 1: return locations[0]
        default: return locations.dropLast().joined(separator: ", ") + " and " + (locations.last ?? "")
        }
    }

    /// One finding per setting that stood in the way, and the notes about settings.
    /// A setting that stood in the way only of values the SDK's rules read is the SDK's finding.
    func variableFindings() -> [DoctorFinding] {
        var result: [DoctorFinding] = []
        var sdkOnly: [Bool] = []  // per finding: every place it names was read by the SDK's rules
        let onlyBySDK = { (locations: [String]) in !locations.isEmpty && locations.allSatisfy(sdkRuleLocations.contains) }
        for (kind, name, locations) in obstacles.variables {
            sdkOnly.append(onlyBySDK(locations))
            let places = Self.listed(locations)
            let start = result.count
            defer {
                if let first = locations.first, start < result.count {
                    // A value in the entitlements names its file in the location, not here: the
                    // finding points at the entitlements the caller passed, or at no file.
                    if first.hasPrefix("keychain-access-groups") {
                        let file = first.components(separatedBy: " of ").last.flatMap { entitlementsPaths[$0] }
                        result[start].location = DoctorLocation(.entitlements, path: file, keyPath: first)
                    } else {
                        result[start].location = DoctorLocation(.infoPlist, keyPath: first)
                    }
                }
            }
            switch kind {
            case .unresolved:
                result.append(
                    DoctorFinding(
                        .unexpandedVariable,
                        "$(\(name)) is not expanded (in \(places)): \(unresolvedExplanation), so the checks that need it were skipped",
                        fix: projectDescription != nil
                            ? "make the base .xcconfig files readable, or pass --build-setting \(name)=<value>"
                            : name == "PRODUCT_BUNDLE_IDENTIFIER"
                                ? "pass --project <App.xcodeproj> to read it from the project, or --bundle-id <bundle.id>"
                                : "pass --project <App.xcodeproj> to read it from the project, or --build-setting \(name)=<value>"))
            case .unset:
                result.append(
                    DoctorFinding(
                        .buildSettingUnset,
                        "\(name) is not set for \(projectDescription ?? "the target") at any level (target, project, .xcconfig files); Xcode substitutes an empty string (in \(places))"
                            + (generatedFilesMissing.isEmpty
                                ? ""
                                : "; \(generatedFilesMissing.joined(separator: ", ")) could not be read, but what that tool writes never sets it"),
                        fix:
                            "set \(name) in the target's build settings or its .xcconfig file; if Xcode itself provides it, pass --build-setting \(name)=<value>"
                    ))
            case .signing:
                result.append(
                    DoctorFinding(
                        .signingVariable,
                        "$(\(name)) (in \(places)) is filled in when the app is signed, from its provisioning profile",
                        fix: "nothing to do: the checks compare what follows it"))
            }
        }
        for (cycle, location) in obstacles.cycles {
            sdkOnly.append(onlyBySDK([location]))
            result.append(
                DoctorFinding(
                    .buildSettingCycle,
                    "\(cycle.joined(separator: " → ")): these settings refer to each other in a loop, which Xcode evaluates to an empty string (in \(location))",
                    fix: "give one of them a value that does not refer back"))
        }
        for (name, location) in obstacles.unsupportedOperators {
            sdkOnly.append(onlyBySDK([location]))
            result.append(
                DoctorFinding(
                    .buildSettingOperatorUnsupported,
                    "the operator ':\(name)' (in \(location)) is not one the doctor evaluates (lower, upper, identifier, rfc1034identifier, c99extidentifier, default=)",
                    fix: "pass the expanded value with --build-setting NAME=VALUE, or check the built app's Info.plist"))
        }
        for (text, location) in obstacles.unterminated {
            sdkOnly.append(onlyBySDK([location]))
            result.append(
                DoctorFinding(
                    .buildSettingUnterminated,
                    "'\(text)' (in \(location)) has no closing delimiter; Xcode reports an error for it",
                    fix: "close the reference: $(NAME)"))
        }
        for (reason, location) in obstacles.limits {
            sdkOnly.append(onlyBySDK([location]))
            result.append(
                DoctorFinding(
                    .buildSettingExpansionLimit,
                    "expanding \(location) stopped: \(reason)",
                    fix: "simplify the settings, or pass the expanded value with --build-setting NAME=VALUE"))
        }
        for name in obstacles.used {
            guard let variants = expander.settings.conditionalVariants[name], !variants.isEmpty else { continue }
            result.append(
                DoctorFinding(
                    .buildSettingConditional,
                    "\(name) also has conditional values, which the doctor does not evaluate: \(variants.joined(separator: ", ")); the unconditional value was used",
                    fix: "pass --build-setting \(name)=<value> to check with a conditional value"))
        }
        for (name, given) in givenSettings.sorted(by: { $0.key < $1.key }) where !obstacles.used.contains(name) {
            result.append(
                DoctorFinding(
                    .buildSettingUnused,
                    "\(given) was not used: no checked value refers to \(name)",
                    fix: "check the setting's name; values the files write out in full need no setting"))
        }
        for (index, isTheSDKs) in sdkOnly.enumerated() where isTheSDKs && index < result.count {
            result[index] = madeBySDK(result[index])
        }
        return result
    }
}
