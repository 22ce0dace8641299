import Foundation
import RedirectURIFuzzProperties
import Testing

@testable import RedirectURIKit

/// The entry points over borrowed bytes (`RedirectVerifier.verify(bytes:caller:)` and
/// `BrokerResponse.read(bytes:)`) give the answers of the String entry points on the same text,
/// and the text a caller's invalid UTF-8 decodes to (U+FFFD for what is not UTF-8) gets the
/// answer its bytes get.
///
/// A bug this finds: the in-place acceptance taking a URI that the rules reject (a loopback port
/// the registration does not have, a bundle ID that is not the caller's, a client-ID URI with a
/// caller, a fragment, a wrapper), or matching another registration than the first; a response
/// read in place whose kind, fields or error is not the String reading's; an offset measured in
/// another text than the caller's bytes; a read past the end of the bytes (each input is in an
/// allocation of exactly its length).
struct BorrowedBytesAgreementTests {
    /// Hand-picked inputs the corpora may lack: empty, NUL inside, invalid UTF-8, whitespace,
    /// the forms and their near misses. (Verified against themselves and the fixed registrations.)
    static let edgeCases: [[UInt8]] =
        [
            [], [0], [0xFF], [0xC0, 0x80], [0xE2, 0x82], Array("msauth.com.contoso.app://auth".utf8) + [0],
            Array("msauth.com.contoso.app://auth".utf8) + [0xFF], [0xEF, 0xBB, 0xBF] + Array("msauth.com.contoso.app://auth".utf8),
            Array("x-msauth-app://com.contoso.app\u{0}".utf8), Array("msauth.com.contoso.app://au\u{0}th".utf8),
        ]
        + [
            "msauth.com.contoso.app://auth", "MSAUTH.com.contoso.app://auth", "msauth.COM.contoso.app://auth",
            "msauth.com.contoso.app://auth#", "msauth.com.contoso.app://auth#x", " msauth.com.contoso.app://auth",
            "msauth.com.contoso.app://auth ", "x-msauth-app://com.contoso.app", "X-MSAUTH-APP://com.contoso.app",
            "x-msauth-app://com.contoso.App", "x-msauth-app://contoso", "myapp://callback", "myapp://com.contoso.app",
            "msauth://code/x-msauth-app%3A%2F%2Fcom.contoso.app", "msauth://code/x-msauth-app%3A%2F%2Fcontoso",
            "msauth://code/msauth.com.contoso.app%3A%2F%2Fauth", "msauth://code/x-msauth-app%3A%2F%2Fcom.contoso.app?x=1",
            "msauth://code/msauth.com.contoso.app%3A%2F%2Fauth%23", "http://127.0.0.1:8080/cb", "http://127.0.0.1:9090/cb",
            "http://127.0.0.1:08080/cb", "http://127.0.0.1/cb", "http://127.0.0.1:0/cb", "http://[::1]:8080/cb",
            "http://localhost:8080/cb", "https://contoso.com/cb", "HTTPS://contoso.com/cb", "https://contoso.com/cb?x=1",
            "msal8c1c6a4e-1f2b-4c3d-9e8f-0a1b2c3d4e5f://auth", "msauth.com.contoso.app://auth?x=1", "urn:ietf:wg:oauth:2.0:oob",
            "msauth.com.contoso.app:/auth", "msauth.com.contoso.app://auth/", "//contoso.com/cb", "auth", "a:",
            "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(String(repeating: "9F", count: 32))",
            "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(String(repeating: "9F", count: 32))&broker_nonce=n1",
            "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJ&hash=\(String(repeating: "9F", count: 32))",
            "msauth.com.contoso.app://auth?msg_protocol_ver=x&response=eyJh&hash=\(String(repeating: "9F", count: 32))",
            "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=\(String(repeating: "9f", count: 32))",
            "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh", "msauth.com.contoso.app://auth?error_code=1",
            "msauth.com.contoso.app://auth?error_code=", "msauth.com.contoso.app://auth?error_code=1&error_description=a+b%20c",
            "msauth.com.contoso.app://auth/broker?msg_protocol_ver=3&response=eyJh&hash=\(String(repeating: "9F", count: 32))",
            "msauth.com.contoso.app://auth?msg_protocol_ver=3&msg_protocol_ver=3", "msauth.com.contoso.app://auth?",
            "msauth.com.contoso.app://auth?response=eyJh&hash=\(String(repeating: "9F", count: 32))&msg_protocol_ver=3#",
        ].map { Array($0.utf8) }

    /// Registrations every input is also verified against: one of each form, loopback ports
    /// among them, and a decoy listed first.
    static let fixedRegistrations = [
        "msauth.com.northwind.crm://auth", "msauth.com.contoso.app://auth", "x-msauth-app://com.contoso.app", "x-msauth-app://contoso",
        "http://127.0.0.1:9090/cb", "http://127.0.0.1:8080/cb", "https://contoso.com/cb",
        "msal8c1c6a4e-1f2b-4c3d-9e8f-0a1b2c3d4e5f://auth", " msauth.com.contoso.app://auth/ ",
        "msauth://code/msauth.com.contoso.app%3A%2F%2Fauth",
    ]

    /// Every input of the corpora that hold redirect URIs, broker messages and C API cases
    /// (`<registered>\n<caller>\n<presented>`, split as FuzzCAPI splits them), then the edge cases.
    static func cases() -> [(registered: [String], caller: [UInt8]?, presented: [UInt8])] {
        var cases: [(registered: [String], caller: [UInt8]?, presented: [UInt8])] = []
        for target in [FuzzTarget.redirect, .broker, .differential, .hotPath] {
            for input in CorpusReplay.inputs(of: target) {
                cases.append(([String(decoding: input.bytes, as: UTF8.self)], nil, input.bytes))
            }
        }
        let capi = CorpusReplay.read(CorpusReplay.root.appendingPathComponent("FuzzCAPI"), named: "FuzzCAPI")
        #expect(capi.count > 1_000, "Corpus/FuzzCAPI is missing or smaller than it was")
        for input in capi {
            let lines = input.bytes.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
            guard lines.count == 3 else {
                cases.append(([String(decoding: input.bytes, as: UTF8.self)], nil, input.bytes))
                continue
            }
            let caller = lines[1].first == UInt8(ascii: "!") ? nil : Array(lines[1])
            cases.append(([String(decoding: lines[0], as: UTF8.self)], caller, Array(lines[2])))
        }
        for bytes in edgeCases { cases.append(([String(decoding: bytes, as: UTF8.self)], nil, bytes)) }
        return cases
    }

    /// What a verdict says, every public part of it.
    static func describe(_ verdict: VerificationVerdict) -> String {
        [
            "\(verdict.accepted)", verdict.failedRule?.identifier ?? "-", verdict.matched ?? "-",
            verdict.diagnostics.map(\.description).joined(separator: "|"), verdict.explanation, verdict.nearMiss?.description ?? "-",
            verdict.identity?.rawValue ?? "-", verdict.field ?? "-",
        ].joined(separator: "\n  ")
    }

    /// The callers each input is verified for: not reported, the bundle ID the presented URI
    /// carries (or its one-label host), that bundle ID in another case, another app's, an
    /// invalid one, and the case's own.
    static func callers(for presented: [UInt8], own: [UInt8]?) -> [Caller] {
        var callers: [Caller] = [.notReported, .reportedByOS(bundleID: "com.contoso.app"), .reportedByOS(bundleID: "not a bundle ID")]
        if let own { callers.append(.reportedByOS(bundleID: String(decoding: own, as: UTF8.self))) }
        if let redirect = try? RedirectURI(parsing: String(decoding: presented, as: UTF8.self)) {
            if let carried = redirect.bundleID?.text {
                callers += [.reportedByOS(bundleID: String(carried)), .reportedByOS(bundleID: carried.uppercased())]
            }
            if let host = redirect.reference.host { callers.append(.reportedByOS(bundleID: String(host))) }
        }
        return callers
    }

    @Test func verifyingBytesAgreesWithVerifyingText() {
        let cases = Self.cases()
        #expect(cases.count > 5_000)
        var acceptedInPlace = 0
        var verified = 0
        for (registered, caller, presented) in cases {
            let text = String(decoding: presented, as: UTF8.self)
            let verifiers = [
                RedirectVerifier(registered: registered), RedirectVerifier(registered: Self.fixedRegistrations + registered),
                RedirectVerifier(registered: registered + Self.fixedRegistrations, options: .init(bundleIDComparison: .caseInsensitive)),
            ]
            for verifier in verifiers {
                for caller in Self.callers(for: presented, own: caller) {
                    let fromText = verifier.verify(text, caller: caller)
                    let fromBytes = withExactAllocation(of: presented) { bytes in verifier.verify(bytes: bytes, caller: caller) }
                    let fromArray = verifier.verify(bytes: presented, caller: caller)
                    verified += 1
                    if fromBytes.accepted, fromBytes.diagnostics.isEmpty { acceptedInPlace += 1 }
                    guard Self.describe(fromBytes) == Self.describe(fromText), Self.describe(fromArray) == Self.describe(fromText) else {
                        Issue.record(
                            "presented \(presented), registered \(verifier.registered), caller \(caller):\n bytes: \(Self.describe(fromBytes))\n text:  \(Self.describe(fromText))"
                        )
                        return
                    }
                }
            }
        }
        // The comparison reaches the in-place acceptance, not only the copies.
        #expect(acceptedInPlace > 2_000, "\(acceptedInPlace) acceptances of \(verified) verifications")
    }

    /// What reading a response gave: its layout, or its error.
    static func describe(_ outcome: Result<BrokerResponse.Layout, BrokerMessageError>) -> String {
        switch outcome {
        case .success(let layout): "\(layout)"
        case .failure(let error): "error \(error.kind) \(error.parameter ?? "-") \(error.offset.map(String.init) ?? "-") \(error)"
        }
    }

    @Test func readingResponseBytesAgreesWithReadingText() {
        var read = 0
        for (_, _, presented) in Self.cases() {
            let fromText = Result { () throws(BrokerMessageError) in
                try BrokerResponse(parsing: String(decoding: presented, as: UTF8.self)).layout
            }
            let fromBytes = withExactAllocation(of: presented) { bytes in
                Result { () throws(BrokerMessageError) in try BrokerResponse.read(bytes: bytes) }
            }
            if case .success = fromBytes { read += 1 }
            guard Self.describe(fromBytes) == Self.describe(fromText) else {
                Issue.record("\(presented):\n bytes: \(Self.describe(fromBytes))\n text:  \(Self.describe(fromText))")
                return
            }
        }
        #expect(read >= 80, "\(read) responses read")
    }

    /// The layout is where the response's slices are: each range of the bytes is the slice the
    /// String reading hands out.
    @Test(arguments: edgeCases.filter { (try? BrokerResponse(parsing: String(decoding: $0, as: UTF8.self))) != nil })
    func layoutRangesAreTheResponsesSlices(bytes: [UInt8]) throws {
        let response = try BrokerResponse(parsing: String(decoding: bytes, as: UTF8.self))
        let layout = try bytes.withUnsafeBufferPointer { buffer throws(BrokerMessageError) in try BrokerResponse.read(bytes: buffer) }
        func text(_ range: Range<Int>?) -> String? { range.map { String(decoding: bytes[$0], as: UTF8.self) } }
        #expect(text(layout.response) == response.response.map(String.init))
        #expect(text(layout.hash) == response.hash.map(String.init))
        #expect(text(layout.brokerNonce) == response.brokerNonce.map(String.init))
        #expect(text(layout.errorCode) == response.errorCode.map(String.init))
        #expect(text(layout.redirectURI) == String(response.redirectURI))
        #expect(layout.ranges == response.url.ranges)
    }

    /// Invalid UTF-8 fails at its first byte, as the parser reports it on bytes, for both entry
    /// points (which then say what the text it decodes to gets: the table above holds them equal).
    @Test(arguments: [([0xFF], 0), (Array("msauth.com.contoso.app://auth".utf8) + [0xC3], 29), ([0x61, 0x3A, 0xE9], 2)])
    func invalidUTF8FailsAtItsFirstByte(bytes: [UInt8], offset: Int) {
        let verdict = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"]).verify(bytes: bytes, caller: .notReported)
        #expect(verdict.failedRule == .syntax)
        #expect(verdict.explanation.hasSuffix("at offset \(offset)"))
        let read = bytes.withUnsafeBufferPointer { buffer in Result { () throws(BrokerMessageError) in try BrokerResponse.read(bytes: buffer) } }
        guard case .failure(let error) = read else {
            Issue.record("read \(bytes) as a response")
            return
        }
        #expect(error.offset == offset)
    }
}
