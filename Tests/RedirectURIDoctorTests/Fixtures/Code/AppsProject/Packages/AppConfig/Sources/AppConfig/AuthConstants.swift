/// The sign-in settings every app of the workspace shares.
public enum AuthConstants {
    public static let clientID = "4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a"
    public static let redirectURI = "msauth.com.contoso.ledger://auth"
    /// The keychain group the company's apps share their tokens through.
    public static let keychainGroup = "com.contoso.shared"
}
