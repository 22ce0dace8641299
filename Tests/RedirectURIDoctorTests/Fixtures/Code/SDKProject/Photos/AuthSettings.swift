enum AuthSettings {
    // The iOS client of the "Contoso Photos" project in the Google Cloud console.
    static let googleClientID = "123456789012-abcdefghijklmnopqrstuvwxyz012345.apps.googleusercontent.com"
}
