// Values shared by the Info.plist of every configuration.
#define REDIRECT_SCHEME msauth.com.contoso.notes
