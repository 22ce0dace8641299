#import <ADAL/ADAL.h>
#import "AppDelegate.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions
{
    [ADAuthenticationSettings sharedInstance].defaultKeychainGroup = @"com.contoso.adal";
    return YES;
}

@end
