/// A parameter that broker messages define, by name: the one list of them that requests,
/// responses, the pollution rule and the report read (positions in it mean nothing).
enum BrokerField: UInt8, CaseIterable, Sendable {
    // Requests.
    case authority, clientID, redirectURI, correlationID, brokerKey, brokerNonce, clientVersion, resource, scope
    case claims, clientCapabilities, intuneEnrollmentIDs, intuneMAMResource, clientAppName, clientAppVersion
    case extraQP, extraQueryParam, username, loginHint, prompt, force, skipCache, maxProtocolVer, msgProtocolVer
    // Responses and error responses.
    case response, hash, errorCode, errorDescription, error, suberror

    /// The parameter's name as brokers write it.
    var name: StaticString {
        switch self {
        case .authority: "authority"
        case .clientID: "client_id"
        case .redirectURI: "redirect_uri"
        case .correlationID: "correlation_id"
        case .brokerKey: "broker_key"
        case .brokerNonce: "broker_nonce"
        case .clientVersion: "client_version"
        case .resource: "resource"
        case .scope: "scope"
        case .claims: "claims"
        case .clientCapabilities: "client_capabilities"
        case .intuneEnrollmentIDs: "intune_enrollment_ids"
        case .intuneMAMResource: "intune_mam_resource"
        case .clientAppName: "client_app_name"
        case .clientAppVersion: "client_app_version"
        case .extraQP: "extra_qp"
        case .extraQueryParam: "extra_query_param"
        case .username: "username"
        case .loginHint: "login_hint"
        case .prompt: "prompt"
        case .force: "force"
        case .skipCache: "skip_cache"
        case .maxProtocolVer: "max_protocol_ver"
        case .msgProtocolVer: "msg_protocol_ver"
        case .response: "response"
        case .hash: "hash"
        case .errorCode: "error_code"
        case .errorDescription: "error_description"
        case .error: "error"
        case .suberror: "suberror"
        }
    }

    /// The name as a string.
    var text: String { name.description }

    /// Whether a broker request defines the field.
    var isRequestField: Bool { rawValue <= BrokerField.msgProtocolVer.rawValue }
    /// Whether a response or an error response defines the field (`msg_protocol_ver` and
    /// `broker_nonce` are in both).
    var isResponseField: Bool {
        switch self {
        case .msgProtocolVer, .brokerNonce, .response, .hash, .errorCode, .errorDescription, .error, .suberror: true
        default: false
        }
    }
    /// Whether a success response defines the field.
    var isSuccessResponseField: Bool {
        switch self {
        case .msgProtocolVer, .brokerNonce, .response, .hash: true
        default: false
        }
    }

    /// The field's bit in a ``FieldSet``.
    var bit: UInt64 { 1 &<< UInt64(rawValue) }

    /// The field named exactly `bytes` (a decoded name), if any.
    @inline(__always)
    init?(named bytes: UnsafeBufferPointer<UInt8>) {
        // Only the fields of that length are compared (one to four): testing every field's
        // length cost about 130 instructions a piece.
        guard bytes.count < Self.byLength.count else { return nil }
        for field in Self.byLength[bytes.count] where bytes.equalsBytes(of: field.name) {
            self = field
            return
        }
        return nil
    }

    /// The fields by the length of their names.
    static let byLength: [[BrokerField]] = {
        var table = [[BrokerField]](repeating: [], count: 1 + (allCases.map { $0.name.utf8CodeUnitCount }.max() ?? 0))
        for field in allCases { table[field.name.utf8CodeUnitCount].append(field) }
        return table
    }()

    /// The field named exactly `name`, if any.
    init?(named name: String) {
        guard let field = StringBytes.withUTF8(name, { BrokerField(named: $0) }) else { return nil }
        self = field
    }

    /// The field that `bytes` (a decoded name that names no field) folds into: a name that some
    /// server reads as that field (`REDIRECT_URI`, `redirect_uri ` once `+` is decoded,
    /// `redirect.uri`, full-width `ｒedirect_uri`; ``ParameterNameFolding`` defines the fold).
    static func lookAlike(of bytes: UnsafeBufferPointer<UInt8>) -> BrokerField? {
        ParameterNameFolding.field(folding: bytes)
    }

    /// The other name of the same field: brokers read `extra_qp` and `extra_query_param` alike
    /// (the extra query parameters for the authorization server), so a request with both is one
    /// field twice.
    var otherName: BrokerField? {
        switch self {
        case .extraQP: .extraQueryParam
        case .extraQueryParam: .extraQP
        default: nil
        }
    }

    /// A set of fields, a bit each.
    struct FieldSet: Sendable, Hashable {
        var bits: UInt64 = 0
        init(bits: UInt64 = 0) { self.bits = bits }
        init(_ fields: [BrokerField]) { bits = fields.reduce(0) { $0 | $1.bit } }
        func union(_ other: FieldSet) -> FieldSet { FieldSet(bits: bits | other.bits) }
        func subtracting(_ other: FieldSet) -> FieldSet { FieldSet(bits: bits & ~other.bits) }
        func contains(_ field: BrokerField) -> Bool { bits & field.bit != 0 }
        /// Inserts `field`; false when it was there already.
        mutating func insert(_ field: BrokerField) -> Bool {
            defer { bits |= field.bit }
            return bits & field.bit == 0
        }
    }
}
