/// The RFC 3986 parser: one pass over contiguous bytes that records component offsets.
///
/// The pipeline, in order:
/// 1. **First segment** — scan the bytes before the first `: / ? #`. If a `:` ends it and the
///    bytes form a scheme, the input is a `URI`; otherwise it is a `relative-ref` whose first
///    path segment has just been validated (a `:` there is an error: RFC 3986 §4.2).
/// 2. **Authority** — after `//`: `[ userinfo "@" ] host [ ":" port ]`. Userinfo and host share a
///    byte class until an `@` decides; IP literals are validated as they are read.
/// 3. **Path, query, fragment** — each a run of its byte class and percent-encoded triplets.
///
/// Every byte is looked at once (the authority's host part twice when there is no `@`); nothing
/// is copied or allocated. Errors report the first byte that cannot continue any valid reference
/// (see ``URIParseError``). Every public entry point (`String`, `Substring`, bytes) funnels here.
public enum URIParser {
    /// The longest input accepted, in bytes: 16 MiB. Longer input fails with
    /// `input-too-long` at this offset. Redirect URIs are short and broker
    /// responses a few KB, so the limit only bounds adversarial input.
    public static let maximumInputLength = 16 * 1024 * 1024

    /// Parses `input` against `grammar` and returns where each component lies.
    ///
    /// ```swift
    /// let ranges = try "x-msauth-app://com.app".utf8.withContiguousStorageIfAvailable {
    ///     try URIParser.parse($0)
    /// }
    /// ```
    ///
    /// - Throws: ``URIParseError`` with the kind and offset of the first byte outside the grammar.
    public static func parse(
        _ input: UnsafeBufferPointer<UInt8>, as grammar: URIGrammar = .uriReference
    ) throws(URIParseError) -> URIComponentRanges {
        try parse(input, as: grammar, vectorized: true)
    }

    /// The same parse without the vectorised fast path: the plain byte loop that the fast path
    /// must always agree with (the fuzzers compare the two).
    @_spi(Testing)
    public static func parseWithoutVectorScan(
        _ input: UnsafeBufferPointer<UInt8>, as grammar: URIGrammar = .uriReference
    ) throws(URIParseError) -> URIComponentRanges {
        try parse(input, as: grammar, vectorized: false)
    }

    // One out-of-line body that every entry point calls, with the grammar's helpers inlined
    // into it: measured 82 → 61 ns for a 34-byte URI against letting the optimizer choose.
    @inline(never)
    static func parse(
        _ input: UnsafeBufferPointer<UInt8>, as grammar: URIGrammar, vectorized: Bool
    ) throws(URIParseError) -> URIComponentRanges {
        #if DEBUG
            ParseCount.record()
        #endif
        guard input.count <= maximumInputLength else {
            throw URIParseError(.inputTooLong, at: maximumInputLength, in: input)
        }
        let ranges: URIComponentRanges
        do {
            ranges = try Scanner(input: input, vectorized: vectorized).scanReference(grammar)
        } catch {
            throw URIParseError(error.kind, at: error.offset, in: input)
        }
        assert(ranges.invariantsHold(in: input), "parse result violates its invariants")
        return ranges
    }
}

/// A parse failure as the scanner reports it: a one-byte kind and an offset, which travel in
/// registers. The public ``URIParseError``, with its excerpt of the input, is built once, at the
/// entry point: built at each throw site, it made the productions too large for the optimizer
/// to inline them, or even to inline `ByteClass.contains` into their loops (measured: 20–40 ns
/// per short URI).
struct ScanFailure: Error {
    let kind: URIParseError.Kind
    let offset: Int
}

/// The state of one parse. Internal: its methods are the grammar's productions.
struct Scanner {
    let input: UnsafeBufferPointer<UInt8>
    /// Whether long path, query and fragment runs may use the 16-byte fast path.
    let vectorized: Bool

    init(input: UnsafeBufferPointer<UInt8>, vectorized: Bool = true) {
        self.input = input
        self.vectorized = vectorized
    }

    var count: Int { input.count }

    @inline(__always)
    func error(_ kind: URIParseError.Kind, at offset: Int) -> ScanFailure {
        ScanFailure(kind: kind, offset: offset)
    }

    /// `pct-encoded = "%" HEXDIG HEXDIG` at `index` (which holds `%`); returns the index after it.
    @inline(__always)
    func percentEncoded(at index: Int) throws(ScanFailure) -> Int {
        let first = index + 1
        guard first < count, ByteClass.hexDigit.contains(input[first]) else {
            throw error(.invalidPercentEncoding, at: min(first, count))
        }
        let second = index + 2
        guard second < count, ByteClass.hexDigit.contains(input[second]) else {
            throw error(.invalidPercentEncoding, at: min(second, count))
        }
        return index + 3
    }

    /// Advances over bytes of `byteClass` and percent-encoded triplets; returns where it stopped.
    @inline(__always)
    func run(of byteClass: ByteClass, from start: Int) throws(ScanFailure) -> Int {
        var index = start
        if canVectorize, let base = input.baseAddress {
            if byteClass.containsPathBytes { return try pathRun(of: byteClass, from: index, base) }
            if byteClass.containsCommonBytes {
                // 16 bytes at a time, the last ones (fewer than 16) in one block that overlaps
                // bytes already seen.
                while index < count {
                    index &+= VectorScan.prefixLength(base, at: index, count: count, members: VectorScan.commonMembers)
                    guard index < count, let next = try plainStep(byteClass, at: index) else { return index }
                    index = next
                }
                return index
            }
        }
        while index < count {
            guard let next = try plainStep(byteClass, at: index) else { return index }
            index = next
        }
        return index
    }

    /// A path, query or fragment run (`byteClass` holds every path byte; the input at least 16
    /// bytes): 32 bytes at a time while they are path bytes (letters, digits, "&'()*+,-./:;=_"),
    /// which a broker response's kilobytes of base64url are nothing else but.
    @inline(__always)
    func pathRun(of byteClass: ByteClass, from start: Int, _ base: UnsafePointer<UInt8>) throws(ScanFailure) -> Int {
        var index = start
        var cleanBlocks = 0
        while index &+ 2 &* VectorScan.width <= count {
            let (first, second) = VectorScan.pathMembers32(base, at: index, count: count)
            if VectorScan.allSet(first, second) {
                index &+= 2 &* VectorScan.width
                cleanBlocks &+= 1
                // After four blocks of nothing but path bytes, 64 at a time: a broker response's
                // kilobytes of base64url. Only then, so that a broker request, whose '%' clusters
                // fail most blocks, does not pay for a 64-byte test that fails as well.
                if cleanBlocks >= 4 {
                    while index &+ 4 &* VectorScan.width <= count,
                        !VectorScan.anyNonPathByte64(base, at: index, count: count)
                    {
                        index &+= 4 &* VectorScan.width
                    }
                }
                continue
            }
            cleanBlocks = 0
            // Broker requests carry a '%' every few bytes, in clusters such as "%3A%2F%2F": the
            // same 32 bytes again, with percent-encoded triplets (and '~') counted, and on from
            // the first byte that is none of them. (The 16 bytes from the first '%' instead:
            // c/parse 2,773 instructions per operation, against 2,561.)
            let valid = VectorScan.extendedPathPrefixLength32(base, at: index, count: count, members: first, second)
            index &+= valid
            if valid == 2 &* VectorScan.width { continue }
            guard let next = try plainStep(byteClass, at: index) else { return index }
            index = next
        }
        // The last bytes (fewer than 32): 16 at a time, the last ones (fewer than 16) in one block
        // that overlaps bytes already seen, as the scheme and the authority end: a short path
        // such as "/oauth2redirect" is one test, not a step per byte.
        while index < count {
            index &+= VectorScan.prefixLength(base, at: index, count: count, members: VectorScan.pathMembers)
            guard index < count, let next = try plainStep(byteClass, at: index) else { return index }
            index = next
        }
        return index
    }

    /// Whether the 16-byte fast path may run: asked for, and the input holds one block.
    @inline(__always)
    var canVectorize: Bool { vectorized && count >= VectorScan.width }

    /// The index after the run of scheme bytes (`ALPHA / DIGIT / "+" / "-" / "."`) from `start`.
    @inline(__always)
    func schemeBytes(from start: Int) -> Int {
        var index = start
        if canVectorize, let base = input.baseAddress {
            while index < count {
                let members = VectorScan.prefixLength(base, at: index, count: count, members: VectorScan.schemeMembers)
                index &+= members
                if members < VectorScan.width { return index }
            }
            return index
        }
        while index < count, ByteClass.scheme.contains(input[index]) { index &+= 1 }
        return index
    }

    /// The index after the byte or triplet at `index`, or `nil` where a run of `byteClass` ends.
    @inline(__always)
    func plainStep(_ byteClass: ByteClass, at index: Int) throws(ScanFailure) -> Int? {
        let byte = input[index]
        if byteClass.contains(byte) { return index &+ 1 }
        if byte == ASCII.percentSign { return try percentEncoded(at: index) }
        return nil
    }

    // The productions return offsets instead of writing into a shared `URIComponentRanges`:
    // the result is assembled once, from values the optimizer keeps in registers. Writing the
    // fields one by one and then returning the struct made the copy-out read back freshly
    // stored bytes with wider loads, a store-forwarding stall measured at ~20 ns per parse.
    @inline(__always)
    func scanReference(_ grammar: URIGrammar) throws(ScanFailure) -> URIComponentRanges {
        var schemeEnd = -1
        var index = 0
        switch grammar {
        case .uri, .absoluteURI:
            index = try requiredScheme()
            schemeEnd = index - 1
        case .uriReference, .relativeReference:
            let (segmentEnd, isScheme) = try firstSegment()
            if segmentEnd < count, input[segmentEnd] == ASCII.colon {
                guard isScheme, grammar == .uriReference else {
                    throw error(isScheme ? .unexpectedScheme : .invalidScheme, at: segmentEnd)
                }
                schemeEnd = segmentEnd
                index = segmentEnd + 1
            } else if segmentEnd > 0 {
                // A relative reference whose first segment (path-noscheme) is already validated.
                let tail = try pathQueryFragment(resumeAt: segmentEnd, grammar: grammar)
                return ranges(schemeEnd: -1, authorityStart: -1, authority: nil, pathStart: 0, tail: tail)
            }
        }
        var authorityStart = -1
        var authority: AuthorityOffsets?
        if index + 1 < count, input[index] == ASCII.slash, input[index + 1] == ASCII.slash {
            authorityStart = index + 2
            let offsets = try self.authority(from: authorityStart)
            authority = offsets
            index = Int(offsets.end)
        }
        // `scheme://host` ends here: most redirect URIs, so skip the call.
        let tail =
            index == count
            ? URIComponentRanges.Tail(pathEnd: Int32(truncatingIfNeeded: index), queryStart: -1, fragmentStart: -1)
            : try pathQueryFragment(resumeAt: index, grammar: grammar)
        return ranges(schemeEnd: schemeEnd, authorityStart: authorityStart, authority: authority, pathStart: index, tail: tail)
    }

    @inline(__always)
    func ranges(
        schemeEnd: Int, authorityStart: Int, authority: AuthorityOffsets?, pathStart: Int, tail: URIComponentRanges.Tail
    ) -> URIComponentRanges {
        URIComponentRanges(
            schemeEnd: Int32(truncatingIfNeeded: schemeEnd), authorityStart: Int32(truncatingIfNeeded: authorityStart),
            userinfoEnd: authority?.userinfoEnd ?? -1, hostStart: authority?.hostStart ?? -1,
            hostEnd: authority?.hostEnd ?? -1, portStart: authority?.portStart ?? -1,
            pathStart: Int32(truncatingIfNeeded: pathStart), pathEnd: tail.pathEnd,
            queryStart: tail.queryStart, fragmentStart: tail.fragmentStart,
            total: Int32(truncatingIfNeeded: count), hostKind: authority?.hostKind ?? .regName)
    }

    /// `scheme ":"` where a scheme is mandatory.
    @inline(__always)
    func requiredScheme() throws(ScanFailure) -> Int {
        guard count > 0, ByteClass.alpha.contains(input[0]) else {
            throw error(.missingScheme, at: 0)
        }
        let index = schemeBytes(from: 1)
        guard index < count, input[index] == ASCII.colon else {
            throw error(index < count ? .invalidScheme : .missingScheme, at: index)
        }
        return index + 1
    }

    /// Scans `segment-nz-nc` from the start; tells whether the bytes also form a `scheme`.
    @inline(__always)
    func firstSegment() throws(ScanFailure) -> (end: Int, isScheme: Bool) {
        guard count > 0 else { return (0, false) }
        var isScheme = ByteClass.alpha.contains(input[0])
        // Scheme bytes are segment bytes that keep `isScheme`: skip their run at once.
        var index = isScheme ? schemeBytes(from: 1) : 0
        while index < count {
            let byte = input[index]
            if ByteClass.segmentNoColon.contains(byte) {
                // Every scheme byte is also a segment byte, so one loop serves both rules.
                isScheme = isScheme && ByteClass.scheme.contains(byte)
                index &+= 1
            } else if byte == ASCII.percentSign {
                isScheme = false
                index = try percentEncoded(at: index)
            } else {
                break
            }
        }
        if index < count {
            switch input[index] {
            case ASCII.colon, ASCII.slash, ASCII.questionMark, ASCII.numberSign: break
            default: throw error(.invalidPathCharacter, at: index)
            }
        }
        return (index, isScheme)
    }

    /// The path from `resume` (bytes before it are already validated), then
    /// `[ "?" query ] [ "#" fragment ]`; returns where the path ends, the query and the fragment
    /// start (-1 when absent).
    @inline(__always)
    func pathQueryFragment(resumeAt resume: Int, grammar: URIGrammar) throws(ScanFailure) -> URIComponentRanges.Tail {
        // A query straight after the authority (a broker request) has no path to scan: one
        // byte test instead of a block test that fails and a step that stops.
        var index = resume
        if index < count, input[index] != ASCII.questionMark {
            index = try run(of: .path, from: resume)
        }
        var tail = URIComponentRanges.Tail(pathEnd: Int32(truncatingIfNeeded: index), queryStart: -1, fragmentStart: -1)
        if index < count, input[index] == ASCII.questionMark {
            index += 1
            tail.queryStart = Int32(truncatingIfNeeded: index)
            index = try run(of: .queryOrFragment, from: index)
        }
        if index < count, input[index] == ASCII.numberSign {
            guard grammar != .absoluteURI else { throw error(.unexpectedFragment, at: index) }
            index += 1
            tail.fragmentStart = Int32(truncatingIfNeeded: index)
            index = try run(of: .queryOrFragment, from: index)
            if index < count { throw error(.invalidFragmentCharacter, at: index) }
        }
        guard index == count else {
            let kind: URIParseError.Kind =
                tail.queryStart >= 0 ? .invalidQueryCharacter : .invalidPathCharacter
            throw error(kind, at: index)
        }
        return tail
    }
}
