// The client ID is kept out of the public repository; the release build fills it in.
#define kDriveClientID @""
