/// Why a query parameter could not be read unambiguously.
///
/// ```swift
/// do {
///     _ = try QueryParameters("redirect_uri=a&redirect%5Furi=b").single("redirect_uri")
/// } catch {
///     error.kind     // .duplicateParameter
///     error.offset   // 15: where the second one starts in the query
/// }
/// ```
public struct QueryParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var kind: Kind
    /// The parameter: the name asked for, or the decoded name of a piece whose value does not
    /// decode (the raw name when the name itself does not decode).
    public var name: String
    /// The byte offset in the query of the piece at fault (the second of two duplicates), when
    /// known.
    public var offset: Int?
    /// Why a name or value did not decode (its offset is within that name or value).
    public var underlying: PercentDecodingError?

    /// Creates an error.
    public init(_ kind: Kind, name: String, offset: Int? = nil, underlying: PercentDecodingError? = nil) {
        self.kind = kind
        self.name = name
        self.offset = offset
        self.underlying = underlying
    }

    /// `code 'name' at offset N: underlying`.
    public var description: String {
        "\(kind) '\(name)'" + (offset.map { " at offset \($0)" } ?? "") + (underlying.map { ": \($0)" } ?? "")
    }
}

extension QueryParameterError: CodedError {
    /// Each kind's code and explanation, at the kind's row.
    public static let codes: [(code: String, explanation: String)] = [
        ("duplicate-parameter", "the parameter appears more than once; picking the first or the last would let an attacker choose"),
        ("invalid-encoding", "the parameter's name or value does not percent-decode to well-formed UTF-8"),
    ]
}

extension ErrorKind where Owner == QueryParameterError {
    /// A name that appears more than once (compared after decoding).
    public static var duplicateParameter: Self { Self(rawValue: 0) }
    /// A name or value that does not decode.
    public static var invalidEncoding: Self { Self(rawValue: 1) }
}

/// How a query's names and values are decoded: RFC 3986, or HTML form encoding.
public enum QueryDecoding: Sendable, Hashable {
    /// RFC 3986: `%XX` only; `+` is a plus.
    case rfc3986
    /// `application/x-www-form-urlencoded`: `%XX`, and `+` is a space. Broker messages use this.
    case form
}
