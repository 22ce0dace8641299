import Testing

@testable import RedirectURIKit

/// Text handed out without a `Substring`: a bundle ID's borrowed bytes, and a broker response's
/// `response` and `hash` as offsets. Each must spell exactly what the `Substring` accessors give,
/// wherever the text came from (a string, a slice of a longer one, a decoded wrapper).
struct HandedOutTextTests {
    static let hash = "9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08"

    // MARK: - Bundle IDs

    /// (redirect URI, its bundle ID or nil): every form that carries one, where it lies.
    static let bundleIDs: [(uri: String, bundleID: String?)] = [
        ("x-msauth-mytestiosapp://com.myapp.mytestapp", "com.myapp.mytestapp"),  // ADAL: the host
        ("msauth.com.contoso.app://auth", "com.contoso.app"),  // MSAL: the scheme after msauth.
        ("msauth.com.contoso.app://auth/broker", "com.contoso.app"),
        ("msauth://code/x-msauth-app%3A%2F%2Fcom.contoso.app", "com.contoso.app"),  // a wrapper, raw inside
        ("msauth://code/x-msauth-app%3A%2F%2Fcom%2Econtoso.app", "com.contoso.app"),  // encoded: decoded
        ("msauth.a://auth", "a"),  // one byte
        ("https://login.example.com/cb", nil),
        ("http://127.0.0.1:8080/cb", nil),
    ]

    @Test(arguments: bundleIDs)
    func bundleIDBytesAreTheBundleID(uri: String, bundleID expected: String?) throws {
        let found = try RedirectURI.classify(uri).bundleID(in: uri)
        #expect(found?.withUTF8 { Array($0) } == expected.map { Array($0.utf8) }, "\(uri)")
        #expect(found.map { String($0.text) } == expected)
        #expect(found?.description == expected)
        // The same bundle ID found by the full parse, and written out: equal, and hashed alike.
        let parsed = try RedirectURI(parsing: uri).bundleID
        #expect(parsed?.withUTF8 { Array($0) } == expected.map { Array($0.utf8) })
        if let found, let expected, let written = BundleID(expected) {
            #expect(found == written && parsed == written)
            #expect(found.hashValue == written.hashValue && parsed?.hashValue == written.hashValue)
            #expect(Set([found, written, parsed].compactMap { $0 }).count == 1)
        }
    }

    /// A bundle ID read from a slice of a longer text is the slice's bytes, not its base's.
    @Test(arguments: [
        ("prefix msauth.com.contoso.app://auth suffix", "com.contoso.app"),
        ("€€ x-msauth-app://com.example.mail €", "com.example.mail"),  // multi-byte text around it
    ])
    func bundleIDOfASliceIsTheSlices(text: String, expected: String) throws {
        guard let start = text.firstIndex(of: " "), let end = text.lastIndex(of: " ") else {
            Issue.record("no spaces in \(text)")
            return
        }
        let slice = text[text.index(after: start)..<end]
        let reference = try URIReference(parsing: slice, as: .uri)
        let bundleID = RedirectURI(classifying: reference).bundleID
        #expect(bundleID?.withUTF8 { Array($0) } == Array(expected.utf8))
        #expect(bundleID.map { String($0.text) } == expected)
        // Validated from a slice, the same.
        let longer = "€ " + expected + " €"
        let written = BundleID(longer.dropFirst(2).dropLast(2))
        #expect(written?.withUTF8 { Array($0) } == Array(expected.utf8))
        #expect(written == bundleID && written?.hashValue == bundleID?.hashValue)
    }

    /// Equality and hashing compare bytes exactly, as before: case is kept.
    @Test(arguments: [
        ("com.contoso.app", "com.contoso.app", true),
        ("com.contoso.app", "com.Contoso.app", false),
        ("com.contoso.app", "com.contoso.ap", false),
        ("com.contoso.app", "com.contoso.app2", false),
    ])
    func bundleIDsCompareBytes(lhs: String, rhs: String, equal: Bool) throws {
        let left = try #require(BundleID(lhs))
        let right = try #require(BundleID(rhs))
        #expect((left == right) == equal)
        #expect(Set([left, right]).count == (equal ? 1 : 2))
    }

    // MARK: - Broker responses

    /// (response URL, its `response`, its `hash`): the one-pass read and the message's.
    static let responses: [(url: String, response: String, hash: String)] = [
        ("msauth.com.app://auth?msg_protocol_ver=3&response=eyJhbGciOiJkaXIifQ&hash=\(hash)", "eyJhbGciOiJkaXIifQ", hash),
        ("msauth.com.app://auth/broker?hash=\(hash)&response=abcd&msg_protocol_ver=3", "abcd", hash),
        ("msauth.com.app://auth?msg_protocol_ver=3&response=ab-_cd&hash=\(hash)&broker_nonce=n-1", "ab-_cd", hash),
        // Not in the brokers' shape (an encoded name, another parameter): read as a message.
        ("msauth.com.app://auth?%72esponse=abcd&msg_protocol_ver=3&hash=\(hash)", "abcd", hash),
        ("msauth.com.app://auth?msg_protocol_ver=3&response=abcd&hash=\(hash)&x=%C3%A9", "abcd", hash),
    ]

    @Test(arguments: responses)
    func responseRangesSpellTheFields(url: String, response: String, hash: String) throws {
        let read = try BrokerResponse(parsing: url)
        let responseRange = try #require(read.responseRange)
        let hashRange = try #require(read.hashRange)
        let bytes = Array(read.url.text.utf8)
        #expect(Array(bytes[responseRange]) == Array(response.utf8), "\(url)")
        #expect(Array(bytes[hashRange]) == Array(hash.utf8), "\(url)")
        #expect(read.url.slice(responseRange) == read.response && read.url.slice(hashRange) == read.hash)
    }

    /// Offsets are in the URL's own text, also when it is a slice of a longer string.
    @Test(arguments: responses)
    func responseRangesOfASliceAreInTheSlice(url: String, response: String, hash: String) throws {
        let text = "€ " + url + " €"
        let reference = try URIReference(parsing: text.dropFirst(2).dropLast(2), as: .uri)
        let read = try BrokerResponse(reference)
        let bytes = Array(read.url.text.utf8)
        #expect(read.responseRange.map { Array(bytes[$0]) } == Array(response.utf8), "\(url)")
        #expect(read.hashRange.map { Array(bytes[$0]) } == Array(hash.utf8), "\(url)")
    }

    /// An error response has neither.
    @Test func anErrorResponseHasNoRanges() throws {
        let read = try BrokerResponse(parsing: "msauth.com.app://auth?error_code=1&error_description=no")
        #expect(read.kind == .error)
        #expect(read.responseRange == nil && read.hashRange == nil)
    }
}
