#import "AppDelegate.h"
#import "DriveConstants.h"
@import GoogleSignIn;

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions
{
    GIDSignIn.sharedInstance.configuration = [[GIDConfiguration alloc] initWithClientID:kDriveClientID];
    return YES;
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options
{
    return [GIDSignIn.sharedInstance handleURL:url];
}

@end
