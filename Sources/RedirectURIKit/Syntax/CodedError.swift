/// The one shape of this package's errors: a ``kind`` with a stable code, the byte offset where
/// the problem is (when it has one), and a sentence that explains the rule that was broken.
///
/// Each error type writes its kinds once, in its table of ``codes``; a kind is a row of that
/// table, so a code and its explanation cannot drift apart, and ``FindingRegistry`` registers
/// every table, so that a code means one thing wherever it appears.
///
/// ```swift
/// do {
///     _ = try URIReference(parsing: "http://host:8a/")
/// } catch {
///     error.code          // "invalid-port"
///     error.offset        // 14: `host:8a` could have been userinfo, until the `/`
///     error.explanation   // "a port must be decimal digits only"
/// }
/// ```
public protocol CodedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every kind of the error: its stable code and the sentence that explains it, in
    /// documentation order. The one place a kind's code and explanation are written.
    static var codes: [(code: String, explanation: String)] { get }
    /// What went wrong.
    var kind: ErrorKind<Self> { get }
}

extension CodedError {
    /// The kinds of this error: `URIParseError.Kind.invalidPort`.
    public typealias Kind = ErrorKind<Self>

    /// The kind's stable code, e.g. `invalid-port`.
    public var code: String { kind.code }
    /// The sentence that explains the kind's rule.
    public var explanation: String { kind.explanation }
}

/// A kind of a ``CodedError``: a row of its error type's table of ``CodedError/codes``, held in
/// one byte (so that a scanner carries it in a register and builds the error once, at its entry
/// point). Its ``code`` is stable across releases.
public struct ErrorKind<Owner: CodedError>: Sendable, Hashable, CustomStringConvertible {
    /// The kind's row in `Owner.codes`.
    let rawValue: UInt8

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The stable identifier, e.g. `invalid-port`.
    public var code: String { Owner.codes[Int(rawValue)].code }
    /// A sentence that explains the rule that was broken.
    public var explanation: String { Owner.codes[Int(rawValue)].explanation }
    /// The stable code.
    public var description: String { code }

    /// Every kind of `Owner`, in documentation order.
    public static var allKinds: [Self] { Owner.codes.indices.map { Self(rawValue: UInt8(truncatingIfNeeded: $0)) } }
}
