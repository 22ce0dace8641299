import Foundation

/// One thing an app's code says about its sign-in configuration, with where it says it.
struct CodeFact: Sendable, Hashable {
    /// What the fact is about.
    enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The redirect URI (MSAL's `redirectUri`, AppAuth's `redirectURL`, ADAL's `redirectUri`,
        /// Auth0's `redirectURL(_:)`, Okta's `redirectUri`).
        case redirectURI = "redirect-uri"
        /// The keychain group the SDK's cache is shared through (MSAL's
        /// `MSALCacheConfig.keychainSharingGroup`, ADAL's `defaultKeychainGroup`).
        case keychainGroup = "keychain-group"
        /// Where sign-in happens: MSAL's and ADAL's authority, Auth0's domain, Okta's issuer.
        case authority
        /// The app's client ID.
        case clientID = "client-id"
        /// Auth0's `useHTTPS()`: the callback is a universal link.
        case httpsCallback = "https-callback"
        /// Who shows the sign-in page: Auth0's `.provider(…)`, AppAuth's external user agent,
        /// ADAL's `credentialsType` (`AD_CREDENTIALS_AUTO`: the broker may).
        case userAgent = "user-agent"
    }

    var sdk: SDKFlavour
    var kind: Kind
    var value: CodeValue
    var location: SourceLocation
    /// What it was read from, in the SDK's own spelling (`MSALPublicClientApplicationConfig(redirectUri:)`).
    var source: String
    /// The declaration the value was read through, when it was passed by name.
    var definedAt: SourceLocation?
    /// The type the value was wrapped in (`MSALB2CAuthority`), when that says something.
    var wrapper: String?
    /// Read inside an `#if` block, which may not be compiled.
    var isConditional = false

    /// Whether an authority rules out the Microsoft broker: Azure AD B2C (`MSALB2CAuthority`,
    /// `*.b2clogin.com`) and Microsoft Entra External ID (`MSALCIAMAuthority`,
    /// `*.ciamlogin.com`). MSAL's documentation: brokered authentication is for Microsoft Entra
    /// ID (workforce) accounts; B2C and CIAM authorities sign in through the web view.
    var excludesBroker: Bool {
        guard kind == .authority, sdk == .msal || sdk == .adal else { return false }
        if wrapper == "MSALB2CAuthority" || wrapper == "MSALCIAMAuthority" { return true }
        guard let host = value.text.flatMap(Self.host(of:)) else { return false }
        return host.hasSuffix("b2clogin.com") || host.hasSuffix("ciamlogin.com")
    }

    /// The lower-cased host of an `https://host/…` text, without Foundation.
    static func host(of text: String) -> String? {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let rest = text[schemeEnd.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" && $0 != "#" }
        return host.isEmpty ? nil : host.lowercased()
    }
}

/// How each SDK's configuration is written in code: the calls and properties the fact reader
/// recognises, one table for every SDK. The spellings are the SDKs' public API:
/// - MSAL (AzureAD/microsoft-authentication-library-for-objc, `MSALPublicClientApplicationConfig.h`,
///   `MSALCacheConfig.h`, `MSALB2CAuthority.h`, `MSALCIAMAuthority.h`):
///   `MSALPublicClientApplicationConfig(clientId:redirectUri:authority:)`,
///   `-initWithClientId:redirectUri:authority:`, `cacheConfig.keychainSharingGroup`,
///   `MSALB2CAuthority(url:)`, `MSALAADAuthority(url:)`, `MSALCIAMAuthority(url:)`.
/// - ADAL (azure-activedirectory-library-for-objc, `ADAuthenticationContext.h`,
///   `ADAuthenticationSettings.h`; `ADAL…` from ADAL 4): `acquireTokenWithResource:clientId:redirectUri:…`,
///   `authenticationContextWithAuthority:error:`, `defaultKeychainGroup`, and
///   `credentialsType = AD_CREDENTIALS_AUTO`, which lets it use the broker.
/// - AppAuth (openid/AppAuth-iOS, `OIDAuthorizationRequest.h`):
///   `initWithConfiguration:clientId:clientSecret:scopes:redirectURL:responseType:additionalParameters:`;
///   `OIDExternalUserAgentIOSCustomBrowser` opens Safari or another browser.
/// - Google Sign-In (google/GoogleSignIn-iOS, `GIDConfiguration.h`): `GIDConfiguration(clientID:)`,
///   `-initWithClientID:`; before version 6, `GIDSignIn.sharedInstance().clientID = …`.
/// - Auth0 (auth0/Auth0.swift, `WebAuth.swift`): `Auth0.webAuth(clientId:domain:)`, `useHTTPS()`,
///   `redirectURL(_:)`, `provider(WebAuthentication.safariProvider())`.
/// - Okta (okta/okta-mobile-swift, `BrowserSignin.swift`, `AuthorizationCodeFlow.swift`):
///   `BrowserSignin(issuerURL:clientId:scope:redirectUri:)` and the flows' same labels;
///   okta-oidc-ios's `OktaOidcConfig(with:)` dictionary (read by ``CodeFactReader``).
struct CodeFactRule: Sendable {
    var sdk: SDKFlavour
    /// Swift: the called name; Objective-C: the selector's first part.
    var names: Set<String>
    /// A name the receiver must contain (`GIDSignIn`), or the type of an Objective-C `alloc`;
    /// `nil` when the name is the SDK's own.
    var receiver: String?
    /// What each argument label (or selector part) carries.
    var arguments: [String: CodeFact.Kind]
    /// Labels the call must have, to tell it from another SDK's same name.
    var required: Set<String> = []
    /// How a finding names the call.
    var spelling: String

    static let calls: [CodeFactRule] = [
        CodeFactRule(
            sdk: .msal, names: ["MSALPublicClientApplicationConfig"], receiver: nil,
            arguments: ["clientId": .clientID, "redirectUri": .redirectURI, "authority": .authority],
            spelling: "MSALPublicClientApplicationConfig"),
        CodeFactRule(
            sdk: .msal, names: ["initWithClientId"], receiver: "MSALPublicClientApplicationConfig",
            arguments: ["initWithClientId": .clientID, "redirectUri": .redirectURI, "authority": .authority],
            spelling: "-[MSALPublicClientApplicationConfig initWithClientId:]"),
        CodeFactRule(
            sdk: .msal, names: ["MSALB2CAuthority", "MSALAADAuthority", "MSALCIAMAuthority", "MSALADFSAuthority"], receiver: nil,
            arguments: ["url": .authority], spelling: "MSAL authority"),
        CodeFactRule(
            sdk: .msal, names: ["initWithURL"], receiver: "MSAL", arguments: ["initWithURL": .authority], spelling: "MSAL authority"),
        CodeFactRule(
            sdk: .msal, names: ["setKeychainSharingGroup"], receiver: nil, arguments: ["setKeychainSharingGroup": .keychainGroup],
            spelling: "MSALCacheConfig.keychainSharingGroup"),
        CodeFactRule(
            sdk: .adal, names: ["acquireToken"], receiver: nil, arguments: ["clientId": .clientID, "redirectUri": .redirectURI],
            required: ["redirectUri"], spelling: "ADAuthenticationContext.acquireToken(redirectUri:)"),
        CodeFactRule(
            sdk: .adal, names: ["acquireTokenWithResource"], receiver: nil, arguments: ["clientId": .clientID, "redirectUri": .redirectURI],
            required: ["redirectUri"], spelling: "-[ADAuthenticationContext acquireTokenWithResource:clientId:redirectUri:]"),
        CodeFactRule(
            sdk: .adal, names: ["ADAuthenticationContext", "ADALAuthenticationContext"], receiver: nil, arguments: ["authority": .authority],
            spelling: "ADAuthenticationContext(authority:)"),
        CodeFactRule(
            sdk: .adal, names: ["authenticationContextWithAuthority", "initWithAuthority"], receiver: "AD",
            arguments: ["authenticationContextWithAuthority": .authority, "initWithAuthority": .authority],
            spelling: "+[ADAuthenticationContext authenticationContextWithAuthority:]"),
        CodeFactRule(
            sdk: .adal, names: ["setDefaultKeychainGroup"], receiver: nil, arguments: ["setDefaultKeychainGroup": .keychainGroup],
            spelling: "ADAuthenticationSettings.defaultKeychainGroup"),
        CodeFactRule(
            sdk: .appAuth, names: ["OIDAuthorizationRequest"], receiver: nil, arguments: ["clientId": .clientID, "redirectURL": .redirectURI],
            spelling: "OIDAuthorizationRequest(redirectURL:)"),
        CodeFactRule(
            sdk: .appAuth, names: ["initWithConfiguration"], receiver: "OIDAuthorizationRequest",
            arguments: ["clientId": .clientID, "redirectURL": .redirectURI],
            spelling: "-[OIDAuthorizationRequest initWithConfiguration:…redirectURL:]"),
        CodeFactRule(
            sdk: .googleSignIn, names: ["GIDConfiguration"], receiver: nil, arguments: ["clientID": .clientID],
            spelling: "GIDConfiguration(clientID:)"),
        CodeFactRule(
            sdk: .googleSignIn, names: ["initWithClientID"], receiver: "GIDConfiguration", arguments: ["initWithClientID": .clientID],
            spelling: "-[GIDConfiguration initWithClientID:]"),
        CodeFactRule(
            sdk: .auth0, names: ["webAuth"], receiver: "Auth0", arguments: ["clientId": .clientID, "domain": .authority],
            spelling: "Auth0.webAuth(clientId:domain:)"),
        CodeFactRule(
            sdk: .auth0, names: ["redirectURL"], receiver: "webAuth", arguments: ["": .redirectURI], spelling: "WebAuth.redirectURL(_:)"),
        CodeFactRule(
            sdk: .okta, names: ["BrowserSignin", "WebAuthentication", "AuthorizationCodeFlow", "InteractionCodeFlow"], receiver: nil,
            arguments: ["issuerURL": .authority, "issuer": .authority, "clientId": .clientID, "redirectUri": .redirectURI],
            required: ["clientId"], spelling: "Okta BrowserSignin(issuerURL:clientId:redirectUri:)"),
    ]

    /// Properties set by assignment: the property, a name its receiver must contain, the fact.
    static let properties: [(sdk: SDKFlavour, property: String, receiver: String?, kind: CodeFact.Kind, spelling: String)] = [
        (.msal, "keychainSharingGroup", nil, .keychainGroup, "MSALCacheConfig.keychainSharingGroup"),
        (.adal, "defaultKeychainGroup", nil, .keychainGroup, "ADAuthenticationSettings.defaultKeychainGroup"),
        (.googleSignIn, "clientID", "GIDSignIn", .clientID, "GIDSignIn.clientID"),
    ]
}

/// Reads the facts of ``CodeFactRule`` from a target's files.
struct CodeFactReader: Sendable {
    var values: CodeValueReader

    init(files: [SourceFile]) {
        values = CodeValueReader(files: files)
    }

    /// Every fact of `file`, in file order.
    func facts(in file: SourceFile) -> [CodeFact] {
        var facts: [CodeFact] = []
        for call in file.calls {
            facts += callFacts(call, in: file)
        }
        for assignment in file.assignments where assignment.property == "credentialsType" {
            facts += adalCredentialsType(assignment.value, in: file, source: "ADALAuthenticationContext.credentialsType")
        }
        for call in file.calls where call.name == "setCredentialsType" && call.arguments.count == 1 {
            facts += adalCredentialsType(call.arguments[0].tokens, in: file, source: "-[ADALAuthenticationContext setCredentialsType:]")
        }
        for assignment in file.assignments {
            for rule in CodeFactRule.properties where rule.property == assignment.property {
                if let receiver = rule.receiver, !assignment.receiver.contains(receiver) { continue }
                guard !assignment.receiver.isEmpty || file.language == .objectiveC else { continue }
                facts.append(fact(rule.sdk, rule.kind, assignment.value, in: file, line: assignment.line, source: rule.spelling))
            }
        }
        facts.sort { $0.location.line < $1.location.line }
        return facts
    }

    /// `credentialsType = AD_CREDENTIALS_AUTO`: ADAL may use the broker (see ``URLHandOffRule``).
    private func adalCredentialsType(_ range: Range<Int>, in file: SourceFile, source: String) -> [CodeFact] {
        guard let index = range.first(where: { file.tokens[$0].isIdentifier(URLHandOffRule.adalBrokerSetting) }) else { return [] }
        return [
            CodeFact(
                sdk: .adal, kind: .userAgent, value: .literal(URLHandOffRule.adalBrokerSetting), location: file.location(index), source: source,
                isConditional: file.tokens[index].isConditional)
        ]
    }

    private func callFacts(_ call: SourceCall, in file: SourceFile) -> [CodeFact] {
        var facts: [CodeFact] = []
        let tokens = file.tokens
        for rule in CodeFactRule.calls where rule.names.contains(call.name) {
            if let receiver = rule.receiver, !call.receiver.contains(where: { $0.hasPrefix(receiver) }) { continue }
            let labels = Set(call.arguments.compactMap(\.label))
            guard rule.required.isSubset(of: labels) else { continue }
            for argument in call.arguments {
                guard let kind = rule.arguments[argument.label ?? ""] else { continue }
                var found = fact(rule.sdk, kind, argument.tokens, in: file, line: call.line, source: rule.spelling)
                if kind == .authority {
                    if rule.names.contains("MSALB2CAuthority") || call.name == "initWithURL" {
                        found.wrapper = call.name == "initWithURL" ? call.receiver.first : call.name
                    } else if let wrapper = argument.tokens.prefix(CodeValueReader.maximumPatternLength).lazy.map({ tokens[$0].text })
                        .first(where: { $0.hasPrefix("MSAL") && $0.hasSuffix("Authority") })
                    {
                        found.wrapper = wrapper
                    }
                }
                facts.append(found)
            }
        }
        switch call.name {
        case "useHTTPS" where call.arguments.isEmpty:
            facts.append(
                CodeFact(
                    sdk: .auth0, kind: .httpsCallback, value: .literal("https"), location: file.location(call.tokens.lowerBound),
                    source: "WebAuth.useHTTPS()", isConditional: tokens[call.tokens.lowerBound].isConditional))
        case "provider" where call.arguments.count == 1:
            let range = call.arguments[0].tokens
            let names = Set(range.prefix(CodeValueReader.maximumPatternLength).map { tokens[$0].text })
            let value: CodeValue =
                names.contains("safariProvider")
                ? .literal("safariProvider") : names.contains("webViewProvider") ? .literal("webViewProvider") : .computed(values.quote(file, range))
            facts.append(
                CodeFact(
                    sdk: .auth0, kind: .userAgent, value: value, location: file.location(call.tokens.lowerBound),
                    source: "WebAuth.provider(_:)", isConditional: tokens[call.tokens.lowerBound].isConditional))
        case "OktaOidcConfig" where call.arguments.count == 1 && call.arguments[0].label == "with":
            facts += oktaOidcDictionary(call.arguments[0].tokens, in: file, line: call.line)
        default:
            break
        }
        return facts
    }

    /// okta-oidc-ios's `OktaOidcConfig(with: ["issuer": …, "clientId": …, "redirectUri": …])`
    /// (`OktaOidcConfig.swift`: the dictionary's keys are Okta.plist's): a dictionary literal
    /// written in the call, its keys string literals.
    private func oktaOidcDictionary(_ range: Range<Int>, in file: SourceFile, line: Int) -> [CodeFact] {
        let keys: [String: CodeFact.Kind] = ["issuer": .authority, "clientId": .clientID, "redirectUri": .redirectURI]
        let trimmed = values.trim(file, range)
        guard let first = trimmed.first, let last = trimmed.last, file.tokens[first].isPunctuation("["), file.partners[first] == last else {
            return []
        }
        var facts: [CodeFact] = []
        for entry in file.commaSeparated((first + 1)..<last) where entry.count > 2 {
            guard let key = file.tokens[entry.lowerBound].literal?.plainValue, let kind = keys[key],
                file.tokens[entry.lowerBound + 1].isPunctuation(":")
            else { continue }
            facts.append(
                fact(.okta, kind, (entry.lowerBound + 2)..<entry.upperBound, in: file, line: line, source: "OktaOidcConfig(with: [\"\(key)\": …])"))
        }
        return facts
    }

    private func fact(_ sdk: SDKFlavour, _ kind: CodeFact.Kind, _ range: Range<Int>, in file: SourceFile, line: Int, source: String) -> CodeFact {
        let value = values.value(file, range)
        let conditional = range.first.map { file.tokens[$0].isConditional } ?? false
        return CodeFact(
            sdk: sdk, kind: kind, value: value, location: SourceLocation(file: file.path, line: range.first.map { file.tokens[$0].line } ?? line),
            source: source, definedAt: values.constant(file, range)?.location, isConditional: conditional)
    }

    /// AppAuth's browser choice: a custom browser (`OIDExternalUserAgentIOSCustomBrowser`) hands
    /// the redirect to the app delegate, unlike the default `ASWebAuthenticationSession`.
    func appAuthUserAgents(in file: SourceFile) -> [CodeFact] {
        file.tokens.indices.compactMap { index in
            let token = file.tokens[index]
            guard token.kind == .identifier, token.text == "OIDExternalUserAgentIOSCustomBrowser" else { return nil }
            // A mention in an import or a declaration is no use of it.
            if index > 0, file.tokens[index - 1].isIdentifier("class") || file.tokens[index - 1].isPunctuation("@") { return nil }
            return CodeFact(
                sdk: .appAuth, kind: .userAgent, value: .literal(token.text), location: file.location(index),
                source: "OIDExternalUserAgentIOSCustomBrowser", isConditional: token.isConditional)
        }
    }
}
