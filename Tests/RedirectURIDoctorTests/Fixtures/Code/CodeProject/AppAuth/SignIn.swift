import AppAuth
import UIKit

let kIssuer = "https://accounts.example.com"
let kClientID = "example-ios-client"
let kRedirectURI = "com.example.app:/oauth2redirect/example-provider"

final class SignIn {
    func start(configuration: OIDServiceConfiguration, from controller: UIViewController, delegate: AppDelegate) {
        let request = OIDAuthorizationRequest(
            configuration: configuration, clientId: kClientID, clientSecret: nil, scopes: [OIDScopeOpenID],
            redirectURL: URL(string: kRedirectURI)!, responseType: OIDResponseTypeCode, additionalParameters: nil)
        delegate.currentAuthorizationFlow = OIDAuthState.authState(byPresenting: request, presenting: controller) { state, error in
            print(state as Any, error as Any)
        }
    }
}
