import Auth0

struct SignIn {
    func start() {
        Auth0
            .webAuth(clientId: "Xk2Vp7rQeLm9TzYb4NwHc1JdGa8SuF0o", domain: "https://tickets-contoso.eu.auth0.com")
            .provider(WebAuthentication.safariProvider())
            .start { _ in }
    }
}
