import MSAL

enum AuthService {
    static func makeApplication() throws -> MSALPublicClientApplication {
        let configuration = MSALPublicClientApplicationConfig(
            clientId: "8f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f", redirectUri: "msauth.com.contoso.chatlite://auth", authority: nil)
        return try MSALPublicClientApplication(configuration: configuration)
    }
}
