import GoogleSignIn
import SwiftUI

@main
struct GoogleApp: App {
    init() {
        GIDSignIn.sharedInstance.configuration = GIDConfiguration(clientID: "123456789012-abcdefghijklmnopqrstuvwxyz012345.apps.googleusercontent.com")
    }

    var body: some Scene {
        WindowGroup {
            Text("Contoso")
        }
    }
}
