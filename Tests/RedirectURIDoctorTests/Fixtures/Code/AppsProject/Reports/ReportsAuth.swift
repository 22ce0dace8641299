import ADAL

/// Signs in with ADAL's own web view: ADAL's default credentials type.
final class ReportsAuth {
    let context = ADALAuthenticationContext(authority: "https://login.microsoftonline.com/contoso.onmicrosoft.com", error: nil)

    func signIn(completion: @escaping (String?) -> Void) {
        context?.acquireToken(
            withResource: "https://reports.contoso.com", clientId: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
            redirectUri: URL(string: "x-msauth-contoso-reports://com.contoso.reports")
        ) { result in
            completion(result?.accessToken)
        }
    }
}
