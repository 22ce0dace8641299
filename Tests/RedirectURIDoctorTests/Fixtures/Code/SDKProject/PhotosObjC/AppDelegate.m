#import "AppDelegate.h"
@import GoogleSignIn;

#define kGoogleClientID @"123456789012-abcdefghijklmnopqrstuvwxyz012345.apps.googleusercontent.com"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    GIDSignIn.sharedInstance.configuration = [[GIDConfiguration alloc] initWithClientID:kGoogleClientID];
    return YES;
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
    return [GIDSignIn.sharedInstance handleURL:url];
}

@end
