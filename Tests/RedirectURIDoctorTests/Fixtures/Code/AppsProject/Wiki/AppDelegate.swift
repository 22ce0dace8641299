import MSAL
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var msal: MSALPublicClientApplication?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let config = MSALPublicClientApplicationConfig(clientId: WikiSettings.clientID, redirectUri: WikiSettings.redirectURI, authority: nil)
        msal = try? MSALPublicClientApplication(configuration: config)
        return true
    }

    @discardableResult
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: options[.sourceApplication] as? String)
    }
}
