import Auth0
import UIKit

final class LoginViewController: UIViewController {
    func login() {
        Auth0
            .webAuth(clientId: "aBcDeFgHiJkLmNoPqRsTuVwXyZ012345", domain: "contoso.us.auth0.com")
            .provider(WebAuthentication.safariProvider())
            .start { result in
                print(result)
            }
    }
}
