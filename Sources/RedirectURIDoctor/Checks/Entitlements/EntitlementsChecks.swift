import Foundation
@_spi(Toolkit) import RedirectURIKit

/// The entitlements: the keychain group the SDK keeps its cache in, and the Associated Domains
/// an https callback comes back through.
extension DoctorChecks {
    /// Where the entitlements come from.
    enum EntitlementsSource {
        case none
        /// The file's root dictionary, parsed once when it was read; `nil` when the bytes are not
        /// a property list with a dictionary at its root.
        case read([String: Any]?)
        case unreadable(String)

        /// The source of bytes read from a file or given: parsed here, once.
        static func parsing(_ data: Data) -> EntitlementsSource { .read(PropertyList.dictionary(data)) }
    }

    /// The entitlements of one or more build configurations that share them.
    struct Entitlements {
        /// The configurations, empty without a project.
        var configurations: [String] = []
        /// The file as shown in findings.
        var file: String?
        var source: EntitlementsSource
        /// Expands the configurations' settings (the first's, when they share the file).
        var expander: BuildSettingExpander?
        /// The file's path on disk, when it was read from one.
        var path: String?

        /// "configuration 'Debug' (App/Debug.entitlements)", for messages.
        var label: String {
            let names = configurations.map { "'\($0)'" }.joined(separator: ", ")
            let which = configurations.isEmpty ? "" : (configurations.count == 1 ? "configuration \(names)" : "configurations \(names)")
            switch (which.isEmpty, file) {
            case (true, nil): return "the entitlements"
            case (true, let file?): return file
            case (false, nil): return which
            case (false, let file?): return "\(which) (\(file))"
            }
        }
    }

    /// Entitlements: the keychain group the SDK shares its cache through.
    mutating func entitlementsChecks(info: [String: Any]?, entitlements: [Entitlements], keychainGroup: String?, bundleID: String?) {
        // Intune's settings may move MSAL's cache to another group (ADALCacheKeychainGroupOverride,
        // Intune App SDK guide, stage 3): that group is the one the entitlements need.
        let intuneGroup = sdk.isMicrosoft ? ((info?["IntuneMAMSettings"] as? [String: Any])?["ADALCacheKeychainGroupOverride"] as? String) : nil
        // Google Sign-In on macOS stores its credentials in the keychain only with
        // $(AppIdentifierPrefix)$(CFBundleIdentifier) in keychain-access-groups (GoogleSignIn-iOS
        // README, "Google Sign-In on macOS"); on iOS the app's default group serves.
        let googleGroup = sdk == .googleSignIn && platform == .macOS ? bundleID : nil
        let group = keychainGroup ?? intuneGroup.flatMap { $0.isEmpty ? nil : $0 } ?? sdk.defaultKeychainGroup(on: platform) ?? googleGroup
        for item in entitlements { entitlementsPlaceholders(item) }
        for item in entitlements {
            entitlementsReadable(item)
            // The group is the SDK's (or the caller's, with --keychain-group): the SDK's rule.
            if let group { sdkRule { $0.keychainCheck(item, group: group, named: keychainGroup != nil || intuneGroup != nil) } }
        }
    }

    /// An entitlements file that cannot be read, or is not a property list: one finding in that
    /// file, whatever the SDK, and the checks that read it do not run.
    private mutating func entitlementsReadable(_ item: Entitlements) {
        let start = findings.count
        defer { locate(from: start, in: item) }
        switch item.source {
        case .read(nil):
            findings.append(
                DoctorFinding(
                    .plistUnreadable, "\(item.label): the entitlements file is not a property list with a dictionary at its root",
                    fix: "pass the app's .entitlements file"))
        case .unreadable(let message):
            findings.append(DoctorFinding(.plistUnreadable, message, fix: "point CODE_SIGN_ENTITLEMENTS at the target's .entitlements file"))
        case .none, .read: break
        }
    }

    /// Every string in the entitlements (`webcredentials:YOUR_AUTH0_DOMAIN`,
    /// `applinks:{yourDomain}`) that is a sample's placeholder: iOS would look up a domain or
    /// group that does not exist.
    private mutating func entitlementsPlaceholders(_ item: Entitlements) {
        guard case .read(let plist?) = item.source else { return }
        let start = findings.count
        defer { locate(from: start, in: item) }
        for key in plist.keys.sorted() {
            let values: [(String, String)]
            switch plist[key] {
            case let text as String: values = [(key, text)]
            case let list as [Any]: values = list.enumerated().compactMap { index, value in (value as? String).map { ("\(key)[\(index)]", $0) } }
            default: values = []
            }
            // Expanded first: `webcredentials:$(AUTH0_DOMAIN)` with the domain left as a
            // placeholder in an .xcconfig is the same mistake.
            for (path, written) in values {
                let value = item.expander?.expand(written).value ?? written
                guard Placeholder.isPlaceholder(value) else { continue }
                findings.append(
                    DoctorFinding(
                        .valuePlaceholder,
                        "\(path) of \(item.label) is '\(value)'" + (value == written ? "" : " (written '\(written)')")
                            + ", a placeholder the sample left to replace",
                        fix: "replace it with the value it names (for Associated Domains, your sign-in domain: webcredentials:<domain>)"
                    ).at(path))
            }
        }
    }

    private mutating func keychainCheck(_ item: Entitlements, group: String, named: Bool) {
        let start = findings.count
        defer { locate(from: start, in: item) }
        if let file = item.file, let path = item.path { entitlementsPaths[file] = path }
        let parsed: [String: Any]?
        switch item.source {
        case .none:
            if projectDescription == nil, !named {
                skip(
                    "keychain-group",
                    "\(sdk.displayName) keeps its cache in the keychain group '\(group)', and no entitlements were given (pass --entitlements or --project)",
                    needed: false)
                return
            }
            findings.append(
                DoctorFinding(
                    .keychainGroupMissing,
                    "\(sdk.displayName) keeps its cache in the keychain group '\(group)', but "
                        + (projectDescription != nil
                            ? "\(item.label) \(item.configurations.count > 1 ? "have" : "has") no CODE_SIGN_ENTITLEMENTS"
                            : "no entitlements were given"),
                    fix: projectDescription == nil
                        ? "pass the app's .entitlements file with --entitlements"
                        : "add the Keychain Sharing capability with '\(group)' (it sets CODE_SIGN_ENTITLEMENTS)"))
            return
        case .unreadable:
            // Said once by entitlementsReadable(_:).
            skip("keychain-group", "\(item.label) could not be read", needed: true)
            return
        case .read(let plist):
            parsed = plist
        }
        guard let plist = parsed else { return }  // said once by entitlementsReadable(_:)
        guard let groups = plist["keychain-access-groups"] as? [String] else {
            if plist["keychain-access-groups"] != nil {
                findings.append(Self.wrongType("keychain-access-groups (\(item.label))", expected: "an array of strings"))
                skip("keychain-group", "keychain-access-groups in \(item.label) is not an array of strings (see plist-wrong-type)")
                return
            }
            findings.append(
                DoctorFinding(
                    .keychainGroupMissing,
                    "\(item.label) has no keychain-access-groups, so \(sdk.displayName)'s keychain group '\(group)' is missing",
                    fix: "add keychain-access-groups with '$(AppIdentifierPrefix)\(group)' (Keychain Sharing capability)"))
            return
        }
        var pending: Registered?
        var shown: [String] = []
        var unprefixed: String?
        for (index, written) in groups.enumerated() {
            let location =
                "keychain-access-groups[\(index)]" + (item.configurations.isEmpty && item.path == nil ? "" : " of \(item.file ?? item.label)")
            // Xcode fills in $(CFBundleIdentifier) in entitlements too, as Google's own macOS
            // sample writes the group; it is the bundle ID the build settings give.
            let spelled = written.replacingOccurrences(of: "$(CFBundleIdentifier)", with: "$(PRODUCT_BUNDLE_IDENTIFIER)")
            let expansion = expand(spelled, at: location, with: item.expander)
            shown.append("'\(expansion.value)'")
            // Entries carry the team's prefix: `$(AppIdentifierPrefix)`, which signing fills in,
            // or "TEAMID." once built. Either way the group is what follows it.
            if let remainder = Self.afterSigningPrefix(expansion) {
                if remainder == group { return }
            } else if expansion.isComplete {
                if Self.isTeamPrefixed(expansion.value, group: group) { return }
                if expansion.value == group { unprefixed = written }
            } else if pending == nil {
                pending = Registered(location: location, expansion: expansion)
            }
        }
        if let unprefixed {
            findings.append(
                DoctorFinding(
                    .keychainGroupUnprefixed,
                    "\(item.label): keychain-access-groups has '\(unprefixed)' without the team prefix; the group the app gets is '<team ID>.\(group)' only when written $(AppIdentifierPrefix)\(group)",
                    fix: "write it as '$(AppIdentifierPrefix)\(group)'"))
            return
        }
        if let pending {
            skip("keychain-group", "'\(group)' is not among the entries that could be expanded, and \(reason(pending.location, pending.expansion))")
            return
        }
        findings.append(
            DoctorFinding(
                .keychainGroupMissing,
                "\(item.label): keychain-access-groups does not contain '\(group)' (it has \(shown.joined(separator: ", ")))"
                    + (named ? "" : ", the group \(sdk.displayName) uses by default"),
                fix: "add '$(AppIdentifierPrefix)\(group)' to keychain-access-groups"
                    + (named ? "" : ", or pass the group the app configures with --keychain-group")))
    }

    /// Auth0's https callback comes back only to an app whose Associated Domains name the domain
    /// with `webcredentials:` (ASWebAuthenticationSession's https callbacks, iOS 17.4).
    mutating func associatedDomainCheck(host: String, entitlements: [Entitlements]) {
        for item in entitlements {
            guard case .read(let plist?) = item.source else {
                skip(
                    "associated-domains",
                    "the https callback needs webcredentials:\(host) in Associated Domains, and \(item.label) could not be read", needed: false)
                continue
            }
            let domains = plist["com.apple.developer.associated-domains"] as? [String] ?? []
            if domains.contains("webcredentials:\(host)") { continue }
            findings.append(
                DoctorFinding(
                    .associatedDomainMissing,
                    "\(item.label): the callback https://\(host)/… comes back only through Associated Domains, which "
                        + (domains.isEmpty
                            ? "are not set" : "have \(domains.map { "'\($0)'" }.joined(separator: ", ")) but not 'webcredentials:\(host)'"),
                    fix: "add 'webcredentials:\(host)' to Associated Domains (Signing & Capabilities), or use the custom-scheme callback"))
            locate(from: findings.count - 1, in: item)
        }
        if entitlements.isEmpty {
            skip(
                "associated-domains", "the https callback needs webcredentials:\(host) in Associated Domains, and no entitlements were given",
                needed: false)
        }
    }

    /// The text after a leading signing variable (`$(AppIdentifierPrefix)group` → `group`), when
    /// that variable is all that kept the value from being final.
    private static func afterSigningPrefix(_ expansion: Expansion) -> String? {
        guard !expansion.signing.isEmpty, expansion.unresolved.isEmpty, expansion.unsupportedOperators.isEmpty,
            expansion.unterminated.isEmpty, expansion.limit == nil
        else { return nil }
        let bytes = Array(expansion.value.utf8)
        let segments = BuildSettingText.segments(of: expansion.value)
        guard case .reference(let first)? = segments.first, first.delimiter != .none,
            BuildSettingExpander.signingVariables.contains(String(decoding: bytes[first.contentRange], as: UTF8.self))
        else { return nil }
        for case .reference in segments.dropFirst() { return nil }
        return String(decoding: bytes[first.range.upperBound...], as: UTF8.self)
    }

    /// `TEAMID.group`: a ten-character team (App ID) prefix of `A–Z 0–9`, as in a built app.
    private static func isTeamPrefixed(_ value: String, group: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count == 11 + group.utf8.count, bytes[10] == UInt8(ascii: "."),
            bytes[..<10].allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return false }
        return bytes[11...].elementsEqual(group.utf8)
    }

    /// The Associated Domains entitlement's entries, when the file can be read.
    static func associatedDomains(_ item: Entitlements) -> [String] {
        guard case .read(let plist?) = item.source else { return [] }
        return plist["com.apple.developer.associated-domains"] as? [String] ?? []
    }

    /// Puts the findings from `start` on in the entitlements file `item`.
    private mutating func locate(from start: Int, in item: Entitlements) {
        for index in findings.indices where index >= start {
            let keyPath = findings[index].location?.keyPath ?? Self.defaultLocation(findings[index].code).keyPath
            findings[index].location = DoctorLocation(.entitlements, path: item.path, keyPath: keyPath)
        }
    }
}
