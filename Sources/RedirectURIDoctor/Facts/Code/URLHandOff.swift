/// Which SDKs need the URL that opens the app handed to them, and by which call. Each entry
/// is the SDK's own behaviour, read in its source:
/// - MSAL: `+[MSALPublicClientApplication handleMSALResponse:sourceApplication:]` completes a
///   brokered sign-in (Microsoft Authenticator, Company Portal) and a system-browser or
///   certificate-based one (`MSALPublicClientApplication.m`); the broker answers by opening the
///   app, so without the call sign-in never completes. Not where no broker can be used (an Azure
///   AD B2C or CIAM authority) — there the default web view, `ASWebAuthenticationSession`,
///   captures the callback. iOS only: MSAL for macOS has no broker.
///   Not for an app that never creates an `MSALPublicClientApplication`: MSAL's native
///   authentication (`MSALNativeAuthPublicClientApplication`, a CIAM tenant) signs in through its
///   own API calls, with no browser and no broker, and an app whose code never names MSAL has it
///   only because another SDK links it.
/// - ADAL: `+[ADALAuthenticationContext handleADALResponse:sourceApplication:]` completes a brokered
///   sign-in (`ADALAuthenticationContext.h`), and ADAL brokers only when the app sets
///   `credentialsType = AD_CREDENTIALS_AUTO`: the default is `AD_CREDENTIALS_EMBEDDED`, its own web
///   view, from which no URL comes back (`ADALAuthenticationContext.m`, `-canUseBroker` in
///   `ADALAuthenticationRequest+Broker.m`). With the app delegate alone ADAL needs no call either:
///   `+[ADALBrokerHelper load]` replaces (or adds) the app delegate's open-URL method with its own
///   (`ADALBrokerHelper.m`); only a scene delegate, which that does not reach, "MUST" call it
///   (`ADALAuthenticationContext.h`). ADAL 4 renamed `AD…` types `ADAL…`; both are read.
/// - Google Sign-In: `-[GIDSignIn handleURL:]` is how the Google Device Policy app hands back an
///   EMM (managed device) sign-in, "on all iOS versions" (`GIDSignIn.m`); the browser sign-in
///   itself goes through `ASWebAuthenticationSession` from iOS 12. Not for an app whose code never
///   names `GIDSignIn` (another SDK links it).
/// - AppAuth: the default `OIDExternalUserAgentIOS` uses `ASWebAuthenticationSession` from iOS 12,
///   whose completion handler resumes the flow itself (`OIDExternalUserAgentIOS.m`): no hand-off.
///   `OIDExternalUserAgentIOSCustomBrowser` opens Safari or another browser, whose redirect
///   reaches only the app: then `resumeExternalUserAgentFlow(with:)` must get it.
/// - Auth0: the default `ASWebAuthenticationSession` captures the callback; with
///   `.provider(WebAuthentication.safariProvider())` it does not, and
///   `WebAuthentication.resume(with:)` must get the URL (Auth0.swift `EXAMPLES.md`, "Use
///   SFSafariViewController").
/// - Okta: `BrowserSignin` uses `ASWebAuthenticationSession` (`AuthenticationServicesProvider.swift`):
///   no hand-off.
struct URLHandOffRule: Sendable {
    var sdk: SDKFlavour
    /// Swift: the called name; Objective-C: the selector's first part.
    var names: Set<String>
    /// A name the receiver must contain, or `nil`.
    var receiver: String?
    /// The call as a fix names it.
    var spelling: String

    static let rules: [URLHandOffRule] = [
        URLHandOffRule(
            sdk: .msal, names: ["handleMSALResponse"], receiver: "MSALPublicClientApplication",
            spelling: "MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: …)"),
        URLHandOffRule(
            sdk: .adal, names: ["handleADALResponse", "handleBrokerResponse"], receiver: "AD",
            spelling: "ADALAuthenticationContext.handleADALResponse(url, sourceApplication: …)"),
        URLHandOffRule(sdk: .googleSignIn, names: ["handle", "handleURL"], receiver: "GIDSignIn", spelling: "GIDSignIn.sharedInstance.handle(url)"),
        URLHandOffRule(
            sdk: .appAuth, names: ["resumeExternalUserAgentFlow", "resumeExternalUserAgentFlowWithURL"], receiver: nil,
            spelling: "currentAuthorizationFlow?.resumeExternalUserAgentFlow(with: url)"),
        URLHandOffRule(sdk: .auth0, names: ["resume"], receiver: "WebAuthentication", spelling: "WebAuthentication.resume(with: url)"),
    ]

    /// Whether sign-in fails for every user without the hand-off, or only for some (Google
    /// Sign-In's managed devices).
    static func isRequired(for sdk: SDKFlavour) -> Bool { sdk != .googleSignIn }

    /// The types whose mention in the code says the app itself signs in with an SDK (see
    /// ``need(of:facts:mentioned:lifeCycle:)``).
    static let clientTypes: Set<String> = [msalClient, msalNativeAuthClient, googleClient]
    static let clientTypeLengths = Set(clientTypes.map(\.utf8.count))
    static let msalClient = "MSALPublicClientApplication"
    static let msalNativeAuthClient = "MSALNativeAuthPublicClientApplication"
    static let googleClient = "GIDSignIn"
    /// ADAL's setting that lets it use the broker (`ADALCredentialsType`).
    static let adalBrokerSetting = "AD_CREDENTIALS_AUTO"

    /// Whether `sdk` needs the hand-off, given what its code says (its facts, the client types
    /// it names) and how iOS delivers the URL: `nil` when it does not, else why it does.
    static func need(of sdk: SDKFlavour, facts: [CodeFact], mentioned: Set<String>, lifeCycle: URLHandOffReading.LifeCycle?) -> String? {
        let own = facts.filter { $0.sdk == sdk }
        switch sdk {
        case .msal:
            guard mentioned.contains(msalClient) else { return nil }
            // The authorities the code says something about (a value, or the type it is built
            // as); an authority passed by a name that could not be read says nothing.
            let authorities = own.filter { $0.kind == .authority && ($0.value.text != nil || $0.wrapper != nil) }
            if !authorities.isEmpty, authorities.allSatisfy(\.excludesBroker) { return nil }
            return
                "MSAL completes a sign-in through Microsoft Authenticator or Company Portal only when the app passes it the URL the broker opens it with"
        case .adal:
            guard own.contains(where: { $0.kind == .userAgent && $0.value == .literal(adalBrokerSetting) }), lifeCycle != .appDelegate else {
                return nil
            }
            return
                "ADAL brokers here (credentialsType AD_CREDENTIALS_AUTO), and in an app with scenes it completes a brokered sign-in only when the app passes it the URL the broker opens it with (ADAL hooks the app delegate's open-URL method, which iOS does not call then)"
        case .googleSignIn:
            guard mentioned.contains(googleClient) else { return nil }
            return
                "Google Sign-In completes a sign-in on a managed (EMM) device only when the app passes it the URL the Google Device Policy app opens it with"
        case .appAuth:
            guard own.contains(where: { $0.kind == .userAgent }) else { return nil }
            return "with OIDExternalUserAgentIOSCustomBrowser the redirect opens the app, and AppAuth resumes only when the app passes it the URL"
        case .auth0:
            guard own.contains(where: { $0.kind == .userAgent && $0.value == .literal("safariProvider") }) else { return nil }
            return
                "with WebAuthentication.safariProvider(), SFSafariViewController does not capture the callback, and Auth0 resumes only when the app passes it the URL"
        case .okta, .generic:
            return nil
        }
    }
}

/// How the app receives the URL that opens it, as its code says: its life cycle and the
/// methods iOS calls with the URL, and which SDK handlers those pass it to.
struct URLHandOffReading: Sendable, Hashable {
    /// A method iOS calls with the URL.
    enum EntryPointKind: String, Sendable, Hashable {
        /// `scene(_:openURLContexts:)` of a `UIWindowSceneDelegate`.
        case sceneOpenURLContexts = "scene(_:openURLContexts:)"
        /// `application(_:open:options:)` of the app delegate.
        case applicationOpenURL = "application(_:open:options:)"
        /// `application(_:open:sourceApplication:annotation:)` (or `handleOpenURL`), deprecated
        /// since iOS 9 and called only when the method above is missing.
        case applicationOpenURLLegacy = "application(_:open:sourceApplication:annotation:)"
        /// SwiftUI's `.onOpenURL`.
        case onOpenURL = ".onOpenURL"
    }

    /// One such method, and where its body is.
    struct EntryPoint: Sendable, Hashable {
        var kind: EntryPointKind
        var location: SourceLocation
        var file: Int
        var body: Range<Int>
    }

    /// A call to an SDK's handler.
    struct Forward: Sendable, Hashable {
        var sdk: SDKFlavour
        var location: SourceLocation
        /// The entry point it is in, `nil` when it is elsewhere (a helper the entry point calls).
        var entryPoint: EntryPointKind?
        /// Where a condition on `sourceApplication` keeps the call from running when iOS reports none.
        var sourceApplicationGuard: SourceLocation?
    }

    /// How iOS delivers URLs to the app.
    enum LifeCycle: String, Sendable, Hashable {
        /// A SwiftUI `App`: `.onOpenURL` (or a scene delegate it installs).
        case swiftUI = "SwiftUI"
        /// Scenes (`UIApplicationSceneManifest`, a `UIWindowSceneDelegate`): `scene(_:openURLContexts:)`.
        case scenes
        /// The app delegate alone: `application(_:open:options:)`.
        case appDelegate = "app delegate"
    }

    var entryPoints: [EntryPoint] = []
    var forwards: [Forward] = []
    /// The SDK client types the code names (``URLHandOffRule/clientTypes``).
    var mentioned: Set<String> = []
    /// Where the code first names MSAL's native-authentication client.
    var nativeAuthClient: SourceLocation?
    /// Where a scene delegate or `.onOpenURL` passes the URL on to the app delegate's
    /// `application(_:open:options:)`, which then runs in the scenes life cycle too.
    var forwardsToAppDelegate: SourceLocation?
    /// The most handler calls read: a real app has a few, and the bound keeps a file of
    /// thousands of them (each looked up in the entry points) linear.
    static let maximumForwards = 64
    /// Where a SwiftUI `App` is declared (`@main struct …: App`).
    var swiftUIApp: SourceLocation?
    /// Where a type adopts `UIWindowSceneDelegate`.
    var sceneDelegate: SourceLocation?
    /// Where a type adopts `UIApplicationDelegate`.
    var appDelegate: SourceLocation?

    /// The life cycle, given whether the Info.plist declares scenes; `nil` when the code shows
    /// none (no app delegate, scene delegate or SwiftUI `App` was read).
    func lifeCycle(infoPlistDeclaresScenes: Bool) -> LifeCycle? {
        guard swiftUIApp != nil || sceneDelegate != nil || appDelegate != nil else { return nil }
        if swiftUIApp != nil { return .swiftUI }
        if infoPlistDeclaresScenes || sceneDelegate != nil { return .scenes }
        if appDelegate != nil { return .appDelegate }
        return nil
    }

    /// The entry points iOS calls in a life cycle.
    static func entryPoints(of lifeCycle: LifeCycle) -> Set<EntryPointKind> {
        switch lifeCycle {
        case .swiftUI: return [.onOpenURL, .sceneOpenURLContexts]
        case .scenes: return [.sceneOpenURLContexts]
        case .appDelegate: return [.applicationOpenURL, .applicationOpenURLLegacy]
        }
    }

    /// Reads the entry points and the SDK handler calls of a target's files.
    init(files: [SourceFile]) {
        for (fileIndex, file) in files.enumerated() {
            let tokens = file.tokens
            for index in tokens.indices where tokens[index].kind == .identifier {
                let token = tokens[index]
                // Every identifier passes here: the names' lengths rule most out before any hashing.
                if URLHandOffRule.clientTypeLengths.contains(token.text.utf8.count), URLHandOffRule.clientTypes.contains(token.text) {
                    mentioned.insert(token.text)
                    if token.text == URLHandOffRule.msalNativeAuthClient, nativeAuthClient == nil { nativeAuthClient = file.location(index) }
                }
                let previous = index > 0 ? tokens[index - 1] : nil
                let adopts = previous.map { $0.isPunctuation(":") || $0.isPunctuation(",") || $0.isPunctuation("<") } ?? false
                if token.text == "UIWindowSceneDelegate", adopts, sceneDelegate == nil { sceneDelegate = file.location(index) }
                if token.text == "UIApplicationDelegate", adopts, appDelegate == nil { appDelegate = file.location(index) }
                if token.text == "main", previous?.isPunctuation("@") == true, swiftUIApp == nil, Self.declaresApp(file, after: index) {
                    swiftUIApp = file.location(index)
                }
                if token.text == "func", let entry = swiftEntryPoint(file, funcAt: index) {
                    entryPoints.append(EntryPoint(kind: entry.kind, location: file.location(index), file: fileIndex, body: entry.body))
                }
                if token.text == "onOpenURL", previous?.isPunctuation(".") == true, let body = Self.closureBody(file, after: index) {
                    entryPoints.append(EntryPoint(kind: .onOpenURL, location: file.location(index), file: fileIndex, body: body))
                }
            }
            if file.language == .objectiveC {
                for index in tokens.indices where tokens[index].isPunctuation("-") {
                    if let entry = objectiveCEntryPoint(file, minusAt: index) {
                        entryPoints.append(EntryPoint(kind: entry.kind, location: file.location(index), file: fileIndex, body: entry.body))
                    }
                }
            }
            for call in file.calls where forwardsToAppDelegate == nil && call.name == "application" {
                let labels = call.arguments.compactMap(\.label)
                guard labels.contains("open") || labels.contains("openURL") else { continue }
                let inScene = entryPoints.contains {
                    $0.file == fileIndex && $0.kind != .applicationOpenURL && $0.kind != .applicationOpenURLLegacy
                        && $0.body.contains(call.tokens.lowerBound)
                }
                if inScene { forwardsToAppDelegate = file.location(call.tokens.lowerBound) }
            }
            for call in file.calls where forwards.count < Self.maximumForwards {
                for rule in URLHandOffRule.rules where rule.names.contains(call.name) {
                    if let receiver = rule.receiver, !call.receiver.contains(where: { $0.hasPrefix(receiver) }) { continue }
                    let entry = entryPoints.last { $0.file == fileIndex && $0.body.contains(call.tokens.lowerBound) }
                    forwards.append(
                        Forward(
                            sdk: rule.sdk, location: file.location(call.tokens.lowerBound), entryPoint: entry?.kind,
                            sourceApplicationGuard: entry.flatMap { Self.sourceApplicationGuard(file, body: $0.body, call: call.tokens.lowerBound) }))
                }
            }
        }
    }

    /// `@main struct Name: App` (or `SwiftUI.App`) within a few tokens of `@main`.
    private static func declaresApp(_ file: SourceFile, after index: Int) -> Bool {
        let end = min(file.tokens.count, index + 12)
        var sawColon = false
        for position in (index + 1)..<max(index + 1, end) {
            let token = file.tokens[position]
            if token.isPunctuation("{") { return false }
            if token.isPunctuation(":") { sawColon = true }
            if sawColon, token.isIdentifier("App") { return true }
        }
        return false
    }

    /// The body of a closure or argument after `.onOpenURL`: `{ … }` or `( … )`.
    private static func closureBody(_ file: SourceFile, after index: Int) -> Range<Int>? {
        let next = index + 1
        guard next < file.tokens.count, file.tokens[next].isPunctuation("{") || file.tokens[next].isPunctuation("("),
            file.partners[next] > next
        else { return nil }
        return (next + 1)..<file.partners[next]
    }

    /// `func scene(_:openURLContexts:)` and `func application(_:open:options:)`, with their bodies.
    private func swiftEntryPoint(_ file: SourceFile, funcAt index: Int) -> (kind: EntryPointKind, body: Range<Int>)? {
        let tokens = file.tokens
        guard index + 2 < tokens.count, tokens[index + 1].kind == .identifier, tokens[index + 2].isPunctuation("("),
            file.partners[index + 2] > index + 2
        else { return nil }
        let name = tokens[index + 1].text
        guard name == "scene" || name == "application" else { return nil }
        let close = file.partners[index + 2]
        let labels = file.commaSeparated((index + 3)..<close).compactMap { piece in piece.first.map { tokens[$0].text } }
        let kind: EntryPointKind
        switch (name, labels) {
        case ("scene", ["_", "openURLContexts"]): kind = .sceneOpenURLContexts
        case ("application", ["_", "open", "options"]): kind = .applicationOpenURL
        case ("application", ["_", "open", "sourceApplication", "annotation"]), ("application", ["_", "handleOpen"]):
            kind = .applicationOpenURLLegacy
        default: return nil
        }
        // The body: the first `{` after the signature (past `-> Bool`, `async`, `throws`).
        var position = close + 1
        while position < min(tokens.count, close + 16) {
            if tokens[position].isPunctuation("{"), file.partners[position] > position {
                return (kind, (position + 1)..<file.partners[position])
            }
            if tokens[position].isPunctuation("}") || tokens[position].isIdentifier("func") { return nil }
            position += 1
        }
        return nil
    }

    /// `- (void)scene:(UIScene *)scene openURLContexts:(…)contexts { … }` and the app
    /// delegate's `application:openURL:options:`; a declaration (ending in `;`) is no entry point.
    private func objectiveCEntryPoint(_ file: SourceFile, minusAt index: Int) -> (kind: EntryPointKind, body: Range<Int>)? {
        let tokens = file.tokens
        guard index + 1 < tokens.count, tokens[index + 1].isPunctuation("("), file.partners[index + 1] > index + 1 else { return nil }
        if index > 0,
            !(tokens[index - 1].isPunctuation(";") || tokens[index - 1].isPunctuation("}") || tokens[index - 1].kind == .directive
                || tokens[index - 1].isIdentifier("@implementation") || tokens[index - 1].kind == .identifier)
        {
            return nil
        }
        var parts: [String] = []
        var position = file.partners[index + 1] + 1
        let limit = min(tokens.count, position + 64)
        while position < limit {
            let token = tokens[position]
            if token.isPunctuation("{") {
                guard file.partners[position] > position else { return nil }
                let kind: EntryPointKind
                switch parts {
                case ["scene", "openURLContexts"]: kind = .sceneOpenURLContexts
                case ["application", "openURL", "options"]: kind = .applicationOpenURL
                case ["application", "openURL", "sourceApplication", "annotation"], ["application", "handleOpenURL"]:
                    kind = .applicationOpenURLLegacy
                default: return nil
                }
                return (kind, (position + 1)..<file.partners[position])
            }
            if token.isPunctuation(";") { return nil }
            if token.kind == .identifier, position + 1 < limit, tokens[position + 1].isPunctuation(":") {
                parts.append(token.text)
                position += 2
                if position < limit, tokens[position].isPunctuation("("), file.partners[position] > position {
                    position = file.partners[position] + 1
                }
                continue
            }
            position += 1
        }
        return nil
    }

    /// The names through which code reads the app that opened the URL.
    private static let sourceApplicationNames: Set<String> = ["sourceApplication", "UIApplicationOpenURLOptionsSourceApplicationKey"]

    /// An `if` or `guard` in `body` before `call` whose condition needs `sourceApplication` to be
    /// a given app (`== "com.microsoft.azureauthenticator"`, `isEqualToString:`) or present
    /// (`guard let … sourceApplication …`), with the call under it.
    private static func sourceApplicationGuard(_ file: SourceFile, body: Range<Int>, call: Int) -> SourceLocation? {
        let tokens = file.tokens
        var index = body.lowerBound
        while index < call {
            let token = tokens[index]
            guard token.isIdentifier("if") || token.isIdentifier("guard") else {
                index += 1
                continue
            }
            let isGuard = token.text == "guard"
            // The condition: up to the body's `{` (Swift), or `else` (guard), or the `( … )` of
            // an Objective-C `if`.
            var end = index + 1
            var conditionEnd = body.upperBound
            if file.language == .objectiveC, end < body.upperBound, tokens[end].isPunctuation("("), file.partners[end] > end {
                conditionEnd = file.partners[end]
            } else {
                while end < body.upperBound {
                    if tokens[end].isPunctuation("{") || (isGuard && tokens[end].isIdentifier("else")) {
                        conditionEnd = end
                        break
                    }
                    if tokens[end].isPunctuation("(") || tokens[end].isPunctuation("["), file.partners[end] > end {
                        end = file.partners[end] + 1
                        continue
                    }
                    end += 1
                }
            }
            let condition = (index + 1)..<min(conditionEnd, body.upperBound)
            let mentions = condition.contains { sourceApplicationNames.contains(tokens[$0].text) }
            let compares = condition.contains {
                tokens[$0].isPunctuation("==") || tokens[$0].isIdentifier("isEqualToString") || tokens[$0].isIdentifier("hasPrefix")
            }
            let binds = condition.contains { tokens[$0].isIdentifier("let") }
            if mentions, compares || binds {
                // The call must be what the condition guards: after a guard, or inside the if's body.
                if isGuard { return file.location(index) }
                var bodyStart = conditionEnd
                if file.language == .objectiveC { bodyStart = conditionEnd + 1 }
                if bodyStart < tokens.count, tokens[bodyStart].isPunctuation("{"), file.partners[bodyStart] > bodyStart {
                    if (bodyStart..<file.partners[bodyStart]).contains(call) { return file.location(index) }
                } else if file.language == .objectiveC, bodyStart <= call {
                    // `if (…) return [… handle…];`: the statement up to its `;`.
                    var statementEnd = bodyStart
                    while statementEnd < call, !tokens[statementEnd].isPunctuation(";") { statementEnd += 1 }
                    if statementEnd == call || statementEnd >= call { return file.location(index) }
                }
            }
            index = max(index + 1, min(conditionEnd, call))
        }
        return nil
    }
}
