/// How a query's names and values are decoded (SPEC §4).
public enum QueryDecoding: Sendable, Hashable {
    /// RFC 3986: `%XX` only; `+` is a plus.
    case rfc3986
    /// `application/x-www-form-urlencoded`: `%XX`, and `+` is a space. Broker messages use this.
    case form
}

/// One `name=value` piece of a query, as slices of the input: nothing is decoded until asked.
public struct QueryParameter: Sendable, Hashable {
    // The query and the piece's offsets in it: a lookup that wants only the value slices once,
    // when the value is asked for (slicing a Substring costs an index walk and a retain).
    let source: Substring
    let nameStart: Int
    let nameEnd: Int
    /// Where the value ends; -1 when the piece has no `=`.
    let valueEnd: Int

    init(source: Substring, name: Range<Int>, value: Range<Int>?) {
        self.source = source
        nameStart = name.lowerBound
        nameEnd = name.upperBound
        valueEnd = value?.upperBound ?? -1
    }

    /// The name as written (still encoded).
    public var rawName: Substring { source.slice(nameStart..<nameEnd) }
    /// The value as written (still encoded); `nil` when the piece has no `=`.
    public var rawValue: Substring? { valueEnd < 0 ? nil : source.slice((nameEnd + 1)..<valueEnd) }

    /// Two pieces are equal when their raw names and raw values are.
    public static func == (lhs: QueryParameter, rhs: QueryParameter) -> Bool {
        lhs.rawName == rhs.rawName && lhs.rawValue == rhs.rawValue
    }

    /// Hashes the raw name and raw value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawName)
        hasher.combine(rawValue)
    }

    /// The decoded name (strict UTF-8).
    public func name(_ decoding: QueryDecoding = .form) throws(PercentDecodingError) -> String {
        try PercentEncoding.decodeString(rawName, plusIsSpace: decoding == .form)
    }

    /// The decoded value (strict UTF-8); `nil` when the piece has no `=`.
    public func value(_ decoding: QueryDecoding = .form) throws(PercentDecodingError) -> String? {
        guard let rawValue else { return nil }
        return try PercentEncoding.decodeString(rawValue, plusIsSpace: decoding == .form)
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

/// The parameters of a query, split on `&` into `name=value` pieces (SPEC §4), read lazily.
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
        var position: Substring.Index

        /// The next non-empty piece.
        public mutating func next() -> QueryParameter? {
            let utf8 = query.utf8
            while position < utf8.endIndex {
                let start = position
                let end = utf8[start...].firstIndex(of: ASCII.ampersand) ?? utf8.endIndex
                position = end < utf8.endIndex ? utf8.index(after: end) : end
                guard start < end else { continue }
                let startOffset = utf8.distance(from: utf8.startIndex, to: start)
                let endOffset = startOffset + utf8.distance(from: start, to: end)
                if let equals = utf8[start..<end].firstIndex(of: ASCII.equalsSign) {
                    let equalsOffset = startOffset + utf8.distance(from: start, to: equals)
                    return QueryParameter(source: query, name: startOffset..<equalsOffset, value: (equalsOffset + 1)..<endOffset)
                }
                return QueryParameter(source: query, name: startOffset..<endOffset, value: nil)
            }
            return nil
        }
    }

    /// An iterator over the pieces.
    public func makeIterator() -> Iterator { Iterator(query: query, position: query.startIndex) }

    /// Every piece named `name`, in order.
    public func all(named name: String) -> [QueryParameter] {
        filter { $0.hasName(name, decoding) }
    }

    /// The one piece named `name`, or `nil` when there is none.
    ///
    /// - Throws: ``BrokerMessageError`` `duplicate-parameter` when the name appears more than once:
    ///   picking the first or the last would let an attacker choose (parameter pollution).
    public func single(_ name: String) throws(BrokerMessageError) -> QueryParameter? {
        // Fast path: one pass over the bytes comparing raw names in place. A raw name that would
        // need decoding sends the whole query to the general path, so an encoded spelling of
        // `name` is still caught as a duplicate.
        // Borrowed spans: no retain of either string, and no generic Slice path.
        let outcome: RawLookup? = name.utf8.span.withUnsafeBufferPointer { target in
            query.utf8.span.withUnsafeBufferPointer { bytes in
                if let outcome = RawPiece.lookUp(target, in: bytes) { return outcome }
                var found: RawPiece?
                var start = 0
                while let piece = RawPiece.next(in: bytes, from: start) {
                    start = piece.end &+ 1
                    // ('+' is sent there under RFC 3986 decoding too, where it is kept: correct, and rare.)
                    if piece.nameHasEscapes { return .needsGeneralPath }
                    // Lengths first: most names differ from the wanted one in length.
                    guard piece.name.count == target.count,
                        UnsafeBufferPointer(rebasing: bytes[piece.name]).elementsEqual(target)
                    else { continue }
                    if found != nil { return .duplicate }
                    found = piece
                }
                return found.map(RawLookup.found) ?? .absent
            }
        }
        switch outcome {
        case .absent?: return nil
        case .duplicate?: throw BrokerMessageError(.duplicateParameter, parameter: name)
        case .found(let piece)?: return parameter(piece)
        case .needsGeneralPath?, nil: break
        }
        var found: QueryParameter?
        for parameter in self where parameter.hasName(name, decoding) {
            guard found == nil else { throw BrokerMessageError(.duplicateParameter, parameter: name) }
            found = parameter
        }
        return found
    }

    /// The decoded value of the one piece named `name`, `nil` when absent.
    public func value(_ name: String) throws(BrokerMessageError) -> String? {
        guard let parameter = try single(name) else { return nil }
        do {
            return try parameter.value(decoding) ?? ""
        } catch {
            throw BrokerMessageError(.invalidEncoding, parameter: name, detail: "\(error)")
        }
    }

    /// All pieces decoded, in order (for display and for rebuilding).
    public func decoded() throws(BrokerMessageError) -> [(name: String, value: String?)] {
        var result: [(name: String, value: String?)] = []
        for parameter in self {
            do {
                result.append((try parameter.name(decoding), try parameter.value(decoding)))
            } catch {
                throw BrokerMessageError(.invalidEncoding, parameter: String(parameter.rawName), detail: "\(error)")
            }
        }
        return result
    }
}

/// The outcome of the byte-level lookup in ``QueryParameters/single(_:)``.
enum RawLookup {
    case absent
    case found(RawPiece)
    case duplicate
    case needsGeneralPath
}

/// One `name[=value]` piece as byte offsets into the query.
struct RawPiece {
    let name: Range<Int>
    let value: Range<Int>?
    /// Whether the raw name holds `%` or `+`, so that its decoded form may differ from it.
    let nameHasEscapes: Bool
    /// Where the piece ends (its `&`, or the end of the query).
    var end: Int { value?.upperBound ?? name.upperBound }

    /// The most pieces ``lookUp(_:in:)`` handles; a query with more takes the piece-by-piece walk.
    static let lookUpPieceLimit = 64

    /// Finds the piece named `target` in two passes: every `&` first, sixteen bytes at a time and
    /// independent of what the pieces hold, then each piece's name on its own. Walking piece by
    /// piece made every name wait for the end of the value before it, whose length no branch
    /// predicts: that walk was bound by latency, this one by throughput. `nil` when the query
    /// has more than ``lookUpPieceLimit`` pieces.
    static func lookUp(_ target: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> RawLookup? {
        guard let base = bytes.baseAddress else { return .absent }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: lookUpPieceLimit + 1) { ends -> RawLookup? in
            // Pass 1: where every piece ends (its '&', then the end of the query).
            var count = 0
            var index = 0
            let ampersand = VectorScan.Block(repeating: ASCII.ampersand)
            while index &+ VectorScan.width <= bytes.count {
                let lanes = unsafeBitCast(
                    UnsafeRawPointer(base + index).loadUnaligned(as: VectorScan.Block.self) .== ampersand,
                    to: SIMD2<UInt64>.self)
                // One bit per matching lane (its high bit), cleared lowest first.
                var low = lanes[0] & 0x8080_8080_8080_8080
                var high = lanes[1] & 0x8080_8080_8080_8080
                // Most blocks hold no '&': one test for both halves.
                if low | high == 0 {
                    index &+= VectorScan.width
                    continue
                }
                while low != 0 {
                    guard count < lookUpPieceLimit else { return nil }
                    ends[count] = index &+ low.trailingZeroBitCount &>> 3
                    count &+= 1
                    low &= low &- 1
                }
                while high != 0 {
                    guard count < lookUpPieceLimit else { return nil }
                    ends[count] = index &+ 8 &+ high.trailingZeroBitCount &>> 3
                    count &+= 1
                    high &= high &- 1
                }
                index &+= VectorScan.width
            }
            while index < bytes.count {
                if bytes[index] == ASCII.ampersand {
                    guard count < lookUpPieceLimit else { return nil }
                    ends[count] = index
                    count &+= 1
                }
                index &+= 1
            }
            ends[count] = bytes.count
            // Pass 2: each piece's name, from its start to its first '=' (or its end).
            var found: RawPiece?
            var start = 0
            for piece in 0...count {
                let end = ends[piece]
                defer { start = end &+ 1 }
                guard start < end else { continue }  // an empty piece ("&&")
                var nameEnd = start
                var hasEscapes = false
                var nameEndFound = false
                if start &+ VectorScan.width <= bytes.count {
                    let name = VectorScan.queryName(base, at: start)
                    hasEscapes = name.hasEscapes
                    nameEnd = min(start &+ name.length, end)
                    // A delimiter in the block is this piece's '=' or its '&' (its end).
                    nameEndFound = name.length < VectorScan.width
                }
                while !nameEndFound, nameEnd < end, bytes[nameEnd] != ASCII.equalsSign {
                    hasEscapes = hasEscapes || bytes[nameEnd] == ASCII.percentSign || bytes[nameEnd] == ASCII.plusSign
                    nameEnd &+= 1
                }
                if hasEscapes { return .needsGeneralPath }
                guard nameEnd &- start == target.count,
                    UnsafeBufferPointer(start: base + start, count: target.count).equalsBytes(of: target)
                else { continue }
                if found != nil { return .duplicate }
                found = RawPiece(
                    name: start..<nameEnd, value: nameEnd < end ? (nameEnd &+ 1)..<end : nil, nameHasEscapes: false)
            }
            return found.map(RawLookup.found) ?? .absent
        }
    }

    /// The next non-empty piece at or after `start`.
    @inline(__always)
    static func next(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> RawPiece? {
        var pieceStart = start
        while pieceStart < bytes.count {
            // Names are short: one 16-byte test finds where the name ends and whether it holds
            // an escape; values can be kilobytes: their '&' is found sixteen bytes at a time.
            var index = pieceStart
            var hasEscapes = false
            if let base = bytes.baseAddress, pieceStart &+ VectorScan.width <= bytes.count {
                let name = VectorScan.queryName(base, at: pieceStart)
                hasEscapes = name.hasEscapes
                index = pieceStart &+ name.length
            }
            while index < bytes.count, bytes[index] != ASCII.equalsSign, bytes[index] != ASCII.ampersand {
                hasEscapes = hasEscapes || bytes[index] == ASCII.percentSign || bytes[index] == ASCII.plusSign
                index &+= 1
            }
            if index < bytes.count, bytes[index] == ASCII.equalsSign {
                let valueEnd = VectorScan.firstIndex(of: ASCII.ampersand, in: bytes, from: index &+ 1, to: bytes.count)
                return RawPiece(name: pieceStart..<index, value: (index &+ 1)..<valueEnd, nameHasEscapes: hasEscapes)
            }
            if index > pieceStart { return RawPiece(name: pieceStart..<index, value: nil, nameHasEscapes: hasEscapes) }
            pieceStart = index &+ 1  // an empty piece ("&&")
        }
        return nil
    }
}

extension QueryParameters {
    /// The piece of the query at a raw piece's offsets.
    func parameter(_ piece: RawPiece) -> QueryParameter {
        QueryParameter(source: query, name: piece.name, value: piece.value)
    }
}

extension Substring {
    /// The slice at UTF-8 offsets `range`.
    func slice(_ range: Range<Int>) -> Substring {
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return self[lower..<utf8.index(lower, offsetBy: range.count)]
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
    /// - Throws: ``BrokerMessageError`` `duplicate-parameter` when the name appears more than
    ///   once (see ``QueryParameters/single(_:)``).
    public func queryParameter(_ name: String, decoding: QueryDecoding = .form) throws(BrokerMessageError) -> QueryParameter? {
        guard let query = ranges.query else { return nil }
        let outcome: RawLookup? = name.utf8.span.withUnsafeBufferPointer { target in
            text.utf8.span.withUnsafeBufferPointer { bytes in
                RawPiece.lookUp(target, in: UnsafeBufferPointer(rebasing: bytes[query]))
            }
        }
        switch outcome {
        case .absent?: return nil
        case .duplicate?: throw BrokerMessageError(.duplicateParameter, parameter: name)
        case .found(let piece)?:
            // Offsets in the text, so that the parameter slices the text it already holds.
            return QueryParameter(
                source: text, name: (piece.name.lowerBound + query.lowerBound)..<(piece.name.upperBound + query.lowerBound),
                value: piece.value.map { ($0.lowerBound + query.lowerBound)..<($0.upperBound + query.lowerBound) })
        case .needsGeneralPath?, nil:
            return try QueryParameters(self.query ?? "", decoding: decoding).single(name)
        }
    }
}
