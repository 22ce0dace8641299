import Foundation

/// The Apple platform a target builds for, which decides the rules: only iOS (and visionOS and
/// Mac Catalyst, which run iOS apps' code) has the Microsoft broker; tvOS and watchOS have no
/// browser an SDK can send the user to, so no SDK there signs in through a redirect.
public enum ApplePlatform: String, Sendable, Codable, CaseIterable {
    /// iOS and iPadOS (`SDKROOT = iphoneos`).
    case iOS = "ios"
    /// macOS (`SDKROOT = macosx`).
    case macOS = "macos"
    /// tvOS (`SDKROOT = appletvos`).
    case tvOS = "tvos"
    /// watchOS (`SDKROOT = watchos`, or a WatchKit app's product type).
    case watchOS = "watchos"
    /// visionOS (`SDKROOT = xros`).
    case visionOS = "visionos"

    /// The name people know the platform by.
    public var displayName: String {
        switch self {
        case .iOS: return "iOS"
        case .macOS: return "macOS"
        case .tvOS: return "tvOS"
        case .watchOS: return "watchOS"
        case .visionOS: return "visionOS"
        }
    }

    /// Whether an app on this platform can show a browser session whose redirect comes back to
    /// it (ASWebAuthenticationSession is unavailable on tvOS, and no sign-in SDK offers it on
    /// watchOS), so that redirect-URI requirements apply at all.
    var hasBrowserSignIn: Bool { self != .tvOS && self != .watchOS }

    /// The platform of an `SDKROOT` value (`iphoneos`, `macosx`, `appletvos`, `watchos`, `xros`,
    /// or a versioned SDK such as `iphoneos17.0`); `nil` for anything else.
    static func of(sdkRoot: String) -> ApplePlatform? {
        let value = sdkRoot.trimmingCharacters(in: .whitespaces).lowercased()
        let table: [(String, ApplePlatform)] = [
            ("iphone", .iOS), ("macosx", .macOS), ("appletv", .tvOS), ("watch", .watchOS), ("xr", .visionOS),
        ]
        return table.first { value.hasPrefix($0.0) }?.1
    }
}
