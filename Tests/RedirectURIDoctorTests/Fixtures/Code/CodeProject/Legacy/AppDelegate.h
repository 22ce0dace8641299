#import <UIKit/UIKit.h>
@class MSALPublicClientApplication;

@interface AppDelegate : UIResponder <UIApplicationDelegate>
@property (nonatomic) MSALPublicClientApplication *application;
- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options;
@end
