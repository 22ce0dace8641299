#import "AppDelegate.h"
#import <MSAL/MSAL.h>

static NSString *const kClientID = @"3c62ac97-29eb-4aed-a3c8-add0298508da";

@interface AppDelegate ()
@property (nonatomic) MSALPublicClientApplication *application;
@end

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    MSALPublicClientApplicationConfig *config = [[MSALPublicClientApplicationConfig alloc] initWithClientId:kClientID redirectUri:nil authority:nil];
    NSError *error = nil;
    self.application = [[MSALPublicClientApplication alloc] initWithConfiguration:config error:&error];
    return YES;
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
    return [MSALPublicClientApplication handleMSALResponse:url sourceApplication:options[UIApplicationOpenURLOptionsSourceApplicationKey]];
}

@end
