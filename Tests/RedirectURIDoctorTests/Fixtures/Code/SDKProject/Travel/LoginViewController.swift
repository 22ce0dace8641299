import Auth0
import UIKit

final class LoginViewController: UIViewController {
    @IBAction func logIn(_ sender: Any) {
        Auth0
            .webAuth(clientId: "q2hnj2iu4GBwjM3JSWpNXqWjFO8mJwbj", domain: "contoso.us.auth0.com")
            .useHTTPS()
            .start { result in
                if case .success(let credentials) = result {
                    Session.shared.store(credentials)
                }
            }
    }
}
