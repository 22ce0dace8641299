/// Why a registrations file (``Registrations``) cannot be read, and where.
///
/// The shape of every error of this package (``CodedError``): a kind with a stable code, the byte
/// offset in the file where the problem is (when the registrations came from a file), and a
/// detail for people.
///
/// ```swift
/// do {
///     _ = try Registrations(json: #"{"not-a-client-id": ["msauth.com.contoso.app://auth"]}"#)
/// } catch {
///     error.code     // "invalid-client-id"
///     error.offset   // 1
/// }
/// ```
public struct RegistrationsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var kind: Kind
    /// The byte offset in the file, when the registrations came from one.
    public var offset: Int?
    /// Details for people.
    public var detail: String?

    /// Creates an error.
    public init(_ kind: Kind, offset: Int? = nil, detail: String? = nil) {
        self.kind = kind
        self.offset = offset
        self.detail = detail
    }

    /// `code at offset N: detail`.
    public var description: String {
        var text = kind.code
        if let offset { text += " at offset \(offset)" }
        if let detail { text += ": \(detail)" }
        return text
    }
}

extension RegistrationsError: CodedError {
    /// Each kind's code and explanation, at the kind's row.
    public static let codes: [(code: String, explanation: String)] = [
        ("invalid-json", "the registrations are not JSON (RFC 8259, UTF-8)"),
        ("json-too-deep", "the registrations nest arrays and objects deeper than the reader allows"),
        ("duplicate-key", "a JSON object names the same key twice, and readers disagree on which one counts"),
        (
            "unexpected-registrations-shape",
            "registrations are an Entra ID application manifest (appId with publicClient.redirectUris, or replyUrlsWithType), an array of manifests, or an object from client ID to an array of redirect URIs"
        ),
        ("invalid-client-id", "a client ID is a UUID (8-4-4-4-12 hex digits), as a broker request's client_id is"),
        ("duplicate-client-id", "a client ID is registered twice (letter case aside), so its redirect URIs would depend on which entry counts"),
        ("invalid-registered-uri", "a registered redirect URI must be an absolute RFC 3986 URI, as written (nothing is trimmed or repaired)"),
    ]
}

extension ErrorKind where Owner == RegistrationsError {
    /// The text is not JSON.
    public static var invalidJSON: Self { Self(rawValue: 0) }
    /// Nested deeper than the reader allows.
    public static var jsonTooDeep: Self { Self(rawValue: 1) }
    /// An object names a key twice.
    public static var duplicateKey: Self { Self(rawValue: 2) }
    /// JSON, but neither a manifest nor a map from client IDs to redirect URIs.
    public static var unexpectedShape: Self { Self(rawValue: 3) }
    /// A client ID that is not a UUID.
    public static var invalidClientID: Self { Self(rawValue: 4) }
    /// A client ID registered twice.
    public static var duplicateClientID: Self { Self(rawValue: 5) }
    /// A registered redirect URI that is not an absolute URI.
    public static var invalidRegisteredURI: Self { Self(rawValue: 6) }
}
