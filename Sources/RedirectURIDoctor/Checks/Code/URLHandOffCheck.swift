/// A problem with how the URL that opens the app reaches its SDK.
struct URLHandOffIssue: Sendable, Hashable {
    /// What is wrong.
    enum Kind: String, Sendable, Hashable {
        /// No code of the target passes the URL to the SDK's handler.
        case notForwarded = "url-handoff-missing"
        /// Likewise for an SDK that needs the URL only in some cases (Google Sign-In's managed
        /// devices).
        case notForwardedForSomeUsers = "url-handoff-recommended"
        /// The handler is called only from a method iOS does not call in this life cycle
        /// (`application(_:open:options:)` in an app with scenes or a SwiftUI `App`).
        case entryPointNotCalled = "url-handoff-not-called"
        /// The handler runs only when `sourceApplication` is a given app or present; iOS reports
        /// no source application for another vendor's app from iOS 13.
        case sourceApplicationGuard = "url-handoff-source-application"
    }

    var kind: Kind
    var sdk: SDKFlavour
    var location: SourceLocation?
    var message: String
    var fix: String
}

/// Checks that the URL reaches each SDK that needs it (``URLHandOffRule``), in the entry point
/// the app's life cycle uses.
enum URLHandOffCheck {
    /// The issues for `sdks`; none for an SDK that does not need the hand-off, and none at all
    /// when the code shows no life cycle (no app delegate, scene delegate or SwiftUI `App`).
    static func issues(
        _ reading: URLHandOffReading, facts: [CodeFact], sdks: [SDKFlavour], infoPlistDeclaresScenes: Bool
    ) -> [URLHandOffIssue] {
        guard let lifeCycle = reading.lifeCycle(infoPlistDeclaresScenes: infoPlistDeclaresScenes) else { return [] }
        var expected = URLHandOffReading.entryPoints(of: lifeCycle)
        if lifeCycle != .appDelegate, reading.forwardsToAppDelegate != nil {
            expected.formUnion(URLHandOffReading.entryPoints(of: .appDelegate))
        }
        let entryName = lifeCycle == .swiftUI ? ".onOpenURL" : lifeCycle == .scenes ? "scene(_:openURLContexts:)" : "application(_:open:options:)"
        let lifeCycleLocation =
            lifeCycle == .swiftUI ? reading.swiftUIApp : lifeCycle == .scenes ? reading.sceneDelegate ?? reading.appDelegate : reading.appDelegate
        var issues: [URLHandOffIssue] = []
        for sdk in sdks {
            guard let reason = URLHandOffRule.need(of: sdk, facts: facts, mentioned: reading.mentioned, lifeCycle: lifeCycle),
                let rule = URLHandOffRule.rules.first(where: { $0.sdk == sdk })
            else { continue }
            let forwards = reading.forwards.filter { $0.sdk == sdk }
            let entry = reading.entryPoints.first { expected.contains($0.kind) }
            if forwards.isEmpty {
                let place =
                    entry.map { "\($0.kind.rawValue) (\($0.location)) does not call it" }
                    ?? "the app has no \(entryName)\(lifeCycleLocation.map { " (its \(lifeCycle.rawValue) life cycle: \($0))" } ?? "")"
                issues.append(
                    URLHandOffIssue(
                        kind: URLHandOffRule.isRequired(for: sdk) ? .notForwarded : .notForwardedForSomeUsers, sdk: sdk,
                        location: entry?.location ?? lifeCycleLocation,
                        message: "\(reason); no code of the target calls \(rule.spelling), and \(place)",
                        fix: fix(rule, lifeCycle: lifeCycle)))
                continue
            }
            // A call outside every entry point is in a helper they may call: not judged.
            let inEntryPoints = forwards.filter { $0.entryPoint != nil }
            if inEntryPoints.count == forwards.count, !inEntryPoints.contains(where: { $0.entryPoint.map(expected.contains) == true }),
                let first = inEntryPoints.first, let kind = first.entryPoint
            {
                issues.append(
                    URLHandOffIssue(
                        kind: .entryPointNotCalled, sdk: sdk, location: first.location,
                        message:
                            "\(rule.spelling) is called only in \(kind.rawValue) (\(first.location)), which iOS does not call in an app with the \(lifeCycle.rawValue) life cycle (\(lifeCycleLocation?.description ?? "read from the Info.plist")): \(reason)",
                        fix: fix(rule, lifeCycle: lifeCycle)))
            }
            for forward in forwards {
                guard let guardLocation = forward.sourceApplicationGuard, forward.entryPoint.map(expected.contains) == true else { continue }
                issues.append(
                    URLHandOffIssue(
                        kind: .sourceApplicationGuard, sdk: sdk, location: guardLocation,
                        message:
                            "the call to \(rule.spelling) at \(forward.location) runs only when the source application is reported, and iOS reports none for another vendor's app (a broker's included) from iOS 13",
                        fix: "call \(rule.spelling) for every URL, without a condition on the source application (pass it on as it is, nil included)")
                )
            }
        }
        return issues
    }

    private static func fix(_ rule: URLHandOffRule, lifeCycle: URLHandOffReading.LifeCycle) -> String {
        switch lifeCycle {
        case .swiftUI:
            return "pass the URL on in the App's scene: `.onOpenURL { url in \(rule.spelling) }`"
        case .scenes:
            return
                "in the scene delegate, implement scene(_:openURLContexts:) and call \(rule.spelling) with each context's URL (and with connectionOptions.urlContexts in scene(_:willConnectTo:options:), for a URL that launches the app)"
        case .appDelegate:
            return "in the app delegate, implement application(_:open:options:) and call \(rule.spelling) there"
        }
    }
}

extension AppCodeReading {
    /// The issues of the URL hand-off for the app's SDKs (see ``URLHandOffCheck``).
    func handOffIssues(sdks: [SDKFlavour], infoPlistDeclaresScenes: Bool) -> [URLHandOffIssue] {
        URLHandOffCheck.issues(handOff, facts: facts, sdks: sdks, infoPlistDeclaresScenes: infoPlistDeclaresScenes)
    }
}
