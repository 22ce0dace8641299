import Foundation
import RedirectURIKit

extension DoctorChecks {
    /// The value the code gives for one kind of fact of the SDK, when it gives exactly one that
    /// can be read (a value read from the Info.plist at run time is looked up there); a value
    /// computed at run time is one `code-value-computed` finding, and then `nil`.
    mutating func codeValue(
        _ code: CodeChecks, _ kind: CodeFact.Kind, what: String, info: [String: Any]?, used: inout [String]
    ) -> String? {
        codeFact(code, kind, what: what, info: info, used: &used)?.value
    }

    /// ``codeValue(_:_:what:info:used:)`` with the fact it was read from.
    mutating func codeFact(
        _ code: CodeChecks, _ kind: CodeFact.Kind, what: String, info: [String: Any]?, used: inout [String]
    ) -> (value: String, fact: CodeFact)? {
        let facts = code.reading.facts(sdk, kind)
        var values: [(String, CodeFact)] = []
        var computed: CodeFact?
        var withheld: (text: String, fact: CodeFact)?
        for fact in facts {
            switch fact.value {
            case .literal(let text) where text.isEmpty || Placeholder.isPlaceholder(text):
                withheld = withheld ?? (text, fact)
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
            return (value, fact)
        }
        if distinct.count > 1 {
            used.append("\(distinct.count) different \(what)s (\(values.map { CodeChecks.cite($0.1, value: $0.0) }.joined(separator: "; ")))")
            return nil
        }
        if let withheld, computed == nil {
            codeWithheld(code, withheld.text, withheld.fact, what: what)
            return nil
        }
        if let computed {
            let fallback: String
            let fix: String
            switch kind {
            case .keychainGroup:
                fallback = "the SDK's default"
                fix = "pass the \(what) the app uses with --keychain-group to check it"
            case .redirectURI:
                fallback = "the redirect URI the SDK derives"
                fix = "pass the \(what) the app uses with --redirect-uri to check it"
            case .clientID where sdk == .googleSignIn:
                // Set in code, it replaces GIDClientID: no file stands in for it.
                fallback = "no other client ID, and only require a com.googleusercontent.apps. scheme"
                fix = "pass the redirect URI it makes (com.googleusercontent.apps.<id>:/oauth2callback) with --redirect-uri to check it"
            default:
                fallback = "the SDK's configuration files"
                fix = "pass the redirect URI it makes with --redirect-uri to check it"
            }
            var finding = DoctorFinding(
                .codeValueComputed,
                "the \(what) the code passes to \(sdk.displayName) at \(computed.location) (\(computed.source)) is \(computed.value.summary): the checks use \(fallback)",
                fix: fix)
            finding.location = code.location(computed.location)
            findings.append(finding)
        }
        return nil
    }

    /// A value the code leaves to fill in: a placeholder (`Enter_the_Redirect_URI_Here`) is named
    /// as one; an empty one is a value kept out of the repository (a public app's client ID),
    /// said once. Either way the checks that need it are not run, and are not needed (see
    /// ``DoctorChecks/codeValuesWithheld``), rather than fall back on another value or fail on
    /// this one.
    mutating func codeWithheld(_ code: CodeChecks, _ text: String, _ fact: CodeFact, what: String) {
        let cited = CodeChecks.cite(fact, value: text)
        var finding: DoctorFinding
        if text.isEmpty {
            finding = DoctorFinding(
                .codeValueEmpty,
                "the \(what) the code passes to \(sdk.displayName) is empty \(cited): a value kept out of the repository, to fill in before the app is built; the checks that need it did not run",
                fix: "fill in the \(what) where the app's build does, or pass the value (--redirect-uri) to check it")
            codeValuesWithheld[fact.kind] = "the \(what) in the app's code is empty \(cited)"
        } else {
            finding = DoctorFinding(
                .valuePlaceholder,
                "the \(what) the code passes to \(sdk.displayName) is \(cited), a placeholder the sample left to replace",
                fix: "replace it with the app's \(what) from its registration")
            codeValuesWithheld[fact.kind] = "the \(what) in the app's code is a placeholder \(cited)"
        }
        // Where to fill it in: the declaration, when the value was passed by name.
        finding.location = code.location(fact.definedAt ?? fact.location)
        findings.append(finding)
    }

    /// The authority that rules the broker out, when every authority the code says something
    /// about is Azure AD B2C or CIAM.
    func brokerExclusion(_ code: CodeChecks) -> CodeFact? {
        guard sdk == .msal || sdk == .adal else { return nil }
        let authorities = code.reading.facts(sdk, .authority).filter { $0.value.text != nil || $0.wrapper != nil }
        guard !authorities.isEmpty, authorities.allSatisfy(\.excludesBroker) else { return nil }
        return authorities.first
    }

    /// Runs the checks, with what the target's code says when it was read (``run(_:info:generatedKeys:entitlements:redirectURI:keychainGroup:scenesGenerated:)``),
    /// else with the configuration files alone.
    mutating func run(
        code: CodeChecks?, info: [String: Any]?, generatedKeys: Set<String>, entitlements: [Entitlements], redirectURI: String?,
        keychainGroup: String?, scenesGenerated: Bool
    ) {
        guard let code else {
            run(info: info, generatedKeys: generatedKeys, entitlements: entitlements, redirectURI: redirectURI, keychainGroup: keychainGroup)
            return
        }
        run(
            code, info: info, generatedKeys: generatedKeys, entitlements: entitlements, redirectURI: redirectURI, keychainGroup: keychainGroup,
            scenesGenerated: scenesGenerated)
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
            sdkRule { checks in
                checks.readCodeValues(
                    code, info: info, redirectURI: redirectURI, keychainGroup: keychainGroup, fromCode: &fromCode, checkedRedirect: &checkedRedirect,
                    checkedKeychainGroup: &checkedKeychainGroup)
            }
        }
        run(info: info, generatedKeys: generatedKeys, entitlements: entitlements, redirectURI: checkedRedirect, keychainGroup: checkedKeychainGroup)
        sdkRule { $0.codeFindings(code, info: info, scenesGenerated: scenesGenerated, isIOS: $0.platform == .iOS, used: fromCode) }
    }

    /// The values the code gives the SDK being checked, where none was given: its redirect URI and
    /// keychain group, what it derives them from, its browser, and an authority that rules the
    /// broker out.
    private mutating func readCodeValues(
        _ code: CodeChecks, info: [String: Any]?, redirectURI: String?, keychainGroup: String?, fromCode: inout [String],
        checkedRedirect: inout String?, checkedKeychainGroup: inout String?
    ) {
        if redirectURI == nil {
            checkedRedirect = codeValue(code, .redirectURI, what: "redirect URI", info: info, used: &fromCode)
        }
        if keychainGroup == nil, sdk.isMicrosoft {
            checkedKeychainGroup = codeValue(code, .keychainGroup, what: "keychain group", info: info, used: &fromCode)
        }
        if redirectURI == nil, checkedRedirect == nil {
            derivationInputs(code, info: info, used: &fromCode)
        }
        userAgentFromCode(code)
        if let authority = brokerExclusion(code) {
            codeBrokerExclusion =
                "the authority in the app's code is \(authority.wrapper ?? "an Azure AD B2C or CIAM authority") \(CodeChecks.cite(authority)), where no broker is used"
            fromCode.append("authority \(CodeChecks.cite(authority)): Azure AD B2C or CIAM, so no broker")
        } else if sdk == .msal, let native = code.reading.handOff.nativeAuthClient,
            !code.reading.handOff.mentioned.contains(URLHandOffRule.msalClient)
        {
            // Native authentication signs in against a CIAM tenant through MSAL's own API
            // calls; the broker serves only MSALPublicClientApplication's workforce sign-in.
            codeBrokerExclusion =
                "the app's code signs in with MSAL's native authentication (MSALNativeAuthPublicClientApplication, \(native)), which never uses the broker"
            fromCode.append("MSALNativeAuthPublicClientApplication (\(native)): native authentication, so no broker")
        }
    }

    /// What the SDK derives its redirect URI from, when the code sets it: Google Sign-In's
    /// client ID (`GIDConfiguration(clientID:)` replaces `GIDClientID`: GIDSignIn reads the
    /// Info.plist only for a configuration the app does not set), Auth0's domain and
    /// `useHTTPS()`.
    mutating func derivationInputs(_ code: CodeChecks, info: [String: Any]?, used: inout [String]) {
        switch sdk {
        case .googleSignIn:
            guard let (value, fact) = codeFact(code, .clientID, what: "client ID", info: info, used: &used) else {
                // Set in code but not read: GIDSignIn then reads no GIDClientID (the
                // configuration set in code replaces it), so no file stands in for it.
                if let set = code.reading.facts(.googleSignIn, .clientID).first, codeValuesWithheld[.clientID] == nil {
                    codeValuesWithheld[.clientID] =
                        "the client ID the app's code passes to Google Sign-In (\(set.source), \(set.location)) is not read, and it replaces GIDClientID"
                }
                return
            }
            codeGoogleClientID = (value, "\(fact.source) in \(fact.location)")
            redirectSchemeWhy = "the redirect URI's scheme (the reversed client ID of \(fact.source) in \(fact.location))"
            if let written = info?["GIDClientID"] as? String, written != value {
                used.append("GIDClientID of the Info.plist ('\(written)') is not used: the configuration set in code replaces it")
            }
        case .auth0:
            if let (value, fact) = codeFact(code, .authority, what: "Auth0 domain", info: info, used: &used) {
                codeAuth0.domain = (value, "\(fact.source) in \(fact.location)")
            }
            if let https = code.reading.facts(.auth0, .httpsCallback).first {
                codeAuth0.https = "useHTTPS() in \(https.location)\(https.isConditional ? ", inside #if" : "")"
                used.append("the https callback (useHTTPS(), \(https.location))")
            }
        default:
            break
        }
    }

    /// A browser chosen in code that leaves the callback to iOS, which then needs the scheme
    /// registered; with Auth0, also at odds with `useHTTPS()`.
    mutating func userAgentFromCode(_ code: CodeChecks) {
        let chosen = code.reading.facts(sdk, .userAgent).first { fact in
            sdk == .auth0 ? fact.value == .literal("safariProvider") : sdk == .appAuth
        }
        guard let chosen else { return }
        let name = sdk == .auth0 ? "WebAuthentication.safariProvider()" : chosen.source
        codeUserAgentNeedingScheme = "\(name) (\(chosen.location))"
        guard sdk == .auth0, let https = code.reading.facts(.auth0, .httpsCallback).first else { return }
        var finding = DoctorFinding(
            .sdkConfigurationInvalid,
            "the app's code calls useHTTPS() (\(https.location)) and signs in with WebAuthentication.safariProvider() (\(chosen.location)): SFSafariViewController does not support universal links as callback URLs, so the https callback never reaches the app",
            fix:
                "remove useHTTPS() to use the custom-scheme callback with SFSafariViewController, or remove .provider(WebAuthentication.safariProvider()) to keep the https callback"
        )
        finding.location = code.location(https.location)
        findings.append(finding)
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
            if let lifeCycle = code.reading.handOff.lifeCycle(infoPlistDeclaresScenes: scenes),
                URLHandOffRule.need(of: sdk, facts: code.reading.facts, mentioned: code.reading.handOff.mentioned, lifeCycle: lifeCycle) != nil
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
        if let first = code.reading.facts.first(where: { $0.sdk == sdk }) {
            finding.location = code.location(first.location)
        } else if sdk == .msal, let native = code.reading.handOff.nativeAuthClient {
            finding.location = code.location(native)
        }
        findings.append(finding)
    }
}
