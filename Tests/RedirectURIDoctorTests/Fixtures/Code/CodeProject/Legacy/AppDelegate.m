#import "AppDelegate.h"
#import "Constants.h"
#import <MSAL/MSAL.h>

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions
{
    MSALPublicClientApplicationConfig *config = [[MSALPublicClientApplicationConfig alloc] initWithClientId:kClientID
                                                                                                redirectUri:kRedirectUri
                                                                                                  authority:nil];
    config.cacheConfig.keychainSharingGroup = [[NSBundle mainBundle] bundleIdentifier];
    NSError *error = nil;
    self.application = [[MSALPublicClientApplication alloc] initWithConfiguration:config error:&error];
    return YES;
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options
{
    NSString *sourceApplication = options[UIApplicationOpenURLOptionsSourceApplicationKey];
    /* Only the broker's answers go to MSAL. */
    if ([sourceApplication isEqualToString:kAuthenticatorBundleID])
    {
        return [MSALPublicClientApplication handleMSALResponse:url sourceApplication:sourceApplication];
    }
    return NO;
}

@end
