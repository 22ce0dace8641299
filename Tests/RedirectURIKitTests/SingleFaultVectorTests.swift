import Foundation
import Testing
@_spi(Testing) @testable import RedirectURIKit

/// Single-fault negative vectors for every validator: each table has a valid base, asserted as
/// accepted, and rows that break it in exactly one place (a test checks that each row differs
/// from its base by one contiguous edit). A row asserts the exact error kind and offset, so it
/// cannot pass by being rejected for another reason: a validator that rejects too early, too
/// late or for the wrong rule fails it.
///
/// Rows mark the expected error offset with `^` before the byte the error names (at the end
/// for "the input ended here").
struct SingleFaultVectorTests {
    /// A parser vector: the input (with `^` at the error's offset), the error kind, and where
    /// the row was written.
    struct Row: Sendable {
        let input: String
        let offset: Int
        let kind: URIParseError.Kind
        let sourceLocation: SourceLocation

        init(_ marked: String, _ kind: URIParseError.Kind, sourceLocation: SourceLocation = #_sourceLocation) {
            (input, offset) = unmark(marked)
            self.kind = kind
            self.sourceLocation = sourceLocation
        }

        init(input: String, offset: Int, _ kind: URIParseError.Kind, sourceLocation: SourceLocation = #_sourceLocation) {
            (self.input, self.offset, self.kind, self.sourceLocation) = (input, offset, kind, sourceLocation)
        }
    }

    /// Parses `row.input` (as a String, and as bytes in an allocation of exactly their length)
    /// and checks the kind and offset, and that the row is one edit from `base`.
    static func expectParseFailure(_ row: Row, base: String, as grammar: URIGrammar = .uriReference) {
        expectSingleEdit(row.input, from: base, sourceLocation: row.sourceLocation)
        let viaBytes = withExactAllocation(of: row.input.utf8) { bytes in
            Result { () throws(URIParseError) in try URIParser.parse(bytes, as: grammar) }
        }
        #expect(viaBytes == parseOutcome(row.input, as: grammar).map(\.ranges), "\(row.input): String and bytes", sourceLocation: row.sourceLocation)
        switch viaBytes {
        case .success:
            Issue.record("accepted \(row.input)", sourceLocation: row.sourceLocation)
        case .failure(let error):
            #expect(error.kind == row.kind && error.offset == row.offset,
                    "\(row.input): \(error.kind)@\(error.offset), expected \(row.kind)@\(row.offset)", sourceLocation: row.sourceLocation)
        }
    }

    // MARK: Ports

    static let portBases = ["http://h:8080/p", "http://u@h:8080/p"]

    /// Without userinfo, `h:+80` could still have been userinfo had an `@` followed, so the error
    /// is where the authority ends; after userinfo it is the offending byte.
    static let portRows = [
        Row("http://h:+80^/p", .invalidPort), Row("http://h:-1^/p", .invalidPort), Row("http://h:80a^/p", .invalidPort),
        Row("http://u@h:^+80/p", .invalidPort), Row("http://u@h:^-1/p", .invalidPort), Row("http://u@h:80^a/p", .invalidPort),
        Row("http://u@h:8^ 0/p", .invalidPort),
    ]

    @Test func portsThatTheGrammarRejects() throws {
        for base in Self.portBases {
            #expect(try URIReference(parsing: base).portNumber == 8080)
        }
        for row in Self.portRows {
            Self.expectParseFailure(row, base: row.input.contains("@") ? Self.portBases[1] : Self.portBases[0])
        }
    }

    /// Port text the grammar allows (`*DIGIT`) but that is no port number: leading zero, out of
    /// range, empty. `portNumber` is `nil`, loopback verification fails rule 3 with exactly
    /// that rule, and the loopback builder refuses such numbers.
    @Test func portNumbersOutsideTheLoopbackRule() throws {
        let registered = RedirectVerifier(registered: ["http://127.0.0.1:8080/cb"])
        // Base cases: another port in range, written plainly, is accepted.
        for port in ["9090", "1", "65535"] {
            #expect(try URIReference(parsing: "http://127.0.0.1:\(port)/cb").portNumber == Int(port))
            #expect(registered.verify("http://127.0.0.1:\(port)/cb", caller: .notReported).accepted, "port \(port)")
        }
        #expect(throws: Never.self) { try RedirectURI.loopback(host: .ipv4, port: 65535, path: "/cb") }
        for port in ["09090", "0", "00", "65536", "99999", "100000", ""] {
            let text = "http://127.0.0.1:\(port)/cb"
            #expect(try URIReference(parsing: text).portNumber == nil, "port '\(port)'")
            let verdict = registered.verify(text, caller: .notReported)
            #expect(!verdict.accepted && verdict.failedRule == .loopbackPort, "port '\(port)': \(String(describing: verdict.failedRule))")
        }
        for port in [0, 65536, -1] {
            #expect(throws: RedirectBuildError.self, "port \(port)") { try RedirectURI.loopback(host: .ipv4, port: port, path: "/cb") }
        }
        // A sign or a letter is not even a URI: rule 1.
        for port in ["+80", "-1", "8a"] {
            #expect(registered.verify("http://127.0.0.1:\(port)/cb", caller: .notReported).failedRule == .syntax, "port '\(port)'")
        }
    }

    // MARK: IPv4

    /// One rule of `IPv4address` broken per row. As a host, such text is a reg-name; as an
    /// IPv6 address's tail, it fails at the byte the rule rejects.
    static let ipv4Base = "192.168.1.255"
    static let ipv4Faults = [
        "192.168.01.255",   // leading zero
        "192.168.1.256",    // above 255
        "192.168.1.2555",   // four digits
        "192..1.255",       // empty octet
        ".192.168.1.255",   // empty first octet
        "192.168.1.255.",   // trailing dot
        "192.168.1",        // three octets
        "192.168.1.255.1",  // five octets
        "192.168.1a.255",   // a letter
        "192.168.+1.255",   // a sign
    ]

    @Test func ipv4Addresses() throws {
        #expect(IPv4Address(Self.ipv4Base)?.value == 0xC0A8_01FF)
        #expect(try URIReference(parsing: "http://\(Self.ipv4Base)/").hostKind == .ipv4)
        for fault in Self.ipv4Faults {
            expectSingleEdit(fault, from: Self.ipv4Base)
            #expect(IPv4Address(fault) == nil, "\(fault)")
            #expect(try URIReference(parsing: "http://\(fault)/").hostKind == .regName, "\(fault)")
        }
    }

    static let ipv4TailBase = "http://[::ffff:192.168.1.255]/"
    static let ipv4TailRows = [
        Row("http://[::ffff:192.168.0^1.255]/", .invalidIPv6Address),  // leading zero
        Row("http://[::ffff:01^.168.1.255]/", .invalidIPv6Address),    // "01" is a piece until the '.'
        Row("http://[::ffff:192.168.1.25^6]/", .invalidIPv6Address),   // above 255
        Row("http://[::ffff:256^.168.1.255]/", .invalidIPv6Address),
        Row("http://[::ffff:192.168.1.255^5]/", .invalidIPv6Address),  // four digits
        Row("http://[::ffff:192.^.1.255]/", .invalidIPv6Address),      // empty octet
        Row("http://[::ffff:192.168.1^]/", .invalidIPv6Address),       // three octets
        Row("http://[::ffff:192.168.1.255^.1]/", .invalidIPv6Address), // five octets
        Row("http://[::ffff:192.168.1^a.255]/", .invalidIPv6Address),  // a letter
        Row("http://[::ffff:192.168.1.255^:1]/", .invalidIPv6Address), // the tail must end the address
    ]

    @Test func ipv4TailsOfIPv6Addresses() throws {
        #expect(try URIReference(parsing: Self.ipv4TailBase).hostKind == .ipv6)
        for row in Self.ipv4TailRows { Self.expectParseFailure(row, base: Self.ipv4TailBase) }
    }

    // MARK: IPv6

    /// Each of the nine `IPv6address` alternatives of RFC 3986 §3.2.2 (in ABNF order), broken
    /// one way each.
    static let ipv6Forms: [(base: String, rows: [Row])] = [
        ("1:2:3:4:5:6:7:8", [
            Row("http://[1:2:3:4:5:6:7:8^:9]/", .invalidIPv6Address),     // a ninth piece
            Row("http://[1:2:3:4:5:6:7:1234^5]/", .invalidIPv6Address),   // five hex digits
            Row("http://[1:2:3:4:5:6:7:^g]/", .invalidIPv6Address),       // not hex
            Row("http://[1:2:3:4:5:6:7^]/", .invalidIPv6Address),         // seven pieces, no "::"
        ]),
        ("::2:3:4:5:6:7:8", [
            Row("http://[::^:2:3:4:5:6:7:8]/", .invalidIPv6Address),      // ":::"
            Row("http://[::2:3:4:5:6:7:8^:9]/", .invalidIPv6Address),     // "::" must stand for a piece
        ]),
        ("1::3:4:5:6:7:8", [
            Row("http://[1::3:^:5:6:7:8]/", .invalidIPv6Address),         // a second "::"
        ]),
        ("1:2::4:5:6:7:8", [
            Row("http://[:^1:2::4:5:6:7:8]/", .invalidIPv6Address),       // a lone leading ':'
        ]),
        ("1:2:3::5:6:7:8", [
            Row("http://[1:2:3::5:6:7:^]/", .invalidIPv6Address),         // a trailing single ':'
        ]),
        ("1:2:3:4::6:7:8", [
            Row("http://[1:2:3:4::6:7:8^%25en0]/", .invalidIPv6Address),  // a zone ID (RFC 6874, not RFC 3986)
        ]),
        ("1:2:3:4:5::7:8", [
            Row("http://[1:2:3:4:5::6:7^:8]/", .invalidIPv6Address),      // eight pieces around "::"
        ]),
        ("1:2:3:4:5:6::8", [
            Row("http://[1:2:3:4:5:6::^x]/", .invalidIPv6Address),        // not hex
            Row("http://[1:2:3:4:5:6::8^", .unterminatedIPLiteral),                 // no ']'
        ]),
        ("1:2:3:4:5:6:7::", [
            Row("http://[1:2:3:4:5:6:7::^:]/", .invalidIPv6Address),      // ":::" at the end
            Row("http://[1^.2:3:4:5:6:7::]/", .invalidIPv6Address),       // an IPv4 octet before "::"
        ]),
    ]

    @Test func ipv6Forms() throws {
        #expect(Self.ipv6Forms.count == 9)
        for (base, rows) in Self.ipv6Forms {
            let baseURI = "http://[\(base)]/"
            #expect(try URIReference(parsing: baseURI).hostKind == .ipv6, "\(base)")
            #expect(IPv6Address(base) != nil, "\(base)")
            for row in rows {
                Self.expectParseFailure(row, base: baseURI)
                guard row.kind != .unterminatedIPLiteral else { continue }
                let text = row.input.dropFirst("http://[".count).prefix { $0 != "]" }
                #expect(IPv6Address(text) == nil, "\(text)")
            }
        }
        for row in [Row("http://[^]/", .invalidIPv6Address)] { Self.expectParseFailure(row, base: "http://[::]/") }
    }

    // MARK: IPvFuture

    static let ipvFutureBase = "x://[v1.a:b]/"
    static let ipvFutureRows = [
        Row("x://[v^.a:b]/", .invalidIPvFuture),       // no version digits
        Row("x://[v^g.a:b]/", .invalidIPvFuture),      // a version digit that is not hex
        Row("x://[v1a^:b]/", .invalidIPvFuture),       // no '.' after the version
        Row("x://[v1.^]/", .invalidIPvFuture),         // an empty tail
        Row("x://[v1.a^/b]/", .invalidIPvFuture),      // '/' in the tail
        Row("x://[v1.a^%41]/", .invalidIPvFuture),     // no triplets in the tail
        Row("x://[v1.a:b^", .unterminatedIPLiteral),   // no ']'
        Row("x://[v1.a:b]^x/", .invalidCharacterAfterHost),
    ]

    @Test func ipvFuture() throws {
        #expect(try URIReference(parsing: Self.ipvFutureBase).hostKind == .ipvFuture)
        #expect(try URIReference(parsing: "x://[V1F.a:b]/").hostKind == .ipvFuture)
        for row in Self.ipvFutureRows { Self.expectParseFailure(row, base: Self.ipvFutureBase) }
    }

    // MARK: Percent triplets

    /// At every position of a URI with every component (whose letters are not hex digits), where
    /// a valid triplet is accepted (the base case, asserted): `%`, `%A`, `%G0` and `%0G` are
    /// rejected at the first byte after `%` that is not a hex digit, or where the input ends —
    /// by the parser and by the decoder.
    @Test func brokenTripletsAtEveryPosition() {
        let base = Array("x://u@h/p?q#r".utf8)
        var positionsWithTriplets = 0
        for position in 0...base.count {
            func inserting(_ text: String) -> String {
                String(decoding: base[..<position] + Array(text.utf8) + base[position...], as: UTF8.self)
            }
            #expect(throws: Never.self, "decoder, valid triplet at \(position)") { try PercentEncoding.decode(inserting("%41")) }
            let grammarAllowsTriplets = (try? URIReference(parsing: inserting("%41"))) != nil
            if grammarAllowsTriplets { positionsWithTriplets += 1 }
            for (broken, stop) in [("%", 1), ("%A", 2), ("%G0", 1), ("%0G", 2)] {
                let input = inserting(broken)
                let offset = position + stop
                let expected = PercentDecodingError(.invalidPercentEncoding, at: offset)
                #expect(Result { () throws(PercentDecodingError) in try PercentEncoding.decode(input) } == .failure(expected), "decoder: \(input)")
                withExactAllocation(of: input.utf8) { bytes in
                    #expect(Result { () throws(PercentDecodingError) in try PercentEncoding.decode(bytes: bytes) } == .failure(expected), "decoder, bytes: \(input)")
                }
                guard grammarAllowsTriplets else { continue }
                Self.expectParseFailure(Row(input: input, offset: offset, .invalidPercentEncoding), base: String(decoding: base, as: UTF8.self))
            }
        }
        // Everywhere but in the scheme (positions 0 and 1): "x:%41//u@h…" and "x:/%41/u@h…" are
        // paths, "x://%41u@h…" has userinfo.
        #expect(positionsWithTriplets == base.count + 1 - 2)
    }

    // MARK: base64url

    static let base64URLBase = "eyJhbGciOiJub25lIn0"   // 19 bytes: 19 mod 4 = 3, a valid length
    static let base64URLFaults = [
        "eyJhbGciOiJub25lIn0^=",          // padding
        "eyJhb^=ciOiJub25lIn0",           // '=' inside
        "eyJhb^+ciOiJub25lIn0",           // the standard alphabet's '+'
        "eyJhbGciOi^/ub25lIn0",           // the standard alphabet's '/'
        "eyJhbGciOiJub25lIn0ab^",         // 21 bytes: 1 mod 4, no byte string encodes to it
        "eyJhbGc^.iOiJub25lIn0",          // outside both alphabets
        "eyJh^\u{E9}bGciOiJub25lIn0",     // not ASCII
        "^ eyJhbGciOiJub25lIn0",          // a space
    ]

    @Test func base64URL() throws {
        #expect(Base64.firstInvalidBase64URLOffset(Self.base64URLBase) == nil)
        let hash = BrokerMetamorphicTests.hash
        let response = { (value: String) in "msauth.com.example.app://auth?msg_protocol_ver=3&response=\(value)&hash=\(hash)" }
        #expect(try BrokerResponse(parsing: response(Self.base64URLBase)).kind == .success)
        for marked in Self.base64URLFaults {
            let (input, offset) = unmark(marked)
            expectSingleEdit(input, from: Self.base64URLBase)
            #expect(Base64.firstInvalidBase64URLOffset(input) == offset, "\(marked)")
            // In a response (the value form-encoded, so that the URI stays valid).
            let error = brokerError { () throws(BrokerMessageError) in try BrokerResponse(parsing: response(PercentEncoding.formEncode(input))) }
            #expect(error?.kind == .invalidValue && error?.parameter == "response", "\(marked): \(String(describing: error))")
            // And as a request's broker_key: that one problem, nothing else.
            let request = BrokerMetamorphicTests.requests[0].replacingOccurrences(of: "broker_key=\(Self.base64URLBase)", with: "broker_key=\(PercentEncoding.formEncode(input))")
            let problems = try BrokerRequest.parseParameters(request).problems()
            #expect(problems.map(\.kind) == [.invalidValue] && problems.map(\.parameter) == ["broker_key"], "\(marked): \(problems)")
        }
    }

    /// The Android form's signature hash: padded standard base64, canonical.
    @Test func standardBase64() {
        let base = "1wIqXSqBj7w+h11ZifsnqwgyKrY="
        #expect(Base64.decode(base)?.count == 20)
        for fault in [
            "1wIqXSqBj7w+h11ZifsnqwgyKrY",    // padding missing
            "1wIqXSqBj7w-h11ZifsnqwgyKrY=",   // base64url's '-'
            "1wIqXSqBj7w+h11ZifsnqwgyKrZ=",   // bits under the padding not zero
            "1wIqXSqBj7w+h11ZifsnqwgyKrY==",  // one '=' too many
            "1wIqXSqBj7w+h11Zif=nqwgyKrY=",   // '=' inside
            "1wIqXSqBj7w+h11Zif nqwgyKrY=",   // a space
        ] {
            expectSingleEdit(fault, from: base)
            #expect(Base64.decode(fault) == nil, "\(fault)")
        }
    }

    // MARK: The SHA-256 hash of a response

    @Test func sha256Hash() throws {
        let base = BrokerMetamorphicTests.hash
        let response = { (hash: String) in "msauth.com.example.app://auth?msg_protocol_ver=3&response=eyJhbGciOiJub25lIn0&hash=\(hash)" }
        #expect(BrokerValueSyntax.isUppercaseSHA256Hex(base))
        #expect(try BrokerResponse(parsing: response(base)).hash.map(String.init) == base)
        let faults: [String] = [
            String(base.dropLast()),                          // 63 digits
            base + "0",                                       // 65 digits
            String(base.prefix(1)) + "c" + String(base.dropFirst(2)),   // 'C' in lowercase
            String(base.dropLast()) + "G",                    // not hex
            String(base.prefix(10)) + "-" + String(base.dropFirst(11)), // not a digit
        ]
        for fault in faults {
            expectSingleEdit(fault, from: base)
            #expect(!BrokerValueSyntax.isUppercaseSHA256Hex(fault), "\(fault)")
            let error = brokerError { () throws(BrokerMessageError) in try BrokerResponse(parsing: response(fault)) }
            #expect(error?.kind == .invalidValue && error?.parameter == "hash", "\(fault): \(String(describing: error))")
        }
    }

    // MARK: UUIDs

    @Test func uuids() throws {
        let base = BrokerMetamorphicTests.uuid
        #expect(BrokerValueSyntax.isUUID(base) && BrokerValueSyntax.isUUID(base.lowercased()))
        let request = { (uuid: String) in BrokerMetamorphicTests.requests[0].replacingOccurrences(of: "client_id=\(base)", with: "client_id=\(uuid)") }
        #expect(try BrokerRequest(parsing: request(base)).clientID == base)
        var faults: [String] = []
        let groups = base.split(separator: "-").map(String.init)
        for index in groups.indices {
            func with(_ group: String) -> String { groups.enumerated().map { $0.offset == index ? group : $0.element }.joined(separator: "-") }
            faults.append(with(String(groups[index].dropLast())))       // one digit short
            faults.append(with(groups[index] + "A"))                    // one digit long
            faults.append(with("G" + groups[index].dropFirst()))        // not hex
        }
        for dash in [8, 13, 18, 23] {
            let bytes = Array(base.utf8)
            faults.append(String(decoding: bytes[..<dash] + bytes[(dash + 1)...], as: UTF8.self))                    // dash missing
            faults.append(String(decoding: bytes[..<dash] + [bytes[dash + 1], bytes[dash]] + bytes[(dash + 2)...], as: UTF8.self))  // dash moved
        }
        #expect(faults.count == 15 + 8)
        for fault in faults {
            expectSingleEdit(fault, from: base)
            #expect(!BrokerValueSyntax.isUUID(fault), "\(fault)")
            let problems = try BrokerRequest.parseParameters(request(fault)).problems()
            #expect(problems.map(\.kind) == [.invalidValue] && problems.map(\.parameter) == ["client_id"], "\(fault): \(problems)")
        }
    }
}

/// The text without its `^`, and the UTF-8 offset where the `^` was.
func unmark(_ marked: String) -> (text: String, offset: Int) {
    let bytes = Array(marked.utf8)
    let caret = bytes.firstIndex(of: UInt8(ascii: "^")) ?? -1
    return (String(decoding: bytes.filter { $0 != UInt8(ascii: "^") }, as: UTF8.self), caret)
}

/// Expects `input` to differ from `base` in one contiguous place: what is left after removing
/// their common prefix and suffix is a single span on each side.
func expectSingleEdit(_ input: String, from base: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let a = Array(input.utf8), b = Array(base.utf8)
    let prefix = zip(a, b).prefix { $0 == $1 }.count
    let suffix = zip(a.reversed(), b.reversed()).prefix { $0 == $1 }.count
    let changedInInput = max(0, a.count - prefix - suffix), changedInBase = max(0, b.count - prefix - suffix)
    #expect(a != b, "\(input) is its base", sourceLocation: sourceLocation)
    #expect(changedInInput <= 6 && changedInBase <= 6, "\(input) differs from \(base) in more than one place", sourceLocation: sourceLocation)
}

/// The error a broker parse throws, or `nil`.
func brokerError<T>(_ body: () throws(BrokerMessageError) -> T) -> BrokerMessageError? {
    do { _ = try body(); return nil } catch { return error }
}

/// The same vectors with every string copied into an allocation of exactly its length
/// (`StringBytesPath.exactCopy`) before it reaches the parser, the decoders and the broker
/// readers, so that under AddressSanitizer a read past the end of a String input fails too. The
/// switch is process-wide: a child process of its own.
struct SingleFaultVectorsOnExactCopiesTests {
    @Test func everyTableOnExactCopies() async {
        await #expect(processExitsWith: .success) {
            StringBytesPath.forced = .exactCopy
            let tests = SingleFaultVectorTests()
            #expect(throws: Never.self) {
                try tests.portsThatTheGrammarRejects()
                try tests.portNumbersOutsideTheLoopbackRule()
                try tests.ipv4Addresses()
                try tests.ipv4TailsOfIPv6Addresses()
                try tests.ipv6Forms()
                try tests.ipvFuture()
                try tests.base64URL()
                try tests.sha256Hash()
                try tests.uuids()
            }
            tests.brokenTripletsAtEveryPosition()
            tests.standardBase64()
        }
    }
}
