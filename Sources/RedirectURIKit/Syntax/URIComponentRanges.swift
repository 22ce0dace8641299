/// Which RFC 3986 rule a URI reference matched (RFC 3986 §3, §4.1–§4.3).
public enum URIGrammar: Sendable, Hashable {
    /// `URI-reference = URI / relative-ref` — anything a parser can meet (§4.1).
    case uriReference
    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]` (§3).
    case uri
    /// `absolute-URI = scheme ":" hier-part [ "?" query ]` — no fragment (§4.3).
    case absoluteURI
    /// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]` (§4.2).
    case relativeReference
}

/// The kind of host an authority names (RFC 3986 §3.2.2).
public enum HostKind: UInt8, Sendable, Hashable {
    /// `reg-name`: a registered name (DNS or otherwise), possibly empty.
    case regName
    /// `IPv4address`: four dec-octets, no leading zeros, each ≤ 255.
    case ipv4
    /// `IP-literal` holding an `IPv6address`.
    case ipv6
    /// `IP-literal` holding an `IPvFuture`.
    case ipvFuture
}

/// Where each component of a parsed URI reference lies in the input: byte offsets, no strings.
///
/// This is the whole result of a parse. An absent component is `nil`; an empty one is an empty
/// range (`x:` has an empty path and no query; `x://h?` has an empty query). Delimiters are not
/// part of any range: the scheme excludes `:`, the authority excludes `//`, the query excludes `?`,
/// the fragment excludes `#`, the userinfo excludes `@`, the port excludes `:`, and an IP-literal
/// host includes its brackets.
///
/// Invariants (checked after every parse in debug builds):
/// `scheme ≤ authority ≤ path ≤ query ≤ fragment ≤ count`, in input order with exactly the
/// delimiters between them; `userinfo`, `host` and `port` lie inside `authority`.
public struct URIComponentRanges: Sendable, Hashable {
    // Offsets are Int32 (inputs are capped at URIParser.maximumInputLength), -1 for "absent",
    // in three 16-byte vectors that the parser builds in registers and stores whole. A parse
    // result is copied right after it is written (into a reference, then a RedirectURI); with
    // one field per store, each 16-byte copy load spanned several narrower stores, which the
    // CPU cannot forward: a stall per copy, measured at ~5 ns each on short URIs.
    /// schemeEnd, authorityStart, userinfoEnd, hostStart.
    @usableFromInline let head: SIMD4<Int32>
    /// hostEnd, portStart, pathStart, pathEnd.
    @usableFromInline let middle: SIMD4<Int32>
    /// queryStart, fragmentStart, total, hostKind.
    @usableFromInline let tail: SIMD4<Int32>

    @usableFromInline var schemeEnd: Int32 { head[0] }
    @usableFromInline var authorityStart: Int32 { head[1] }
    @usableFromInline var userinfoEnd: Int32 { head[2] }
    @usableFromInline var hostStart: Int32 { head[3] }
    @usableFromInline var hostEnd: Int32 { middle[0] }
    @usableFromInline var portStart: Int32 { middle[1] }
    @usableFromInline var pathStart: Int32 { middle[2] }
    @usableFromInline var pathEnd: Int32 { middle[3] }
    @usableFromInline var queryStart: Int32 { tail[0] }
    @usableFromInline var fragmentStart: Int32 { tail[1] }
    @usableFromInline var total: Int32 { tail[2] }
    @usableFromInline var hostKindRaw: UInt8 { UInt8(truncatingIfNeeded: tail[3]) }

    /// Assembles a parse result; -1 marks an absent component.
    @inline(__always)
    init(
        schemeEnd: Int32, authorityStart: Int32, userinfoEnd: Int32, hostStart: Int32, hostEnd: Int32,
        portStart: Int32, pathStart: Int32, pathEnd: Int32, queryStart: Int32, fragmentStart: Int32,
        total: Int32, hostKind: HostKind
    ) {
        head = SIMD4(schemeEnd, authorityStart, userinfoEnd, hostStart)
        middle = SIMD4(hostEnd, portStart, pathStart, pathEnd)
        tail = SIMD4(queryStart, fragmentStart, total, Int32(hostKind.rawValue))
    }

    /// The offsets that follow the authority, as the parser finds them (-1 when absent).
    struct Tail {
        var pathEnd: Int32
        var queryStart: Int32
        var fragmentStart: Int32
    }

    /// The length of the parsed input in bytes.
    @inlinable public var count: Int { Int(total) }

    /// `scheme` (RFC 3986 §3.1), without the `:`.
    @inlinable public var scheme: Range<Int>? {
        schemeEnd < 0 ? nil : 0..<Int(schemeEnd)
    }

    /// `authority` (RFC 3986 §3.2), without the leading `//`.
    @inlinable public var authority: Range<Int>? {
        authorityStart < 0 ? nil : Int(authorityStart)..<Int(pathStart)
    }

    /// `userinfo` (RFC 3986 §3.2.1), without the `@`.
    @inlinable public var userinfo: Range<Int>? {
        userinfoEnd < 0 ? nil : Int(authorityStart)..<Int(userinfoEnd)
    }

    /// `host` (RFC 3986 §3.2.2); an IP literal includes its brackets. Present whenever the
    /// authority is, possibly empty (`file:///etc`).
    @inlinable public var host: Range<Int>? {
        hostStart < 0 ? nil : Int(hostStart)..<Int(hostEnd)
    }

    /// The kind of host, when there is an authority.
    @inlinable public var hostKind: HostKind? {
        hostStart < 0 ? nil : HostKind(rawValue: hostKindRaw)
    }

    /// `port` (RFC 3986 §3.2.3), without the `:`; present but empty for `http://h:/`.
    @inlinable public var port: Range<Int>? {
        portStart < 0 ? nil : Int(portStart)..<Int(pathStart)
    }

    /// The path (RFC 3986 §3.3); always present, possibly empty.
    @inlinable public var path: Range<Int> { Int(pathStart)..<Int(pathEnd) }

    /// `query` (RFC 3986 §3.4), without the `?`.
    @inlinable public var query: Range<Int>? {
        queryStart < 0 ? nil : Int(queryStart)..<(fragmentStart < 0 ? Int(total) : Int(fragmentStart) - 1)
    }

    /// `fragment` (RFC 3986 §3.5), without the `#`.
    @inlinable public var fragment: Range<Int>? {
        fragmentStart < 0 ? nil : Int(fragmentStart)..<Int(total)
    }

    /// A component's offset and length: -1 and 0 when it is absent.
    @_spi(Toolkit)
    public typealias OffsetAndLength = (offset: Int32, length: Int32)

    /// Every component's offset and length: the same ranges as the properties above, read from
    /// the stored offsets with no optional or `Range` made (the C API writes them out for every
    /// parse and classification).
    @_spi(Toolkit)
    @inlinable @inline(__always)
    public var offsetsAndLengths:
        (
            scheme: OffsetAndLength, authority: OffsetAndLength, userinfo: OffsetAndLength, host: OffsetAndLength,
            port: OffsetAndLength, path: OffsetAndLength, query: OffsetAndLength, fragment: OffsetAndLength
        )
    {
        // An absent offset is stored as -1, so a component that starts at its own stored offset
        // has its offset as stored, and only its length is chosen. The parser's offsets are in
        // input order (see the invariants), so no length is negative.
        let queryEnd = fragmentStart < 0 ? total : fragmentStart &- 1
        return (
            (schemeEnd < 0 ? -1 : 0, schemeEnd < 0 ? 0 : schemeEnd),
            (authorityStart, authorityStart < 0 ? 0 : pathStart &- authorityStart),
            (userinfoEnd < 0 ? -1 : authorityStart, userinfoEnd < 0 ? 0 : userinfoEnd &- authorityStart),
            (hostStart, hostStart < 0 ? 0 : hostEnd &- hostStart),
            (portStart, portStart < 0 ? 0 : pathStart &- portStart),
            (pathStart, pathEnd &- pathStart),
            (queryStart, queryStart < 0 ? 0 : queryEnd &- queryStart),
            (fragmentStart, fragmentStart < 0 ? 0 : total &- fragmentStart)
        )
    }

    /// ``hostKind``'s raw value, -1 when there is no authority.
    @_spi(Toolkit)
    @inlinable @inline(__always)
    public var hostKindIndex: Int32 {
        hostStart < 0 ? -1 : Int32(hostKindRaw)
    }

    /// Checks the documented invariants against the input they describe. Debug builds run it
    /// after every parse, so every debug test and fuzz run checks the structure for free.
    func invariantsHold(in input: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == input.count else { return false }
        var cursor = 0
        if let scheme {
            guard scheme.lowerBound == 0, scheme.upperBound < count,
                input[scheme.upperBound] == ASCII.colon
            else { return false }
            cursor = scheme.upperBound + 1
        }
        if let authority {
            guard authority.lowerBound == cursor + 2, input[cursor] == ASCII.slash,
                input[cursor + 1] == ASCII.slash, let host
            else { return false }
            if let userinfo {
                guard userinfo.upperBound < count, input[userinfo.upperBound] == ASCII.commercialAt,
                    host.lowerBound == userinfo.upperBound + 1
                else { return false }
            } else if host.lowerBound != authority.lowerBound {
                return false
            }
            if let port {
                guard input[host.upperBound] == ASCII.colon, port.lowerBound == host.upperBound + 1,
                    port.upperBound == authority.upperBound
                else { return false }
            } else if host.upperBound != authority.upperBound {
                return false
            }
            cursor = authority.upperBound
        } else if userinfo != nil || host != nil || port != nil {
            return false
        }
        guard path.lowerBound == cursor, path.upperBound >= cursor else { return false }
        cursor = path.upperBound
        if let query {
            guard input[cursor] == ASCII.questionMark, query.lowerBound == cursor + 1 else { return false }
            cursor = query.upperBound
        }
        if let fragment {
            guard input[cursor] == ASCII.numberSign, fragment.lowerBound == cursor + 1 else { return false }
            cursor = fragment.upperBound
        }
        return cursor == count
    }
}
