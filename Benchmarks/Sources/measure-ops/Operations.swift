// Every operation the driver measures, and which pairs are compared. One place: the instruction
// counts (scripts/instructions.sh), their thresholds and the timing rounds (scripts/rounds.sh)
// all read this table through `measure-ops list` and `measure-ops comparisons`.
//
// Each body is one operation on one input, the same code as the package-benchmark benchmark of
// the same group (RedirectURIBenchmarks.swift), with `sink` for `blackHole`.
import BenchmarkCorpus
import BenchmarkPeers
import Foundation
import RedirectURIKit

/// Whose code an operation measures. Only library operations are gated by the thresholds.
enum Side: String, Sendable {
    case library
    case foundation
    /// The loop and the call alone (what every other row includes).
    case harness
}

/// One named operation over the lines of one input set.
struct Operation: Sendable {
    /// `<inputs>/<what>`, e.g. `a/classify+bundleID`: the name in every report and threshold.
    let id: String
    let side: Side
    /// Exactly what one operation does, peer spelled out.
    let call: String
    /// Which lines one pass walks.
    let inputs: InputSet
    /// Builds the pass: every line of `inputs` once, in corpus order.
    let makePass: @Sendable (Prepared) -> () -> Void
}

/// The line sets the operations walk.
enum InputSet: String, Sendable {
    case short = "(a)"
    case certificate = "(b)"
    case request = "(c)"
    case response = "(d)"
    case verification = "verify"
    case encoded = "decode"
    case invalid = "invalid"

    var description: String {
        switch self {
        case .short: "(a) 800 short redirect URIs"
        case .certificate: "(b) 200 certificate-auth wrappers"
        case .request: "(c) 600 broker requests"
        case .response: "(d) 400 broker responses, hash uppercased (BrokerResponse's success path)"
        case .verification: "(a) and the 104 (b) wrappers without a query, each against 3 registered URIs"
        case .encoded: "the 600 redirect_uri values of (c) and the 200 wrapped URIs of (b), encoded"
        case .invalid: "(a) with one byte no URI may hold"
        }
    }
}

/// The inputs, prepared once outside any measurement; verification cases only when asked for.
final class Prepared {
    let inputs = BenchmarkInputs(.standard)
    lazy var verificationCases = inputs.verificationCases()

    /// Each line with the bundle ID a caller would expect: the one it carries, copied into its own
    /// storage (so a comparison reads two buffers), or another app's for lines without one.
    /// A caller's expected bundle ID is a value it has at hand, so it is made outside the pass.
    func withExpectedBundleIDs(_ lines: [String]) -> [ExpectedLine] {
        lines.map { uri in
            let carried = (try? RedirectURI(parsing: uri))?.bundleID.map { String($0.text) } ?? "com.contoso.other"
            let expected = BundleID(carried) ?? BundleID("com.contoso.other")!
            return ExpectedLine(uri: uri, expected: expected, expectedText: carried)
        }
    }

    func lines(_ set: InputSet) -> [String] {
        switch set {
        case .short: inputs.short
        case .certificate: inputs.certificate
        case .request: inputs.request
        case .response: inputs.successfulResponses
        case .verification: verificationCases.map(\.presented)
        case .encoded: inputs.percentEncoded
        case .invalid: inputs.invalid
        }
    }
}

/// A URI and the bundle ID its caller expects. A class, so that the loop's copy of an input is
/// one retain, as for a String: a tuple or struct of three strings cost some 390 instructions
/// per input in copies through value witnesses, more than the comparison measured.
final class ExpectedLine {
    let uri: String
    let expected: BundleID
    let expectedText: String

    init(uri: String, expected: BundleID, expectedText: String) {
        self.uri = uri
        self.expected = expected
        self.expectedText = expectedText
    }
}

/// A pass over `inputs`: one call of `body` per input, in order, as package-benchmark's loop in
/// RedirectURIBenchmarks.swift does. The loop, the closure call and `sink` cost about 70
/// instructions per input (mostly a retain and release of the input and of the closure's
/// context): the `harness/sink` row measures them, and every other row includes them.
func pass<Input>(_ inputs: [Input], _ body: @escaping (Input) -> Void) -> () -> Void {
    { for input in inputs { body(input) } }
}

let operations: [Operation] = {
    var all: [Operation] = [
        Operation(id: "harness/sink", side: .harness, call: "sink(uri): the loop and the call alone", inputs: .short) {
            pass($0.inputs.short) { sink($0) }
        },
    ]

    // (a) and (b): parse, classify and bundle ID; Foundation alone and with the same form rules.
    for set in [InputSet.short, .certificate] {
        let c = set == .short ? "a" : "b"
        all += [
            Operation(id: "\(c)/parse", side: .library, call: "URIReference(parsing:)", inputs: set) {
                pass($0.lines(set)) { sink(try? URIReference(parsing: $0)) }
            },
            Operation(
                id: "\(c)/classify+bundleID", side: .library,
                call: "RedirectURI.classify(_:), .form, .bundleID(in:)", inputs: set
            ) {
                pass($0.lines(set)) { uri in
                    if let shape = try? RedirectURI.classify(uri) { sink((shape.form, shape.bundleID(in: uri))) }
                }
            },
            Operation(
                id: "\(c)/classify+bundleID-text", side: .library,
                call: "RedirectURI.classify(_:), .form, .bundleID(in:)?.text (a Substring)", inputs: set
            ) {
                pass($0.lines(set)) { uri in
                    if let shape = try? RedirectURI.classify(uri) { sink((shape.form, shape.bundleID(in: uri)?.text)) }
                }
            },
            Operation(
                id: "\(c)/classify+range", side: .library,
                call: "RedirectURI.classify(_:), .form, .bundleIDRange (offsets only)", inputs: set
            ) {
                pass($0.lines(set)) { uri in
                    if let shape = try? RedirectURI.classify(uri) { sink((shape.form, shape.bundleIDRange)) }
                }
            },
            Operation(
                id: "\(c)/classify+matches", side: .library,
                call: "RedirectURI.classify(_:), .bundleID(in:)?.matches(expected) (a slice, no new string)", inputs: set
            ) {
                pass($0.withExpectedBundleIDs($0.lines(set))) { line in
                    if let shape = try? RedirectURI.classify(line.uri) {
                        sink(shape.bundleID(in: line.uri).map { $0.matches(line.expected) } ?? false)
                    }
                }
            },
            Operation(
                id: "\(c)/classify+equals", side: .library,
                call: "RedirectURI.classify(_:), .bundleID(in:equals: expected) (compared in place)", inputs: set
            ) {
                pass($0.withExpectedBundleIDs($0.lines(set))) { line in
                    if let shape = try? RedirectURI.classify(line.uri) {
                        sink(shape.bundleID(in: line.uri, equals: line.expectedText))
                    }
                }
            },
            Operation(id: "\(c)/RedirectURI", side: .library, call: "RedirectURI(parsing:), .form, .bundleID", inputs: set) {
                pass($0.lines(set)) { uri in
                    if let redirect = try? RedirectURI(parsing: uri) { sink((redirect.form, redirect.bundleID)) }
                }
            },
            Operation(id: "\(c)/URL", side: .foundation, call: "URL(string:) alone", inputs: set) {
                pass($0.lines(set)) { sink(URL(string: $0)) }
            },
            Operation(id: "\(c)/URLComponents", side: .foundation, call: "URLComponents(string:) alone", inputs: set) {
                pass($0.lines(set)) { sink(URLComponents(string: $0)) }
            },
            Operation(
                id: "\(c)/URL+rules", side: .foundation,
                call: "URL(string:), then the form rules over its accessors (FoundationPeer.classify)", inputs: set
            ) {
                pass($0.lines(set)) { uri in
                    if let url = URL(string: uri) { sink(FoundationPeer.classify(url, as: URL.self)) }
                }
            },
            Operation(
                id: "\(c)/URLComponents+rules", side: .foundation,
                call: "URLComponents(string:), then the form rules over its accessors (FoundationPeer.classify)", inputs: set
            ) {
                pass($0.lines(set)) { uri in
                    if let components = URLComponents(string: uri) {
                        sink(FoundationPeer.classify(components, as: URLComponents.self))
                    }
                }
            },
        ]
    }

    // (c): read redirect_uri.
    all += [
        Operation(id: "c/parse", side: .library, call: "URIReference(parsing:)", inputs: .request) {
            pass($0.lines(.request)) { sink(try? URIReference(parsing: $0)) }
        },
        Operation(
            id: "c/redirect_uri-raw", side: .library,
            call: "URIReference(parsing:as: .uri), .queryParameter(\"redirect_uri\")?.rawValue", inputs: .request
        ) {
            pass($0.lines(.request)) { uri in
                guard let reference = try? URIReference(parsing: uri, as: .uri) else { return }
                sink(try? reference.queryParameter("redirect_uri")?.rawValue)
            }
        },
        Operation(
            id: "c/redirect_uri-decoded", side: .library,
            call: "URIReference(parsing:as: .uri), .queryParameter(\"redirect_uri\")?.value()", inputs: .request
        ) {
            pass($0.lines(.request)) { uri in
                guard let reference = try? URIReference(parsing: uri, as: .uri) else { return }
                sink(try? reference.queryParameter("redirect_uri")?.value())
            }
        },
        Operation(
            id: "c/BrokerRequest", side: .library,
            call: "BrokerRequest.parseParameters(_:) (a view of the message: one walk, pieces kept, nothing decoded until asked), .value(\"redirect_uri\")", inputs: .request
        ) {
            pass($0.lines(.request)) { sink((try? BrokerRequest.parseParameters($0))?.value("redirect_uri")) }
        },
        Operation(id: "c/URL", side: .foundation, call: "URL(string:) alone", inputs: .request) {
            pass($0.lines(.request)) { sink(URL(string: $0)) }
        },
        Operation(id: "c/URLComponents", side: .foundation, call: "URLComponents(string:) alone", inputs: .request) {
            pass($0.lines(.request)) { sink(URLComponents(string: $0)) }
        },
        Operation(
            id: "c/URLComponents+queryItems", side: .foundation,
            call: "URLComponents(string:)?.queryItems, the first redirect_uri's .value", inputs: .request
        ) {
            pass($0.lines(.request)) { sink(URLComponents(string: $0)?.queryItems?.first { $0.name == "redirect_uri" }?.value) }
        },
    ]

    // (d): parse a broker response, read response and hash.
    all += [
        Operation(id: "d/parse", side: .library, call: "URIReference(parsing:) (full strict parse)", inputs: .response) {
            pass($0.lines(.response)) { sink(try? URIReference(parsing: $0)) }
        },
        Operation(
            id: "d/BrokerResponse", side: .library, call: "BrokerResponse(parsing:), .responseRange, .hashRange (offsets)",
            inputs: .response
        ) {
            pass($0.lines(.response)) { uri in
                if let message = try? BrokerResponse(parsing: uri) { sink((message.responseRange, message.hashRange)) }
            }
        },
        Operation(
            id: "d/BrokerResponse-Substrings", side: .library, call: "BrokerResponse(parsing:), .response, .hash (Substrings)",
            inputs: .response
        ) {
            pass($0.lines(.response)) { uri in
                if let message = try? BrokerResponse(parsing: uri) { sink((message.response, message.hash)) }
            }
        },
        Operation(
            id: "d/response+hash-raw", side: .library,
            call: "URIReference(parsing:as: .uri), QueryParameters(query).single(\"response\"/\"hash\")?.rawValue",
            inputs: .response
        ) {
            pass($0.lines(.response)) { uri in
                guard let reference = try? URIReference(parsing: uri, as: .uri) else { return }
                let query = QueryParameters(reference.query ?? "")
                sink((try? query.single("response")?.rawValue, try? query.single("hash")?.rawValue))
            }
        },
        Operation(id: "d/URL", side: .foundation, call: "URL(string:) alone", inputs: .response) {
            pass($0.lines(.response)) { sink(URL(string: $0)) }
        },
        Operation(id: "d/URLComponents", side: .foundation, call: "URLComponents(string:) alone", inputs: .response) {
            pass($0.lines(.response)) { sink(URLComponents(string: $0)) }
        },
        Operation(
            id: "d/URLComponents+queryItems", side: .foundation,
            call: "URLComponents(string:)?.queryItems, the first response's and hash's .value", inputs: .response
        ) {
            pass($0.lines(.response)) { uri in
                guard let items = URLComponents(string: uri)?.queryItems else { return }
                sink((items.first { $0.name == "response" }?.value, items.first { $0.name == "hash" }?.value))
            }
        },
    ]

    // Verification, percent-decoding, invalid input.
    all += [
        Operation(
            id: "verify/RedirectVerifier", side: .library,
            call: "RedirectVerifier(registered:) (built once), .verify(_:caller:).accepted", inputs: .verification
        ) {
            pass($0.verificationCases) { sink($0.verifier.verify($0.presented, caller: Caller(sourceApplication: $0.callerBundleID)).accepted) }
        },
        Operation(
            id: "verify/URL+rules", side: .foundation,
            call: "FoundationPeer.verify over URL(string:) (the registered URIs parsed per call)", inputs: .verification
        ) {
            pass($0.verificationCases) {
                sink(FoundationPeer.verify($0.presented, registered: $0.registered, callerBundleID: $0.callerBundleID, as: URL.self))
            }
        },
        Operation(
            id: "verify/URLComponents+rules", side: .foundation,
            call: "FoundationPeer.verify over URLComponents(string:)", inputs: .verification
        ) {
            pass($0.verificationCases) {
                sink(FoundationPeer.verify(
                    $0.presented, registered: $0.registered, callerBundleID: $0.callerBundleID, as: URLComponents.self))
            }
        },
        Operation(id: "decode/PercentEncoding", side: .library, call: "PercentEncoding.decodeString(_:)", inputs: .encoded) {
            pass($0.lines(.encoded)) { sink(try? PercentEncoding.decodeString($0)) }
        },
        Operation(
            id: "decode/removingPercentEncoding", side: .foundation, call: "String.removingPercentEncoding", inputs: .encoded
        ) {
            pass($0.lines(.encoded)) { sink($0.removingPercentEncoding) }
        },
        Operation(id: "invalid/parse", side: .library, call: "URIReference(parsing:) (throws)", inputs: .invalid) {
            pass($0.lines(.invalid)) { sink(try? URIReference(parsing: $0)) }
        },
        Operation(
            id: "invalid/URL-strict", side: .foundation, call: "URL(string:encodingInvalidCharacters: false)", inputs: .invalid
        ) {
            pass($0.lines(.invalid)) { sink(URL(string: $0, encodingInvalidCharacters: false)) }
        },
        Operation(
            id: "invalid/URLComponents-strict", side: .foundation,
            call: "URLComponents(string:encodingInvalidCharacters: false)", inputs: .invalid
        ) {
            pass($0.lines(.invalid)) { sink(URLComponents(string: $0, encodingInvalidCharacters: false)) }
        },
    ]
    // The C API next to its Swift peers (COperations.swift).
    all += cOperations()
    return all
}()

/// The ratios reported: `numerator ÷ denominator`, instructions and time. Mostly a Foundation peer
/// over a library operation ("the peer costs N× the library"); one is library over library
/// (`BrokerResponse` over the parse of the same URLs).
let comparisons: [(numerator: String, denominator: String)] = {
    var rows: [(String, String)] = []
    for c in ["a", "b"] {
        rows += [
            ("\(c)/URL", "\(c)/parse"),
            ("\(c)/URLComponents", "\(c)/parse"),
            ("\(c)/URL", "\(c)/classify+bundleID"),
            ("\(c)/URL+rules", "\(c)/classify+bundleID"),
            ("\(c)/URLComponents+rules", "\(c)/classify+bundleID"),
            ("\(c)/URL", "\(c)/classify+range"),
            ("\(c)/URL+rules", "\(c)/classify+range"),
            ("\(c)/URL+rules", "\(c)/classify+matches"),
            ("\(c)/URL+rules", "\(c)/classify+equals"),
            ("\(c)/URL+rules", "\(c)/RedirectURI"),
        ]
    }
    rows += [
        ("c/URL", "c/parse"),
        ("c/URLComponents", "c/parse"),
        ("c/URLComponents+queryItems", "c/redirect_uri-raw"),
        ("c/URLComponents+queryItems", "c/redirect_uri-decoded"),
        ("c/URLComponents+queryItems", "c/BrokerRequest"),
        ("d/URL", "d/parse"),
        ("d/URLComponents", "d/parse"),
        ("d/URLComponents+queryItems", "d/BrokerResponse"),
        ("d/URLComponents+queryItems", "d/response+hash-raw"),
        ("d/BrokerResponse", "d/parse"),
        ("d/BrokerResponse-Substrings", "d/parse"),
        ("verify/URL+rules", "verify/RedirectVerifier"),
        ("verify/URLComponents+rules", "verify/RedirectVerifier"),
        ("decode/removingPercentEncoding", "decode/PercentEncoding"),
        ("invalid/URL-strict", "invalid/parse"),
        ("invalid/URLComponents-strict", "invalid/parse"),
    ]
    rows += cComparisons.map { ($0.numerator, $0.denominator) }
    return rows.map { (numerator: $0.0, denominator: $0.1) }
}()
