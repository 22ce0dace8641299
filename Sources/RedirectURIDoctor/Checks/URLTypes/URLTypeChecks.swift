import Foundation
import RedirectURIKit

/// What the Info.plist registers (`CFBundleURLTypes`), each registered scheme on its own, and the
/// schemes the redirect needs among them.
extension DoctorChecks {
    /// What the Info.plist registers, and the places a scheme is often put by mistake.
    struct URLTypes {
        var schemes: [Registered] = []
        /// `CFBundleURLTypes[i].CFBundleURLName` values, with where.
        var names: [(location: String, value: String)] = []
        /// Strings of a top-level `CFBundleURLSchemes`, which iOS ignores.
        var strays: [String] = []
        /// Whether some of `CFBundleURLTypes` could not be read (a wrong type).
        var unreadable = false
    }

    /// Every string in `CFBundleURLTypes[].CFBundleURLSchemes[]` (expanded), with where it is.
    mutating func readURLTypes(_ info: [String: Any]) -> URLTypes {
        var result = URLTypes()
        if let strays = info["CFBundleURLSchemes"] {
            let written = (strays as? [Any])?.compactMap { $0 as? String } ?? (strays as? String).map { [$0] } ?? []
            // Expanded quietly, as the identifiers are: read only to explain a missing scheme.
            result.strays = written.map { text in
                let expansion = expander.expand(text)
                return expansion.isComplete ? expansion.value : text
            }
        }
        guard let types = info["CFBundleURLTypes"] else { return result }
        guard let entries = types as? [Any] else {
            findings.append(Self.wrongType("CFBundleURLTypes", expected: "an array of dictionaries"))
            result.unreadable = true
            return result
        }
        for (typeIndex, entry) in entries.enumerated() {
            guard let dictionary = entry as? [String: Any] else {
                findings.append(Self.wrongType("CFBundleURLTypes[\(typeIndex)]", expected: "a dictionary"))
                result.unreadable = true
                continue
            }
            if let name = dictionary["CFBundleURLName"] as? String {
                // Expanded quietly: the identifier is read only to explain a missing scheme.
                let expansion = expander.expand(name)
                result.names.append(("CFBundleURLTypes[\(typeIndex)].CFBundleURLName", expansion.isComplete ? expansion.value : name))
            }
            guard let list = dictionary["CFBundleURLSchemes"] else { continue }
            guard let values = list as? [Any] else {
                findings.append(Self.wrongType("CFBundleURLTypes[\(typeIndex)].CFBundleURLSchemes", expected: "an array of strings"))
                result.unreadable = true
                continue
            }
            for (schemeIndex, value) in values.enumerated() {
                let location = "CFBundleURLTypes[\(typeIndex)].CFBundleURLSchemes[\(schemeIndex)]"
                if let scheme = value as? String {
                    result.schemes.append(Registered(location: location, expansion: expand(scheme, at: location)))
                } else {
                    findings.append(Self.wrongType(location, expected: "a string"))
                    result.unreadable = true
                }
            }
        }
        return result
    }

    /// The scheme strings as written, without expanding or reporting anything.
    func urlSchemeStrings(_ info: [String: Any]) -> [String] {
        let entries = info["CFBundleURLTypes"] as? [Any] ?? []
        return entries.flatMap { (($0 as? [String: Any])?["CFBundleURLSchemes"] as? [Any] ?? []).compactMap { $0 as? String } }
    }

    /// Each registered scheme on its own: RFC 3986 §3.1 syntax, no broker or system scheme, case,
    /// duplicates; and schemes outside `CFBundleURLTypes`.
    ///
    /// A reserved scheme the redirect itself needs (`msauth` for the broker's certificate-based
    /// `msauth://code/…` redirect) is not reported. Values whose expansion already has a finding
    /// (a cycle, an unset setting, a stopped expansion) are not checked again.
    private mutating func registrationFindings(_ types: URLTypes, needed: Set<String>, bundleID: String?) {
        if !types.strays.isEmpty {
            findings.append(
                DoctorFinding(
                    .urlSchemesOutsideURLTypes,
                    "CFBundleURLSchemes (\(types.strays.map { "'\($0)'" }.joined(separator: ", "))) is at the top level of the Info.plist; iOS reads schemes only inside a CFBundleURLTypes entry, so none of these is registered",
                    fix: "move the schemes into a CFBundleURLTypes entry (Xcode: target → Info → URL Types → URL Schemes)"
                        + generatedOnlyNote("CFBundleURLTypes")))
        }
        var seen: [String: String] = [:]
        for entry in types.schemes
        where entry.expansion.isComplete && entry.expansion.cycles.isEmpty && entry.expansion.unset.isEmpty && entry.expansion.limit == nil {
            let scheme = entry.value
            let lower = scheme.lowercased()
            if let first = seen[lower] {
                findings.append(
                    DoctorFinding(
                        .urlSchemeDuplicate, "the URL scheme '\(scheme)' (\(entry.location)) is also at \(first)",
                        fix: "keep one of them: iOS gives a scheme to one app and one entry"
                    ).at(entry.location))
                continue
            }
            seen[lower] = entry.location
            if Placeholder.isPlaceholder(scheme) {
                findings.append(
                    DoctorFinding(
                        .urlSchemePlaceholder, "the URL scheme '\(scheme)' (\(entry.location)) is a placeholder the sample left to replace",
                        fix: "replace '\(scheme)' with the value it names"
                            + (scheme.uppercased().contains("CLIENT_ID") && scheme.uppercased().contains("REVERSED")
                                ? " (Google Sign-In: the reversed client ID, com.googleusercontent.apps.<id>)" : "")
                    ).at(entry.location))
                continue
            }
            if scheme.contains(where: \.isWhitespace) {
                findings.append(
                    DoctorFinding(
                        .urlSchemeWhitespace, "the URL scheme '\(scheme)' (\(entry.location)) contains whitespace",
                        fix: "write it as '\(scheme.filter { !$0.isWhitespace })': schemes are matched exactly"
                    ).at(entry.location))
            } else if !Self.isScheme(scheme) {
                let clientID = sdk == .msal ? Self.msalClientID(in: scheme) : nil
                let fix = meantSchemeFix(scheme, clientID: clientID, types: types, needed: needed, bundleID: bundleID)
                findings.append(
                    madeBySDK(
                        Self.invalidScheme(scheme, at: entry.location, isClientID: clientID != nil, fix: fix).at(entry.location), clientID != nil))
            } else if Self.unclaimableSchemes.contains(lower), !needed.contains(scheme) {
                // MSAL's and ADAL's fix says where the broker's scheme belongs: their rule.
                let brokerFix = lower.hasPrefix("msauth") && (sdk.isMicrosoft || sdk.queriedSchemes.contains(lower))
                findings.append(
                    madeBySDK(
                        DoctorFinding(
                            .urlSchemeReserved,
                            "the app claims the URL scheme '\(scheme)' (\(entry.location)), which belongs to "
                                + (lower.hasPrefix("msauth") ? "the Microsoft broker (the app only queries it)" : "the system")
                                + "; App Store review rejects apps that claim it, and the redirect never reaches this app",
                            fix: lower.hasPrefix("msauth")
                                ? "remove it from CFBundleURLSchemes"
                                    + (sdk.isMicrosoft ? "; the app's own scheme is msauth.<bundle ID>" : "")
                                    + (sdk.queriedSchemes.contains(lower) ? ", and '\(lower)' belongs in LSApplicationQueriesSchemes" : "")
                                : "remove it; register a scheme of the app's own, such as its bundle ID"
                        ).at(entry.location), brokerFix))
            } else if scheme != lower, [.appAuth, .googleSignIn, .okta].contains(sdk) {
                // MSAL and Auth0 compare schemes without case; AppAuth and the libraries built on
                // it compare the returned URL exactly, and iOS lower-cases the scheme. With no SDK
                // nothing compares it.
                findings.append(
                    madeBySDK(
                        DoctorFinding(
                            .urlSchemeUppercase,
                            "the URL scheme '\(scheme)' (\(entry.location)) has upper-case letters; iOS hands the redirect back as '\(lower)', which \(sdk.displayName) then does not match",
                            fix: "use '\(lower)' in CFBundleURLSchemes, in the redirect URI and in the server's registration"
                        ).at(entry.location)))
            }
        }
    }

    /// Whether sign-in fails when the redirect URI's scheme is not registered: the SDK's own rule
    /// (``SDKFlavour/requiresRegisteredScheme(on:)``), or a browser chosen in code that leaves the
    /// callback to iOS (Auth0.swift's `SafariProvider`: "SFSafariViewController will not
    /// automatically capture the callback URL"; AppAuth's `OIDExternalUserAgentIOSCustomBrowser`).
    var schemeRequired: Bool { sdk.requiresRegisteredScheme(on: platform) || codeUserAgentNeedingScheme != nil }

    /// The fix for a registered value that is not a scheme when the SDK's configuration says which
    /// scheme was meant: the one another finding's fix names (``schemesMeant``), or for MSAL's
    /// client ID, the scheme of the client-ID redirect URI checked, else `msauth.<bundle ID>`,
    /// which the broker can use (or `msal<client ID>`, which it cannot). The scheme is kept in
    /// ``schemesMeant``, so that `url-scheme-not-registered` is not said for it on top.
    private mutating func meantSchemeFix(_ value: String, clientID: String?, types: URLTypes, needed: Set<String>, bundleID: String?) -> String? {
        var meant = schemesMeant[value]
        var clientIDScheme: String?
        if meant == nil, let clientID {
            let scheme = "msal" + clientID
            if let asNeeded = needed.first(where: { $0.lowercased() == scheme.lowercased() }) {
                meant = asNeeded
            } else {
                meant = bundleID.map { "msauth.\($0)" }
                clientIDScheme = scheme
            }
        }
        guard let meant else {
            return clientIDScheme.map {
                "replace it with msauth.<bundle ID> (written msauth.$(PRODUCT_BUNDLE_IDENTIFIER)), the scheme MSAL uses with the broker, or with '\($0)', its client-ID scheme, which no broker can use"
            }
        }
        schemesMeant[value] = meant
        if types.schemes.contains(where: { $0.expansion.isComplete && $0.value == meant }) {
            return "remove it: '\(meant)' is registered"
        }
        return "replace it with '\(meant)'"
            + (clientIDScheme.map { ", the scheme MSAL uses with the broker, or with '\($0)', its client-ID scheme, which no broker can use" } ?? "")
    }

    /// Each registered scheme on its own, then each scheme the redirect needs (`needed`, with
    /// why): registered, or named where it was put instead; or why that check could not run.
    mutating func schemeRegistrationChecks(
        info: [String: Any]?, urlTypes: URLTypes, needed: [(scheme: String, why: String)], redirect: RedirectURI?, redirectIssue: String,
        expanded: [String], pending: Registered?, bundleID: String?
    ) {
        registrationFindings(urlTypes, needed: Set(needed.map(\.scheme)), bundleID: bundleID)
        if info != nil, !needed.isEmpty || redirect != nil {
            for (scheme, why) in needed where !expanded.contains(scheme) {
                sdkRule { $0.schemeNotRegistered(scheme, why: why, urlTypes: urlTypes, expanded: expanded, pending: pending, redirect: redirect) }
            }
        } else if info != nil {
            let redirectNeeded = skipped.last { $0.check == "redirect-uri" }?.needed ?? true
            if googleClientIDUnread, !urlTypes.unreadable, pending == nil {
                sdkRule { $0.googleSchemeCheck(expanded) }
            } else if !redirectNeeded, urlTypes.schemes.isEmpty, !urlTypes.unreadable, schemeRequired, codeValuesWithheld[.redirectURI] == nil {
                // The redirect URI lives in the app's code, and the app registers no scheme at all:
                // a custom-scheme redirect cannot come back, and nothing here could check it. Not a
                // pass (CI must not go green on that), and no error either: a claimed https
                // redirect needs no scheme.
                let edit = buildTimeEdits.first { $0.mayWrite("CFBundleURLTypes") }
                skip(
                    "url-scheme-registered",
                    redirectIssue + ", and the Info.plist registers no URL scheme in CFBundleURLTypes: a custom-scheme "
                        + "redirect URI cannot come back to this app (pass --redirect-uri to check the one your code uses)"
                        + (edit.map { ", unless run-script phase '\($0.phase)' adds one to the built Info.plist" } ?? ""),
                    needed: edit == nil)
            } else {
                skip("url-scheme-registered", redirectIssue, needed: redirectNeeded)
            }
        }
    }

    /// Google Sign-In's client ID unread (absent, withheld or computed): whatever it is, its
    /// reversed form `com.googleusercontent.apps.<id>` must be a registered scheme, or
    /// `-[GIDSignIn signIn…]` raises "Your app is missing support for the following URL schemes"
    /// (GoogleSignIn-iOS `GIDSignIn.m`, `GIDSignInCallbackSchemes.m`).
    mutating func googleSchemeCheck(_ expanded: [String]) {
        let prefix = "com.googleusercontent.apps."
        // A placeholder scheme (YOUR_REVERSED_CLIENT_ID) is already named as what to replace.
        guard !expanded.contains(where: { $0.lowercased().hasPrefix(prefix) || Placeholder.isPlaceholder($0) }) else { return }
        findings.append(
            DoctorFinding(
                .urlSchemeNotRegistered,
                "Google Sign-In needs its reversed client ID (\(prefix)<the client ID's first part>) registered as a URL scheme, and no CFBundleURLSchemes entry starts with \(prefix): sign-in stops with \"Your app is missing support for the following URL schemes\"",
                fix:
                    "add a URL type whose URL Schemes holds the reversed client ID (REVERSED_CLIENT_ID of the client's plist, or \(prefix)<id> for <id>.apps.googleusercontent.com)"
            ))
    }

    /// A scheme the redirect needs is not registered: say where it was put instead, if anywhere,
    /// rather than repeating what the SDK already said.
    private mutating func schemeNotRegistered(
        _ scheme: String, why: String, urlTypes: URLTypes, expanded: [String], pending: Registered?, redirect: RedirectURI?
    ) {
        let lower = scheme.lowercased()
        if urlTypes.unreadable {
            skip(
                "url-scheme-registered",
                "'\(scheme)' is not among the registered schemes that could be read, and CFBundleURLTypes has a value of the wrong type (see plist-wrong-type)"
            )
            return
        }
        if let pending {
            skip(
                "url-scheme-registered",
                "'\(scheme)' is not among the registered schemes that could be expanded, and \(reason(pending.location, pending.expansion))")
            return
        }
        // Already named by a registration finding whose fix registers it.
        if urlTypes.strays.contains(where: { $0 == scheme || Self.intendedScheme($0) == scheme }) { return }
        if urlTypes.schemes.contains(where: {
            $0.expansion.isComplete
                && ($0.value.filter { !$0.isWhitespace } == scheme
                    || (!Self.isScheme($0.value) && (schemesMeant[$0.value] ?? Self.intendedScheme($0.value)) == scheme))
        }) {
            return
        }
        if let name = urlTypes.names.first(where: { $0.value.lowercased() == lower || Self.intendedScheme($0.value)?.lowercased() == lower }) {
            findings.append(
                DoctorFinding(
                    .urlSchemeInURLName,
                    "'\(name.value)' is in \(name.location), the URL type's identifier, not in its CFBundleURLSchemes: \(why) '\(scheme)' is not registered",
                    fix: "add '\(scheme)' to URL Schemes (CFBundleURLSchemes) of that URL type; the Identifier can stay"
                ).at(name.location))
            return
        }
        let nearMiss = expanded.first { $0.lowercased() == lower }
        // MSAL's client ID registered as a scheme (one that starts with a letter is a valid one):
        // the scheme MSAL needs is meant in its place.
        let clientID = urlTypes.schemes.first { entry in
            sdk == .msal && entry.expansion.isComplete && Self.isScheme(entry.value) && (try? RedirectURI.msalClientID(entry.value)) != nil
                && (lower.hasPrefix("msauth.") || lower == "msal" + entry.value.lowercased())
        }
        var fix =
            clientID.map { "replace the client ID '\($0.value)' with '\(scheme)' in CFBundleURLSchemes" }
            ?? "add '\(scheme)' to CFBundleURLSchemes in a CFBundleURLTypes entry"
        if sdk.isMicrosoft, redirect?.form == .msalBroker, scheme == redirect?.reference.scheme.map(String.init) {
            fix += " (written msauth.$(PRODUCT_BUNDLE_IDENTIFIER), it follows the bundle ID in every configuration)"
        } else if sdk == .auth0, why.hasPrefix("the redirect URI") {
            fix += " (written $(PRODUCT_BUNDLE_IDENTIFIER))"
            // SFSafariViewController takes no https callback (Auth0.swift's SafariProvider).
            if codeUserAgentNeedingScheme == nil {
                fix += ", or use Auth0's https callback with useHTTPS() and webcredentials:<domain> in Associated Domains"
            }
        }
        if !schemeRequired {
            findings.append(
                DoctorFinding(
                    .urlSchemeNotRegisteredSession,
                    "\(why) '\(scheme)' is in no CFBundleURLTypes[].CFBundleURLSchemes; "
                        + (platform == .macOS && sdk == .msal
                            ? "MSAL on macOS signs in in its own web view, which reads the redirect without it"
                            : "\(sdk.displayName)'s default ASWebAuthenticationSession captures the callback without it"),
                    fix: fix + " if the app uses another browser or provider (SFSafariViewController, an external browser)"))
            return
        }
        findings.append(
            DoctorFinding(
                .urlSchemeNotRegistered,
                "\(why) '\(scheme)' is in no CFBundleURLTypes[].CFBundleURLSchemes"
                    + (nearMiss.map { " (found '\($0)', which differs in case)" }
                        ?? (expanded.isEmpty ? "" : " (registered: \(expanded.map { "'\($0)'" }.joined(separator: ", ")))"))
                    + (clientID.map { "; '\($0.value)' (\($0.location)) is a client ID, which MSAL does not use as a scheme" } ?? "")
                    + (sdk.requiresRegisteredScheme(on: platform)
                        ? ""
                        : codeUserAgentNeedingScheme.map {
                            "; the app's code signs in with \($0), which does not capture the callback as ASWebAuthenticationSession does: iOS must open the app with it"
                        } ?? ""),
                fix: fix + generatedOnlyNote("CFBundleURLTypes")))
    }
}
