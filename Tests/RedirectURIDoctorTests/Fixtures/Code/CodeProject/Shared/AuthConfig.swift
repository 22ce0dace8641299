import MSAL

// The app's sign-in settings. "msauth.com.contoso.wrong://auth" in this comment is not read.
enum AuthConfig {
    static let kClientID = "6b2f4b6c-7a1e-4c55-9f0e-0c1d2e3f4a5b"
    static let kRedirectUri = "msauth.com.contoso.mail://auth"
    static let kAuthority = "https://login.microsoftonline.com/common"
}

final class SignIn {
    func makeApplication() throws -> MSALPublicClientApplication {
        let authority = try MSALAADAuthority(url: URL(string: AuthConfig.kAuthority)!)
        let config = MSALPublicClientApplicationConfig(
            clientId: AuthConfig.kClientID,
            redirectUri: AuthConfig.kRedirectUri,
            authority: authority)
        config.cacheConfig.keychainSharingGroup = "com.contoso.shared"
        return try MSALPublicClientApplication(configuration: config)
    }
}
