/// One `name=value` piece of a query, as slices of the input: nothing is decoded until asked.
public struct QueryParameter: Sendable, Hashable {
    // The query and the piece's offsets in it: a lookup that wants only the value slices once,
    // when the value is asked for (slicing a Substring costs an index walk and a retain).
    @usableFromInline let source: Substring
    @usableFromInline let nameStart: Int
    @usableFromInline let nameEnd: Int
    /// Where the value ends; -1 when the piece has no `=`.
    @usableFromInline let valueEnd: Int

    init(source: Substring, name: Range<Int>, value: Range<Int>?) {
        self.init(source: source, nameStart: name.lowerBound, nameEnd: name.upperBound, valueEnd: value?.upperBound ?? -1)
    }

    @inlinable
    init(source: Substring, nameStart: Int, nameEnd: Int, valueEnd: Int) {
        self.source = source
        self.nameStart = nameStart
        self.nameEnd = nameEnd
        self.valueEnd = valueEnd
    }

    /// The name as written (still encoded).
    @inlinable public var rawName: Substring { source.slice(nameStart..<nameEnd) }
    /// The value as written (still encoded); `nil` when the piece has no `=`.
    @inlinable public var rawValue: Substring? { valueEnd < 0 ? nil : source.slice((nameEnd &+ 1)..<valueEnd) }

    /// Two pieces are equal when their raw names and raw values are.
    public static func == (lhs: QueryParameter, rhs: QueryParameter) -> Bool {
        lhs.rawName == rhs.rawName && lhs.rawValue == rhs.rawValue
    }

    /// Hashes the raw name and raw value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawName)
        hasher.combine(rawValue)
    }

    /// The name an error reports: decoded when it decodes (an encoded spelling names the same
    /// parameter), as written when it does not.
    func reportedName(_ decoding: QueryDecoding) -> String {
        (try? name(decoding)) ?? String(rawName)
    }

    /// The `invalid-encoding` error of this piece: named as ``reportedName(_:)`` names it, at the
    /// piece's offset, with why it does not decode.
    func invalidEncoding(_ underlying: PercentDecodingError, _ decoding: QueryDecoding) -> QueryParameterError {
        QueryParameterError(.invalidEncoding, name: reportedName(decoding), offset: nameStart, underlying: underlying)
    }

    /// Throws `invalid-encoding` when the name or the value does not decode (strict UTF-8).
    /// Only a piece that holds a `%` is decoded to find out: anything else decodes to itself, a
    /// `+` at worst to a space, so checking a message's every piece allocates nothing for most.
    func requireDecodable(_ decoding: QueryDecoding) throws(QueryParameterError) {
        for piece in [rawName, rawValue ?? ""] where PercentEncoding.needsDecoding(piece) {
            do {
                _ = try PercentEncoding.decodeString(piece, plusIsSpace: decoding == .form)
            } catch {
                throw invalidEncoding(error, decoding)
            }
        }
    }

    /// The decoded name (strict UTF-8).
    public func name(_ decoding: QueryDecoding = .form) throws(PercentDecodingError) -> String {
        try PercentEncoding.decodeString(rawName, plusIsSpace: decoding == .form)
    }

    /// The decoded value (strict UTF-8); `nil` when the piece has no `=`.
    public func value(_ decoding: QueryDecoding = .form) throws(PercentDecodingError) -> String? {
        guard valueEnd >= 0 else { return nil }
        // Decoded from the query's bytes in place: slicing `rawValue` first cost an index walk
        // and a retain.
        return try StringBytes.withUTF8(source) { bytes throws(PercentDecodingError) in
            try PercentEncoding.decodeString(
                bytes: UnsafeBufferPointer(rebasing: bytes[(nameEnd &+ 1)..<valueEnd]), plusIsSpace: decoding == .form)
        }
    }

    /// Whether the decoded name equals `name`; decodes only when the raw name has something to
    /// decode (rarely), so the common case compares bytes in place.
    public func hasName(_ name: String, _ decoding: QueryDecoding = .form) -> Bool {
        if !PercentEncoding.needsDecoding(rawName, plusIsSpace: decoding == .form) {
            return rawName.utf8.elementsEqual(name.utf8)
        }
        return (try? self.name(decoding)) == name
    }
}

/// The parameters of a query, split on `&` into `name=value` pieces, read lazily.
///
/// Iteration yields every piece in order (duplicates included) as slices of the query; nothing is
/// decoded or copied until a name or value is asked for. Empty pieces (`a=1&&b=2`) are skipped.
/// Names are matched after decoding, so `redirect%5Furi` is the same parameter as `redirect_uri`
/// and cannot be used to slip a second value past a duplicate check.
///
/// ```swift
/// let uri = try URIReference(parsing: "msauth.com.app://auth?msg_protocol_ver=3&response=abc&hash=F00")
/// let query = QueryParameters(uri.query ?? "")
/// try query.single("response")?.rawValue   // "abc" — a slice, not a copy
/// ```
public struct QueryParameters: Sequence, Sendable {
    /// The query, without `?`.
    public let query: Substring
    /// How names are matched and values decoded.
    public let decoding: QueryDecoding

    /// Reads the parameters of `query` (without the `?`).
    public init(_ query: Substring, decoding: QueryDecoding = .form) {
        self.query = query
        self.decoding = decoding
    }

    /// Iterates over the pieces in order.
    public struct Iterator: IteratorProtocol {
        let query: Substring
        /// Where the next piece may start, as a UTF-8 offset in the query.
        var offset: Int

        /// The next non-empty piece.
        // Found in the query's bytes, with the in-place lookup's own piece reader: walking the
        // substring's UTF-8 view a byte at a time, with index arithmetic, made every pass over
        // the pieces (`decoded()`, the broker request's checks) cost several times the parse.
        public mutating func next() -> QueryParameter? {
            let start = offset
            guard let piece = StringBytes.withUTF8(query, { RawPiece.next(in: $0, from: start) }) else { return nil }
            offset = piece.end &+ 1
            return QueryParameter(source: query, name: piece.name, value: piece.value)
        }
    }

    /// An iterator over the pieces.
    public func makeIterator() -> Iterator { Iterator(query: query, offset: 0) }

    /// Every piece named `name`, in order.
    public func all(named name: String) -> [QueryParameter] {
        filter { $0.hasName(name, decoding) }
    }

    /// The one piece named `name`, or `nil` when there is none.
    ///
    /// - Throws: ``QueryParameterError`` `duplicate-parameter` when the name appears more than
    ///   once: picking the first or the last would let an attacker choose (parameter pollution).
    public func single(_ name: String) throws(QueryParameterError) -> QueryParameter? {
        // Fast path: the pieces that may hold the name are found in place and only their names
        // are read (see RawPiece.lookUp).
        let outcome = StringBytes.withUTF8(name) { target in
            StringBytes.withUTF8(query) { bytes in
                RawPiece.lookUp(target, in: bytes, plusIsSpace: decoding == .form)
            }
        }
        switch outcome {
        case .absent: return nil
        case .duplicate(let offset): throw QueryParameterError(.duplicateParameter, name: name, offset: offset)
        case .found(let piece): return parameter(piece)
        case .needsGeneralPath: break
        }
        var found: QueryParameter?
        for parameter in self where parameter.hasName(name, decoding) {
            guard found == nil else { throw QueryParameterError(.duplicateParameter, name: name, offset: parameter.nameStart) }
            found = parameter
        }
        return found
    }

    /// The decoded value of the one piece named `name`, `nil` when absent.
    public func value(_ name: String) throws(QueryParameterError) -> String? {
        guard let parameter = try single(name) else { return nil }
        do {
            return try parameter.value(decoding) ?? ""
        } catch {
            throw parameter.invalidEncoding(error, decoding)
        }
    }

    /// All pieces decoded, in order (for display and for rebuilding).
    public func decoded() throws(QueryParameterError) -> [(name: String, value: String?)] {
        var result: [(name: String, value: String?)] = []
        for parameter in self {
            do {
                result.append((try parameter.name(decoding), try parameter.value(decoding)))
            } catch {
                throw parameter.invalidEncoding(error, decoding)
            }
        }
        return result
    }
}

extension QueryParameters {
    /// The piece of the query at a raw piece's offsets.
    func parameter(_ piece: RawPiece) -> QueryParameter {
        QueryParameter(source: query, name: piece.name, value: piece.value)
    }
}

extension URIReference {
    /// The one query parameter named `name` (decoded names compared, so an encoded spelling
    /// counts), found in place: the lookup reads the query's bytes inside the reference's text
    /// and slices nothing until a name or value is asked for. `nil` when there is no query or no
    /// such parameter.
    ///
    /// ```swift
    /// let request = try URIReference(parsing: "msauth://broker?client_id=…&redirect_uri=x-msauth-app%3A%2F%2Fcom.app", as: .uri)
    /// try request.queryParameter("redirect_uri")?.rawValue     // "x-msauth-app%3A%2F%2Fcom.app"
    /// ```
    ///
    /// - Throws: ``QueryParameterError`` `duplicate-parameter` when the name appears more than
    ///   once (see ``QueryParameters/single(_:)``); its offset is in the reference's text.
    // Inlinable, with the lookup out of line: a caller that reads one slice of the result (its
    // `rawValue`, say) lets the optimizer drop the parameter's own retain of the text.
    @inlinable
    public func queryParameter(_ name: String, decoding: QueryDecoding = .form) throws(QueryParameterError) -> QueryParameter? {
        guard let piece = try queryParameterOffsets(name, decoding: decoding) else { return nil }
        return QueryParameter(source: text, nameStart: piece.nameStart, nameEnd: piece.nameEnd, valueEnd: piece.valueEnd)
    }

    /// Where the piece named `name` lies in `text`, as ``QueryParameter`` stores it.
    @usableFromInline
    func queryParameterOffsets(
        _ name: String, decoding: QueryDecoding
    ) throws(QueryParameterError) -> (nameStart: Int, nameEnd: Int, valueEnd: Int)? {
        guard let query = ranges.query else { return nil }
        let outcome = StringBytes.withUTF8(name) { target in
            StringBytes.withUTF8(text) { bytes in
                RawPiece.lookUp(target, in: UnsafeBufferPointer(rebasing: bytes[query]), plusIsSpace: decoding == .form)
            }
        }
        switch outcome {
        case .absent: return nil
        case .duplicate(let offset): throw QueryParameterError(.duplicateParameter, name: name, offset: offset &+ query.lowerBound)
        case .found(let piece):
            // Offsets in the text, so that the parameter slices the text it already holds.
            return (
                piece.name.lowerBound &+ query.lowerBound, piece.name.upperBound &+ query.lowerBound,
                piece.value.map { $0.upperBound &+ query.lowerBound } ?? -1
            )
        case .needsGeneralPath:
            let parameter: QueryParameter?
            do {
                parameter = try QueryParameters(self.query ?? "", decoding: decoding).single(name)
            } catch {
                throw QueryParameterError(
                    error.kind, name: error.name, offset: error.offset.map { $0 &+ query.lowerBound },
                    underlying: error.underlying)
            }
            guard let parameter else { return nil }
            return (
                parameter.nameStart &+ query.lowerBound, parameter.nameEnd &+ query.lowerBound,
                parameter.valueEnd < 0 ? -1 : parameter.valueEnd &+ query.lowerBound
            )
        }
    }
}
