import plistlib, os, json, itertools
counter = itertools.count(1)
def oid():
    return "C0FFEE%018X" % next(counter)

def pbx(name, configs, path):
    """configs: {configName: {setting: value}}"""
    objs = {}
    tconfs = []
    for cname, settings in configs.items():
        i = oid(); objs[i] = {"isa": "XCBuildConfiguration", "name": cname, "buildSettings": settings}; tconfs.append(i)
    tlist = oid(); objs[tlist] = {"isa": "XCConfigurationList", "buildConfigurations": tconfs, "defaultConfigurationName": "Release"}
    pconfs = []
    for cname in configs:
        i = oid(); objs[i] = {"isa": "XCBuildConfiguration", "name": cname, "buildSettings": {"SDKROOT": "iphoneos"}}; pconfs.append(i)
    plist_ = oid(); objs[plist_] = {"isa": "XCConfigurationList", "buildConfigurations": pconfs, "defaultConfigurationName": "Release"}
    target = oid(); objs[target] = {"isa": "PBXNativeTarget", "name": name, "productName": name, "productType": "com.apple.product-type.application", "buildConfigurationList": tlist}
    group = oid(); objs[group] = {"isa": "PBXGroup", "children": [], "sourceTree": "<group>"}
    root = oid(); objs[root] = {"isa": "PBXProject", "buildConfigurationList": plist_, "mainGroup": group, "targets": [target], "projectDirPath": "", "projectRoot": "", "developmentRegion": "en"}
    def q(v):
        if isinstance(v, dict):
            return "{\n" + "".join("\t%s = %s;\n" % (q(k), q(x)) for k, x in v.items()) + "}"
        if isinstance(v, list):
            return "(\n" + "".join("\t%s,\n" % q(x) for x in v) + ")"
        s = str(v)
        if s and all(c.isalnum() or c in "._/" for c in s): return s
        return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'
    text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = " + q(objs) + ";\n\trootObject = " + root + ";\n}\n"
    os.makedirs(path, exist_ok=True)
    open(os.path.join(path, "project.pbxproj"), "w").write(text)

def plist(path, value, fmt=plistlib.FMT_XML):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as f: plistlib.dump(value, f, fmt=fmt)

def app(bundle_setting, **extra):
    d = {"CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleName": "$(PRODUCT_NAME)"}
    d.update(extra)
    return d

# --- MSAL project: misregistered (scheme typed into the URL type's identifier, bare msauth claimed),
# Debug-only entitlements without the team prefix, Release entitlements right.
P = "ContosoMail"
plist(f"{P}/ContosoMail/Info.plist", app(None,
    CFBundleURLTypes=[{"CFBundleURLName": "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleURLSchemes": ["msauth"]}],
    LSApplicationQueriesSchemes=["msauthv2", "msauthv3"]))
plist(f"{P}/ContosoMail/Release.entitlements", {"keychain-access-groups": ["$(AppIdentifierPrefix)com.microsoft.adalcache"]})
plist(f"{P}/ContosoMail/Debug.entitlements", {"keychain-access-groups": ["com.microsoft.adalcache"]})
open(f"{P}/Podfile.lock", "w").write("PODS:\n  - MSAL (1.6.1):\n    - MSAL/app-lib (= 1.6.1)\n  - MSAL/app-lib (1.6.1)\n\nDEPENDENCIES:\n  - MSAL\n\nCOCOAPODS: 1.15.2\n")
common = {"INFOPLIST_FILE": "ContosoMail/Info.plist", "PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_BUNDLE_IDENTIFIER": "com.contoso.mail"}
pbx("ContosoMail", {"Debug": dict(common, CODE_SIGN_ENTITLEMENTS="ContosoMail/Debug.entitlements"),
                    "Release": dict(common, CODE_SIGN_ENTITLEMENTS="ContosoMail/Release.entitlements")}, f"{P}/ContosoMail.xcodeproj")

# --- MSAL project, right in every way (the baseline for the misregistered one).
P = "ContosoMailGood"
plist(f"{P}/ContosoMail/Info.plist", app(None,
    CFBundleURLTypes=[{"CFBundleURLName": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleURLSchemes": ["msauth.$(PRODUCT_BUNDLE_IDENTIFIER)"]}],
    LSApplicationQueriesSchemes=["msauthv2", "msauthv3"]))
plist(f"{P}/ContosoMail/App.entitlements", {"keychain-access-groups": ["$(AppIdentifierPrefix)com.microsoft.adalcache"]})
open(f"{P}/Podfile.lock", "w").write("PODS:\n  - MSAL (1.6.1):\n    - MSAL/app-lib (= 1.6.1)\n  - MSAL/app-lib (1.6.1)\n\nCOCOAPODS: 1.15.2\n")
common = {"INFOPLIST_FILE": "ContosoMail/Info.plist", "PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_BUNDLE_IDENTIFIER": "com.contoso.mail", "CODE_SIGN_ENTITLEMENTS": "ContosoMail/App.entitlements"}
pbx("ContosoMail", {"Debug": common, "Release": common}, f"{P}/ContosoMail.xcodeproj")

# --- Auth0 project (Swift Package Manager), right: $(PRODUCT_BUNDLE_IDENTIFIER) registered.
resolved = lambda url, ident: json.dumps({"pins": [{"identity": ident, "kind": "remoteSourceControl", "location": url, "state": {"revision": "0" * 40, "version": "2.10.0"}}], "version": 2}, indent=2)
P = "Auth0Notes"
plist(f"{P}/Notes/Info.plist", app(None, CFBundleURLTypes=[{"CFBundleURLName": "auth0", "CFBundleURLSchemes": ["$(PRODUCT_BUNDLE_IDENTIFIER)"]}]))
plist(f"{P}/Notes/Auth0.plist", {"ClientId": "K1A5YZeUqnRwcWALDrK1Upx69rVkwBoy", "Domain": "fabrikam.us.auth0.com"})
common = {"INFOPLIST_FILE": "Notes/Info.plist", "PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_BUNDLE_IDENTIFIER": "com.fabrikam.notes"}
pbx("Notes", {"Debug": common, "Release": common}, f"{P}/Notes.xcodeproj")
os.makedirs(f"{P}/Notes.xcodeproj/project.xcworkspace/xcshareddata/swiftpm", exist_ok=True)
open(f"{P}/Notes.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", "w").write(resolved("https://github.com/auth0/Auth0.swift", "auth0.swift"))

# --- Auth0, the scheme never registered (react-native-lock#153 shape), https callback not set up either.
P = "Auth0Missing"
plist(f"{P}/Notes/Info.plist", app(None))
plist(f"{P}/Notes/Auth0.plist", {"ClientId": "K1A5YZeUqnRwcWALDrK1Upx69rVkwBoy", "Domain": "fabrikam.us.auth0.com"})
pbx("Notes", {"Debug": common, "Release": common}, f"{P}/Notes.xcodeproj")

# --- Auth0 with the https callback: Associated Domains has webcredentials:<domain>.
P = "Auth0Universal"
plist(f"{P}/Notes/Info.plist", app(None))
plist(f"{P}/Notes/Auth0.plist", {"ClientId": "K1A5YZeUqnRwcWALDrK1Upx69rVkwBoy", "Domain": "fabrikam.us.auth0.com"})
plist(f"{P}/Notes/Notes.entitlements", {"com.apple.developer.associated-domains": ["webcredentials:fabrikam.us.auth0.com"]})
pbx("Notes", {"Debug": dict(common, CODE_SIGN_ENTITLEMENTS="Notes/Notes.entitlements"), "Release": dict(common, CODE_SIGN_ENTITLEMENTS="Notes/Notes.entitlements")}, f"{P}/Notes.xcodeproj")

# --- Google Sign-In (CocoaPods).
GID = "514797035410-uksdcup8ju2g0frgqq3f88ieqnvmr2t9.apps.googleusercontent.com"
REV = "com.googleusercontent.apps.514797035410-uksdcup8ju2g0frgqq3f88ieqnvmr2t9"
glock = "PODS:\n  - AppAuth (1.7.5):\n    - AppAuth/Core (= 1.7.5)\n  - GoogleSignIn (7.1.0):\n    - AppAuth (< 2.0, >= 1.7.3)\n    - GTMAppAuth (< 5.0, >= 4.1.1)\n  - GTMAppAuth (4.1.1)\n\nCOCOAPODS: 1.15.2\n"
for folder, info in [
    ("GoogleGood", app(None, GIDClientID=GID, CFBundleURLTypes=[{"CFBundleURLSchemes": [REV]}])),
    ("GoogleSchemeMissing", app(None, GIDClientID=GID)),
    ("GoogleClientIDAsScheme", app(None, GIDClientID=GID, CFBundleURLTypes=[{"CFBundleURLSchemes": [GID]}])),
    ("GoogleReversedClientID", app(None, GIDClientID=REV, CFBundleURLTypes=[{"CFBundleURLSchemes": [REV]}])),
]:
    plist(f"{folder}/App/Info.plist", info)
    open(f"{folder}/Podfile.lock", "w").write(glock)
    c = {"INFOPLIST_FILE": "App/Info.plist", "PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_BUNDLE_IDENTIFIER": "com.fabrikam.photos"}
    pbx("Photos", {"Debug": c, "Release": c}, f"{folder}/Photos.xcodeproj")

# --- Okta: redirect scheme with upper-case letters; and a right one.
for folder, scheme in [("OktaUppercase", "com.Fabrikam.Okta-Demo"), ("OktaGood", "com.fabrikam.okta-demo")]:
    plist(f"{folder}/App/Info.plist", app(None, CFBundleURLTypes=[{"CFBundleURLSchemes": [scheme]}]))
    plist(f"{folder}/App/Okta.plist", {"issuer": "https://fabrikam.okta.com/oauth2/default", "clientId": "0oa1b2c3d4e5f6g7h8i9",
          "redirectUri": scheme + ":/callback", "logoutRedirectUri": scheme + ":/logout", "scopes": "openid profile offline_access"})
    c = {"INFOPLIST_FILE": "App/Info.plist", "PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_BUNDLE_IDENTIFIER": "com.fabrikam.oktademo"}
    pbx("OktaDemo", {"Debug": c, "Release": c}, f"{folder}/OktaDemo.xcodeproj")
    open(f"{folder}/Cartfile.resolved", "w").write('github "okta/okta-oidc-ios" "3.11.7"\ngithub "openid/AppAuth-iOS" "1.7.5"\n')

# --- AppAuth: scheme not registered; and a right one (redirect URI passed, as AppAuth takes it from code).
for folder, schemes in [("AppAuthMissing", []), ("AppAuthGood", ["io.identityserver.demo"])]:
    info = app(None)
    if schemes: info["CFBundleURLTypes"] = [{"CFBundleTypeRole": "Editor", "CFBundleURLSchemes": schemes}]
    plist(f"{folder}/App/Info.plist", info)
    open(f"{folder}/Podfile.lock", "w").write("PODS:\n  - AppAuth (1.7.5):\n    - AppAuth/Core (= 1.7.5)\n    - AppAuth/ExternalUserAgent (= 1.7.5)\n\nCOCOAPODS: 1.15.2\n")
    c = {"INFOPLIST_FILE": "App/Info.plist", "PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_BUNDLE_IDENTIFIER": "io.identityserver.demo.app"}
    pbx("Demo", {"Debug": c, "Release": c}, f"{folder}/Demo.xcodeproj")

# --- Intune's configurator writing the whole redirect URI, through a build setting, as schemes.
P = "IntuneConfigurator"
plist(f"{P}/Field/Info.plist", app(None,
    CFBundleURLTypes=[{"CFBundleURLName": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleURLSchemes": ["$(MSAL_REDIRECT_URI)", "$(MSAL_REDIRECT_URI)-intunemam"]}],
    LSApplicationQueriesSchemes=["msauthv2", "msauthv3"],
    IntuneMAMSettings={"ADALClientId": "00000000-0000-0000-0000-000000000000", "ADALRedirectUri": "$(MSAL_REDIRECT_URI)"}))
plist(f"{P}/Field/Field.entitlements", {"keychain-access-groups": ["$(AppIdentifierPrefix)com.microsoft.adalcache", "$(AppIdentifierPrefix)com.microsoft.intune.mam"]})
c = {"INFOPLIST_FILE": "Field/Info.plist", "PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_BUNDLE_IDENTIFIER": "com.fabrikam.field",
     "MSAL_REDIRECT_URI": "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth", "CODE_SIGN_ENTITLEMENTS": "Field/Field.entitlements"}
pbx("Field", {"Debug": c, "Release": c}, f"{P}/Field.xcodeproj")

# --- CFBundleURLSchemes at the top level of Info.plist (uno.templates#2215), MSAL by Swift Package Manager.
P = "TopLevelSchemes"
plist(f"{P}/Extensions/Info.plist", app(None, CFBundleURLSchemes=["msauth.$(PRODUCT_BUNDLE_IDENTIFIER)"],
      LSApplicationQueriesSchemes=["msauthv2", "msauthv3"]))
plist(f"{P}/Extensions/Extensions.entitlements", {"keychain-access-groups": ["$(AppIdentifierPrefix)com.microsoft.adalcache"]})
c = {"INFOPLIST_FILE": "Extensions/Info.plist", "PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_BUNDLE_IDENTIFIER": "com.contoso.extensions",
     "CODE_SIGN_ENTITLEMENTS": "Extensions/Extensions.entitlements"}
pbx("Extensions", {"Debug": c, "Release": c}, f"{P}/Extensions.xcodeproj")
os.makedirs(f"{P}/Extensions.xcodeproj/project.xcworkspace/xcshareddata/swiftpm", exist_ok=True)
open(f"{P}/Extensions.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", "w").write(
    resolved("https://github.com/AzureAD/microsoft-authentication-library-for-objc", "microsoft-authentication-library-for-objc"))

# --- Single Info.plists (no project): the MSAL and Intune mistakes.
plist("Plists/msal-top-level-schemes.plist", {"CFBundleIdentifier": "com.contoso.extensions", "CFBundleURLSchemes": ["msauth.com.contoso.extensions"],
      "LSApplicationQueriesSchemes": ["msauthv2", "msauthv3"]})
plist("Plists/msal-whole-url-scheme.plist", {"CFBundleIdentifier": "com.company.ourappv3", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["msauth.com.company.ourappv3://auth"]}],
      "LSApplicationQueriesSchemes": ["msauthv2", "msauthv3"]})
plist("Plists/intune-redirect-scheme-url.plist", {"CFBundleIdentifier": "net.printix.printixapp",
      "CFBundleURLTypes": [{"CFBundleURLSchemes": ["https://printixapp"]}],
      "IntuneMAMSettings": {"ADALRedirectScheme": "https://printixapp", "ADALClientId": "00000000-0000-0000-0000-000000000000"},
      "LSApplicationQueriesSchemes": ["msauthv2", "msauthv3"]})
plist("Plists/msal-wrong-type-url-types.plist", {"CFBundleIdentifier": "com.contoso.mail", "CFBundleURLTypes": {"CFBundleURLSchemes": ["msauth.com.contoso.mail"]},
      "LSApplicationQueriesSchemes": "msauthv2"})
plist("Plists/msal-adal-schemes-only.plist", {"CFBundleIdentifier": "com.myapp.mytestapp", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["x-msauth-mytestiosapp"]}],
      "LSApplicationQueriesSchemes": ["msauth", "msauthv3"]})
plist("Plists/msal-duplicate-scheme.plist", {"CFBundleIdentifier": "com.contoso.mail", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["msauth.com.contoso.mail"]}, {"CFBundleURLSchemes": ["msauth.com.contoso.mail"]}],
      "LSApplicationQueriesSchemes": ["msauthv2", "msauthv3"]})
plist("Plists/msal-client-id-as-scheme.plist", {"CFBundleIdentifier": "com.contoso.notes", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["6731de76-14a6-49ae-97bc-6eba6914391e"]}],
      "LSApplicationQueriesSchemes": ["msauthv2", "msauthv3"]})
