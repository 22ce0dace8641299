#import "SignIn.h"

@implementation SignIn
@end
