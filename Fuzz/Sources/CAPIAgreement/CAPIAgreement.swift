// The C API (redirect_uri.h) against the Swift API on the same bytes: FuzzCAPI's property.
//
// This folder is compiled twice: as `CAPIAgreement` in the Fuzz package, where FuzzCAPI's
// libFuzzer entry point traps on a disagreement, and as `RedirectURICAPIAgreement` in the root
// package, where `swift test` replays Corpus/FuzzCAPI through the same check. Nothing here
// traps or keeps state between inputs.
//
// Input: up to three lines, `<registered>\n<caller>\n<presented>`. A caller line that starts with
// '!' is a caller the OS did not report. With fewer lines, the whole input is every part (the
// registration, the presented URI, the request, the response), and the caller is not reported.
// Every function of the header runs on those bytes through C and the same question runs through
// Swift; their answers must be the same, and C must answer within the buffers it was given.
import CRedirectURIKit
@_spi(Testing) @_spi(Toolkit) import RedirectURIKit

/// The parts of an input.
public struct CAPICase: Sendable, CustomStringConvertible {
    /// The registered redirect URI.
    public let registered: [UInt8]
    /// The caller's bundle ID, `nil` when the OS did not report one.
    public let caller: [UInt8]?
    /// The presented redirect URI (also read as a request, a response, and a builder's part).
    public let presented: [UInt8]

    /// Splits an input into its parts (see the file's comment).
    public init(_ input: UnsafeBufferPointer<UInt8>) {
        let lines = input.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
        if lines.count == 3 {
            registered = Array(lines[0])
            caller = lines[1].first == UInt8(ascii: "!") ? nil : Array(lines[1])
            presented = Array(lines[2])
        } else {
            registered = Array(input)
            caller = nil
            presented = Array(input)
        }
    }

    /// The parts, for a failure report.
    public var description: String {
        "registered: \(Array(registered))\ncaller: \(caller.map { "\(Array($0))" } ?? "not reported")\npresented: \(Array(presented))"
    }
}

/// Checks every function of the C API against the Swift API on `input`; returns what disagreed,
/// or `nil`.
public func checkCAPIAgreement(_ input: UnsafeBufferPointer<UInt8>) -> String? {
    let parts = CAPICase(input)
    let checks: [() -> String?] = [
        { checkParse(input) },
        { checkClassify(input) },
        { checkBuilders(parts) },
        { checkVerification(parts) },
        { checkResponse(input) },
    ]
    for check in checks {
        if let failure = check() { return failure }
    }
    return nil
}

// MARK: - Parsing and classification

/// What C and Swift say about one input, to compare.
struct Answer: Equatable, CustomStringConvertible {
    var fields: [String]
    var description: String { fields.joined(separator: " ") }
}

func text(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? "nil"
}

func describe(_ range: rdu_range) -> String { range.offset < 0 ? "absent(\(range.length))" : "\(range.offset)+\(range.length)" }

func describe(_ range: Range<Int>?) -> String { range.map { "\($0.lowerBound)+\($0.count)" } ?? "absent(0)" }

func describe(_ components: rdu_components) -> [String] {
    [
        components.scheme, components.authority, components.userinfo, components.host, components.port, components.path,
        components.query, components.fragment,
    ].map(describe) + ["host-kind \(components.host_kind)", "reserved \(components.reserved)"]
}

func describe(_ ranges: URIComponentRanges) -> [String] {
    let hostKind: Int32 =
        switch ranges.hostKind {
        case nil: 0
        case .regName: 1
        case .ipv4: 2
        case .ipv6: 3
        case .ipvFuture: 4
        }
    return [ranges.scheme, ranges.authority, ranges.userinfo, ranges.host, ranges.port, ranges.path, ranges.query, ranges.fragment].map(
        describe) + ["host-kind \(hostKind)", "reserved 0"]
}

func describe(_ error: rdu_error) -> [String] {
    ["code \(text(error.code))", "explanation \(text(error.explanation))", "parameter \(text(error.parameter))", "offset \(error.offset)"]
}

func describe<E: CodedError>(_ error: E, parameter: String? = nil, offset: Int?) -> [String] {
    ["code \(error.code)", "explanation \(error.explanation)", "parameter \(parameter ?? "nil")", "offset \(offset ?? -1)"]
}

func compare(_ what: String, _ c: Answer, _ swift: Answer) -> String? {
    c == swift ? nil : "\(what): C says \(c), Swift says \(swift)"
}

/// The caller's bytes as C receives them: NULL when not reported, a pointer (never NULL, even
/// for no bytes) when reported.
func withCaller<Value>(_ caller: [UInt8]?, _ body: (UnsafePointer<CChar>?, Int) -> Value) -> Value {
    guard let caller else { return body(nil, 0) }
    return (caller + [0]).withUnsafeBufferPointer { buffer in
        body(buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, caller.count)
    }
}

func withCChars<Value>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>?, Int) -> Value) -> Value {
    bytes.withUnsafeBufferPointer { buffer in
        body(buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buffer.count)
    }
}

func checkParse(_ input: UnsafeBufferPointer<UInt8>) -> String? {
    let grammars: [(rdu_grammar, URIGrammar)] = [
        (rdu_grammar(RDU_GRAMMAR_URI_REFERENCE), .uriReference), (rdu_grammar(RDU_GRAMMAR_URI), .uri),
        (rdu_grammar(RDU_GRAMMAR_ABSOLUTE_URI), .absoluteURI), (rdu_grammar(RDU_GRAMMAR_RELATIVE_REFERENCE), .relativeReference),
    ]
    for (constant, grammar) in grammars {
        var components = rdu_components()
        var error = rdu_error()
        let status = withCChars(Array(input)) { rdu_parse($0, $1, constant, &components, &error) }
        let c = Answer(fields: ["status \(status)"] + (status == RDU_STATUS_OK ? describe(components) : describe(error)))
        let swift: Answer
        do {
            let reference = try URIReference(bytes: input, as: grammar)
            swift = Answer(fields: ["status 0"] + describe(reference.ranges))
        } catch {
            swift = Answer(fields: ["status 2"] + describe(error, offset: error.offset))
        }
        if let failure = compare("rdu_parse (\(grammar))", c, swift) { return failure }
    }
    return nil
}

func checkClassify(_ input: UnsafeBufferPointer<UInt8>) -> String? {
    var shape = rdu_classification()
    var error = rdu_error()
    let status = withCChars(Array(input)) { rdu_classify($0, $1, &shape, &error) }
    let c: Answer
    if status == RDU_STATUS_OK {
        c = Answer(
            fields: ["status 0", text(rdu_form_name(shape.form)), "carries \(shape.carries_bundle_id)", describe(shape.bundle_id)]
                + describe(shape.components))
    } else {
        c = Answer(fields: ["status \(status)"] + describe(error))
    }
    // What a Swift caller holding these bytes does: make a string and classify it.
    let swift: Answer
    let string = String(decoding: input, as: UTF8.self)
    do {
        let classification = try RedirectURI.classify(string)
        swift = Answer(
            fields: [
                "status 0", classification.form.rawValue, "carries \(classification.form.carriesBundleID ? 1 : 0)",
                describe(classification.bundleIDRange),
            ] + describe(classification.ranges))
    } catch {
        swift = Answer(fields: ["status 2"] + describe(error, offset: error.offset))
    }
    if let failure = compare("rdu_classify", c, swift) { return failure }

    // The bundle ID, decoded when the wrapper encodes it: asked for its length, then written in
    // a buffer one byte too small, then in one of its size.
    let swiftBundleID: String? = (try? RedirectURI(parsing: string)).map { $0.bundleID.map { String($0.text) } ?? "" }
    var length = -1
    let asked = withCChars(Array(input)) { rdu_copy_bundle_id($0, $1, nil, 0, &length, nil) }
    guard let swiftBundleID else {
        return asked == RDU_STATUS_INVALID_INPUT ? nil : "rdu_copy_bundle_id: status \(asked) for what Swift does not parse"
    }
    let count = swiftBundleID.utf8.count
    guard asked == RDU_STATUS_BUFFER_TOO_SMALL, length == count else {
        return "rdu_copy_bundle_id: status \(asked), length \(length) for a bundle ID of \(count) bytes"
    }
    var written: [CChar] = Array(repeating: 0x23, count: count + 2)
    let short = withCChars(Array(input)) { pointer, inputLength in
        written.withUnsafeMutableBufferPointer { rdu_copy_bundle_id(pointer, inputLength, $0.baseAddress, count, &length, nil) }
    }
    let whole = withCChars(Array(input)) { pointer, inputLength in
        written.withUnsafeMutableBufferPointer { rdu_copy_bundle_id(pointer, inputLength, $0.baseAddress, count + 1, &length, nil) }
    }
    let copied = String(decoding: written.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard short == RDU_STATUS_BUFFER_TOO_SMALL, whole == RDU_STATUS_OK, copied == swiftBundleID, written[count] == 0,
        written[count + 1] == 0x23
    else {
        return "rdu_copy_bundle_id: '\(copied)' (statuses \(short), \(whole)) where Swift says '\(swiftBundleID)'"
    }
    return nil
}

// MARK: - Building

/// What a C builder writes for `capacity` 0 (the length), one byte too few and the exact size.
func cBuilt(_ build: (UnsafeMutablePointer<CChar>?, Int, UnsafeMutablePointer<Int>, UnsafeMutablePointer<rdu_error>) -> rdu_status)
    -> Answer
{
    var length = -1
    var error = rdu_error()
    let asked = build(nil, 0, &length, &error)
    guard asked == RDU_STATUS_BUFFER_TOO_SMALL else { return Answer(fields: ["status \(asked)"] + describe(error)) }
    var buffer: [CChar] = Array(repeating: 0x23, count: length + 2)
    let needed = length
    let short = buffer.withUnsafeMutableBufferPointer { build($0.baseAddress, needed, &length, &error) }
    guard short == RDU_STATUS_BUFFER_TOO_SMALL, length == needed, buffer[0] == 0x23 else {
        return Answer(fields: ["one byte too small: status \(short), length \(length)"])
    }
    let whole = buffer.withUnsafeMutableBufferPointer { build($0.baseAddress, needed + 1, &length, &error) }
    guard whole == RDU_STATUS_OK, buffer[needed] == 0, buffer[needed + 1] == 0x23, error.code == nil else {
        return Answer(fields: ["exact size: status \(whole)"])
    }
    return Answer(fields: ["status 0", String(decoding: buffer.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)])
}

func swiftBuilt(_ build: () throws(RedirectBuildError) -> RedirectURI) -> Answer {
    do {
        return Answer(fields: ["status 0", String(try build().reference.text)])
    } catch {
        return Answer(fields: ["status 2"] + describe(error, offset: error.offset))
    }
}

/// A bundle ID part as the C API reads one (``BundleID`` or `invalid-part`).
func bundleID(_ bytes: [UInt8]) throws(RedirectBuildError) -> BundleID {
    guard let bundleID = BundleID(String(decoding: bytes, as: UTF8.self)) else {
        throw RedirectBuildError(.invalidPart, detail: "not a bundle ID")
    }
    return bundleID
}

func checkBuilders(_ parts: CAPICase) -> String? {
    let first = parts.registered
    let last = parts.presented
    let firstText = String(decoding: first, as: UTF8.self)
    let lastText = String(decoding: last, as: UTF8.self)
    var comparisons: [(String, Answer, Answer)] = []
    comparisons.append(
        (
            "rdu_build_adal_broker",
            withCChars(first) { scheme, schemeLength in
                withCChars(last) { id, idLength in cBuilt { rdu_build_adal_broker(scheme, schemeLength, id, idLength, $0, $1, $2, $3) } }
            },
            swiftBuilt { () throws(RedirectBuildError) in try RedirectURI.adalBroker(scheme: firstText, bundleID: bundleID(last)) }
        ))
    comparisons.append(
        (
            "rdu_build_msal_broker",
            withCChars(last) { id, idLength in cBuilt { rdu_build_msal_broker(id, idLength, $0, $1, $2, $3) } },
            swiftBuilt { () throws(RedirectBuildError) in try RedirectURI.msalBroker(bundleID: bundleID(last)) }
        ))
    comparisons.append(
        (
            "rdu_build_msal_client_id",
            withCChars(last) { id, idLength in cBuilt { rdu_build_msal_client_id(id, idLength, $0, $1, $2, $3) } },
            swiftBuilt { () throws(RedirectBuildError) in try RedirectURI.msalClientID(lastText) }
        ))
    comparisons.append(
        (
            "rdu_build_certificate_auth",
            withCChars(last) { inner, innerLength in cBuilt { rdu_build_certificate_auth(inner, innerLength, $0, $1, $2, $3) } },
            swiftBuilt { () throws(RedirectBuildError) in
                let parsed: RedirectURI
                do throws(URIParseError) {
                    parsed = try RedirectURI(parsing: lastText)
                } catch {
                    throw RedirectBuildError(.invalidURI, offset: error.offset, underlying: error)
                }
                return try RedirectURI.certificateAuth(wrapping: parsed)
            }
        ))
    // The hash: the first 20 bytes of the registered part, when it has that many.
    let hash = Array(first.prefix(20))
    comparisons.append(
        (
            "rdu_build_android_broker",
            withCChars(last) { package, packageLength in
                hash.withUnsafeBufferPointer { hashBytes in
                    cBuilt { rdu_build_android_broker(package, packageLength, hashBytes.baseAddress, hashBytes.count, $0, $1, $2, $3) }
                }
            },
            swiftBuilt { () throws(RedirectBuildError) in try RedirectURI.androidBroker(package: lastText, signatureHash: hash) }
        ))
    comparisons.append(
        (
            "rdu_build_private_use",
            withCChars(first) { scheme, schemeLength in
                withCChars(last) { path, pathLength in cBuilt { rdu_build_private_use(scheme, schemeLength, path, pathLength, $0, $1, $2, $3) } }
            },
            swiftBuilt { () throws(RedirectBuildError) in try RedirectURI.privateUse(scheme: firstText, path: lastText) }
        ))
    // The port: the first two bytes of the registered part (0 is no port).
    let port = first.count >= 2 ? Int32(first[0]) << 8 | Int32(first[1]) : 0
    let host: (rdu_loopback_host, RedirectURI.LoopbackHost) =
        first.first.map { $0 & 1 == 1 } == true
        ? (rdu_loopback_host(RDU_LOOPBACK_IPV6), .ipv6) : (rdu_loopback_host(RDU_LOOPBACK_IPV4), .ipv4)
    comparisons.append(
        (
            "rdu_build_loopback",
            withCChars(last) { path, pathLength in cBuilt { rdu_build_loopback(host.0, port, path, pathLength, $0, $1, $2, $3) } },
            swiftBuilt { () throws(RedirectBuildError) in try RedirectURI.loopback(host: host.1, port: port == 0 ? nil : Int(port), path: lastText) }
        ))
    comparisons.append(
        (
            "rdu_build_https",
            withCChars(first) { hostBytes, hostLength in
                withCChars(last) { path, pathLength in cBuilt { rdu_build_https(hostBytes, hostLength, path, pathLength, $0, $1, $2, $3) } }
            },
            swiftBuilt { () throws(RedirectBuildError) in try RedirectURI.https(host: firstText, path: lastText) }
        ))
    for (name, c, swift) in comparisons {
        if let failure = compare(name, c, swift) { return failure }
    }
    return checkAnswers(parts)
}

/// The broker's answers to the presented part read as a request: the ciphertext is the
/// registered part, the hash the caller's (empty when not reported).
func checkAnswers(_ parts: CAPICase) -> String? {
    let request = String(decoding: parts.presented, as: UTF8.self)
    let hash = parts.caller ?? []
    /// A value the C API refuses when it is not UTF-8 (`invalid-value`).
    func value(_ bytes: [UInt8], _ name: String) throws(BrokerMessageError) -> String {
        guard UTF8Validation.firstInvalidIndex(in: bytes) == nil else {
            throw BrokerMessageError(.invalidValue, parameter: name, detail: "not UTF-8")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    func swiftAnswer(_ build: () throws(BrokerMessageError) -> BrokerResponse) -> Answer {
        do {
            return Answer(fields: ["status 0", String(try build().url.text)])
        } catch {
            let known = BrokerRequest.knownNames.union(BrokerResponse.fieldNames).contains(error.parameter ?? "")
            return Answer(fields: ["status 2"] + describe(error, parameter: known ? error.parameter : nil, offset: error.offset))
        }
    }
    let success = withCChars(parts.presented) { requestPointer, requestLength in
        withCChars(parts.registered) { response, responseLength in
            withCChars(hash) { hashPointer, hashLength in
                cBuilt {
                    rdu_build_success_response(requestPointer, requestLength, response, responseLength, hashPointer, hashLength, $0, $1, $2, $3)
                }
            }
        }
    }
    let swiftSuccess = swiftAnswer { () throws(BrokerMessageError) in
        try BrokerResponse.success(
            answering: BrokerRequest(parsing: request), response: value(parts.registered, "response"), hash: value(hash, "hash"))
    }
    if let failure = compare("rdu_build_success_response", success, swiftSuccess) { return failure }
    let error = withCChars(parts.presented) { requestPointer, requestLength in
        withCChars(parts.registered) { code, codeLength in
            withCaller(parts.caller) { description, descriptionLength in
                cBuilt {
                    rdu_build_error_response(requestPointer, requestLength, code, codeLength, description, descriptionLength, $0, $1, $2, $3)
                }
            }
        }
    }
    let swiftError = swiftAnswer { () throws(BrokerMessageError) in
        try BrokerResponse.error(
            answering: BrokerRequest(parsing: request), code: value(parts.registered, "error_code"),
            description: parts.caller.map { bytes throws(BrokerMessageError) in try value(bytes, "error_description") })
    }
    if let failure = compare("rdu_build_error_response", error, swiftError) { return failure }
    // The round trip: the answers built above (each must answer its request), and the registered
    // part read as a response to the presented part.
    var responses = [parts.registered]
    for answer in [success, error] where answer.fields.first == "status 0" { responses.append(Array(answer.fields[1].utf8)) }
    for response in responses {
        if let failure = checkRoundTrip(request: parts.presented, response: response) { return failure }
    }
    return nil
}

/// `rdu_check_round_trip` against ``BrokerResponse/answers(_:)``.
func checkRoundTrip(request: [UInt8], response: [UInt8]) -> String? {
    var verdict = rdu_verdict()
    var error = rdu_error()
    var explanation = [CChar](repeating: 0, count: 4096)
    let status = withCChars(request) { requestPointer, requestLength in
        withCChars(response) { responsePointer, responseLength in
            explanation.withUnsafeMutableBufferPointer {
                rdu_check_round_trip(requestPointer, requestLength, responsePointer, responseLength, &verdict, $0.baseAddress, $0.count, &error)
            }
        }
    }
    let c: Answer
    if status == RDU_STATUS_OK {
        let length = min(verdict.explanation_length, explanation.count - 1)
        c = Answer(fields: [
            "status 0", "accepted \(verdict.accepted)", "identity \(verdict.identity)", "rule \(text(verdict.rule))",
            "field \(text(verdict.field))", "matched \(verdict.matched)",
            String(decoding: explanation.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self),
        ])
    } else {
        c = Answer(fields: ["status \(status)"] + describe(error))
    }
    let swift: Answer
    do {
        let sent = try BrokerRequest(parsing: String(decoding: request, as: UTF8.self))
        let received = try BrokerResponse(parsing: String(decoding: response, as: UTF8.self))
        let judged = received.answers(sent)
        swift = Answer(fields: [
            "status 0", "accepted \(judged.accepted ? 1 : 0)", "identity \(identityConstant(judged.identity))",
            "rule \(judged.failedRule?.identifier ?? "nil")", "field \(judged.field ?? "nil")", "matched -1",
            String(decoding: Array(judged.explanation.utf8.prefix(4095)), as: UTF8.self),
        ])
    } catch {
        let known = BrokerRequest.knownNames.union(BrokerResponse.fieldNames).contains(error.parameter ?? "")
        swift = Answer(fields: ["status 2"] + describe(error, parameter: known ? error.parameter : nil, offset: error.offset))
    }
    return compare("rdu_check_round_trip", c, swift)
}

// MARK: - Verification

func checkVerification(_ parts: CAPICase) -> String? {
    let registeredText = String(decoding: parts.registered, as: UTF8.self)
    let verifier = RedirectVerifier(registered: [registeredText])
    var handle: OpaquePointer?
    let created = withCChars(parts.registered) { pointer, length in
        withUnsafePointer(to: pointer) { pointers in
            withUnsafePointer(to: length) { lengths in rdu_verifier_create(pointers, lengths, 1, &handle) }
        }
    }
    guard created == RDU_STATUS_OK, let handle else { return "rdu_verifier_create: status \(created)" }
    defer { rdu_verifier_release(handle) }
    let caller = parts.caller.map { String(decoding: $0, as: UTF8.self) }

    typealias CVerify = (
        OpaquePointer?, UnsafePointer<CChar>?, Int, UnsafePointer<CChar>?, Int, UnsafeMutablePointer<rdu_verdict>?,
        UnsafeMutablePointer<CChar>?, Int
    ) -> rdu_status
    let swiftCaller = Caller(sourceApplication: caller)
    // The text entry point, not the bytes one that C calls: so that the two sides are two paths.
    let questions: [(String, CVerify, VerificationVerdict)] = [
        (
            "rdu_verify_redirect_uri", rdu_verify_redirect_uri,
            verifier.verify(String(decoding: parts.presented, as: UTF8.self), caller: swiftCaller)
        ),
        (
            "rdu_verify_request", rdu_verify_request,
            verifier.verify(request: String(decoding: parts.presented, as: UTF8.self), caller: swiftCaller)
        ),
    ]
    for (name, function, swift) in questions {
        var verdict = rdu_verdict()
        // Without a buffer, then with one byte too few, then with room for the explanation.
        let plain = withCChars(parts.presented) { presented, presentedLength in
            withCaller(parts.caller) { callerPointer, callerLength in
                function(handle, presented, presentedLength, callerPointer, callerLength, &verdict, nil, 0)
            }
        }
        guard plain == RDU_STATUS_OK, verdict.explanation_length == 0 else { return "\(name): status \(plain) without a buffer" }
        let needed = swift.explanation.utf8.count
        var explanation: [CChar] = Array(repeating: 0x23, count: needed + 1)
        var short = rdu_verdict()
        let cut = withCChars(parts.presented) { presented, presentedLength in
            withCaller(parts.caller) { callerPointer, callerLength in
                explanation.withUnsafeMutableBufferPointer {
                    function(handle, presented, presentedLength, callerPointer, callerLength, &short, $0.baseAddress, needed)
                }
            }
        }
        // By length, not up to a NUL: an explanation may quote the input, NUL bytes included.
        let cutBytes = explanation.prefix(max(needed - 1, 0)).map { UInt8(bitPattern: $0) }
        guard cut == RDU_STATUS_OK, short.explanation_length == needed, needed == 0 || explanation[needed - 1] == 0,
            explanation[needed] == 0x23, cutBytes.elementsEqual(swift.explanation.utf8.prefix(max(needed - 1, 0)))
        else {
            return "\(name): the explanation in a buffer one byte too small is \(cutBytes) (status \(cut))"
        }
        let whole = withCChars(parts.presented) { presented, presentedLength in
            withCaller(parts.caller) { callerPointer, callerLength in
                explanation.withUnsafeMutableBufferPointer {
                    function(
                        handle, presented, presentedLength, callerPointer, callerLength, &verdict, $0.baseAddress,
                        needed + 1)
                }
            }
        }
        let c = Answer(fields: [
            "status \(whole)", "accepted \(verdict.accepted)", "identity \(verdict.identity)", "rule \(text(verdict.rule))",
            "requirement \(text(verdict.requirement))", "field \(text(verdict.field))", "matched \(verdict.matched)",
            "length \(verdict.explanation_length)",
            String(decoding: explanation.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self),
        ])
        let swiftAnswer = Answer(fields: [
            "status 0", "accepted \(swift.accepted ? 1 : 0)", "identity \(identityConstant(swift.identity))",
            "rule \(swift.failedRule?.identifier ?? "nil")", "requirement \(swift.failedRule?.requirement ?? "nil")",
            "field \(swift.field ?? "nil")", "matched \(swift.matched == nil ? -1 : 0)", "length \(needed)", swift.explanation,
        ])
        if let failure = compare(name, c, swiftAnswer) { return failure }
    }
    return checkRegistrations(parts, caller: swiftCaller)
}

/// `rdu_registrations_create_json` and `rdu_registrations_verify_request` against
/// ``Registrations``: the registered part as the one redirect URI of the presented request's
/// client (a JSON map), and the registered part itself read as JSON.
func checkRegistrations(_ parts: CAPICase, caller: Caller) -> String? {
    let clientID = (try? BrokerMessage(parsing: String(decoding: parts.presented, as: UTF8.self)))?.clientID ?? "00000000-0000-0000-0000-000000000001"
    /// A JSON string of any bytes: quote, backslash and controls escaped, the rest as it is (so
    /// that bytes that are not UTF-8 reach the JSON reader).
    func jsonString(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 0..<0x20: out += Array("\\u00".utf8) + Array(String(byte, radix: 16).leftPadded(to: 2).utf8)
            default: out.append(byte)
            }
        }
        return out + [UInt8(ascii: "\"")]
    }
    let map = Array("{".utf8) + jsonString(Array(clientID.utf8)) + Array(":[".utf8) + jsonString(parts.registered) + Array("]}".utf8)
    for json in [map, parts.registered] {
        var handle: OpaquePointer?
        var cError = rdu_error()
        let status = withCChars(json) { rdu_registrations_create_json($0, $1, &handle, &cError) }
        let read: Registrations
        do {
            read = try Registrations(json: json)
        } catch {
            let swift = Answer(fields: ["status 2"] + describe(error, offset: error.offset))
            if let failure = compare("rdu_registrations_create_json", Answer(fields: ["status \(status)"] + describe(cError)), swift) {
                return failure
            }
            continue
        }
        guard status == RDU_STATUS_OK, let handle else { return "rdu_registrations_create_json: status \(status) for JSON Swift reads" }
        defer { rdu_registrations_release(handle) }
        var verdict = rdu_verdict()
        var explanation = [CChar](repeating: 0, count: 4096)
        let verified = withCChars(parts.presented) { request, requestLength in
            withCaller(parts.caller) { callerPointer, callerLength in
                explanation.withUnsafeMutableBufferPointer {
                    rdu_registrations_verify_request(handle, request, requestLength, callerPointer, callerLength, &verdict, $0.baseAddress, $0.count)
                }
            }
        }
        let judged = read.verify(request: String(decoding: parts.presented, as: UTF8.self), caller: caller)
        let length = min(verdict.explanation_length, explanation.count - 1)
        let c = Answer(fields: [
            "status \(verified)", "accepted \(verdict.accepted)", "identity \(verdict.identity)", "rule \(text(verdict.rule))",
            "field \(text(verdict.field))", "matched \(verdict.matched >= 0)",
            String(decoding: explanation.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self),
        ])
        let swift = Answer(fields: [
            "status 0", "accepted \(judged.accepted ? 1 : 0)", "identity \(identityConstant(judged.identity))",
            "rule \(judged.failedRule?.identifier ?? "nil")", "field \(judged.field ?? "nil")", "matched \(judged.matched != nil)",
            String(decoding: Array(judged.explanation.utf8.prefix(4095)), as: UTF8.self),
        ])
        if let failure = compare("rdu_registrations_verify_request", c, swift) { return failure }
    }
    return nil
}

extension String {
    /// The string with zeros before it up to `width` characters.
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// The header's constant for a verdict's identity.
func identityConstant(_ identity: VerdictIdentity?) -> Int {
    switch identity {
    case nil: RDU_IDENTITY_NONE
    case .reportedByOS: RDU_IDENTITY_REPORTED_BY_OS
    case .claimedByRedirectURI: RDU_IDENTITY_CLAIMED_BY_REDIRECT_URI
    }
}

// MARK: - Broker responses

func checkResponse(_ input: UnsafeBufferPointer<UInt8>) -> String? {
    var response = rdu_broker_response()
    var error = rdu_error()
    let status = withCChars(Array(input)) { rdu_read_broker_response($0, $1, &response, &error) }
    let c: Answer
    if status == RDU_STATUS_OK {
        c = Answer(fields: [
            "status 0", "kind \(response.kind)", "version \(response.protocol_version)", describe(response.redirect_uri),
            describe(response.response), describe(response.hash), describe(response.broker_nonce), describe(response.error_code),
        ])
    } else {
        c = Answer(fields: ["status \(status)"] + describe(error))
    }
    let swift: Answer
    do {
        let read = try BrokerResponse(parsing: String(decoding: input, as: UTF8.self))
        let text = read.url.text
        func range(_ slice: Substring?) -> String {
            slice.map { "\(text.utf8.distance(from: text.startIndex, to: $0.startIndex))+\($0.utf8.count)" } ?? "absent(0)"
        }
        swift = Answer(fields: [
            "status 0", "kind \(read.kind == .success ? RDU_RESPONSE_SUCCESS : RDU_RESPONSE_ERROR)", "version \(read.protocolVersion ?? -1)",
            range(read.redirectURI), describe(read.responseRange), describe(read.hashRange), range(read.brokerNonce), range(read.errorCode),
        ])
    } catch {
        // The parameter at fault is named when it is a field of broker messages (C hands out the
        // library's names only, never a copy of the caller's text).
        let known = BrokerRequest.knownNames.union(BrokerResponse.fieldNames).contains(error.parameter ?? "")
        swift = Answer(fields: ["status 2"] + describe(error, parameter: known ? error.parameter : nil, offset: error.offset))
    }
    return compare("rdu_read_broker_response", c, swift)
}
