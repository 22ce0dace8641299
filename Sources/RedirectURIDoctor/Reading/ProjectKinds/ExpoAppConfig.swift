import Foundation

/// What an Expo app's `app.json` says of the iOS app `npx expo prebuild` writes (Expo's config
/// reference, `ios.*`): the bundle ID (`ios.bundleIdentifier`), the URL schemes (`scheme` and
/// `ios.scheme`, and the bundle ID, which prebuild registers as a scheme too), the Info.plist
/// keys of `ios.infoPlist`, the entitlements of `ios.entitlements` and `ios.associatedDomains`,
/// and what the sign-in SDKs' config plugins add (Google Sign-In's `iosUrlScheme`).
///
/// A config plugin that may write the Info.plist and that the doctor does not know makes the
/// Info.plist unknown: then it is not guessed, and the error names `npx expo prebuild`.
struct ExpoAppConfig {
    /// Plugins known to write nothing the doctor checks (fonts, splash screens, …) are not
    /// listed: any plugin whose name says sign-in is either read here or stops the run.
    static let signInWords = ["auth", "msal", "signin", "sign-in", "login", "oauth", "okta", "google"]

    static func read(_ data: Data, file: URL) throws(DoctorProjectError) -> (info: [String: Any], entitlements: [String: Any], bundleID: String?) {
        guard let top = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw DoctorProjectError(.malformed, "'\(DisplayPath.of(file))' is not a JSON object")
        }
        let expo = top["expo"] as? [String: Any] ?? top
        let ios = expo["ios"] as? [String: Any] ?? [:]
        var info = ios["infoPlist"] as? [String: Any] ?? [:]
        let bundleID = ios["bundleIdentifier"] as? String
        var schemes: [String] = []
        for value in [expo["scheme"], ios["scheme"]] {
            if let scheme = value as? String { schemes.append(scheme) }
            schemes += value as? [String] ?? []
        }
        if let bundleID { schemes.append(bundleID) }
        for plugin in expo["plugins"] as? [Any] ?? [] {
            let entry = plugin as? [Any]
            guard let name = (plugin as? String) ?? (entry?.first as? String) else { continue }
            let options = entry.flatMap { $0.count > 1 ? $0[1] as? [String: Any] : nil } ?? [:]
            if name == "@react-native-google-signin/google-signin", let scheme = options["iosUrlScheme"] as? String {
                schemes.append(scheme)
            } else if signInWords.contains(where: name.lowercased().contains) {
                throw ProjectSource.expo(file, "its config plugin '\(name)' may write the Info.plist")
            }
        }
        // A wrong-typed CFBundleURLTypes of ios.infoPlist is left as written: the checks name it.
        if !schemes.isEmpty, info["CFBundleURLTypes"] == nil || info["CFBundleURLTypes"] is [Any] {
            var types = info["CFBundleURLTypes"] as? [Any] ?? []
            types.append(["CFBundleURLSchemes": schemes])
            info["CFBundleURLTypes"] = types
        }
        var entitlements = ios["entitlements"] as? [String: Any] ?? [:]
        if let domains = ios["associatedDomains"] as? [String] { entitlements["com.apple.developer.associated-domains"] = domains }
        return (info, entitlements, bundleID)
    }
}
