import Foundation
import Testing

@testable import RedirectURIDoctor

/// What the doctor reads from an app's code: calls and their arguments, the values passed, the
/// facts per SDK, and how the URL that opens the app reaches the SDK.
struct CodeFactTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Code")

    @Test func swiftCallsAndMessageSends() {
        let swift = SourceFile(path: "A.swift", language: .swift, bytes: Array("GIDSignIn.sharedInstance().handle(url, sourceApplication: app)".utf8))
        let call = swift.calls.first { $0.name == "handle" }
        #expect(call?.receiver == ["GIDSignIn", "sharedInstance"])
        #expect(call?.arguments.map(\.label) == [nil, "sourceApplication"])

        let objectiveC = SourceFile(
            path: "B.m", language: .objectiveC, bytes: Array("x = [[MSALPublicClientApplicationConfig alloc] initWithClientId:a ? b : c redirectUri:[NSURL URLWithString:s] authority:nil];".utf8))
        let send = objectiveC.calls.first { $0.name == "initWithClientId" }
        #expect(send?.receiver == ["MSALPublicClientApplicationConfig"])
        #expect(send?.arguments.map(\.label) == ["initWithClientId", "redirectUri", "authority"])
        // `a[0]` and `@[…]` are no message sends.
        let subscripts = SourceFile(path: "C.m", language: .objectiveC, bytes: Array("y = a[0]; z = @[ @\"x\" ];".utf8))
        #expect(subscripts.calls.isEmpty)
    }

    /// `let v = <expression>` in a file that also declares the constants, read as the value.
    @Test(arguments: [
        ("swift", #""msauth.com.contoso.app://auth""#, CodeValue.literal("msauth.com.contoso.app://auth")),
        ("swift", #"URL(string: "com.example.app:/cb")!"#, .literal("com.example.app:/cb")),
        ("swift", #""msauth." + Bundle.main.bundleIdentifier! + "://auth""#, .bundleIDTemplate("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth")),
        ("swift", #""msauth.\(Bundle.main.bundleIdentifier ?? "")://auth""#, .bundleIDTemplate("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth")),
        ("swift", #"String(format: "msauth.%@://auth", Bundle.main.bundleIdentifier!)"#, .bundleIDTemplate("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth")),
        ("swift", "Constants.kRedirect", .literal("x-app://done")),
        ("swift", "nil", .absent),
        ("swift", #"Bundle.main.object(forInfoDictionaryKey: "MSALRedirectUri") as? String"#, .infoPlistKey("MSALRedirectUri")),
        ("swift", #""\(scheme)://auth""#, .computed("\"…\"")),
        ("swift", "makeRedirect()", .computed("makeRedirect()")),
        // A name given two values: which one runs is not known.
        ("swift", "kTwice", .computed("kTwice")),
        ("m", #"[NSURL URLWithString:@"x-msauth-contoso://com.contoso.app"]"#, .literal("x-msauth-contoso://com.contoso.app")),
        ("m", #"[NSString stringWithFormat:@"msauth.%@://auth", [[NSBundle mainBundle] bundleIdentifier]]"#, .bundleIDTemplate("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth")),
        ("m", "kDefined", .literal("com.contoso.group")),
        ("m", "(NSString *)kRedirect", .literal("x-app://done")),
        // A force-unwrapped declaration ends at its line: the next declaration is not part of it.
        ("swift", "Unwrapped.kURL", .literal("x-app:/unwrapped")),
        // A raw literal is read as written (no escapes, `\(` is text), its `\#(…)` interpolated.
        ("swift", ##"#"msauth.com.contoso.app://auth"#"##, .literal("msauth.com.contoso.app://auth")),
        ("swift", ##"#"x-app://a\(b)"#"##, .literal("x-app://a\\(b)")),
        ("swift", ##"#"msauth.\#(Bundle.main.bundleIdentifier!)://auth"#"##, .bundleIDTemplate("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth")),
        // A multi-line literal's value hangs on its closing delimiter's indentation: not read.
        ("swift", "\"\"\"\n    msauth.com.contoso.app://auth\n    \"\"\"", .computed("\"\"\"…\"\"\"")),
        ("swift", "#\"\"\"\nmsauth.com.contoso.app://auth\n\"\"\"#", .computed("\"\"\"…\"\"\"")),
        // A macro's expansion is not known.
        ("swift", #"#URL("msauth.com.contoso.app://auth")"#, .computed(#"#URL("…")"#)),
        ("m", "MAKE_REDIRECT(kDefined)", .computed("MAKE_REDIRECT(kDefined)")),
    ] as [(String, String, CodeValue)])
    func values(language: String, expression: String, expected: CodeValue) {
        let declarations =
            language == "swift"
            ? "enum Constants { static let kRedirect = \"x-app://done\" }\nvar kTwice = \"a\"\nfunc f() { kTwice = \"b\" }\nlet kTwice = \"b\"\n"
                + "enum Unwrapped {\n    static let kURL = URL(string: \"x-app:/unwrapped\")!\n\n    static func start(with x: Int) {}\n}\n"
            : "#define kDefined @\"com.contoso.group\"\nstatic NSString *const kRedirect = @\"x-app://done\";\n"
        let source = declarations + (language == "swift" ? "let probe = \(expression)\n" : "NSString *probe = \(expression);\n")
        let file = SourceFile(path: "V.\(language)", language: language == "swift" ? .swift : .objectiveC, bytes: Array(source.utf8))
        let reader = CodeValueReader(files: [file])
        let probe = file.assignments.first { $0.property == "probe" }
        #expect(probe.map { reader.value(file, $0.value) } == expected)
    }

    /// The modules a file imports outside `#if`, which name its SDK (``SDKDetection``).
    @Test(arguments: [
        ("swift", "import UIKit\nimport MSAL\n", ["UIKit", "MSAL"]),
        ("swift", "@preconcurrency import GoogleSignIn\n@_implementationOnly import class Auth0.WebAuthentication\n", ["GoogleSignIn", "Auth0"]),
        // Compiled only when the module is there: not evidence that it is.
        ("swift", "#if canImport(MSAL)\nimport MSAL\n#endif\nimport Foundation\n", ["Foundation"]),
        ("swift", "let x = module.import\n// import MSAL\nlet s = \"import MSAL\"\n", []),
        ("m", "@import MSAL;\n#import <ADAL/ADAL.h>\n#import \"MSAL.h\"\n#include <stdio.h>\n", ["MSAL", "ADAL"]),
        ("m", "#if __has_include(<MSAL/MSAL.h>)\n#import <MSAL/MSAL.h>\n#endif\n", []),
    ] as [(String, String, [String])])
    func imports(language: String, source: String, modules: [String]) {
        let file = SourceFile(path: "I.\(language)", language: language == "swift" ? .swift : .objectiveC, bytes: Array(source.utf8))
        #expect(AppCodeReading.imports(of: file).map(\.module) == modules)
    }

    /// okta-oidc-ios's configuration dictionary: each key the SDK reads, its value read as any.
    @Test func oktaOidcDictionary() {
        let source = #"""
            let redirect = "com.contoso.field:/callback"
            let config = try? OktaOidcConfig(with: [
                "issuer": "https://contoso.okta.com/oauth2/default",
                "clientId": clientID(),
                "redirectUri": redirect,
                "scopes": "openid",
            ])
            """#
        let file = SourceFile(path: "O.swift", language: .swift, bytes: Array(source.utf8))
        let facts = CodeFactReader(files: [file]).facts(in: file)
        #expect(facts.map { "\($0.sdk.rawValue) \($0.kind.rawValue) \($0.value.summary) @ \($0.location)" } == [
            "okta authority 'https://contoso.okta.com/oauth2/default' @ O.swift:3",
            "okta client-id computed (`clientID()`), not read @ O.swift:4",
            "okta redirect-uri 'com.contoso.field:/callback' @ O.swift:5",
        ])
    }

    /// One expected fact: SDK, kind, value as a finding says it, `file:line`.
    struct ExpectedFact: Sendable, CustomStringConvertible {
        var sdk: SDKFlavour
        var kind: CodeFact.Kind
        var value: String
        var location: String
        var description: String { "\(sdk.rawValue) \(kind.rawValue) \(value) @ \(location)" }
    }

    static func read(_ folder: String) -> AppCodeReading {
        let root = fixtures.appendingPathComponent(folder)
        let files = XcodeProject.filesOnDisk(under: root)
        return AppCodeReading.read(files) { String($0.path.dropFirst(root.standardizedFileURL.path.count + 1)) }
    }

    @Test(arguments: [
        (
            "MSALScenesMissing",
            [
                "msal authority 'https://login.microsoftonline.com/common' @ Contoso/AuthConfig.swift:12",
                "msal client-id '6b2f4b6c-7a1e-4c55-9f0e-0c1d2e3f4a5b' @ Contoso/AuthConfig.swift:14",
                "msal redirect-uri 'msauth.com.contoso.mail://auth' @ Contoso/AuthConfig.swift:15",
                "msal authority computed (`authority`), not read @ Contoso/AuthConfig.swift:16",
                "msal keychain-group 'com.contoso.shared' @ Contoso/AuthConfig.swift:17",
            ]
        ),
        (
            "MSALObjCGuard",
            [
                "msal client-id '0c1d2e3f-4a5b-6b2f-4b6c-7a1e4c559f0e' @ AppDelegate.m:9",
                "msal redirect-uri 'msauth.com.contoso.notes://auth' @ AppDelegate.m:10",
                "msal authority nil (the SDK's default) @ AppDelegate.m:11",
                "msal keychain-group '$(PRODUCT_BUNDLE_IDENTIFIER)' (built from the bundle ID) @ AppDelegate.m:12",
            ]
        ),
        (
            "ADALObjCMissing",
            [
                "adal keychain-group 'com.contoso.adal' @ AppDelegate.m:8",
                "adal authority 'https://login.microsoftonline.com/contoso.onmicrosoft.com' @ SignInController.m:9",
                "adal user-agent 'AD_CREDENTIALS_AUTO' @ SignInController.m:11",
                "adal client-id '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d' @ SignInController.m:13",
                "adal redirect-uri 'x-msauth-contoso://com.contoso.legacy' @ SignInController.m:14",
            ]
        ),
        (
            "GoogleSwiftUIGood",
            ["google client-id '123456789012-abcdefghijklmnopqrstuvwxyz012345.apps.googleusercontent.com' @ ContosoApp.swift:8"]
        ),
        (
            "Auth0SafariMissing",
            [
                "auth0 client-id 'aBcDeFgHiJkLmNoPqRsTuVwXyZ012345' @ LoginViewController.swift:7",
                "auth0 authority 'contoso.us.auth0.com' @ LoginViewController.swift:7",
                "auth0 user-agent 'safariProvider' @ LoginViewController.swift:8",
            ]
        ),
        ("Auth0Default", ["auth0 https-callback 'https' @ LoginViewController.swift:9"]),
        (
            "AppAuthDefault",
            [
                "appauth client-id 'example-ios-client' @ SignIn.swift:11",
                "appauth redirect-uri 'com.example.app:/oauth2redirect/example-provider' @ SignIn.swift:12",
            ]
        ),
        (
            "AppAuthCustomBrowser",
            [
                "appauth client-id 'example-ios-client' @ SignIn.m:10",
                "appauth redirect-uri 'com.example.app:/oauth2redirect' @ SignIn.m:13",
                "appauth user-agent 'OIDExternalUserAgentIOSCustomBrowser' @ SignIn.m:16",
            ]
        ),
        (
            "MSALB2C",
            [
                "msal authority computed (`url`), not read @ SignIn.swift:12",
                "msal client-id '9e8d7c6b-5a4f-4e3d-2c1b-0a9f8e7d6c5b' @ SignIn.swift:14",
                "msal redirect-uri 'msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth' (built from the bundle ID) @ SignIn.swift:15",
                "msal authority computed (`authority`), not read @ SignIn.swift:16",
            ]
        ),
    ] as [(String, [String])])
    func factsOfFixtures(folder: String, expected: [String]) {
        let reading = Self.read(folder)
        let facts = reading.facts.sorted { $0.location < $1.location }.map { "\($0.sdk.rawValue) \($0.kind.rawValue) \($0.value.summary) @ \($0.location)" }
        #expect(facts == expected)
    }

    /// A name declared with two different values (a Debug and a Release file, say) is not read:
    /// which one the build compiles is not known, so neither is taken.
    @Test func aNameWithTwoValuesIsNotRead() {
        let reading = AppCodeReading(sources: [
            ("Debug.swift", Array("let kRedirectURI = \"msauth.com.contoso.debug://auth\"\n".utf8)),
            ("Release.swift", Array("let kRedirectURI = \"msauth.com.contoso.app://auth\"\n".utf8)),
            ("Auth.swift", Array("let c = MSALPublicClientApplicationConfig(clientId: \"id\", redirectUri: kRedirectURI, authority: nil)\n".utf8)),
        ])
        #expect(reading.facts(.msal, .redirectURI).map(\.value) == [.computed("kRedirectURI")])
        let once = AppCodeReading(sources: [
            ("Release.swift", Array("let kRedirectURI = \"msauth.com.contoso.app://auth\"\n".utf8)),
            ("Auth.swift", Array("let c = MSALPublicClientApplicationConfig(clientId: \"id\", redirectUri: kRedirectURI, authority: nil)\n".utf8)),
        ])
        #expect(once.facts(.msal, .redirectURI).map(\.value) == [.literal("msauth.com.contoso.app://auth")])
    }

    /// A handler that runs only when iOS names the source application, by a binding
    /// (`guard let source = …sourceApplication…`) as much as by a comparison: iOS names none for
    /// another vendor's app from iOS 13.
    @Test func aBindingOfTheSourceApplicationGuardsTheHandler() {
        let code = """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                    guard let source = options[.sourceApplication] as? String else { return false }
                    return MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: source)
                }
            }
            let app = MSALPublicClientApplication(configuration: config)
            """
        let reading = AppCodeReading(sources: [("AppDelegate.swift", Array(code.utf8))])
        #expect(reading.handOffIssues(sdks: [.msal], infoPlistDeclaresScenes: false).map(\.kind) == [.sourceApplicationGuard])
    }

    @Test func aValueReadThroughAConstantSaysWhere() {
        let reading = Self.read("MSALScenesMissing")
        let redirect = reading.facts(.msal, .redirectURI).first
        #expect(redirect?.definedAt == SourceLocation(file: "Contoso/AuthConfig.swift", line: 6))
        #expect(reading.facts(.msal, .authority).contains { $0.wrapper == "MSALAADAuthority" && !$0.excludesBroker })
        let b2c = Self.read("MSALB2C").facts(.msal, .authority)
        #expect(b2c.contains { $0.wrapper == "MSALB2CAuthority" && $0.excludesBroker })
    }

    /// Each fixture app and the hand-off issues it has: `kind sdk @ file:line`. The good twins
    /// and the apps whose SDK captures the callback itself have none.
    @Test(arguments: [
        ("MSALScenesMissing", false, ["url-handoff-not-called msal @ Contoso/AppDelegate.swift:13"]),
        ("MSALScenesGood", false, []),
        // The Info.plist's scene manifest alone makes an app a scene app, whose app delegate
        // iOS does not call with the URL.
        ("MSALObjCGood", true, ["url-handoff-not-called msal @ AppDelegate.m:21"]),
        ("MSALObjCGuard", false, ["url-handoff-source-application msal @ AppDelegate.m:22"]),
        ("MSALObjCGood", false, []),
        // ADAL's broker with the app delegate alone: ADAL hooks the app delegate's open-URL
        // method itself (ADALBrokerHelper.m); with scenes, iOS calls the scene delegate instead.
        ("ADALObjCMissing", false, []),
        ("ADALObjCMissing", true, ["url-handoff-missing adal @ AppDelegate.h:3"]),
        ("GoogleSwiftUIMissing", false, ["url-handoff-not-called google @ ContosoApp.swift:7"]),
        ("GoogleSwiftUIGood", false, []),
        ("Auth0SafariMissing", false, ["url-handoff-missing auth0 @ AppDelegate.swift:5"]),
        ("Auth0Default", false, []),
        ("AppAuthDefault", false, []),
        ("AppAuthCustomBrowser", false, ["url-handoff-missing appauth @ AppDelegate.swift:5"]),
        ("MSALB2C", false, []),
    ] as [(String, Bool, [String])])
    func handOffOfFixtures(folder: String, scenes: Bool, expected: [String]) {
        let reading = Self.read(folder)
        let sdks = Array(Set(reading.facts.map(\.sdk) + reading.handOff.forwards.map(\.sdk))).sorted { $0.rawValue < $1.rawValue }
        let issues = reading.handOffIssues(sdks: sdks, infoPlistDeclaresScenes: scenes)
        #expect(issues.map { "\($0.kind.rawValue) \($0.sdk.rawValue) @ \($0.location?.description ?? "-")" } == expected)
        for issue in issues {
            #expect(!issue.message.isEmpty && !issue.fix.isEmpty)
        }
    }

    /// An SDK the code never signs in with needs no hand-off, whatever links it: code that names
    /// no `MSALPublicClientApplication` or `GIDSignIn` (another SDK's dependency, or MSAL's
    /// native authentication), ADAL left at its own web view.
    @Test func noHandOffForAnSDKTheCodeDoesNotSignInWith() {
        let adalOnly = Self.read("AppsProject/Reports")
        #expect(adalOnly.handOff.lifeCycle(infoPlistDeclaresScenes: true) == .scenes)
        #expect(adalOnly.handOffIssues(sdks: [.msal, .googleSignIn], infoPlistDeclaresScenes: true).isEmpty)
        let native = Self.read("AppsProject/Wiki")
        #expect(native.handOff.mentioned.contains(URLHandOffRule.msalNativeAuthClient))
        let embedded = AppCodeReading(sources: [
            ("Scene.swift", Array("final class S: UIResponder, UIWindowSceneDelegate { func scene(_ s: UIScene, openURLContexts c: Set<UIOpenURLContext>) {} }".utf8)),
            ("Auth.swift", Array("let context = ADALAuthenticationContext(authority: \"https://login.microsoftonline.com/common\", error: nil)".utf8)),
        ])
        #expect(embedded.handOffIssues(sdks: [.adal], infoPlistDeclaresScenes: true).isEmpty)
        var broker = embedded
        broker = AppCodeReading(sources: [
            ("Scene.swift", Array("final class S: UIResponder, UIWindowSceneDelegate { func scene(_ s: UIScene, openURLContexts c: Set<UIOpenURLContext>) {} }".utf8)),
            ("Auth.m", Array("void f(ADALAuthenticationContext *context) { [context setCredentialsType:AD_CREDENTIALS_AUTO]; }".utf8)),
        ])
        #expect(broker.handOffIssues(sdks: [.adal], infoPlistDeclaresScenes: true).map(\.kind) == [.notForwarded])
    }

    /// A scene delegate that passes the URL to the app delegate's `application(_:open:options:)`
    /// (Swift's call or Objective-C's message) makes that method an entry point iOS reaches.
    @Test func aSceneDelegateForwardingToTheAppDelegateIsFollowed() {
        let forwarding = Self.read("AppsProject/Wiki")
        #expect(forwarding.handOff.forwardsToAppDelegate == SourceLocation(file: "SceneDelegate.swift", line: 8))
        let objectiveC = SourceFile(
            path: "SceneDelegate.m", language: .objectiveC,
            bytes: Array(
                "@implementation SceneDelegate\n- (void)scene:(UIScene *)scene openURLContexts:(NSSet *)contexts {\n    AppDelegate *delegate = (AppDelegate *)UIApplication.sharedApplication.delegate;\n    [delegate application:UIApplication.sharedApplication openURL:contexts.anyObject.URL options:@{}];\n}\n@end\n"
                    .utf8))
        #expect(URLHandOffReading(files: [objectiveC]).forwardsToAppDelegate?.line == 4)
        // A call of another application(…) method (not open:) is no forward.
        let other = SourceFile(
            path: "S.swift", language: .swift,
            bytes: Array("func scene(_ s: UIScene, openURLContexts c: Set<UIOpenURLContext>) { app.application(x, didFinishLaunchingWithOptions: nil) }".utf8))
        #expect(URLHandOffReading(files: [other]).forwardsToAppDelegate == nil)
    }

    /// The life cycle decides which entry point counts.
    @Test func lifeCycles() {
        #expect(Self.read("GoogleSwiftUIGood").handOff.lifeCycle(infoPlistDeclaresScenes: true) == .swiftUI)
        #expect(Self.read("MSALScenesGood").handOff.lifeCycle(infoPlistDeclaresScenes: false) == .scenes)
        #expect(Self.read("MSALObjCGood").handOff.lifeCycle(infoPlistDeclaresScenes: false) == .appDelegate)
        #expect(Self.read("MSALObjCGood").handOff.lifeCycle(infoPlistDeclaresScenes: true) == .scenes)
        #expect(AppCodeReading(sources: []).handOff.lifeCycle(infoPlistDeclaresScenes: true) == nil)
    }
}

/// Which files belong to a target: its sources build phase through the group tree, and its
/// synchronized folders less their exceptions.
struct TargetSourceFilesTests {
    static let project = CodeFactTests.fixtures.appendingPathComponent("Project")

    @Test(arguments: [
        // AppDelegate.swift once though listed twice; Generated.swift (BUILT_PRODUCTS_DIR) skipped;
        // Features/Debug/DebugMenu.swift taken out of the app by its exception set.
        ("Contoso", ["App/AppDelegate.swift", "App/Auth/SignIn.m", "Shared/Shared.swift", "Features/Profile.swift"]),
        ("ContosoWidget", ["Widget/Widget.swift", "Shared/Shared.swift"]),
    ] as [(String, [String])])
    func filesOfTarget(target: String, expected: [String]) throws {
        let project = try XcodeProject.load(Self.project.appendingPathComponent("Contoso.xcodeproj"))
        let found = try #require(project.targets.first { $0.name == target })
        let root = Self.project.standardizedFileURL.path + "/"
        #expect(project.sourceFiles(of: found).map { String($0.path.dropFirst(root.count)) } == expected)
    }

    @Test func aSwiftPMTargetIsItsFolder() {
        let files = SwiftPMTargetSources.files(package: Self.project, target: "Features", path: "Features")
        #expect(files.map(\.lastPathComponent) == ["DebugMenu.swift", "Profile.swift"])
    }
}
