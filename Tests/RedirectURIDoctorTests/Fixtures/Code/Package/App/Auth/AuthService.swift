import MSAL

final class AuthService {
    let application: MSALPublicClientApplication

    init() throws {
        let configuration = MSALPublicClientApplicationConfig(
            clientId: "8f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
            redirectUri: "msauth.com.contoso.chat://auth",
            authority: try MSALAADAuthority(url: URL(string: "https://login.microsoftonline.com/organizations")!))
        application = try MSALPublicClientApplication(configuration: configuration)
    }
}
