import AppAuth
import UIKit

enum SignIn {
    static let redirectURL = URL(string: "com.contoso.pay:/oauth2redirect")!

    static func start(configuration: OIDServiceConfiguration, delegate: AppDelegate) {
        let request = OIDAuthorizationRequest(
            configuration: configuration, clientId: "contoso-pay-ios", scopes: [OIDScopeOpenID],
            redirectURL: redirectURL, responseType: OIDResponseTypeCode, additionalParameters: nil)
        let agent = OIDExternalUserAgentIOSCustomBrowser.customBrowserSafari()
        delegate.currentAuthorizationFlow = OIDAuthState.authState(byPresenting: request, externalUserAgent: agent) { _, _ in }
    }
}
