import Foundation
import RedirectURIKit

/// What a value written where a URL scheme belongs is: a scheme (RFC 3986 §3.1), one no app may
/// claim, or something else, with the scheme most likely meant.
extension DoctorChecks {
    /// Schemes no app may claim as its own: the core's reserved list (`http`, `https`, the
    /// broker's `msauth`, `msauthv2`, `msauthv3`, `mailto`, …).
    static let reservedSchemes = RegistrationLint.reservedSchemes

    /// Schemes an app truly must not register as its own: the Microsoft broker's (`msauth`,
    /// `msauthv2`, `msauthv3`: the broker opens them, and a claiming app would receive the broker's
    /// messages), `http` and `https` (iOS opens them in Safari, never in an app), and the schemes
    /// Apple's own apps handle (Apple URL Scheme Reference: `mailto`, `tel`, `sms`, `facetime`,
    /// `facetime-audio`, `maps`, `itms-apps` and the App Store's, `shortcuts`, `app-settings`,
    /// `file`). Unlike the schemes a redirect URI may not use, `ftp`, `smb`, `rtsp` and other
    /// protocol names are ordinary app schemes: media apps register them.
    static let unclaimableSchemes: Set<String> = [
        "msauth", "msauthv2", "msauthv3", "http", "https", "mailto", "tel", "sms", "facetime", "facetime-audio", "maps", "itms",
        "itms-apps", "itms-appss", "itms-services", "shortcuts", "app-settings", "file",
    ]

    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1).
    static func isScheme(_ text: String) -> Bool {
        guard let first = text.utf8.first, Self.isLetter(first) else { return false }
        return text.utf8.allSatisfy {
            isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// What a registered value that is not a scheme most likely is, and the scheme meant.
    static func intendedScheme(_ value: String) -> String? {
        if let range = value.range(of: "://") ?? value.range(of: ":/") ?? value.range(of: ":") {
            // A reserved head (`https://…`) is no scheme of the app's: no replacement to offer.
            let head = String(value[..<range.lowerBound])
            guard isScheme(head), !reservedSchemes.contains(head.lowercased()) else { return nil }
            // Intune's configurator writes `$(MSAL_REDIRECT_URI)-intunemam`: the scheme meant is
            // `<scheme>-intunemam`.
            let rest = value[range.upperBound...]
            if rest.hasPrefix("auth-"), isScheme(head + rest.dropFirst(4)) { return head + rest.dropFirst(4) }
            return head
        }
        let googleSuffix = ".apps.googleusercontent.com"
        if value.hasSuffix(googleSuffix), value.count > googleSuffix.count {
            return "com.googleusercontent.apps." + value.dropLast(googleSuffix.count)
        }
        return nil
    }

    /// The MSAL client ID a value written where a scheme belongs carries: a GUID, bare or in
    /// braces, or after `msal` other than as MSAL's client-ID scheme (`msal{GUID}`,
    /// `msal<GUID>://auth`). Which text is a client ID is the core's classification.
    static func msalClientID(in value: String) -> String? {
        var text = Substring(value)
        if let colon = text.firstIndex(of: ":") { text = text[..<colon] }
        if text.lowercased().hasPrefix("msal") { text = text.dropFirst(4) }
        if (text.hasPrefix("{") && text.hasSuffix("}")) || (text.hasPrefix("<") && text.hasSuffix(">")) {
            text = text.dropFirst().dropLast()
        }
        guard (try? RedirectURI.msalClientID(String(text))) != nil else { return nil }
        return String(text)
    }

    /// `url-scheme-invalid` for a registered value: what it is, and the fix, with the scheme meant
    /// when the value says it (a whole URL, a Google client ID) or `fix` when the SDK's
    /// configuration does.
    static func invalidScheme(_ scheme: String, at location: String, isClientID: Bool = false, fix: String? = nil) -> DoctorFinding {
        let intended = intendedScheme(scheme)
        let what: String
        if scheme.contains("://") || scheme.contains(":/") {
            what = "is a whole URL, not a scheme"
        } else if scheme.hasSuffix(".apps.googleusercontent.com") {
            what = "is a Google client ID; the URL scheme is the reversed client ID"
        } else if isClientID, !scheme.lowercased().hasPrefix("msal") {
            what = "is a client ID, not a scheme (MSAL's schemes are msauth.<bundle ID> and msal<client ID>)"
        } else if scheme.contains(":") || scheme.contains("/") {
            what = "has a ':' or a path, which a scheme cannot"
        } else if let first = scheme.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
            what = "starts with a digit, which a scheme cannot (RFC 3986 §3.1: a letter, then letters, digits, '+', '-', '.')"
        } else if scheme.isEmpty {
            what = "is empty"
        } else {
            what = "has characters a scheme cannot (RFC 3986 §3.1: a letter, then letters, digits, '+', '-', '.')"
        }
        return DoctorFinding(
            .urlSchemeInvalid, "the URL scheme '\(scheme)' (\(location)) \(what); iOS never opens the app with it",
            fix: fix ?? intended.map { "replace it with '\($0)'" } ?? "write only the scheme: a letter, then letters, digits, '+', '-' or '.'")
    }
}
