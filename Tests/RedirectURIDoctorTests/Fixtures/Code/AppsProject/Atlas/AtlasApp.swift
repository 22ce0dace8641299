import AppKit
import GoogleSignIn

@main
final class AppDelegate: NSObject, NSApplicationDelegate {
    var window: NSWindow?

    func applicationDidFinishLaunching(_ notification: Notification) {
        GIDSignIn.sharedInstance.configuration = GIDConfiguration(clientID: "123456789012-atlasatlasatlasatlasatlasatlas.apps.googleusercontent.com")
    }

    func signIn() {
        guard let window else { return }
        GIDSignIn.sharedInstance.signIn(withPresenting: window) { result, error in
            print(result?.user.profile?.email ?? error?.localizedDescription ?? "")
        }
    }
}
