import Foundation
import Testing
@testable import RedirectURIKit

/// The Codable conformances: what decodes is validated as parsing validates it, and encodings
/// keep every key (absent values as null), as the `parse --json` contract does.
struct CodableTests {
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    /// The parse error inside a decoding error, if any.
    static func underlyingParseError(_ body: () throws -> Void) -> URIParseError? {
        do {
            try body()
        } catch let DecodingError.dataCorrupted(context) {
            return context.underlyingError as? URIParseError
        } catch {}
        return nil
    }

    static let references = ["x-msauth-mytestiosapp://com.myapp.mytestapp", "x://h?", "x://h#", "a", "", "http://[::1]:8080/cb?a=%2F"]

    @Test func referencesRoundTripAsTheirText() throws {
        for text in Self.references {
            let reference = try URIReference(parsing: text)
            let encoded = try Self.json(reference)
            #expect(encoded == "\"\(text)\"")
            #expect(try Self.decode(URIReference.self, encoded) == reference)
        }
    }

    @Test func decodingValidatesLikeParsing() {
        let error = Self.underlyingParseError { _ = try Self.decode(URIReference.self, #""http://h:8a/p""#) }
        #expect(error?.kind == .invalidPort)
        #expect(error?.offset == 11)
        #expect(Self.underlyingParseError { _ = try Self.decode(RedirectURI.self, #""a""#) }?.kind == .missingScheme)
        #expect(throws: DecodingError.self) { try Self.decode(BundleID.self, #""com..app""#) }
        #expect(throws: DecodingError.self) { try Self.decode(URIReference.self, "42") }
    }

    @Test func redirectURIsKeepTheirForm() throws {
        for text in ["msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", "msauth.com.contoso.MailApp://auth", "http://127.0.0.1:1/cb"] {
            let redirect = try RedirectURI(parsing: text)
            let decoded = try Self.decode(RedirectURI.self, try Self.json(redirect))
            #expect(decoded == redirect)
            #expect(decoded.form == redirect.form)
            // Compared as carried, not as two optionals (nil == nil would pass the loopback URI).
            if let bundleID = redirect.bundleID {
                #expect(decoded.carries(bundleID: bundleID.description))
            } else {
                #expect(decoded.bundleID == nil)
            }
        }
        #expect(try Self.json(BundleID("com.Contoso.app")) == #""com.Contoso.app""#)
    }

    @Test func componentsWriteNullForAbsent() throws {
        let components = URIComponents(try URIReference(parsing: "x://h?"))
        #expect(try Self.json(components) == #"{"fragment":null,"host":"h","path":"","port":null,"query":"","scheme":"x","userinfo":null}"#)
        #expect(try Self.decode(URIComponents.self, try Self.json(components)) == components)
        #expect(try Self.decode(URIComponents.self, #"{"host":"h"}"#) == URIComponents(host: "h"))
    }

    @Test func parseErrorsEncodeKindOffsetAndMessage() throws {
        do {
            _ = try URIReference(parsing: "http://h:8a/p")
            Issue.record("parsed")
        } catch {
            #expect(try Self.json(error) == #"{"kind":"invalid-port","message":"a port must be decimal digits only (found '/' at offset 11)","offset":11}"#)
        }
    }

    @Test func rangesAreOffsetPairs() throws {
        let reference = try URIReference(parsing: "http://u@h:1/p?q#f")
        #expect(try Self.json(reference.ranges) == #"{"authority":[7,12],"count":18,"fragment":[17,18],"host":[9,10],"hostKind":"reg-name","path":[12,14],"port":[11,12],"query":[15,16],"scheme":[0,4],"userinfo":[7,8]}"#)
        let classification = try RedirectURI.classify("x-msauth-mytestiosapp://com.myapp.mytestapp")
        #expect(try Self.json(classification).hasPrefix(#"{"bundleIDRange":[24,43],"form":"adal-broker","ranges":{"#))
    }

    @Test func codesRoundTripAndUnknownCodesFail() throws {
        for kind in URIParseError.Kind.allKinds { #expect(try Self.decode(URIParseError.Kind.self, try Self.json(kind)) == kind) }
        for kind in [HostKind.regName, .ipv4, .ipv6, .ipvFuture] { #expect(try Self.decode(HostKind.self, try Self.json(kind)) == kind) }
        for grammar in [URIGrammar.uriReference, .uri, .absoluteURI, .relativeReference] {
            #expect(try Self.decode(URIGrammar.self, try Self.json(grammar)) == grammar)
        }
        for decoding in [QueryDecoding.form, .rfc3986] { #expect(try Self.decode(QueryDecoding.self, try Self.json(decoding)) == decoding) }
        for rule in VerificationRule.all { #expect(try Self.decode(VerificationRule.self, try Self.json(rule)) == rule) }
        for form in RedirectForm.allCases { #expect(try Self.decode(RedirectForm.self, try Self.json(form)) == form) }
        #expect(try Self.json(URIGrammar.uriReference) == #""URI-reference""#)
        #expect(try Self.json(VerificationRule.exactMatch) == #""exact-match""#)
        for (type, json) in [(0, #""no-such-kind""#), (1, #""ipv5""#), (2, #""URL""#), (3, #""utf-8""#), (4, #""prefix-match""#)] {
            #expect(throws: DecodingError.self) {
                switch type {
                case 0: _ = try Self.decode(URIParseError.Kind.self, json)
                case 1: _ = try Self.decode(HostKind.self, json)
                case 2: _ = try Self.decode(URIGrammar.self, json)
                case 3: _ = try Self.decode(QueryDecoding.self, json)
                default: _ = try Self.decode(VerificationRule.self, json)
                }
            }
        }
    }

    @Test func verdictsEncodeTheirRuleByIdentifier() throws {
        let verifier = RedirectVerifier(registered: ["msauth.com.contoso.app://auth"])
        let rejected = verifier.verify("msauth.com.contoso.app://auth/", caller: .reportedByOS(bundleID: "com.contoso.app"))
        #expect(try Self.json(rejected) == #"{"accepted":false,"diagnostics":[],"explanation":"'msauth.com.contoso.app://auth/' matches no registered redirect URI; the nearest registered redirect URI, 'msauth.com.contoso.app://auth', differs only by a trailing '/' in the path ('/' here, '' registered)","field":null,"identity":"reported-by-os","matched":null,"nearMiss":{"component":"path","difference":"trailing-slash","message":"the nearest registered redirect URI, 'msauth.com.contoso.app://auth', differs only by a trailing '/' in the path ('/' here, '' registered)","registered":"msauth.com.contoso.app://auth"},"rule":"exact-match"}"#)
        let accepted = verifier.verify("msauth.com.contoso.app://auth", caller: .reportedByOS(bundleID: "com.contoso.app"))
        #expect(try Self.json(accepted).hasPrefix(#"{"accepted":true,"diagnostics":[],"explanation":"accepted: "#))
        #expect(try Self.json(accepted).hasSuffix(#""matched":"msauth.com.contoso.app://auth","nearMiss":null,"rule":null}"#))
    }

    @Test func diagnosticsAndRoutingRoundTrip() throws {
        let routing = try RedirectURI(parsing: "msauth.com.contoso.app://auth").routes("msauth.com.contoso.app://auth/?x=1")
        #expect(!routing.belongs)
        let decoded = try Self.decode(ResponseRouting.self, try Self.json(routing))
        #expect(decoded == routing)
        #expect(decoded.diagnostics.first?.code == .trailingSlashMismatch)
        #expect(try Self.json(routing).hasPrefix(#"{"belongs":false,"diagnostics":[{"code":"trailing-slash-mismatch","#))
        #expect(throws: DecodingError.self) { try Self.decode(RedirectDiagnostic.self, #"{"severity":"fatal","code":"x","message":"y"}"#) }
    }

    @Test func brokerMessagesRoundTrip() throws {
        let request = try BrokerRequest.parseParameters("msauthv2://broker?msg_protocol_ver=3&client_id=a&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&flag")
        let decodedRequest = try Self.decode(BrokerRequest.self, try Self.json(request))
        #expect(decodedRequest == request)
        #expect(decodedRequest.url == request.url)
        let hash = String(repeating: "AB", count: 32)
        let response = try BrokerResponse(parsing: "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash)")
        let encoded = try Self.json(response)
        #expect(encoded.hasPrefix(#"{"kind":"broker-response","parameters":[{"name":"msg_protocol_ver","value":"3"},"#))
        #expect(try Self.decode(BrokerResponse.self, encoded) == response)
        #expect(throws: DecodingError.self) {
            try Self.decode(BrokerResponse.self, #"{"url":"msauth.com.contoso.app://auth?msg_protocol_ver=3&response=abcd"}"#)
        }
    }

    /// Errors encode `{"kind": code, …}` with every key; their kinds decode from the code.
    @Test func errorsEncodeTheirKindByCode() throws {
        #expect(try Self.json(PercentDecodingError(.invalidUTF8, at: 3)) == #"{"kind":"invalid-utf8","offset":3}"#)
        #expect(try Self.json(BrokerMessageError(.duplicateParameter, parameter: "redirect_uri"))
            == #"{"detail":null,"kind":"duplicate-parameter","offset":null,"parameter":"redirect_uri","underlying":null}"#)
        #expect(try Self.json(URIBuildError(.needsHost, component: "port"))
            == #"{"component":"port","kind":"needs-host","offset":null,"underlying":null}"#)
        #expect(try Self.json(RedirectBuildError(.invalidPart, detail: "port 0"))
            == #"{"detail":"port 0","kind":"invalid-part","offset":null,"underlying":null}"#)
        #expect(try Self.json(QueryParameterError(.duplicateParameter, name: "a", offset: 4))
            == #"{"kind":"duplicate-parameter","name":"a","offset":4,"underlying":null}"#)
        // A nested error is its own object.
        do {
            _ = try BrokerResponse(parsing: "msauth.com.contoso.app://auth?a=1&a=2&error_code=1&error_code=2")
            Issue.record("parsed")
        } catch {
            let json = try Self.json(error)
            #expect(json.contains(#""kind":"duplicate-parameter""#), "\(json)")
        }
        for kind in PercentDecodingError.Kind.allKinds { #expect(try Self.decode(PercentDecodingError.Kind.self, try Self.json(kind)) == kind) }
        for kind in BrokerMessageError.Kind.allKinds { #expect(try Self.decode(BrokerMessageError.Kind.self, try Self.json(kind)) == kind) }
        for kind in URIBuildError.Kind.allKinds { #expect(try Self.decode(URIBuildError.Kind.self, try Self.json(kind)) == kind) }
        for kind in RedirectBuildError.Kind.allKinds { #expect(try Self.decode(RedirectBuildError.Kind.self, try Self.json(kind)) == kind) }
        for kind in QueryParameterError.Kind.allKinds { #expect(try Self.decode(QueryParameterError.Kind.self, try Self.json(kind)) == kind) }
        #expect(throws: DecodingError.self) { try Self.decode(BrokerMessageError.Kind.self, #""no-such-kind""#) }
    }
}
