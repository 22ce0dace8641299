/// A piece's name as the pollution rule sees it: the field it names, or its decoded name, and
/// the field it only looks like.
struct PieceName: Sendable {
    /// The field the decoded name is, exactly.
    var field: BrokerField?
    /// The decoded name when it is no field's; `nil` for a field, or a name that does not decode.
    var other: String?
    /// The field a server would fold the name into (``ParameterNameFolding``).
    var lookAlike: BrokerField?

    /// The name of a decoded parameter.
    init(decoded name: String) {
        field = BrokerField(named: name)
        other = field == nil ? name : nil
        lookAlike = field == nil ? StringBytes.withUTF8(name) { BrokerField.lookAlike(of: $0) } : nil
    }

    init(field: BrokerField?, other: String?, lookAlike: BrokerField?) {
        self.field = field
        self.other = other
        self.lookAlike = lookAlike
    }

    /// The decoded name, when it decodes.
    var decoded: String? { field?.text ?? other }
}

/// The parameter-pollution rule, the one place it is written: a message whose parameters a
/// reader could take two ways is ambiguous. That is a name twice (after decoding, so that
/// `redirect%5Furi` is `redirect_uri`), both names of one field (`extra_qp` and
/// `extra_query_param`), or a name that some server folds into a field of the message
/// (`REDIRECT_URI`, `redirect_uri+`, `redirect.uri`, `redirect_uri%00`, full-width
/// `ｒedirect_uri`; ``ParameterNameFolding`` is the fold): a server that folds reads a different
/// message than the broker does. (An undecodable piece is ambiguous too; the message records it
/// where it decodes.)
///
/// The rule reads the names in order, one at a time, as a message's one pass meets them, and
/// keeps only what it needs to find the first piece at fault: the fields seen (a bit each) and,
/// when there are some, the other names. A message whose every name is a field's allocates
/// nothing here.
struct ParameterPollution {
    /// What the rule found, at the position of the piece at fault (its offset in the URL, or
    /// its index among a request's parameters: whatever the caller numbers pieces with, in order).
    enum Finding: Sendable, Hashable {
        /// The name of an earlier piece, again.
        case duplicate(position: Int, name: String)
        /// A name that only looks like `field`.
        case lookAlike(position: Int, name: String, field: BrokerField)
        /// The other name of a field whose first name came earlier.
        case otherName(position: Int, name: String, field: BrokerField)

        var position: Int {
            switch self {
            case .duplicate(let position, _), .lookAlike(let position, _, _), .otherName(let position, _, _): position
            }
        }
    }

    private var seen = BrokerField.FieldSet()
    /// The other names (no field's) seen so far; a set only from the second one on.
    private var firstOther: String?
    private var others: Set<String> = []
    private var firstDuplicate: Finding?
    /// The first look-alike of a request field, and of a response field (a message's kind is
    /// known only at the end of its pass).
    private var firstRequestLookAlike: Finding?
    private var firstResponseLookAlike: Finding?

    /// Reads the name of the piece at `position` (pieces in order).
    mutating func add(_ name: PieceName, at position: Int) {
        if let field = name.field {
            if !seen.insert(field) { firstDuplicate = firstDuplicate ?? .duplicate(position: position, name: field.text) }
            if let other = field.otherName, seen.contains(other) {
                firstDuplicate = firstDuplicate ?? .otherName(position: position, name: field.text, field: other)
            }
            return
        }
        guard let other = name.other else { return }
        if let field = name.lookAlike {
            let finding = Finding.lookAlike(position: position, name: other, field: field)
            if field.isRequestField { firstRequestLookAlike = firstRequestLookAlike ?? finding }
            if field.isResponseField { firstResponseLookAlike = firstResponseLookAlike ?? finding }
        }
        guard let first = firstOther else {
            firstOther = other
            return
        }
        if others.isEmpty { others.insert(first) }
        if !others.insert(other).inserted { firstDuplicate = firstDuplicate ?? .duplicate(position: position, name: other) }
    }

    /// No name so far repeats another or looks like a field: ``firstFinding(for:)`` is `nil`
    /// for every kind of message.
    var foundNothing: Bool {
        firstDuplicate == nil && firstRequestLookAlike == nil && firstResponseLookAlike == nil
    }

    /// The first piece at fault in a message of this kind: a name twice, or a look-alike of one
    /// of its fields (`nil` for a URL that is no broker message: it has no fields).
    func firstFinding(for recognition: BrokerMessage.Recognition) -> Finding? {
        let lookAlike: Finding?
        switch recognition {
        case .request: lookAlike = firstRequestLookAlike
        case .response, .errorResponse: lookAlike = firstResponseLookAlike
        case .none: lookAlike = nil
        }
        guard let lookAlike else { return firstDuplicate }
        guard let duplicate = firstDuplicate else { return lookAlike }
        // A look-alike name repeated is reported where it first appears.
        return duplicate.position < lookAlike.position ? duplicate : lookAlike
    }

    /// The first finding among decoded names, in order (a request built from its parameters).
    static func firstFinding(in names: some Sequence<String>, for recognition: BrokerMessage.Recognition) -> Finding? {
        var rule = ParameterPollution()
        for (index, name) in names.enumerated() { rule.add(PieceName(decoded: name), at: index) }
        return rule.firstFinding(for: recognition)
    }

    /// The error for a finding, at `offset` in the message's URL when known.
    static func error(_ finding: Finding, offset: Int?) -> BrokerMessageError {
        switch finding {
        case .duplicate(_, let name):
            return BrokerMessageError(
                .duplicateParameter, parameter: name, offset: offset,
                detail: "appears more than once; a reader that picks one lets an attacker choose")
        case .lookAlike(_, let name, let field):
            return BrokerMessageError(
                .lookAlikeParameter, parameter: name, offset: offset,
                detail:
                    "is '\(field.text)' to a server that folds names (letter case, width and compatibility forms, surrounding whitespace, NUL, PHP's '.' for '_'): it would read a different request"
            )
        case .otherName(_, let name, let field):
            return BrokerMessageError(
                .duplicateParameter, parameter: name, offset: offset,
                detail: "names the same field as '\(field.text)', which the message has too; a reader that picks one lets an attacker choose")
        }
    }
}
