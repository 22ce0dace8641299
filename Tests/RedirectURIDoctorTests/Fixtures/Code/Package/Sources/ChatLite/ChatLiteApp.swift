import MSAL
import SwiftUI

@main
struct ChatLiteApp: App {
    var body: some Scene {
        WindowGroup {
            ConversationList()
                .onOpenURL { url in
                    MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: nil)
                }
        }
    }
}
