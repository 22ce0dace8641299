import Capacitor
import RecognizebvCapacitorPluginMsauth
import UIKit

@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        // The broker's answer goes to MSAL through the plugin; anything else to Capacitor.
        if MsAuthPlugin.checkAppOpen(url: url, options: options) == true {
            return true
        }
        return ApplicationDelegateProxy.shared.application(app, open: url, options: options)
    }
}
