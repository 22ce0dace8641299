import OktaOidc

final class OktaSession {
    private let oidc: OktaOidc?

    init() {
        let configuration = try? OktaOidcConfig(with: [
            "issuer": "https://contoso.okta.com/oauth2/default",
            "clientId": "0oa1bcdefGHIJKLmn2p3",
            "redirectUri": "com.contoso.field:/callback",
            "logoutRedirectUri": "com.contoso.field:/logout",
            "scopes": "openid profile offline_access",
        ])
        oidc = configuration.flatMap { try? OktaOidc(configuration: $0) }
    }
}
