// The inputs both measuring tools walk, prepared once from the corpus outside any measurement,
// and the start-up checks that make sure every operation times its success path and that the
// Foundation peers reach the library's answers. Shared by the package-benchmark target and the
// measure-ops driver, so the two never drift apart.
import BenchmarkCorpus
import Foundation
import RedirectURIKit

/// The prepared inputs of every benchmark group.
public struct BenchmarkInputs: Sendable {
    /// (a) short redirect URIs, in corpus order.
    public let short: [String]
    /// (b) certificate-auth wrappers.
    public let certificate: [String]
    /// (c) broker requests.
    public let request: [String]
    /// (d) broker responses, as the corpus writes them.
    public let response: [String]
    /// (d) in the form `BrokerResponse` accepts (see ``successfulResponseForm(_:)``).
    public let successfulResponses: [String]
    /// The 600 `redirect_uri` values of (c) and the 200 wrapped URIs of (b), still encoded.
    public let percentEncoded: [String]
    /// (a) with one byte no URI may hold.
    public let invalid: [String]

    /// Prepares everything from `corpus`.
    public init(_ corpus: Corpus = .standard) {
        short = corpus.lines(.shortRedirect)
        certificate = corpus.lines(.certificateAuth)
        request = corpus.lines(.brokerRequest)
        response = corpus.lines(.brokerResponse)
        successfulResponses = response.map(successfulResponseForm)
        percentEncoded = request.compactMap { queryValue(named: "redirect_uri", in: $0) }
            + certificate.map { String($0.dropFirst("msauth://code/".count).prefix { $0 != "?" }) }
        invalid = corpus.invalidLines()
    }

    /// The verification cases: (a) and the (b) wrappers without a query.
    public func verificationCases() -> [VerificationCase] {
        VerificationCase.make(presented: short + certificate.filter { !$0.contains("?") })
    }
}

/// The raw (still percent-encoded) value of the first `name=` parameter of `uri`'s query.
/// Used only to prepare inputs, outside any measurement.
public func queryValue(named name: String, in uri: String) -> String? {
    // On UTF-8 bytes: splitting the String by Characters was a third of the driver's start-up
    // under callgrind.
    guard let query = uri.utf8.split(separator: UInt8(ascii: "?"), maxSplits: 1).dropFirst().first else { return nil }
    let prefix = Array((name + "=").utf8)
    for pair in query.split(separator: UInt8(ascii: "&")) where pair.starts(with: prefix) {
        return String(decoding: pair.dropFirst(prefix.count), as: UTF8.self)
    }
    return nil
}

/// One verification: a presented URI, the app's registered URIs and the caller's bundle ID.
///
/// Registered: the presented URI itself (for a wrapper, alternately the wrapper or its plain
/// inner URI, both of which verification accepts for a wrapper) and two other apps' URIs, listed first so
/// that matching has to look past them. The caller's bundle ID is the one the URI carries, so
/// broker forms pass rule 5; forms without one are verified without a caller.
public struct VerificationCase: Sendable {
    /// The redirect URI presented.
    public let presented: String
    /// The app's registered redirect URIs.
    public let registered: [String]
    /// The caller's bundle ID, when the presented URI carries one.
    public let callerBundleID: String?
    /// The library's verifier for `registered`, built outside any measurement.
    public let verifier: RedirectVerifier

    /// Input bytes, for the MB/s metric.
    public var byteCount: Int { presented.utf8.count }

    /// One case per presented URI.
    public static func make(presented inputs: [String]) -> [VerificationCase] {
        let decoys = ["msauth.com.northwind.crm://auth", "x-msauth-wallet://com.globex.wallet"]
        return inputs.enumerated().map { index, presented in
            let redirect = try? RedirectURI(parsing: presented)
            var own = presented
            if redirect?.form == .certificateAuth, index % 2 == 0, let inner = redirect?.inner {
                own = inner.description
            }
            let registered = decoys + [own]
            let caller = redirect?.bundleID.map { String($0.text) }
            return VerificationCase(
                presented: presented, registered: registered, callerBundleID: caller,
                verifier: RedirectVerifier(registered: registered)
            )
        }
    }
}

/// A (d) line as a broker sends it: `hash` in uppercase hex, and `response` of a length that
/// unpadded base64url can have (not 1 mod 4).
///
/// make_corpus.py writes half the hashes in lowercase and cuts `response` at any length, but
/// broker responses carry the hash in uppercase hex, and BrokerResponse rejects a base64url length of 1 mod 4 (no
/// byte string encodes to it): such lines are put in that form, so the benchmarks time the
/// success path.
public func successfulResponseForm(_ uri: String) -> String {
    // Byte search rather than Foundation's range(of:), which took 0.3 G instructions for the 400
    // lines: a third of the driver's start-up under callgrind.
    let bytes = Array(uri.utf8)
    guard let hashStart = offset(of: "&hash=", in: bytes), let responseStart = offset(of: "&response=", in: bytes) else {
        return uri
    }
    let valueStart = responseStart + "&response=".utf8.count
    var response = bytes[valueStart..<hashStart]
    if response.count % 4 == 1 { response = response.dropLast() }
    let hash = bytes[(hashStart + "&hash=".utf8.count)...].map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
    return String(decoding: bytes[..<valueStart] + response + Array("&hash=".utf8) + hash, as: UTF8.self)
}

/// The offset of the first occurrence of `needle` in `bytes`.
func offset(of needle: String, in bytes: [UInt8]) -> Int? {
    let needle = Array(needle.utf8)
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    for start in 0...(bytes.count - needle.count) where bytes[start] == first && bytes[start..<(start + needle.count)].elementsEqual(needle) {
        return start
    }
    return nil
}

/// The Foundation peers must reach the library's answers on these inputs, or the comparison
/// would time different work. Runs at start-up, outside any measurement.
public func checkPeersAgree(classifying uris: [String], verifying cases: [VerificationCase]) {
    for uri in uris {
        let library = (try? RedirectURI(parsing: uri))?.bundleID.map { String($0.text) }
        let inPlace = (try? RedirectURI.classify(uri)).flatMap { shape in shape.bundleID(in: uri).map { String($0.text) } }
        if inPlace != library { disagreement("RedirectURI.classify and RedirectURI differ for \(uri)") }
        let url = URL(string: uri).flatMap { FoundationPeer.classify($0, as: URL.self).bundleID }
        let components = URLComponents(string: uri).flatMap { FoundationPeer.classify($0, as: URLComponents.self).bundleID }
        if library != url || library != components {
            disagreement("bundle IDs differ for \(uri): \(library ?? "nil") \(url ?? "nil") \(components ?? "nil")")
        }
    }
    for test in cases {
        let library = test.verifier.verify(test.presented, caller: Caller(sourceApplication: test.callerBundleID)).accepted
        let url = FoundationPeer.verify(test.presented, registered: test.registered, callerBundleID: test.callerBundleID, as: URL.self)
        let components = FoundationPeer.verify(test.presented, registered: test.registered, callerBundleID: test.callerBundleID, as: URLComponents.self)
        // All three accept, except the 25 (a) lines with a fragment and the wrappers of MSAL's
        // client-ID form (not a broker redirect URI), which all three reject.
        let wrapsNoBroker = test.presented.hasPrefix("msauth://code/") && (try? RedirectURI(parsing: test.presented))?.form == .other
        if library != url || library != components || library == (test.presented.contains("#") || wrapsNoBroker) {
            disagreement("verification differs for \(test.presented): \(library) \(url) \(components)")
        }
    }
}

/// The read benchmarks must time the success path: every request yields its redirect_uri and
/// every response parses as a BrokerResponse (a `try?` that fails would time the error path).
public func checkSuccessPaths(requests: [String], responses: [String]) {
    for uri in requests {
        let reference = try? URIReference(parsing: uri, as: .uri)
        let value = reference.flatMap { try? $0.queryParameter("redirect_uri")?.value() }
        if value == nil || (try? BrokerRequest.parseParameters(uri))?.value("redirect_uri") != value
            || value != reference.flatMap({ try? QueryParameters($0.query ?? "").value("redirect_uri") })
        {
            disagreement("no single redirect_uri read from \(uri)")
        }
    }
    for uri in responses {
        do {
            let message = try BrokerResponse(parsing: uri)
            if message.response == nil || message.hash == nil { disagreement("no response or hash in \(uri)") }
        } catch {
            disagreement("BrokerResponse rejects \(uri.prefix(80))…: \(error)")
        }
    }
}

/// Reports a disagreement and exits, unless `BENCHMARK_LIST_DISAGREEMENTS` is set (then it only lists).
public func disagreement(_ message: String) {
    FileHandle.standardError.write(Data("\(CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "benchmark"): \(message)\n".utf8))
    if ProcessInfo.processInfo.environment["BENCHMARK_LIST_DISAGREEMENTS"] == nil { exit(1) }
}

/// Keeps a value alive without letting the optimizer see what happens to it: the measure-ops
/// driver's `blackHole` (package-benchmark has its own). Out of line, in another module.
@inline(never)
public func sink<T>(_ value: T) {}
