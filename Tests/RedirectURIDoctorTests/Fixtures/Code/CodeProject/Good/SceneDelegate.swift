import MSAL
import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let context = URLContexts.first else { return }
        MSALPublicClientApplication.handleMSALResponse(
            context.url, sourceApplication: context.options.sourceApplication)
    }
}
