import MSAL
import SwiftUI

@main
struct ComputedApp: App {
    // The redirect URI is built at run time: the doctor cannot read it, and says so once.
    let application = try? MSALPublicClientApplication(
        configuration: MSALPublicClientApplicationConfig(clientId: Secrets.clientID(), redirectUri: RedirectBuilder.make(), authority: nil))

    var body: some Scene {
        WindowGroup {
            Text("Contoso")
        }
    }
}
