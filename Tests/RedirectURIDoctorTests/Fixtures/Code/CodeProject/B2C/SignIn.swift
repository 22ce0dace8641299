import MSAL
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var application: MSALPublicClientApplication?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let tenant = "contosob2c"
        let authorityURL = "https://\(tenant).b2clogin.com/tfp/\(tenant).onmicrosoft.com/B2C_1_signin"
        guard let url = URL(string: authorityURL), let authority = try? MSALB2CAuthority(url: url) else { return false }
        let config = MSALPublicClientApplicationConfig(
            clientId: "9e8d7c6b-5a4f-4e3d-2c1b-0a9f8e7d6c5b",
            redirectUri: "msauth.\(Bundle.main.bundleIdentifier!)://auth",
            authority: authority)
        config.knownAuthorities = [authority]
        self.application = try? MSALPublicClientApplication(configuration: config)
        return true
    }
}
