enum WikiSettings {
    static let clientID = "7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e"
    static let redirectURI = "msauth.com.contoso.wiki://auth"
}
