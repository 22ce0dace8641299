import Foundation
import RedirectURIKit

/// The redirect URI checked when none is given: the one the SDK uses, derived from its own
/// configuration as the SDK derives it.
extension DoctorChecks {
    /// The redirect URI the SDK uses when the app passes none, from the SDK's own configuration.
    mutating func derivedRedirect(
        info: [String: Any], bundleID: String?, bundleIDIssue: String, registered: [String], pending: Bool,
        extraSchemes: inout [(scheme: String, why: String)], issue: inout String
    ) -> RedirectURI? {
        let intune = info["IntuneMAMSettings"] as? [String: Any]
        switch sdk {
        case .msal, .adal:
            if let written = intune?["ADALRedirectUri"] as? String {
                return derived(written, at: "IntuneMAMSettings.ADALRedirectUri", by: "Intune's IntuneMAMSettings.ADALRedirectUri", issue: &issue)
            }
            if let written = intune?["ADALRedirectScheme"] as? String {
                guard let bundleID else {
                    issue = "the redirect URI is IntuneMAMSettings.ADALRedirectScheme + :// + the bundle ID, and \(bundleIDIssue)"
                    skip("redirect-uri", issue)
                    return nil
                }
                guard let scheme = expandedForRedirect(written, at: "IntuneMAMSettings.ADALRedirectScheme", issue: &issue) else {
                    return nil
                }
                guard Self.isScheme(scheme) else {
                    issue = "IntuneMAMSettings.ADALRedirectScheme '\(scheme)' is not a scheme"
                    // The same value among the URL schemes is fixed with the same scheme.
                    let meant = "msauth.\(bundleID)"
                    schemesMeant[scheme] = meant
                    findings.append(
                        DoctorFinding(
                            .sdkConfigurationInvalid,
                            "IntuneMAMSettings.ADALRedirectScheme is '\(scheme)', which is not a URL scheme: Intune builds the redirect URI as <ADALRedirectScheme>://<bundle ID>",
                            fix: "set ADALRedirectScheme to \(meant), registered in CFBundleURLSchemes"
                        ).at("IntuneMAMSettings.ADALRedirectScheme"))
                    skip("redirect-uri", issue, needed: false)
                    return nil
                }
                return derived(
                    "\(scheme)://\(bundleID)", at: nil, by: "Intune's IntuneMAMSettings.ADALRedirectScheme and the bundle ID",
                    issue: &issue)
            }
            if sdk == .msal {
                return msalDefaultRedirect(bundleID: bundleID, bundleIDIssue: bundleIDIssue, registered: registered, pending: pending)
            }
            issue = "ADAL takes its redirect URI from the app's code; none was given"
            skip("redirect-uri", issue + " (pass --redirect-uri <scheme>://<bundle ID>)", needed: false)
            return nil
        case .googleSignIn:
            if let withheld = codeValuesWithheld[.clientID] {
                issue = withheld
                googleClientIDUnread = true
                skip("redirect-uri", issue, needed: false)
                return nil
            }
            var clientID: String?
            var source = ""
            if let fromCode = codeGoogleClientID {
                clientID = fromCode.value
                source = fromCode.cite
            } else if let written = info["GIDClientID"] {
                guard let text = written as? String else {
                    findings.append(Self.wrongType("GIDClientID", expected: "a string"))
                    issue = "GIDClientID is not a string"
                    skip("redirect-uri", issue)
                    return nil
                }
                guard let expanded = expandedForRedirect(text, at: "GIDClientID", issue: &issue) else { return nil }
                // A sample's `YOUR_CLIENT_ID`: named as what it is, not read as a malformed ID.
                if Placeholder.isPlaceholder(expanded) {
                    findings.append(
                        DoctorFinding(
                            .valuePlaceholder, "GIDClientID is '\(expanded)', a placeholder the sample left to replace",
                            fix: "set GIDClientID to your iOS client ID from the Google Cloud console (<id>.apps.googleusercontent.com)"
                        ).at("GIDClientID"))
                    issue = "GIDClientID is a placeholder"
                    skip("redirect-uri", issue, needed: false)
                    return nil
                }
                clientID = expanded
                source = "GIDClientID"
            } else if let file = detection.googleClientID {
                clientID = file.value
                source = "CLIENT_ID of \(file.file)"
            }
            guard let clientID else {
                googleClientIDUnread = true
                issue = "Google Sign-In reads its client ID from GIDClientID in the Info.plist (or the app's code), and there is none"
                skip("redirect-uri", issue + " (add GIDClientID, or pass --redirect-uri)", needed: false)
                return nil
            }
            let suffix = ".apps.googleusercontent.com"
            let prefix = "com.googleusercontent.apps."
            let scheme: String
            if clientID.hasSuffix(suffix), clientID.count > suffix.count {
                scheme = prefix + clientID.dropLast(suffix.count)
            } else if clientID.hasPrefix(prefix), clientID.count > prefix.count {
                scheme = clientID
                findings.append(
                    DoctorFinding(
                        .sdkConfigurationInvalid,
                        "\(source) is '\(clientID)', the reversed client ID; Google Sign-In expects the client ID itself there, and the reversed one only as a URL scheme",
                        fix: "set \(source == "GIDClientID" ? "GIDClientID" : "the client ID") to '\(clientID.dropFirst(prefix.count))\(suffix)'"))
            } else {
                issue = "\(source) '\(clientID)' is not a Google iOS client ID (<number>-<id>.apps.googleusercontent.com)"
                findings.append(
                    DoctorFinding(
                        .sdkConfigurationInvalid, issue,
                        fix: "copy the iOS client ID from the Google Cloud console (or CLIENT_ID of GoogleService-Info.plist)"))
                skip("redirect-uri", issue, needed: false)
                return nil
            }
            return derived(scheme + ":/oauth2callback", at: nil, by: "the reversed client ID (\(source))", issue: &issue)
        case .auth0:
            if codeAuth0.domain == nil, let withheld = codeValuesWithheld[.authority] {
                issue = withheld
                skip("redirect-uri", issue, needed: false)
                return nil
            }
            guard let domain = codeAuth0.domain.map({ (value: $0.value, file: $0.cite) }) ?? detection.auth0Domain else {
                issue = "Auth0's callback URL is built from the Domain of Auth0.plist, and no Auth0.plist with a Domain was found"
                skip("redirect-uri", issue + " (pass --redirect-uri)", needed: false)
                return nil
            }
            guard let bundleID else {
                issue = "Auth0's callback URL is built from the bundle ID, and \(bundleIDIssue)"
                skip("redirect-uri", issue)
                return nil
            }
            var host = domain.value.lowercased().hasPrefix("https://") ? String(domain.value.dropFirst(8)) : domain.value
            if host.hasSuffix("/") { host.removeLast() }
            // Auth0.swift (Auth0WebAuth.computeDefaultRedirectURL) sets the Auth0 URL's scheme to
            // the bundle ID as it is, or to https after useHTTPS() from iOS 17.4, and appends
            // /ios/<bundle ID>/callback (see CodeAuth0Callback).
            // The path names the platform Auth0.swift is built for (Auth0WebAuth's `platform`:
            // `macos` on macOS, `visionos` on visionOS, else `ios`, Mac Catalyst included).
            let segment = platform == .macOS ? "macos" : platform == .visionOS ? "visionos" : "ios"
            if let https = codeAuth0.https {
                return derived(
                    "https://\(host)/\(segment)/\(bundleID)/callback", at: nil,
                    by: "Auth0's https callback https://<domain>/\(segment)/<bundle ID>/callback, with \(https) and the domain of \(domain.file) "
                        + "(from iOS 17.4 and macOS 14.4; earlier versions use \(bundleID)://\(host)/\(segment)/\(bundleID)/callback, which ASWebAuthenticationSession captures unregistered)",
                    issue: &issue)
            }
            let scheme = bundleID
            return derived(
                "\(scheme)://\(host)/\(segment)/\(bundleID)/callback", at: nil,
                by: "Auth0's callback format <bundle ID>://<Domain of \(domain.file)>/\(segment)/<bundle ID>/callback", issue: &issue)
        case .okta:
            guard let first = detection.oktaRedirects.first(where: { $0.key == "redirectUri" }) else {
                issue = "Okta reads its redirect URI from redirectUri in Okta.plist, and none was found"
                skip("redirect-uri", issue + " (pass --redirect-uri)", needed: false)
                return nil
            }
            for other in detection.oktaRedirects where other.key != "redirectUri" {
                if let scheme = (try? RedirectURI(parsing: other.value))?.reference.scheme, other.value.lowercased().hasPrefix("https:") == false {
                    extraSchemes.append((String(scheme), "the scheme of \(other.key) in \(other.file)"))
                }
            }
            return derived(first.value, at: nil, by: "redirectUri of \(first.file)", issue: &issue)
        case .appAuth, .generic:
            issue = "\(sdk == .appAuth ? "AppAuth" : "the app") takes the redirect URI from the app's code; none was given"
            skip("redirect-uri", issue + " (pass --redirect-uri)", needed: false)
            return nil
        }
    }

    /// `text`, read at `location`, with its build settings expanded; `nil` when one has no value,
    /// after saying so as the reason the redirect URI could not be derived.
    private mutating func expandedForRedirect(_ text: String, at location: String, issue: inout String) -> String? {
        let expansion = expand(text, at: location)
        guard expansion.isComplete else {
            issue = reason(location, expansion)
            skip("redirect-uri", issue)
            return nil
        }
        return expansion.value
    }

    /// A derived redirect URI, parsed and reported as `redirect-uri-derived`.
    private mutating func derived(_ text: String, at location: String?, by origin: String, issue: inout String) -> RedirectURI? {
        var value = text
        if let location {
            guard let expanded = expandedForRedirect(text, at: location, issue: &issue) else { return nil }
            value = expanded
        }
        guard let redirect = parsedRedirect(value, what: "the redirect URI from \(origin)", issue: &issue) else { return nil }
        findings.append(
            DoctorFinding(
                .redirectURIDerived, "no redirect URI given; checking '\(redirect)', which \(sdk.displayName) uses: from \(origin)",
                fix: "pass --redirect-uri to check another one"))
        return redirect
    }

    /// Parses a redirect URI; a failure is `redirect-uri-unparsable` with the core's error kind and
    /// byte offset, the ones `parse` prints for the same text.
    mutating func parsedRedirect(_ text: String, what: String, issue: inout String) -> RedirectURI? {
        do {
            // `parse` reads its input as a URI-reference first and reports that error; read the
            // same way first, so that both name one error at one offset.
            _ = try URIReference(bytes: Array(text.utf8))
            return try RedirectURI(parsing: text)
        } catch {
            issue = "\(what) is not valid"
            findings.append(
                DoctorFinding(
                    .redirectURIUnparsable,
                    "\(what) '\(text)' is not a valid absolute URI: \(error.kind.code) at byte offset \(error.offset) (\(error.message))",
                    fix: sdk == .msal
                        ? "use the redirect URI registered for the app, e.g. msauth.<bundle.id>://auth"
                        : "use the redirect URI registered for the app: <scheme>:<path>, the scheme registered in CFBundleURLSchemes"))
            return nil
        }
    }

    /// The redirect URI MSAL uses when the app configures none: `msauth.<bundle ID>://auth` when
    /// that scheme is registered, else `msal<client ID>://auth` when a client-ID scheme is
    /// (MSAL's fallback, which is not broker-capable), else the broker one, which then fails the
    /// scheme check. Which scheme is a client-ID scheme is the core's classification.
    private mutating func msalDefaultRedirect(
        bundleID: String?, bundleIDIssue: String, registered: [String], pending: Bool
    ) -> RedirectURI? {
        let clientIDRedirects = registered.compactMap { scheme -> RedirectURI? in
            guard let candidate = try? RedirectURI(parsing: scheme + "://auth"), candidate.form == .msalClientID else { return nil }
            return candidate
        }
        let broker = bundleID.flatMap(BundleID.init).flatMap { try? RedirectURI.msalBroker(bundleID: $0) }
        let brokerScheme = broker?.reference.scheme.map(String.init)
        // With a scheme still unexpanded, the broker scheme may be registered after all.
        let brokerRegistered =
            brokerScheme.map(registered.contains)
            ?? registered.contains { scheme in
                (try? RedirectURI(parsing: scheme + "://auth"))?.form == .msalBroker
            }
        if !brokerRegistered, !pending, let fallback = clientIDRedirects.first {
            findings.append(
                DoctorFinding(
                    .redirectURIDerived,
                    "no redirect URI given; checking '\(fallback)', the one MSAL uses: CFBundleURLSchemes has '\(fallback.reference.scheme ?? "")' and not "
                        + (brokerScheme.map { "'\($0)'" } ?? "an msauth.<bundle ID> scheme"),
                    fix: "pass --redirect-uri to check another one"))
            return fallback
        }
        if let broker {
            findings.append(
                DoctorFinding(
                    .redirectURIDerived, "no redirect URI given; checking the MSAL redirect URI '\(broker)'",
                    fix: "pass --redirect-uri to check another one"))
            return broker
        }
        skip("redirect-uri", "no redirect URI was given, and the MSAL one is derived from CFBundleIdentifier: \(bundleIDIssue)")
        return nil
    }

    /// Auth0's custom-scheme callback not registered, but its domain in Associated Domains:
    /// the app uses the https callback (useHTTPS()). The https callback is then the redirect URI
    /// checked, and the one said: it takes the place of the custom-scheme callback's
    /// `redirect-uri-derived`.
    mutating func auth0HTTPSCallback(_ redirect: inout RedirectURI?, given: Bool, registered expanded: [String], entitlements: [Entitlements]) {
        guard sdk == .auth0, !given, codeAuth0.https == nil, let custom = redirect, custom.form != .https, let scheme = custom.reference.scheme,
            !expanded.contains(String(scheme)), let host = custom.reference.host,
            entitlements.contains(where: { Self.associatedDomains($0).contains("webcredentials:\(host)") }),
            let https = try? RedirectURI(parsing: "https://\(host)\(custom.reference.path)")
        else { return }
        // It replaces the finding the derivation made, in its place: tagged here, as made.
        let finding = madeBySDK(
            DoctorFinding(
                .redirectURIDerived,
                "no redirect URI given; checking Auth0's https callback '\(https)' (useHTTPS()\(detection.auth0Domain.map { ", with the Domain of \($0.file)" } ?? "")): "
                    + "the custom-scheme callback's scheme '\(scheme)' is not registered, and Associated Domains has webcredentials:\(host)",
                fix: "pass --redirect-uri to check another one"))
        if let index = findings.lastIndex(where: { $0.code == .redirectURIDerived }) {
            findings[index] = finding
        } else {
            findings.append(finding)
        }
        redirect = https
    }
}
