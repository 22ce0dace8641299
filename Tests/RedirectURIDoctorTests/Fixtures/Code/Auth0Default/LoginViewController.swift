import Auth0
import UIKit

final class LoginViewController: UIViewController {
    func login() {
        // ASWebAuthenticationSession captures the callback: no hand-off needed.
        Auth0
            .webAuth()
            .useHTTPS()
            .start { result in
                print(result)
            }
    }
}
