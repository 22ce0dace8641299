import AppConfig
import MSAL
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var msal: MSALPublicClientApplication?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let config = MSALPublicClientApplicationConfig(clientId: AuthConstants.clientID, redirectUri: AuthConstants.redirectURI, authority: nil)
        config.cacheConfig.keychainSharingGroup = AuthConstants.keychainGroup
        msal = try? MSALPublicClientApplication(configuration: config)
        return true
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: options[.sourceApplication] as? String)
    }
}
