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
    /// The category; its ``code`` is stable.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        let rawValue: UInt8

        /// The stable identifier.
        public var code: String { rawValue == 0 ? "duplicate-parameter" : "invalid-encoding" }
        /// A sentence that explains the rule that was broken.
        public var explanation: String {
            rawValue == 0
                ? "the parameter appears more than once; picking the first or the last would let an attacker choose"
                : "the parameter's name or value does not percent-decode to well-formed UTF-8"
        }
        /// The stable code.
        public var description: String { code }

        /// A name that appears more than once (compared after decoding).
        public static let duplicateParameter = Kind(rawValue: 0)
        /// A name or value that does not decode.
        public static let invalidEncoding = Kind(rawValue: 1)

        /// Every kind.
        public static let allKinds: [Kind] = [.duplicateParameter, .invalidEncoding]
    }

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

/// How a query's names and values are decoded: RFC 3986, or HTML form encoding.
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

/// The outcome of ``RawPiece/lookUp(_:in:plusIsSpace:)``.
enum RawLookup {
    case absent
    case found(RawPiece)
    /// A second piece of that name, starting at this offset.
    case duplicate(Int)
    /// The name is empty or not ASCII: compare every decoded name instead.
    case needsGeneralPath
}

/// The name a lookup searches for.
struct LookupTarget {
    /// The name (ASCII, not empty).
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the name holds none of `%`, `+`, `=`, `&`: no raw name holds them as themselves,
    /// so a raw name spelled like it is it, and one that differs from it before any escape is not.
    let isPlain: Bool
    let plusIsSpace: Bool
}

/// The candidate test of ``RawPiece/lookUp(_:in:plusIsSpace:)``, 16 positions at a time.
struct CandidateFinder {
    let ampersand = VectorScan.Block(repeating: ASCII.ampersand)
    let firstByte: VectorScan.Block
    // '%' (0x25) and '+' (0x2B) in one test, with the six other bytes that OR 0x0E makes 0x2F
    // ("!#')-/"): false candidates, rare as first bytes of names, that `consider` turns down
    // (c/redirect_uri-raw 4,159 -> 4,091 instructions per operation against two tests).
    let escapeFold = VectorScan.Block(repeating: 0x0E)
    let escapes = VectorScan.Block(repeating: 0x2F)

    @inline(__always)
    init(first: UInt8) { firstByte = VectorScan.Block(repeating: first) }

    /// The lanes (all bits set) of positions `index` to `index + 15` that follow a `&` and hold a
    /// byte a piece named the target may start with (and a few others, see `escapes`); reads bytes
    /// `index - 1` to `index + 15`, which must be inside `count`.
    @inline(__always)
    func candidates(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> VectorScan.Block {
        assert(index >= 1 && index &+ VectorScan.width <= count, "CandidateFinder.candidates reads outside the query")
        let before = UnsafeRawPointer(base + (index &- 1)).loadUnaligned(as: VectorScan.Block.self)
        let block = UnsafeRawPointer(base + index).loadUnaligned(as: VectorScan.Block.self)
        return VectorScan.selected((before .== ampersand) .& ((block .== firstByte) .| ((block | escapeFold) .== escapes)))
    }

    /// Advances `index` over 32 positions at a time while none is a candidate: the candidates of
    /// the 32 positions at `index` (bit k for position `index + k`), or 0 where fewer than 32 are
    /// left. Reads bytes `index - 1` to `index + 31`; `index` must be at least 1.
    // Out of line, so that the loop keeps its constants in registers: inlined into the lookup,
    // whose calls to `consider` clobber them, it reloaded four per test.
    @inline(never)
    static func next32(first: UInt8, _ base: UnsafePointer<UInt8>, from index: inout Int, count: Int) -> UInt32 {
        assert(index >= 1, "CandidateFinder.next32 reads the byte before index")
        let finder = CandidateFinder(first: first)
        while index &+ 2 &* VectorScan.width <= count {
            let low = finder.candidates(base, at: index, count: count)
            let high = finder.candidates(base, at: index &+ VectorScan.width, count: count)
            // One test, predicted, before any lane is looked at.
            if VectorScan.anySet(low | high) {
                let mask = VectorScan.Block(repeating: 0x80)
                return VectorScan.laneBits(low & mask) | VectorScan.laneBits(high & mask) &<< 16
            }
            index &+= 2 &* VectorScan.width
        }
        return 0
    }
}

/// One `name[=value]` piece as byte offsets into the query.
struct RawPiece {
    let name: Range<Int>
    let value: Range<Int>?
    /// Whether the raw name holds `%` or `+`, so that its decoded form may differ from it.
    let nameHasEscapes: Bool
    /// Where the piece ends (its `&`, or the end of the query).
    var end: Int { value?.upperBound ?? name.upperBound }

    /// Finds the piece named `target` (an ASCII name) without splitting the query: a piece
    /// whose decoded name is `target` starts the query or follows a `&`, and its first raw
    /// byte is `target`'s first byte, or a `%` or `+` that may decode to it (a first byte of
    /// anything else decodes to itself). So one pass tests 32 positions at a time for
    /// "after `&`, one of those bytes", a test most blocks fail alike, which keeps the branch
    /// predicted; only the few candidates it finds have their name read and compared.
    /// Splitting on every `&` first made the branch as unpredictable as the pieces' lengths.
    ///
    /// `.needsGeneralPath` when `target` is empty or not ASCII: the decoded names are then
    /// compared as strings (canonical equivalence can match a name whose first byte differs).
    static func lookUp(
        _ target: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool
    ) -> RawLookup {
        guard let first = target.first else { return .needsGeneralPath }
        let (isASCII, isPlain) = target.asciiNameTraits
        guard isASCII else { return .needsGeneralPath }
        let target = LookupTarget(bytes: target, isPlain: isPlain, plusIsSpace: plusIsSpace)
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .absent }
        // A byte a piece named `target` may start with.
        func mayStart(_ byte: UInt8) -> Bool { byte == first || byte == ASCII.percentSign || byte == ASCII.plusSign }
        var found: RawPiece?
        if mayStart(bytes[0]) {
            guard consider(0, target, in: bytes, found: &found) else { return .duplicate(0) }
        }
        // Position `index + k` is a candidate when byte `index + k - 1` is '&' and byte
        // `index + k` a possible first byte.
        var index = 1
        // 32 positions per test, most holding no candidate: c/redirect_uri-raw 4,194 -> 4,159
        // instructions per operation against 16 per test, -> 4,091 with the folded '%' and '+'.
        while true {
            var bits = CandidateFinder.next32(first: first, base, from: &index, count: bytes.count)
            guard bits != 0 else { break }
            while bits != 0 {
                guard consider(index &+ bits.trailingZeroBitCount, target, in: bytes, found: &found) else {
                    return .duplicate(index &+ bits.trailingZeroBitCount)
                }
                bits &= bits &- 1
            }
            index &+= 2 &* VectorScan.width
        }
        // The last positions (fewer than 32) 16 at a time, the last block overlapping positions
        // already tested, whose lanes are dropped.
        let finder = CandidateFinder(first: first)
        while index < bytes.count, bytes.count > VectorScan.width {
            let start = min(index, bytes.count &- VectorScan.width)
            let candidates = finder.candidates(base, at: start, count: bytes.count)
            if VectorScan.anySet(candidates) {
                var bits = VectorScan.laneBits(candidates & VectorScan.Block(repeating: 0x80))
                bits &>>= UInt32(truncatingIfNeeded: index &- start)
                while bits != 0 {
                    guard consider(index &+ bits.trailingZeroBitCount, target, in: bytes, found: &found) else {
                        return .duplicate(index &+ bits.trailingZeroBitCount)
                    }
                    bits &= bits &- 1
                }
            }
            index = start &+ VectorScan.width
        }
        // A short query, a byte at a time.
        while index < bytes.count {
            if bytes[index &- 1] == ASCII.ampersand, mayStart(bytes[index]) {
                guard consider(index, target, in: bytes, found: &found) else { return .duplicate(index) }
            }
            index &+= 1
        }
        return found.map(RawLookup.found) ?? .absent
    }

    /// Records the piece at `start` in `found` if it is named `target`; false when `found`
    /// already holds one (a duplicate).
    @inline(__always)
    static func consider(_ start: Int, _ target: LookupTarget, in bytes: UnsafeBufferPointer<UInt8>, found: inout RawPiece?) -> Bool {
        guard let piece = piece(at: start, named: target, in: bytes) else { return true }
        guard found == nil else { return false }
        found = piece
        return true
    }

    /// The piece at `start` if its decoded name is `target`.
    ///
    /// A plain target (see ``LookupTarget``) of 8–16 bytes is first compared in place, a word
    /// at a time: equal bytes followed by `=`, `&` or the end are the name, and a difference at
    /// a byte other than `%` or `+` rules the name out, since the bytes before it decode to
    /// themselves. Any other case reads the name to its end and compares it, decoded (as a
    /// string: strict UTF-8) when it holds a `%` or `+`.
    @inline(__always)
    static func piece(at start: Int, named target: LookupTarget, in bytes: UnsafeBufferPointer<UInt8>) -> RawPiece? {
        let length = target.bytes.count
        if target.isPlain, length >= 8, length <= VectorScan.width, start &+ VectorScan.width <= bytes.count,
            let base = bytes.baseAddress, let name = target.bytes.baseAddress
        {
            // The second word overlaps the first when the name is shorter than 16 bytes.
            let head = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self) ^ UnsafeRawPointer(name).loadUnaligned(as: UInt64.self)
            let tail =
                UnsafeRawPointer(base + (start &+ length &- 8)).loadUnaligned(as: UInt64.self)
                ^ UnsafeRawPointer(name + (length &- 8)).loadUnaligned(as: UInt64.self)
            if head | tail == 0 {
                let nameEnd = start &+ length
                if nameEnd < bytes.count, bytes[nameEnd] == ASCII.equalsSign {
                    return piece(name: start..<nameEnd, in: bytes, nameHasEscapes: false)
                }
                guard nameEnd == bytes.count || bytes[nameEnd] == ASCII.ampersand else { return nil }
                return RawPiece(name: start..<nameEnd, value: nil, nameHasEscapes: false)
            }
            let firstDifference =
                head != 0
                ? head.littleEndian.trailingZeroBitCount &>> 3
                : length &- 8 &+ tail.littleEndian.trailingZeroBitCount &>> 3
            let differing = bytes[start &+ firstDifference]
            guard differing == ASCII.percentSign || differing == ASCII.plusSign else { return nil }
        }
        let (nameEnd, hasEscapes) = nameEnd(from: start, in: bytes)
        let name = UnsafeBufferPointer(rebasing: bytes[start..<nameEnd])
        if hasEscapes {
            guard let decoded = try? PercentEncoding.decodeString(bytes: name, plusIsSpace: target.plusIsSpace),
                decoded == String(decoding: target.bytes, as: UTF8.self)
            else { return nil }
        } else {
            guard name.equalsBytes(of: target.bytes) else { return nil }
        }
        guard nameEnd < bytes.count, bytes[nameEnd] == ASCII.equalsSign else {
            return RawPiece(name: start..<nameEnd, value: nil, nameHasEscapes: hasEscapes)
        }
        return piece(name: start..<nameEnd, in: bytes, nameHasEscapes: hasEscapes)
    }

    /// The piece named `name` whose `=` follows its name: the value runs to the next `&`, found
    /// sixteen bytes at a time (values can be kilobytes).
    @inline(__always)
    static func piece(name: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, nameHasEscapes: Bool) -> RawPiece {
        let valueEnd = VectorScan.firstIndex(of: ASCII.ampersand, in: bytes, from: name.upperBound &+ 1, to: bytes.count)
        return RawPiece(name: name, value: (name.upperBound &+ 1)..<valueEnd, nameHasEscapes: nameHasEscapes)
    }

    /// Where the name of the piece at `start` ends (its `=`, its `&` or the end of the query),
    /// and whether it holds a `%` or `+`. Names are short: one 16-byte test usually finds both.
    @inline(__always)
    static func nameEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (end: Int, hasEscapes: Bool) {
        var index = start
        var hasEscapes = false
        if let base = bytes.baseAddress, start &+ VectorScan.width <= bytes.count {
            let name = queryName(base, at: start, count: bytes.count)
            if name.length < VectorScan.width { return (start &+ name.length, name.hasEscapes) }
            hasEscapes = name.hasEscapes
            index = start &+ name.length
        }
        while index < bytes.count, bytes[index] != ASCII.equalsSign, bytes[index] != ASCII.ampersand {
            hasEscapes = hasEscapes || bytes[index] == ASCII.percentSign || bytes[index] == ASCII.plusSign
            index &+= 1
        }
        return (index, hasEscapes)
    }

    /// For a query piece at `index` (`index + 16` at most `count`, checked in debug builds): how
    /// many bytes come before the first `=` or `&` (16 when there is none in the block, so the
    /// name may go on), and whether those bytes hold a `%` or `+` (a name that needs decoding).
    @inline(__always)
    static func queryName(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> (length: Int, hasEscapes: Bool) {
        assert(index >= 0 && index &+ VectorScan.width <= count, "RawPiece.queryName reads past the input")
        let block = UnsafeRawPointer(base + index).loadUnaligned(as: VectorScan.Block.self)
        let high = VectorScan.Block(repeating: 0x80)
        let delimiters = VectorScan.laneBits((VectorScan.inRange(block, 0x3D, 0x3D) | VectorScan.inRange(block, 0x26, 0x26)) & high)
        let escapes = VectorScan.laneBits((VectorScan.inRange(block, 0x25, 0x25) | VectorScan.inRange(block, 0x2B, 0x2B)) & high)
        let length = (delimiters | 0x1_0000).trailingZeroBitCount
        return (length, escapes & ((1 &<< UInt32(length)) &- 1) != 0)
    }

    /// The next non-empty piece at or after `start`.
    @inline(__always)
    static func next(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> RawPiece? {
        var pieceStart = start
        while pieceStart < bytes.count {
            let (index, hasEscapes) = nameEnd(from: pieceStart, in: bytes)
            if index < bytes.count, bytes[index] == ASCII.equalsSign {
                return piece(name: pieceStart..<index, in: bytes, nameHasEscapes: hasEscapes)
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
