/// A piece's name as the pollution rule sees it: the field it names, or its decoded name, and
/// the field it only looks like.
struct PieceName: Sendable {
    /// The field the decoded name is, exactly.
    var field: BrokerField?
    /// The decoded name when it is no field's; `nil` for a field, or a name that does not decode.
    var other: String?
    /// The field the name differs from only by ASCII case or surrounding whitespace.
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
/// `redirect%5Furi` is `redirect_uri`), or a name that differs from a field of the message only
/// by ASCII case or surrounding whitespace (`REDIRECT_URI`, `redirect_uri+`): a server that
/// folds case or trims reads a different message than the broker does. (An undecodable piece is
/// ambiguous too; the message records it where it decodes.)
enum ParameterPollution {
    /// What the rule found, at the index of the piece at fault.
    enum Finding: Sendable, Hashable {
        /// The name of an earlier piece, again.
        case duplicate(index: Int, name: String)
        /// A name that only looks like `field`.
        case lookAlike(index: Int, name: String, field: BrokerField)

        var index: Int {
            switch self {
            case .duplicate(let index, _), .lookAlike(let index, _, _): index
            }
        }
    }

    /// The first piece at fault, in order; `lookAlikesOf` says which fields a look-alike name
    /// counts against (those of the message's kind).
    static func firstFinding<Names: Collection<PieceName>>(_ names: Names, lookAlikesOf fields: (BrokerField) -> Bool) -> Finding? {
        var seen = BrokerField.FieldSet()
        // Names that are no field's are rare in broker messages: compared through a set only
        // when there are two or more, so that most messages allocate nothing here.
        var otherCount = 0
        for name in names where name.other != nil { otherCount &+= 1 }
        var others: Set<String> = []
        if otherCount > 1 { others.reserveCapacity(otherCount) }
        for (index, name) in names.enumerated() {
            if let field = name.field {
                if !seen.insert(field) { return .duplicate(index: index, name: field.text) }
            } else if let other = name.other {
                if let field = name.lookAlike, fields(field) { return .lookAlike(index: index, name: other, field: field) }
                if otherCount > 1, !others.insert(other).inserted { return .duplicate(index: index, name: other) }
            }
        }
        return nil
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
                detail: "differs from '\(field.text)' only by letter case or surrounding whitespace; a server that folds case or trims would read it as '\(field.text)'")
        }
    }
}
