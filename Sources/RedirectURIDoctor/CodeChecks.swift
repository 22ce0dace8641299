import Foundation
import RedirectURIKit

/// What the target's Swift and Objective-C code adds to the checks (see ``AppCodeReading``):
/// a redirect URI configured in code is the one checked against what the Info.plist registers,
/// a keychain group set in code replaces the SDK's default, an Azure AD B2C or CIAM authority
/// turns the broker's requirements off, and the URL that opens the app must reach the SDKs that
/// need it. Everything read from code is said as such, with its file and line.
struct CodeChecks {
    var reading: AppCodeReading
    /// Each file's path on disk by the name the findings show it under.
    var paths: [String: String]

    /// Reads a target's code; `nil` when the project lists none that could be read (a project
    /// whose sources are not on this disk is checked as before).
    static func read(_ project: XcodeProject, target: XcodeProject.Target) -> CodeChecks? {
        let files = project.sourceFiles(of: target)
        guard !files.isEmpty else { return nil }
        var paths: [String: String] = [:]
        let reading = AppCodeReading.read(files) { url in
            let shown = XCConfigFile.display(url, relativeTo: project.sourceRoot)
            paths[shown] = url.path
            return shown
        }
        guard !reading.files.isEmpty else { return nil }
        return CodeChecks(reading: reading, paths: paths)
    }

    func location(_ source: SourceLocation) -> DoctorLocation {
        DoctorLocation(.sourceCode, path: paths[source.file] ?? source.file, line: source.line)
    }

    /// How a fact is cited: `'value' (MSALPublicClientApplicationConfig, App/Auth.swift:15)`.
    static func cite(_ fact: CodeFact, value: String? = nil) -> String {
        var text = "\(value.map { "'\($0)'" } ?? fact.value.summary) (\(fact.source), \(fact.location)"
        if let definedAt = fact.definedAt { text += ", declared at \(definedAt)" }
        if fact.isConditional { text += ", inside #if" }
        return text + ")"
    }
}

extension DoctorChecks {
    /// The value the code gives for one kind of fact of the SDK, when it gives exactly one that
    /// can be read (a value read from the Info.plist at run time is looked up there); a value
    /// computed at run time is one `code-value-computed` finding, and then `nil`.
    mutating func codeValue(
        _ code: CodeChecks, _ kind: CodeFact.Kind, what: String, info: [String: Any]?, used: inout [String]
    ) -> String? {
        let facts = code.reading.facts(sdk, kind)
        var values: [(String, CodeFact)] = []
        var computed: CodeFact?
        for fact in facts {
            switch fact.value {
            case .literal(let text) where !text.contains("$("):
                values.append((text, fact))
            case .bundleIDTemplate(let template):
                let expansion = expander.expand(template)
                if expansion.isComplete { values.append((expansion.value, fact)) } else { computed = computed ?? fact }
            case .infoPlistKey(let key):
                if let text = info?[key] as? String {
                    let expansion = expander.expand(text)
                    if expansion.isComplete { values.append((expansion.value, fact)) } else { computed = computed ?? fact }
                } else {
                    computed = computed ?? fact
                }
            case .absent:
                continue  // nil: the SDK's default, which the checks derive
            case .literal, .computed:
                computed = computed ?? fact
            }
        }
        let distinct = Set(values.map(\.0))
        if distinct.count == 1, let (value, fact) = values.first {
            used.append("\(what) \(CodeChecks.cite(fact, value: value))")
            return value
        }
        if distinct.count > 1 {
            used.append("\(distinct.count) different \(what)s (\(values.map { CodeChecks.cite($0.1, value: $0.0) }.joined(separator: "; ")))")
            return nil
        }
        if let computed {
            var finding = DoctorFinding(
                .codeValueComputed,
                "the \(what) the code passes to \(sdk.displayName) at \(computed.location) (\(computed.source)) is \(computed.value.summary): the checks use \(kind == .redirectURI ? "the redirect URI the SDK derives" : "the SDK's default")",
                fix: "pass the \(what) the app uses with \(kind == .redirectURI ? "--redirect-uri" : "--keychain-group") to check it")
            finding.location = code.location(computed.location)
            findings.append(finding)
        }
        return nil
    }

    /// The authority that rules the broker out, when every authority the code says something
    /// about is Azure AD B2C or CIAM.
    func brokerExclusion(_ code: CodeChecks) -> CodeFact? {
        guard sdk == .msal || sdk == .adal else { return nil }
        let authorities = code.reading.facts(sdk, .authority).filter { $0.value.text != nil || $0.wrapper != nil }
        guard !authorities.isEmpty, authorities.allSatisfy(\.excludesBroker) else { return nil }
        return authorities.first
    }

    /// Runs the checks with what the code says for the SDK being checked (nothing for the
    /// SDK-neutral pass): its redirect URI and keychain group when none was given, an authority
    /// that rules the broker out; then the URL hand-off and what was read.
    mutating func run(
        _ code: CodeChecks, info: [String: Any]?, generatedKeys: Set<String>, entitlements: [Entitlements], redirectURI: String?,
        keychainGroup: String?, scenesGenerated: Bool
    ) {
        var fromCode: [String] = []
        var checkedRedirect = redirectURI
        var checkedKeychainGroup = keychainGroup
        if sdk != .generic {
            if redirectURI == nil {
                checkedRedirect = codeValue(code, .redirectURI, what: "redirect URI", info: info, used: &fromCode)
            }
            if keychainGroup == nil, sdk.isMicrosoft {
                checkedKeychainGroup = codeValue(code, .keychainGroup, what: "keychain group", info: info, used: &fromCode)
            }
            if let authority = brokerExclusion(code) {
                codeBrokerExclusion =
                    "the authority in the app's code is \(authority.wrapper ?? "an Azure AD B2C or CIAM authority") \(CodeChecks.cite(authority)), where no broker is used"
                fromCode.append("authority \(CodeChecks.cite(authority)): Azure AD B2C or CIAM, so no broker")
            }
        }
        run(info: info, generatedKeys: generatedKeys, entitlements: entitlements, redirectURI: checkedRedirect, keychainGroup: checkedKeychainGroup)
        codeFindings(code, info: info, scenesGenerated: scenesGenerated, isIOS: platform == .iOS, used: fromCode)
    }

    /// The URL hand-off findings, and the one `code-read` finding that says what was read.
    mutating func codeFindings(_ code: CodeChecks, info: [String: Any]?, scenesGenerated: Bool, isIOS: Bool, used: [String]) {
        var used = used
        let scenes = info?["UIApplicationSceneManifest"] != nil || scenesGenerated
        if isIOS {
            for issue in code.reading.handOffIssues(sdks: [sdk], infoPlistDeclaresScenes: scenes) {
                let findingCode: FindingCode
                switch issue.kind {
                case .notForwarded: findingCode = .urlHandoffMissing
                case .notForwardedForSomeUsers: findingCode = .urlHandoffRecommended
                case .entryPointNotCalled: findingCode = .urlHandoffNotCalled
                case .sourceApplicationGuard: findingCode = .urlHandoffSourceApplication
                }
                var finding = DoctorFinding(findingCode, "read from the app's code: " + issue.message, fix: issue.fix)
                if let location = issue.location { finding.location = code.location(location) }
                findings.append(finding)
            }
            if URLHandOffRule.need(of: sdk, facts: code.reading.facts) != nil,
                let lifeCycle = code.reading.handOff.lifeCycle(infoPlistDeclaresScenes: scenes)
            {
                used.append("the \(lifeCycle.rawValue) life cycle, for the URL hand-off")
            }
        }
        guard !used.isEmpty else { return }
        let unreadable = code.reading.unreadable.isEmpty ? "" : " (\(code.reading.unreadable.count) listed could not be read)"
        var finding = DoctorFinding(
            .codeRead,
            "read \(code.reading.files.count) Swift and Objective-C files of the target\(unreadable); from the code: " + used.joined(separator: "; "),
            fix: "pass --redirect-uri or --keychain-group to check other values than the code's")
        if let first = code.reading.facts.first(where: { $0.sdk == sdk }) { finding.location = code.location(first.location) }
        findings.append(finding)
    }
}
