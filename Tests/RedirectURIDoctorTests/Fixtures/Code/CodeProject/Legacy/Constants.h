// Sign-in settings, shared by the app and its tests.
#define kClientID @"0c1d2e3f-4a5b-6b2f-4b6c-7a1e4c559f0e"
#define kRedirectUri @"msauth.com.contoso.notes://auth"
static NSString * const kAuthenticatorBundleID = @"com.microsoft.azureauthenticator";
