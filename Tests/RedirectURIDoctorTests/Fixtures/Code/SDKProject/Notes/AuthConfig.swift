import MSAL

enum AuthConfig {
    static let keychainGroup = #"com.contoso.shared"#

    static func makeApplication() throws -> MSALPublicClientApplication {
        let configuration = MSALPublicClientApplicationConfig(
            clientId: "6b2f4b6c-7a1e-4c55-9f0e-0c1d2e3f4a5b",
            redirectUri: """
                msauth.com.contoso.notes://auth
                """,
            authority: nil)
        configuration.cacheConfig.keychainSharingGroup = keychainGroup
        return try MSALPublicClientApplication(configuration: configuration)
    }
}
