"""Writes the fixtures of project shapes real apps have: several application targets, SDKs named
in a Podfile with no lock, in the project's package references, in a wrapper's pubspec.yaml or
package.json, run-script phases that edit the built Info.plist, generated files not yet made,
samples' placeholders. Run from this folder with Python 3; ProjectShapesTests checks each."""
import plistlib, os, json, itertools, shutil

counter = itertools.count(1)
def oid():
    return "5A9E0000%016X" % next(counter)

def q(v):
    if isinstance(v, dict):
        return "{\n" + "".join("\t%s = %s;\n" % (q(k), q(x)) for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "(\n" + "".join("\t%s,\n" % q(x) for x in v) + ")"
    s = str(v)
    if s and all(c.isalnum() or c in "._/" for c in s): return s
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n') + '"'

def project(path, targets, packages=(), project_settings=None):
    """targets: list of dicts: name, type, settings (one dict for Debug and Release, or per
    configuration), products (package product names), frameworks (file names), scripts
    ([(name, script)]), base (per configuration: path of a base .xcconfig)."""
    objs = {}
    package_ids = {}
    for url in packages:
        i = oid(); objs[i] = {"isa": "XCRemoteSwiftPackageReference", "repositoryURL": url,
                             "requirement": {"kind": "upToNextMajorVersion", "minimumVersion": "1.0.0"}}
        package_ids[url] = i
    group = oid(); objs[group] = {"isa": "PBXGroup", "children": [], "sourceTree": "<group>"}
    target_ids = []
    for t in targets:
        configs = []
        for cname in ("Debug", "Release"):
            settings = t["settings"].get(cname, t["settings"]) if "Debug" in t["settings"] else t["settings"]
            c = {"isa": "XCBuildConfiguration", "name": cname, "buildSettings": settings}
            if t.get("base"):
                ref = oid(); objs[ref] = {"isa": "PBXFileReference", "path": t["base"][cname], "sourceTree": "<group>"}
                objs[group]["children"].append(ref)
                c["baseConfigurationReference"] = ref
            i = oid(); objs[i] = c; configs.append(i)
        clist = oid(); objs[clist] = {"isa": "XCConfigurationList", "buildConfigurations": configs, "defaultConfigurationName": "Release"}
        phases = []
        files = []
        for name in t.get("frameworks", []):
            ref = oid(); objs[ref] = {"isa": "PBXFileReference", "path": name, "sourceTree": "BUILT_PRODUCTS_DIR"}
            bf = oid(); objs[bf] = {"isa": "PBXBuildFile", "fileRef": ref}; files.append(bf)
        products = []
        for product, url in t.get("products", []):
            p = oid(); objs[p] = {"isa": "XCSwiftPackageProductDependency", "package": package_ids[url], "productName": product}
            products.append(p)
            bf = oid(); objs[bf] = {"isa": "PBXBuildFile", "productRef": p}; files.append(bf)
        fw = oid(); objs[fw] = {"isa": "PBXFrameworksBuildPhase", "files": files, "buildActionMask": 2147483647}
        phases.append(fw)
        for name, script in t.get("scripts", []):
            s = oid(); objs[s] = {"isa": "PBXShellScriptBuildPhase", "name": name, "shellScript": script, "shellPath": "/bin/sh",
                                  "inputPaths": [], "outputPaths": [], "files": []}
            phases.append(s)
        tid = oid()
        objs[tid] = {"isa": "PBXNativeTarget", "name": t["name"], "productName": t["name"], "productType": t["type"],
                     "buildConfigurationList": clist, "buildPhases": phases, "packageProductDependencies": products}
        target_ids.append(tid)
    pconfs = []
    for cname in ("Debug", "Release"):
        i = oid(); objs[i] = {"isa": "XCBuildConfiguration", "name": cname, "buildSettings": project_settings or {}}; pconfs.append(i)
    plist_ = oid(); objs[plist_] = {"isa": "XCConfigurationList", "buildConfigurations": pconfs, "defaultConfigurationName": "Release"}
    root = oid()
    objs[root] = {"isa": "PBXProject", "buildConfigurationList": plist_, "mainGroup": group, "targets": target_ids,
                  "packageReferences": list(package_ids.values()), "projectDirPath": "", "projectRoot": "", "developmentRegion": "en"}
    text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 60;\n\tobjects = " + q(objs) + ";\n\trootObject = " + root + ";\n}\n"
    os.makedirs(path, exist_ok=True)
    open(os.path.join(path, "project.pbxproj"), "w").write(text)

def plist(path, value):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as f: plistlib.dump(value, f)

def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    open(path, "w").write(text)

APP = "com.apple.product-type.application"
WATCH = "com.apple.product-type.application.watchapp2"
WIDGET = "com.apple.product-type.app-extension"
MSAL_URL = "https://github.com/AzureAD/microsoft-authentication-library-for-objc"
def info(**extra):
    d = {"CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleName": "$(PRODUCT_NAME)"}
    d.update(extra)
    return d
def settings(bundle, infoplist, sdk="iphoneos", **extra):
    d = {"PRODUCT_BUNDLE_IDENTIFIER": bundle, "INFOPLIST_FILE": infoplist, "PRODUCT_NAME": "$(TARGET_NAME)", "SDKROOT": sdk}
    d.update(extra)
    return d
msal_types = [{"CFBundleURLName": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleURLSchemes": ["msauth.$(PRODUCT_BUNDLE_IDENTIFIER)"]}]

for folder in ["MultiTarget", "PodfileTargets", "FirebaseAppAuth", "RunScriptSchemes", "MediaSchemes", "Auth0Placeholders",
               "GooglePlaceholder", "FlutterMSAL", "ReactNativeAppAuth"]:
    shutil.rmtree(folder, ignore_errors=True)

# iOS and macOS twins linking MSAL from Swift Package Manager (the project's package reference and
# each app's package product), a watch companion and a widget that sign in with nothing.
P = "MultiTarget"
plist(f"{P}/iOS/Info.plist", info(CFBundleURLTypes=msal_types, LSApplicationQueriesSchemes=["msauthv2", "msauthv3"]))
plist(f"{P}/iOS/iOS.entitlements", {"keychain-access-groups": ["$(AppIdentifierPrefix)com.microsoft.adalcache"]})
plist(f"{P}/macOS/Info.plist", info())
plist(f"{P}/macOS/macOS.entitlements", {"keychain-access-groups": ["$(AppIdentifierPrefix)com.microsoft.identity.universalstorage"],
                                        "com.apple.security.app-sandbox": True})
plist(f"{P}/Watch/Info.plist", info(WKCompanionAppBundleIdentifier="com.contoso.planner"))
plist(f"{P}/Widget/Info.plist", info(NSExtension={"NSExtensionPointIdentifier": "com.apple.widgetkit-extension"}))
project(f"{P}/Planner.xcodeproj", [
    {"name": "Planner iOS", "type": APP, "products": [("MSAL", MSAL_URL)],
     "settings": settings("com.contoso.planner", "iOS/Info.plist", CODE_SIGN_ENTITLEMENTS="iOS/iOS.entitlements")},
    {"name": "Planner macOS", "type": APP, "products": [("MSAL", MSAL_URL)],
     "settings": settings("com.contoso.planner.mac", "macOS/Info.plist", "macosx", CODE_SIGN_ENTITLEMENTS="macOS/macOS.entitlements")},
    {"name": "Planner Watch", "type": WATCH, "settings": settings("com.contoso.planner.watchkitapp", "Watch/Info.plist", "watchos")},
    {"name": "Planner Widget", "type": WIDGET, "settings": settings("com.contoso.planner.widget", "Widget/Info.plist")},
], packages=[MSAL_URL])

# A Podfile with no lock: GoogleSignIn in the phone app's block only; the tvOS app has no pod.
P = "PodfileTargets"
CLIENT = "514797035410-uksdcup8ju2g0frgqq3f88ieqnvmr2t9"
write(f"{P}/Podfile", "platform :ios, '15.0'\nuse_frameworks!\n\ndef shared_pods\n  pod 'GoogleSignIn', '~> 7.0'\nend\n\n"
      "target 'Photos' do\n  shared_pods\n  pod 'Kingfisher'\n\n  target 'PhotosTests' do\n    inherit! :search_paths\n  end\nend\n\n"
      "target 'Photos TV' do\n  platform :tvos, '15.0'\n  pod 'Kingfisher'\nend\n\npost_install do |installer|\n  installer.pods_project.targets.each do |t|\n  end\nend\n")
plist(f"{P}/Photos/Info.plist", info(GIDClientID=f"{CLIENT}.apps.googleusercontent.com",
      CFBundleURLTypes=[{"CFBundleURLSchemes": [f"com.googleusercontent.apps.{CLIENT}"]}]))
plist(f"{P}/TV/Info.plist", info())
pods = lambda t: {c: f"Pods/Target Support Files/Pods-{t}/Pods-{t}.{c.lower()}.xcconfig" for c in ("Debug", "Release")}
project(f"{P}/Photos.xcodeproj", [
    {"name": "Photos", "type": APP, "settings": settings("com.fabrikam.photos", "Photos/Info.plist"), "base": pods("Photos"),
     "frameworks": ["Pods_Photos.framework"]},
    {"name": "Photos TV", "type": APP, "settings": settings("com.fabrikam.photos.tv", "TV/Info.plist", "appletvos"),
     "base": pods("Photos TV"), "frameworks": ["Pods_Photos_TV.framework"]},
])

# Firebase (GoogleService-Info.plist with CLIENT_ID) in an app that signs in with AppAuth.
P = "FirebaseAppAuth"
write(f"{P}/Podfile", "target 'Tasks' do\n  use_frameworks!\n  pod 'AppAuth'\n  pod 'FirebaseAnalytics'\nend\n")
plist(f"{P}/Tasks/Info.plist", info(CFBundleURLTypes=[{"CFBundleURLSchemes": ["com.fabrikam.tasks"]}]))
plist(f"{P}/Tasks/GoogleService-Info.plist", {"CLIENT_ID": f"{CLIENT}.apps.googleusercontent.com",
      "REVERSED_CLIENT_ID": f"com.googleusercontent.apps.{CLIENT}", "GOOGLE_APP_ID": "1:514797035410:ios:0123456789abcdef"})
project(f"{P}/Tasks.xcodeproj", [{"name": "Tasks", "type": APP, "settings": settings("com.fabrikam.tasks", "Tasks/Info.plist")}])

# MSAL from Carthage, its redirect scheme added to the built Info.plist by a run-script phase.
P = "RunScriptSchemes"
write(f"{P}/Cartfile", 'github "AzureAD/microsoft-authentication-library-for-objc" ~> 1.6\n')
plist(f"{P}/Field/Info.plist", info(LSApplicationQueriesSchemes=["msauthv2", "msauthv3"]))
plist(f"{P}/Field/Field.entitlements", {"keychain-access-groups": ["$(AppIdentifierPrefix)com.microsoft.adalcache"]})
script = ('PLIST="${TARGET_BUILD_DIR}/${INFOPLIST_PATH}"\n'
          '/usr/libexec/PlistBuddy -c "Add :CFBundleURLTypes array" "$PLIST"\n'
          '/usr/libexec/PlistBuddy -c "Add :CFBundleURLTypes:0:CFBundleURLSchemes array" "$PLIST"\n'
          '/usr/libexec/PlistBuddy -c "Add :CFBundleURLTypes:0:CFBundleURLSchemes:0 string msauth.${PRODUCT_BUNDLE_IDENTIFIER}" "$PLIST"\n')
project(f"{P}/Field.xcodeproj", [{"name": "Field", "type": APP, "frameworks": ["MSAL.framework"],
    "scripts": [("SwiftLint", "swiftlint lint\n"), ("Register the MSAL scheme", script)],
    "settings": settings("com.fabrikam.field", "Field/Info.plist", CODE_SIGN_ENTITLEMENTS="Field/Field.entitlements")}])

# A media player: protocol schemes of its own (ftp, smb, rtsp), no sign-in SDK.
P = "MediaSchemes"
plist(f"{P}/Player/Info.plist", info(CFBundleURLTypes=[{"CFBundleURLName": "protocols", "CFBundleURLSchemes": ["player", "ftp", "smb", "rtsp", "sftp"]}]))
project(f"{P}/Player.xcodeproj", [{"name": "Player", "type": APP, "settings": settings("org.fabrikam.player", "Player/Info.plist")}])

# Auth0's sample as shipped: an empty Auth0.plist to fill in, the domain placeholder in Associated Domains.
P = "Auth0Placeholders"
write(f"{P}/Podfile.lock", "PODS:\n  - Auth0 (2.10.0):\n    - JWTDecode (~> 3.1)\n  - JWTDecode (3.1.0)\n\nCOCOAPODS: 1.15.2\n")
plist(f"{P}/Sample/Info.plist", info(CFBundleURLTypes=[{"CFBundleURLName": "auth0", "CFBundleURLSchemes": ["$(PRODUCT_BUNDLE_IDENTIFIER)"]}]))
plist(f"{P}/Sample/Auth0.plist", {})
plist(f"{P}/Sample/Sample.entitlements", {"com.apple.developer.associated-domains": ["webcredentials:YOUR_AUTH0_DOMAIN"]})
project(f"{P}/Sample.xcodeproj", [{"name": "Sample", "type": APP,
    "settings": settings("com.auth0.samples.Sample", "Sample/Info.plist", CODE_SIGN_ENTITLEMENTS="Sample/Sample.entitlements")}])

# Google's sample as shipped: YOUR_REVERSED_CLIENT_ID as the URL scheme.
P = "GooglePlaceholder"
write(f"{P}/Podfile", "platform :ios, '15.0'\npod 'GoogleSignIn'\n\ntarget 'SignInExample' do\nend\n")
plist(f"{P}/SignInExample/Info.plist", info(CFBundleURLTypes=[{"CFBundleURLSchemes": ["YOUR_REVERSED_CLIENT_ID"]}]))
project(f"{P}/SignInExample.xcodeproj", [{"name": "SignInExample", "type": APP, "settings": settings("com.google.SignInExample", "SignInExample/Info.plist")}])

# A Flutter app on MSAL (pubspec.yaml one folder up), before `flutter pub get` and `pod install`.
P = "FlutterMSAL"
write(f"{P}/pubspec.yaml", "name: planner\nenvironment:\n  sdk: '>=3.0.0 <4.0.0'\ndependencies:\n  flutter:\n    sdk: flutter\n  msal_auth: ^3.1.0\n")
write(f"{P}/ios/Flutter/Release.xcconfig", '#include? "Pods/Target Support Files/Pods-Runner/Pods-Runner.release.xcconfig"\n#include "Generated.xcconfig"\n')
write(f"{P}/ios/Flutter/Debug.xcconfig", '#include? "Pods/Target Support Files/Pods-Runner/Pods-Runner.debug.xcconfig"\n#include "Generated.xcconfig"\n')
write(f"{P}/ios/Podfile", "platform :ios, '15.0'\n\ntarget 'Runner' do\n  use_frameworks!\n  flutter_install_all_ios_pods File.dirname(File.realpath(__FILE__))\nend\n")
plist(f"{P}/ios/Runner/Info.plist", info(CFBundleURLTypes=msal_types, LSApplicationQueriesSchemes=["msauthv2", "msauthv3"]))
plist(f"{P}/ios/Runner/Runner.entitlements", {"keychain-access-groups": ["$(AppIdentifierPrefix)com.microsoft.adalcache"]})
project(f"{P}/ios/Runner.xcodeproj", [{"name": "Runner", "type": APP, "frameworks": ["Pods_Runner.framework"],
    "base": {"Debug": "Flutter/Debug.xcconfig", "Release": "Flutter/Release.xcconfig"},
    "scripts": [("Run Script", '/bin/sh "$FLUTTER_ROOT/packages/flutter_tools/bin/xcode_backend.sh" build\n')],
    "settings": settings("com.contoso.planner", "Runner/Info.plist", CODE_SIGN_ENTITLEMENTS="Runner/Runner.entitlements")}])

# A React Native app on react-native-app-auth (package.json one folder up), before `pod install`.
P = "ReactNativeAppAuth"
write(f"{P}/package.json", json.dumps({"name": "notes", "dependencies": {"react": "18.2.0", "react-native": "0.74.0",
      "react-native-app-auth": "^7.2.0"}}, indent=2) + "\n")
write(f"{P}/ios/Podfile", "require_relative '../node_modules/react-native/scripts/react_native_pods'\n\ntarget 'Notes' do\n  config = use_native_modules!\n  use_react_native!(:path => config[:reactNativePath])\nend\n")
plist(f"{P}/ios/Notes/Info.plist", info(CFBundleURLTypes=[{"CFBundleURLSchemes": ["com.fabrikam.notes"]}]))
project(f"{P}/ios/Notes.xcodeproj", [{"name": "Notes", "type": APP, "base": pods("Notes"), "frameworks": ["libPods-Notes.a"],
    "scripts": [("Bundle React Native code and images", "set -e\n../node_modules/react-native/scripts/react-native-xcode.sh\n")],
    "settings": settings("com.fabrikam.notes", "Notes/Info.plist")}])

# A base .xcconfig the developer keeps out of git (secrets): not generated by a tool, so what it
# sets is unknown, and the checks that need it say so.
P = "MissingXCConfig"
shutil.rmtree(P, ignore_errors=True)
plist(f"{P}/Wallet/Info.plist", info(CFBundleURLTypes=[{"CFBundleURLSchemes": ["$(WALLET_SCHEME)"]}]))
project(f"{P}/Wallet.xcodeproj", [{"name": "Wallet", "type": APP, "base": {"Debug": "Config/Secrets.xcconfig", "Release": "Config/Secrets.xcconfig"},
    "settings": settings("com.fabrikam.wallet", "Wallet/Info.plist")}])

# Placeholders that reach a value through the build: GIDClientID left as the sample's, and an
# Associated Domains entry whose domain comes from an .xcconfig that still holds the placeholder.
P = "XCConfigPlaceholders"
shutil.rmtree(P, ignore_errors=True)
write(f"{P}/Podfile", "target 'Gallery' do\n  pod 'GoogleSignIn'\nend\n")
write(f"{P}/Config/Gallery.xcconfig", "SIGN_IN_DOMAIN = {yourDomain}\n")
plist(f"{P}/Gallery/Info.plist", info(GIDClientID="YOUR_CLIENT_ID", CFBundleURLTypes=[{"CFBundleURLSchemes": ["com.fabrikam.gallery"]}]))
plist(f"{P}/Gallery/Gallery.entitlements", {"com.apple.developer.associated-domains": ["webcredentials:$(SIGN_IN_DOMAIN)"]})
project(f"{P}/Gallery.xcodeproj", [{"name": "Gallery", "type": APP, "base": {"Debug": "Config/Gallery.xcconfig", "Release": "Config/Gallery.xcconfig"},
    "settings": settings("com.fabrikam.gallery", "Gallery/Info.plist", CODE_SIGN_ENTITLEMENTS="Gallery/Gallery.entitlements")}])
