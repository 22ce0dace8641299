import MSAL

/// Email and one-time passcode, in the app's own screens: MSAL's native authentication.
final class WikiAuth {
    let client: MSALNativeAuthPublicClientApplication

    init() throws {
        client = try MSALNativeAuthPublicClientApplication(
            clientId: "7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e", tenantSubdomain: "contosowiki", challengeTypes: [.OOB, .password])
    }

    func signIn(email: String, delegate: SignInStartDelegate) {
        client.signIn(username: email, delegate: delegate)
    }
}
