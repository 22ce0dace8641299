enum WikiSettings {
    static let clientID = "Enter_the_Application_Id_Here"
    static let redirectURI = "Enter_the_Redirect_URI_Here"
}
