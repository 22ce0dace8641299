import MSAL
import SwiftUI

@main
struct ChatApp: App {
    let auth = try? AuthService()

    var body: some Scene {
        WindowGroup {
            ConversationList()
        }
    }
}
