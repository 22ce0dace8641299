// The C API (redirect_uri.h) on the same corpus lines as its Swift peers, to measure what crossing
// the boundary costs: each `<inputs>/C-…` operation is compared with the Swift operation that
// answers the same question (see `cComparisons`). A C caller holds bytes and a length, so each
// line is copied once, outside any measurement, into memory of its own; that is all the C side
// gets, as a C or Objective-C caller would have it.
import BenchmarkPeers
import CRedirectURIKit
import RedirectURIKit

/// A line as a C caller holds it: a pointer to its bytes (never freed: the driver's lifetime) and
/// their count. A class, so that the loop's copy is one retain, as for a String.
final class CText {
    let pointer: UnsafePointer<CChar>
    let count: Int

    init(_ text: String) {
        let bytes = Array(text.utf8)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        pointer = UnsafePointer(copy)
        count = bytes.count
    }
}

/// A verification as a C caller makes it: the presented bytes, the caller's (NULL when none) and
/// a verifier made once for the registered URIs.
final class CVerification {
    let presented: CText
    let caller: CText?
    let verifier: OpaquePointer

    init(presented: String, caller: String?, registered: [String]) {
        self.presented = CText(presented)
        self.caller = caller.map(CText.init)
        let texts = registered.map(CText.init)
        var made: OpaquePointer?
        let pointers: [UnsafePointer<CChar>?] = texts.map(\.pointer)
        let lengths = texts.map(\.count)
        _ = rdu_verifier_create(pointers, lengths, texts.count, &made)
        guard let made else { fatalError("measure-ops: rdu_verifier_create failed") }
        verifier = made
    }
}

/// A broker request verified for the app its redirect URI names, through Swift and through C.
final class RequestCase {
    let request: String
    let caller: Caller
    let verifier: RedirectVerifier
    let c: CVerification

    init(_ request: String) {
        let redirect = (try? BrokerRequest.parseParameters(request))?.redirectURI
        let registered = redirect.map { [$0.description] } ?? []
        let bundleID = redirect?.bundleID.map { String($0.text) }
        self.request = request
        // The bundle ID the redirect URI carries, as reported by the OS; not reported when none.
        caller = Caller(sourceApplication: bundleID)
        verifier = RedirectVerifier(registered: registered)
        c = CVerification(presented: request, caller: bundleID, registered: registered)
    }
}

extension Prepared {
    func cLines(_ set: InputSet) -> [CText] { lines(set).map(CText.init) }
}

/// A Swift caller that holds bytes, as a C caller does: it makes the strings the Swift API takes,
/// or hands the bytes to the entry points that borrow them.
extension CText {
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: count)
    }

    var text: String {
        String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: count), as: UTF8.self)
    }
}

/// A verification as a Swift caller holding bytes makes it: the Swift verifier, the C side's bytes.
final class BytesVerification {
    let c: CVerification
    let verifier: RedirectVerifier

    init(_ c: CVerification, _ verifier: RedirectVerifier) {
        self.c = c
        self.verifier = verifier
    }
}

/// The operations through C, and their Swift peers that the corpus has no row for yet.
func cOperations() -> [Operation] {
    var all: [Operation] = []
    for (c, set) in [("a", InputSet.short), ("c", .request), ("d", .response)] {
        all.append(
            Operation(
                id: "\(c)/C-parse", side: .library, call: "rdu_parse(bytes, length, RDU_GRAMMAR_URI_REFERENCE, &components, NULL)",
                inputs: set
            ) {
                pass($0.cLines(set)) { line in
                    var components = rdu_components()
                    sink((rdu_parse(line.pointer, line.count, rdu_grammar(RDU_GRAMMAR_URI_REFERENCE), &components, nil), components.path))
                }
            })
    }
    for (c, set) in [("a", InputSet.short), ("b", .certificate)] {
        all.append(
            Operation(
                id: "\(c)/C-classify", side: .library, call: "rdu_classify(bytes, length, &shape, NULL), .form, .bundle_id (offsets)",
                inputs: set
            ) {
                pass($0.cLines(set)) { line in
                    var shape = rdu_classification()
                    if rdu_classify(line.pointer, line.count, &shape, nil) == RDU_STATUS_OK { sink((shape.form, shape.bundle_id)) }
                }
            })
    }
    for (c, set) in [("a", InputSet.short), ("b", .certificate)] {
        all.append(
            Operation(
                id: "\(c)/classify+components", side: .library,
                call: "RedirectURI.classify(_:), .form, .bundleIDRange and every component's range (what rdu_classify hands out)", inputs: set
            ) {
                pass($0.lines(set)) { uri in
                    if let shape = try? RedirectURI.classify(uri) {
                        let r = shape.ranges
                        sink(
                            (
                                shape.form, shape.bundleIDRange, r.scheme, r.authority, r.userinfo, r.host, r.port, r.path, r.query, r.fragment,
                                r.hostKind
                            ))
                    }
                }
            })
    }
    all += [
        Operation(
            id: "d/BrokerResponse-from-bytes", side: .library,
            call: "BrokerResponse(parsing: String(decoding: bytes)), .responseRange, .hashRange (a Swift caller holding bytes)", inputs: .response
        ) {
            pass($0.cLines(.response)) { line in
                if let message = try? BrokerResponse(parsing: line.text) { sink((message.responseRange, message.hashRange)) }
            }
        },
        Operation(
            id: "d/BrokerResponse-borrowed", side: .library,
            call: "BrokerResponse.read(bytes:), .response, .hash (offsets; a Swift caller holding bytes)", inputs: .response
        ) {
            pass($0.cLines(.response)) { line in
                if let layout = try? BrokerResponse.read(bytes: line.bytes) { sink((layout.response, layout.hash)) }
            }
        },
        Operation(
            id: "verify/RedirectVerifier-borrowed", side: .library,
            call:
                "RedirectVerifier (built once), .verify(bytes:caller: Caller(sourceApplication: String(decoding: caller bytes))) (a Swift caller holding bytes)",
            inputs: .verification
        ) { prepared in
            let cases = prepared.verificationCases.map {
                BytesVerification(CVerification(presented: $0.presented, caller: $0.callerBundleID, registered: $0.registered), $0.verifier)
            }
            return pass(cases) { check in
                sink(check.verifier.verify(bytes: check.c.presented.bytes, caller: Caller(sourceApplication: check.c.caller?.text)).accepted)
            }
        },
        Operation(
            id: "verify/RedirectVerifier-from-bytes", side: .library,
            call:
                "RedirectVerifier (built once), .verify(String(decoding: bytes), caller: Caller(sourceApplication: String(decoding: caller bytes)))",
            inputs: .verification
        ) { prepared in
            let cases = prepared.verificationCases.map {
                BytesVerification(CVerification(presented: $0.presented, caller: $0.callerBundleID, registered: $0.registered), $0.verifier)
            }
            return pass(cases) { check in
                sink(check.verifier.verify(check.c.presented.text, caller: Caller(sourceApplication: check.c.caller?.text)).accepted)
            }
        },
        Operation(
            id: "c/verify-request-from-bytes", side: .library,
            call:
                "RedirectVerifier (built once), .verify(request: String(decoding: bytes), caller: Caller(sourceApplication: String(decoding: caller bytes)))",
            inputs: .request
        ) { prepared in
            pass(prepared.lines(.request).map(RequestCase.init)) { check in
                sink(check.verifier.verify(request: check.c.presented.text, caller: Caller(sourceApplication: check.c.caller?.text)).accepted)
            }
        },
        Operation(
            id: "d/C-BrokerResponse", side: .library, call: "rdu_read_broker_response(bytes, length, &response, NULL), .response, .hash (offsets)",
            inputs: .response
        ) {
            pass($0.cLines(.response)) { line in
                var response = rdu_broker_response()
                if rdu_read_broker_response(line.pointer, line.count, &response, nil) == RDU_STATUS_OK {
                    sink((response.response, response.hash))
                }
            }
        },
        Operation(
            id: "verify/C-verify", side: .library,
            call: "rdu_verify_redirect_uri(verifier (made once), bytes, length, caller or NULL, &verdict, NULL, 0).accepted",
            inputs: .verification
        ) { prepared in
            let cases = prepared.verificationCases.map {
                CVerification(presented: $0.presented, caller: $0.callerBundleID, registered: $0.registered)
            }
            return pass(cases) { check in
                var verdict = rdu_verdict()
                _ = rdu_verify_redirect_uri(
                    check.verifier, check.presented.pointer, check.presented.count, check.caller?.pointer, check.caller?.count ?? 0, &verdict,
                    nil, 0)
                sink(verdict.accepted)
            }
        },
        Operation(
            id: "c/verify-request", side: .library,
            call: "RedirectVerifier(registered: [its redirect_uri]) (built once), .verify(request:caller:).accepted", inputs: .request
        ) { prepared in
            pass(prepared.lines(.request).map(RequestCase.init)) { check in
                sink(check.verifier.verify(request: check.request, caller: check.caller).accepted)
            }
        },
        Operation(
            id: "c/C-verify-request", side: .library,
            call: "rdu_verify_request(verifier (made once), bytes, length, caller, &verdict, NULL, 0).accepted", inputs: .request
        ) { prepared in
            pass(prepared.lines(.request).map(RequestCase.init)) { check in
                var verdict = rdu_verdict()
                let c = check.c
                _ = rdu_verify_request(
                    c.verifier, c.presented.pointer, c.presented.count, c.caller?.pointer, c.caller?.count ?? 0, &verdict, nil, 0)
                sink(verdict.accepted)
            }
        },
    ]
    return all
}

/// Each C operation over the Swift operation that answers the same question on the same lines.
let cComparisons: [(numerator: String, denominator: String)] = [
    ("a/C-parse", "a/parse"),
    ("c/C-parse", "c/parse"),
    ("d/C-parse", "d/parse"),
    ("a/C-classify", "a/classify+range"),
    ("a/C-classify", "a/classify+components"),
    ("b/C-classify", "b/classify+range"),
    ("b/C-classify", "b/classify+components"),
    ("d/C-BrokerResponse", "d/BrokerResponse"),
    ("d/C-BrokerResponse", "d/BrokerResponse-from-bytes"),
    ("d/C-BrokerResponse", "d/BrokerResponse-borrowed"),
    ("verify/C-verify", "verify/RedirectVerifier"),
    ("verify/C-verify", "verify/RedirectVerifier-from-bytes"),
    ("verify/C-verify", "verify/RedirectVerifier-borrowed"),
    ("c/C-verify-request", "c/verify-request"),
    ("c/C-verify-request", "c/verify-request-from-bytes"),
]
