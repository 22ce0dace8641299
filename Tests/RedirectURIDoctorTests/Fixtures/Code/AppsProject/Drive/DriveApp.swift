import GoogleSignIn
import UIKit

@main
final class DriveAppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // The client ID comes from the app's own configuration file, per build flavour.
        GIDSignIn.sharedInstance.configuration = GIDConfiguration(clientID: BuildFlavour.current.googleClientID)
        return true
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        GIDSignIn.sharedInstance.handle(url)
    }
}
