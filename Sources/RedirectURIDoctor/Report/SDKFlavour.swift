import Foundation

/// The sign-in SDK whose rules the doctor checks: each derives its redirect URI its own way, and
/// only the Microsoft ones (MSAL, ADAL) use the broker, its query schemes and its keychain group.
///
/// The rules, from each SDK's own documentation and sources:
/// - MSAL: redirect `msauth.<bundle ID>://auth`; `LSApplicationQueriesSchemes` `msauthv2`,
///   `msauthv3`; keychain group `$(AppIdentifierPrefix)com.microsoft.adalcache` on iOS.
/// - ADAL: redirect `<scheme>://<bundle ID>`; queries `msauth`, `msauthv3`; the same keychain group.
///   Intune's `IntuneMAMSettings` (`ADALRedirectUri`, `ADALRedirectScheme`) name the redirect.
/// - Google Sign-In: `GIDClientID` (or `CLIENT_ID` of GoogleService-Info.plist); the reversed
///   client ID `com.googleusercontent.apps.<id>` must be a registered scheme.
/// - Auth0: `Auth0.plist` (`ClientId`, `Domain`); callback
///   `<bundle ID>://<domain>/ios/<bundle ID>/callback` (`macos`, `visionos` there on those
///   platforms), or `https://<domain>/ios/<bundle ID>/callback`
///   with the domain in Associated Domains.
/// - Okta: `Okta.plist` `redirectUri` (and `logoutRedirectUri`), whose schemes must be registered.
/// - AppAuth and generic: the redirect URI is the app's choice; pass it with `redirectURI`.
public enum SDKFlavour: String, Sendable, CaseIterable, Codable {
    /// Microsoft Authentication Library (MSAL) for iOS and macOS.
    case msal
    /// Azure AD Authentication Library (ADAL), MSAL's predecessor; also Intune's legacy keys.
    case adal
    /// AppAuth for iOS (openid/AppAuth-iOS).
    case appAuth = "appauth"
    /// Google Sign-In for iOS (google/GoogleSignIn-iOS).
    case googleSignIn = "google"
    /// Auth0.swift.
    case auth0
    /// Okta (okta-mobile-swift, okta-oidc-ios).
    case okta
    /// No SDK's rules: registration checks, and the redirect URI given.
    case generic

    /// Whether the SDK talks to the Microsoft broker: query schemes, keychain group, `msauth.`.
    var isMicrosoft: Bool { self == .msal || self == .adal }

    /// The schemes `LSApplicationQueriesSchemes` must list (empty for SDKs that open no broker).
    var queriedSchemes: [String] {
        switch self {
        case .adal: return ["msauth", "msauthv3"]
        case .msal: return ["msauthv2", "msauthv3"]
        default: return []
        }
    }

    /// The name people know the SDK by.
    public var displayName: String {
        switch self {
        case .msal: return "MSAL"
        case .adal: return "ADAL"
        case .appAuth: return "AppAuth"
        case .googleSignIn: return "Google Sign-In"
        case .auth0: return "Auth0"
        case .okta: return "Okta"
        case .generic: return "generic"
        }
    }

    /// The keychain access group the SDK uses by default on `platform`, when it shares one:
    /// MSAL's `MSALCacheConfig.defaultKeychainSharingGroup` is `com.microsoft.adalcache` on iOS
    /// and `com.microsoft.identity.universalstorage` on macOS, and "needs to be declared in your
    /// application's entitlements" (MSALCacheConfig.h; Microsoft's "Configure keychain" guide).
    /// ADAL shares `com.microsoft.adalcache` (ADAL's ADKeychainTokenCache `defaultKeychainGroup`).
    func defaultKeychainGroup(on platform: ApplePlatform?) -> String? {
        switch self {
        case .msal: return platform == .macOS ? "com.microsoft.identity.universalstorage" : "com.microsoft.adalcache"
        case .adal: return "com.microsoft.adalcache"
        default: return nil
        }
    }

    /// Whether sign-in fails when the redirect URI's custom scheme is not a registered URL
    /// scheme, on `platform` (`nil`: iOS). Each answer is the SDK's own behaviour:
    /// - MSAL on iOS checks it before it starts (`MSALRedirectUriVerifier`, error
    ///   `MSALErrorRedirectSchemeNotRegistered`); on macOS MSAL signs in in its own WKWebView,
    ///   which reads the redirect itself.
    /// - ADAL hands the redirect to the broker app, which opens it by its scheme.
    /// - Google Sign-In raises "Your app is missing support for the following URL schemes" when
    ///   the reversed client ID is not registered (`GIDSignIn`'s URL-scheme assertion).
    /// - AppAuth (`OIDExternalUserAgentIOS`), Auth0.swift (its default `ASProvider`) and Okta
    ///   (`WebAuthenticationUI`, okta-oidc-ios) sign in in an ASWebAuthenticationSession, which
    ///   captures the callback by its scheme whether or not the app registers it; only their
    ///   other providers (SFSafariViewController, an external browser) need the registration.
    func requiresRegisteredScheme(on platform: ApplePlatform?) -> Bool {
        switch self {
        case .msal: return platform != .macOS
        case .adal, .googleSignIn: return true
        case .appAuth, .auth0, .okta, .generic: return false
        }
    }
}
