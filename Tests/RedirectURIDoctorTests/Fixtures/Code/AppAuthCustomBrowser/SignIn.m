#import <AppAuth/AppAuth.h>
#import "AppDelegate.h"

@implementation SignIn

- (void)startWithConfiguration:(OIDServiceConfiguration *)configuration
{
    OIDAuthorizationRequest *request =
        [[OIDAuthorizationRequest alloc] initWithConfiguration:configuration
                                                      clientId:@"example-ios-client"
                                                  clientSecret:nil
                                                        scopes:@[ OIDScopeOpenID ]
                                                   redirectURL:[NSURL URLWithString:@"com.example.app:/oauth2redirect"]
                                                  responseType:OIDResponseTypeCode
                                          additionalParameters:nil];
    id<OIDExternalUserAgent> browser = [OIDExternalUserAgentIOSCustomBrowser CustomBrowserSafari];
    AppDelegate *delegate = (AppDelegate *)[UIApplication sharedApplication].delegate;
    delegate.currentAuthorizationFlow = [OIDAuthState authStateByPresentingAuthorizationRequest:request
                                                                              externalUserAgent:browser
                                                                                       callback:^(OIDAuthState *state, NSError *error) {}];
}

@end
