import GoogleSignIn
import MSAL
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var msal: MSALPublicClientApplication?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let config = MSALPublicClientApplicationConfig(clientId: "9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d")
        msal = try? MSALPublicClientApplication(configuration: config)
        return true
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        if MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: options[.sourceApplication] as? String) {
            return true
        }
        return GIDSignIn.sharedInstance.handle(url)
    }
}
