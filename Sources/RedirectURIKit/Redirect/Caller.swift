/// The app that opened the broker, as iOS reported it.
///
/// iOS hands a broker the calling app's bundle ID (`UIApplication.OpenURLOptionsKey.sourceApplication`)
/// only when both apps belong to the same developer team; since iOS 13, for any other vendor's
/// app the value is `nil` (Apple's documentation of `sourceApplication`). So a broker knows the
/// caller for its own vendor's apps only, and for every other app the bundle ID in the redirect
/// URI is a claim that nothing on the device checked.
///
/// Verification takes the caller as one of these two cases and says in its verdict which one the
/// decision rests on (``VerificationVerdict/identity``): there is no other way to leave the
/// bundle-ID rule out.
///
/// ```swift
/// // In the broker's application(_:open:options:) or scene(_:openURLContexts:):
/// let caller = Caller(sourceApplication: options[.sourceApplication] as? String)
/// ```
public enum Caller: Sendable, Hashable, CustomStringConvertible {
    /// iOS named the caller (a same-team app): its bundle ID, as iOS wrote it. Rule `bundle-id`
    /// holds the redirect URI's bundle ID to it.
    case reportedByOS(bundleID: String)
    /// iOS did not name the caller (another vendor's app, from iOS 13 on): rule `bundle-id` cannot
    /// run, and an acceptance rests on the registration for the request's client ID, the
    /// response encrypted to the request's `broker_key` and, with `msauthv3`, the `broker_nonce`
    /// the response must echo.
    case notReported

    /// The caller from the value iOS passed as `sourceApplication`: `nil` is not reported.
    ///
    /// An empty string is not a bundle ID iOS reports; it is taken as reported, so that rule
    /// `bundle-id` rejects it rather than reading it as "not reported".
    public init(sourceApplication: String?) {
        self = sourceApplication.map { .reportedByOS(bundleID: $0) } ?? .notReported
    }

    /// The bundle ID iOS reported, or `nil` when it reported none.
    public var reportedBundleID: String? {
        switch self {
        case .reportedByOS(let bundleID): bundleID
        case .notReported: nil
        }
    }

    /// The identity a verdict for this caller rests on.
    public var identity: VerdictIdentity {
        switch self {
        case .reportedByOS: .reportedByOS
        case .notReported: .claimedByRedirectURI
        }
    }

    /// `reported-by-os(<bundle ID>)` or `not-reported`.
    public var description: String {
        switch self {
        case .reportedByOS(let bundleID): "reported-by-os(\(bundleID))"
        case .notReported: "not-reported"
        }
    }
}

/// Which identity a verification verdict rests on.
public enum VerdictIdentity: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// iOS reported the caller, and rule `bundle-id` held the redirect URI's bundle ID to it: the
    /// identity is proven by the OS.
    case reportedByOS = "reported-by-os"
    /// iOS did not report the caller: the bundle ID is the redirect URI's claim. An acceptance
    /// rests on the registration for the client ID, on `broker_key` (the answer is encrypted to
    /// the requester's key) and, with `msauthv3`, on the `broker_nonce` the answer echoes.
    case claimedByRedirectURI = "claimed-by-redirect-uri"

    /// The stable name, e.g. `reported-by-os`.
    public var description: String { rawValue }
}
