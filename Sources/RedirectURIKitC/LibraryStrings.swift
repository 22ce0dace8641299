import CRedirectURIKit
@_spi(Toolkit) import RedirectURIKit

/// NUL-terminated copies of the library's own strings, made once per process, on first use, and
/// never freed: the `const char *` the header promises in static storage.
///
/// The strings come from the library's tables (the `CodedError` tables, the verification rules,
/// the form names), so a code or an explanation is written once, in Swift, and C reads that.
/// Immutable after it is made; Swift makes a global `let` once, whichever thread asks first.
struct CStringTable: @unchecked Sendable {
    /// Each string and its copy.
    let entries: [(text: String, pointer: UnsafePointer<CChar>)]

    init(_ strings: [String]) {
        entries = strings.map { string in
            var string = string
            let pointer = string.withUTF8 { bytes in
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
                copy[bytes.count] = 0
                return UnsafePointer(copy)
            }
            return (string, pointer)
        }
    }

    /// The copy of `text`, when the table has it.
    func pointer(for text: some StringProtocol) -> UnsafePointer<CChar>? {
        entries.first { $0.text == text }?.pointer
    }
}

/// An error type's table of codes and explanations, as C strings.
struct CodeTable: Sendable {
    let codes: CStringTable
    let explanations: CStringTable

    init(_ table: [(code: String, explanation: String)]) {
        codes = CStringTable(table.map(\.code))
        explanations = CStringTable(table.map(\.explanation))
    }

    /// The code and explanation of `kind`, found by its code (kinds are rows of the same table).
    func strings<Owner: CodedError>(
        of kind: ErrorKind<Owner>
    ) -> (code: UnsafePointer<CChar>?, explanation: UnsafePointer<CChar>?) {
        guard let row = codes.entries.firstIndex(where: { $0.text == kind.code }) else { return (nil, nil) }
        return (codes.entries[row].pointer, explanations.entries[row].pointer)
    }
}

/// `URIParseError.codes`.
let parseErrorStrings = CodeTable(URIParseError.codes)
/// `RedirectBuildError.codes`.
let buildErrorStrings = CodeTable(RedirectBuildError.codes)
/// `BrokerMessageError.codes`.
let messageErrorStrings = CodeTable(BrokerMessageError.codes)
/// `RegistrationsError.codes`.
let registrationsErrorStrings = CodeTable(RegistrationsError.codes)
/// The verification rules' identifiers.
let ruleIdentifiers = CStringTable(VerificationRule.all.map(\.identifier))
/// The verification rules' requirements, in the order of ``ruleIdentifiers``.
let ruleRequirements = CStringTable(VerificationRule.all.map(\.requirement))
/// The names of the parameters of broker requests and responses, for `rdu_error.parameter`.
let parameterNames = CStringTable(Array(BrokerRequest.knownNames.union(BrokerResponse.fieldNames)).sorted())
/// The forms' stable names, in the header's order (``CForm``).
let formNames = CStringTable(CForm.headerOrder.map(\.rawValue))
/// ``ToolkitVersion/current``.
let versionString = CStringTable([ToolkitVersion.current])
