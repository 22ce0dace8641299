import GoogleSignIn
import SwiftUI

class AppDelegate: NSObject, UIApplicationDelegate {
    // A SwiftUI app is opened through its scene: iOS never calls this.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        GIDSignIn.sharedInstance.handle(url)
    }
}

@main
struct ContosoApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    init() {
        GIDSignIn.sharedInstance.configuration = GIDConfiguration(clientID: "123456789012-abcdefghijklmnopqrstuvwxyz012345.apps.googleusercontent.com")
    }

    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
