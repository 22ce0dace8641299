// The authority productions of the RFC 3986 parser (pipeline step 2 in URIParser.swift):
// `[ userinfo "@" ] host [ ":" port ]`, with IP literals validated as they are read.

extension Scanner {
    /// Where the parts of an authority lie (-1 for an absent userinfo or port).
    struct AuthorityOffsets {
        var end: Int32
        var userinfoEnd: Int32 = -1
        var hostStart: Int32
        var hostEnd: Int32
        var portStart: Int32 = -1
        var hostKind: HostKind
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]`, starting after `//`.
    @inline(__always)
    func authority(from start: Int) throws(ScanFailure) -> AuthorityOffsets {
        if start < count, input[start] == ASCII.leftSquareBracket {
            return try hostAfterUserinfo(from: start)
        }
        // Userinfo and host:port are indistinguishable until an '@' (or the end) is seen; the
        // userinfo class is the union of both, so scan it once and decide afterwards.
        var index = start
        var firstColon = -1
        while index < count {
            if canVectorize, let base = input.baseAddress {
                // Hosts are letters, digits, '.' and '-': the scheme kernel's bytes (with '+'),
                // a cheaper test than the common bytes'. None is ':', '@' or '%', so skipping
                // them changes nothing below.
                index &+= VectorScan.prefixLength(base, at: index, count: count, members: VectorScan.schemeMembers)
                guard index < count else { break }
            }
            let byte = input[index]
            if ByteClass.userinfo.contains(byte) {
                if byte == ASCII.colon, firstColon < 0 { firstColon = index }
                index &+= 1
            } else if byte == ASCII.percentSign {
                index = try percentEncoded(at: index)
            } else if byte == ASCII.commercialAt {
                var offsets = try hostAfterUserinfo(from: index + 1)
                offsets.userinfoEnd = Int32(truncatingIfNeeded: index)
                return offsets
            } else {
                break
            }
        }
        guard isEndOfAuthority(index) else {
            throw error(.invalidAuthorityCharacter, at: index)
        }
        var hostEnd = index
        var portStart = -1
        if firstColon >= 0 {
            hostEnd = firstColon
            portStart = firstColon + 1
            var portIndex = portStart
            while portIndex < index {
                // "h:8a" could still have been userinfo had an '@' followed, so the input only
                // leaves the grammar where the authority ends.
                guard ByteClass.digit.contains(input[portIndex]) else { throw error(.invalidPort, at: index) }
                portIndex &+= 1
            }
        }
        return AuthorityOffsets(
            end: Int32(truncatingIfNeeded: index),
            hostStart: Int32(truncatingIfNeeded: start), hostEnd: Int32(truncatingIfNeeded: hostEnd),
            portStart: Int32(truncatingIfNeeded: portStart), hostKind: registeredHostKind(start..<hostEnd))
    }

    @inline(__always)
    func isEndOfAuthority(_ index: Int) -> Bool {
        guard index < count else { return true }
        let byte = input[index]
        return byte == ASCII.slash || byte == ASCII.questionMark || byte == ASCII.numberSign
    }

    /// `host [ ":" port ]` once no userinfo can follow.
    @inline(__always)
    func hostAfterUserinfo(from start: Int) throws(ScanFailure) -> AuthorityOffsets {
        var index: Int
        let kind: HostKind
        if start < count, input[start] == ASCII.leftSquareBracket {
            (index, kind) = try ipLiteral(from: start)
            guard isEndOfAuthority(index) || input[index] == ASCII.colon else {
                throw error(.invalidCharacterAfterHost, at: index)
            }
        } else {
            index = try run(of: .regName, from: start)
            kind = registeredHostKind(start..<index)
            guard isEndOfAuthority(index) || input[index] == ASCII.colon else {
                throw error(.invalidHostCharacter, at: index)
            }
        }
        let hostEnd = index
        var portStart = -1
        if index < count, input[index] == ASCII.colon {
            index += 1
            portStart = index
            while index < count, ByteClass.digit.contains(input[index]) { index &+= 1 }
            guard isEndOfAuthority(index) else { throw error(.invalidPort, at: index) }
        }
        return AuthorityOffsets(
            end: Int32(truncatingIfNeeded: index),
            hostStart: Int32(truncatingIfNeeded: start), hostEnd: Int32(truncatingIfNeeded: hostEnd),
            portStart: Int32(truncatingIfNeeded: portStart), hostKind: kind)
    }

    /// A reg-name that matches `IPv4address` is an IPv4 host; anything else stays a reg-name
    /// (`1.2.3.256` is a valid reg-name, RFC 3986 §3.2.2).
    @inline(__always)
    func registeredHostKind(_ host: Range<Int>) -> HostKind {
        // Only digits and dots can make an IPv4 address: most hosts are rejected by their last byte.
        guard let last = host.last, ByteClass.digit.contains(input[last]) else { return .regName }
        return IPv4Address.parse(UnsafeBufferPointer(rebasing: input[host])) == nil ? .regName : .ipv4
    }

    /// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`; returns the index after `]`.
    func ipLiteral(from start: Int) throws(ScanFailure) -> (end: Int, kind: HostKind) {
        let contentStart = start + 1
        guard contentStart < count else { throw error(.unterminatedIPLiteral, at: count) }
        let byte = input[contentStart]
        if byte == ASCII.lowercaseV || byte == ASCII.uppercaseV {
            return (try ipvFuture(from: contentStart + 1), .ipvFuture)
        }
        let validator = IPv6Validator(input: input)
        switch validator.validate(from: contentStart) {
        case .closed(let end): return (end, .ipv6)
        case .invalid(let offset):
            throw error(offset < count ? .invalidIPv6Address : .unterminatedIPLiteral, at: offset)
        }
    }

    /// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` followed by `]`,
    /// starting after the `v`.
    func ipvFuture(from start: Int) throws(ScanFailure) -> Int {
        var index = start
        while index < count, ByteClass.hexDigit.contains(input[index]) { index &+= 1 }
        guard index > start, index < count, input[index] == ASCII.period else {
            throw error(index < count ? .invalidIPvFuture : .unterminatedIPLiteral, at: index)
        }
        index += 1
        let tailStart = index
        while index < count, ByteClass.ipvFutureTail.contains(input[index]) { index &+= 1 }
        guard index > tailStart, index < count, input[index] == ASCII.rightSquareBracket else {
            throw error(index < count ? .invalidIPvFuture : .unterminatedIPLiteral, at: index)
        }
        return index + 1
    }
}
