#import <ADAL/ADAL.h>
#import "SignInController.h"

@implementation SignInController

- (void)signIn
{
    ADAuthenticationError *error = nil;
    ADAuthenticationContext *context = [ADAuthenticationContext authenticationContextWithAuthority:@"https://login.microsoftonline.com/contoso.onmicrosoft.com"
                                                                                             error:&error];
    context.credentialsType = AD_CREDENTIALS_AUTO;
    [context acquireTokenWithResource:@"https://graph.microsoft.com"
                             clientId:@"2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d"
                          redirectUri:[NSURL URLWithString:@"x-msauth-contoso://com.contoso.legacy"]
                      completionBlock:^(ADAuthenticationResult *result) {
                          NSLog(@"%@", result.accessToken);
                      }];
}

@end
