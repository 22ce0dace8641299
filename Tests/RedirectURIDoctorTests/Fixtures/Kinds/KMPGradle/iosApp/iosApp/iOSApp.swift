import ComposeApp
import SwiftUI

@main
struct iOSApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
                .onOpenURL { url in
                    // The shared module hands the URL to MSAL.
                    SignInKt.handleRedirect(url: url)
                }
        }
    }
}
