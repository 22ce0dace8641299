import MSAL
import SwiftUI

@main
struct FieldApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Field")
                .onOpenURL { url in
                    MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: nil)
                }
        }
    }
}
