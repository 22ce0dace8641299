import ADAL
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let context = ADALAuthenticationContext(authority: "https://login.microsoftonline.com/common", error: nil)

    func signIn(completion: @escaping (String?) -> Void) {
        // A device with no browser hand-back: the user copies the code.
        context?.acquireToken(
            withResource: "https://survey.contoso.com", clientId: "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
            redirectUri: URL(string: "urn:ietf:wg:oauth:2.0:oob")
        ) { result in
            completion(result?.accessToken)
        }
    }
}
