// The library and Foundation on the same inputs, in the same run.
//
// Names read `<group>--<implementation>`, so the plugin (which sorts by name) prints each
// library benchmark next to its Foundation counterparts:
//
//   parse-a-short--RedirectURI        URIReference(parsing:)
//   parse-a-short--URL                Foundation URL(string:)
//   parse-a-short--URLComponents      Foundation URLComponents(string:)
//
// Names hold no spaces or slashes: `thresholds update` writes `Thresholds/<target>.<name>.p90.json`
// with spaces and slashes turned into `_`, but `thresholds check` looks the file up under the
// unchanged name (package-benchmark 1.38.1), so a name with a space never finds its thresholds.
//
// Every benchmark walks its inputs in corpus order, one input per inner iteration, 1,000 per
// outer iteration, so the per-operation figures (marked `*`, scaled by 1,000) are averages over
// the category. See ../../README.md for how to read the output.
import Benchmark
import BenchmarkCorpus
import BenchmarkPeers
import Foundation
import RedirectURIKit

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        scalingFactor: .kilo,
        maxDuration: .seconds(1),
        maxIterations: 10_000
    )

    // Prepared in BenchmarkPeers, shared with the measure-ops driver (instruction counts).
    let prepared = BenchmarkInputs(.standard)
    let short = prepared.short
    let certificate = prepared.certificate
    let request = prepared.request
    let response = prepared.response

    // MARK: Harness overhead: the loop, the input walk and the call, doing nothing.

    register("harness-overhead", .library, inputs: short) { blackHole($0) }

    // MARK: Parse (a)–(d): a full strict RFC 3986 parse, nothing read.

    for (group, inputs) in [
        ("parse-a-short", short), ("parse-b-cert-auth", certificate),
        ("parse-c-broker-request", request), ("parse-d-broker-response", response),
    ] {
        let bytes = group.hasPrefix("parse-d")
        register(group, .library, inputs: inputs, reportsBytes: bytes) { blackHole(try? URIReference(parsing: $0)) }
        register(group, .url, inputs: inputs, reportsBytes: bytes) { blackHole(URL(string: $0)) }
        register(group, .urlComponents, inputs: inputs, reportsBytes: bytes) { blackHole(URLComponents(string: $0)) }
    }

    // MARK: Percent-decoding: the redirect_uri values of (c) and the wrapped URIs of (b).

    let encoded = prepared.percentEncoded
    register("percent-decode", .library, inputs: encoded) { blackHole(try? PercentEncoding.decodeString($0)) }
    register("percent-decode", .foundation, inputs: encoded) { blackHole($0.removingPercentEncoding) }

    // MARK: Invalid input: (a) with one byte that no URI may hold.
    // Foundation's default `URL(string:)` percent-encodes some of these and accepts them (268 of
    // 800), so Foundation runs with `encodingInvalidCharacters: false`, where it rejects all 800.

    let invalid = prepared.invalid
    register("invalid-input", .library, inputs: invalid) { blackHole(try? URIReference(parsing: $0)) }
    register("invalid-input", .urlStrict, inputs: invalid) { blackHole(URL(string: $0, encodingInvalidCharacters: false)) }
    register("invalid-input", .urlComponentsStrict, inputs: invalid) { blackHole(URLComponents(string: $0, encodingInvalidCharacters: false)) }

    // MARK: Parse + classify + bundle ID, (a) and (b).
    // Foundation: the same SPEC §2 rules over URL / URLComponents accessors (FoundationPeers.swift).

    // Library: RedirectURI (the reference, the form and the bundle ID as a slice), and the
    // in-place RedirectURI.classify (the form and the bundle ID's offsets; no text kept).
    for (group, inputs) in [("classify-a-short", short), ("classify-b-cert-auth", certificate)] {
        register(group, .library, inputs: inputs) { uri in
            if let redirect = try? RedirectURI(parsing: uri) { blackHole((redirect.form, redirect.bundleID)) }
        }
        register(group, .libraryInPlace, inputs: inputs) { uri in
            if let shape = try? RedirectURI.classify(uri) { blackHole((shape.form, shape.bundleIDRange)) }
        }
        register(group, .url, inputs: inputs) { uri in
            if let url = URL(string: uri) { blackHole(FoundationPeer.classify(url, as: URL.self)) }
        }
        register(group, .urlComponents, inputs: inputs) { uri in
            if let components = URLComponents(string: uri) { blackHole(FoundationPeer.classify(components, as: URLComponents.self)) }
        }
    }

    // MARK: Read redirect_uri from (c).
    // Library: parse, then the one `redirect_uri` piece found in place (duplicates are an error),
    // decoded; "raw" stops at the still-encoded slice; BrokerRequest decodes every parameter, as
    // queryItems does.

    register("read-redirect_uri-c", .library, inputs: request) { uri in
        guard let reference = try? URIReference(parsing: uri, as: .uri) else { return }
        blackHole(try? reference.queryParameter("redirect_uri")?.value())
    }
    register("read-redirect_uri-c", .libraryRaw, inputs: request) { uri in
        guard let reference = try? URIReference(parsing: uri, as: .uri) else { return }
        blackHole(try? reference.queryParameter("redirect_uri")?.rawValue)
    }
    register("read-redirect_uri-c", .brokerRequest, inputs: request) { uri in
        blackHole((try? BrokerRequest.parseParameters(uri))?.value("redirect_uri"))
    }
    register("read-redirect_uri-c", .urlComponentsQueryItems, inputs: request) { uri in
        blackHole(URLComponents(string: uri)?.queryItems?.first { $0.name == "redirect_uri" }?.value)
    }

    // MARK: Parse (d) and read response and hash.
    // make_corpus.py writes half the hashes in lowercase and cuts `response` at any length, but
    // SPEC §8 wants uppercase hex and BrokerResponse rejects a base64url length of 1 mod 4 (no
    // byte string encodes to it): such lines are put in that form here (hash uppercased, one
    // character dropped), so the benchmark times the success path.

    let responses = prepared.successfulResponses
    checkSuccessPaths(requests: request, responses: responses)
    register("read-response+hash-d", .brokerResponse, inputs: responses, reportsBytes: true) { uri in
        if let message = try? BrokerResponse(parsing: uri) { blackHole((message.response, message.hash)) }
    }
    register("read-response+hash-d", .libraryRaw, inputs: responses, reportsBytes: true) { uri in
        guard let reference = try? URIReference(parsing: uri, as: .uri) else { return }
        let query = QueryParameters(reference.query ?? "")
        blackHole((try? query.single("response")?.rawValue, try? query.single("hash")?.rawValue))
    }
    register("read-response+hash-d", .urlComponentsQueryItems, inputs: responses, reportsBytes: true) { uri in
        guard let items = URLComponents(string: uri)?.queryItems else { return }
        blackHole((items.first { $0.name == "response" }?.value, items.first { $0.name == "hash" }?.value))
    }

    // MARK: Verification (SPEC §6): (a) and (b) presented against three registered URIs each.

    let cases = prepared.verificationCases()
    checkPeersAgree(classifying: short + certificate, verifying: cases)
    register("verify-a+b", .library, inputs: cases) { test in
        blackHole(test.verifier.verify(test.presented, caller: Caller(sourceApplication: test.callerBundleID)).accepted)
    }
    register("verify-a+b", .url, inputs: cases) { test in
        blackHole(FoundationPeer.verify(test.presented, registered: test.registered, callerBundleID: test.callerBundleID, as: URL.self))
    }
    register("verify-a+b", .urlComponents, inputs: cases) { test in
        blackHole(FoundationPeer.verify(test.presented, registered: test.registered, callerBundleID: test.callerBundleID, as: URLComponents.self))
    }

    // MARK: Linear scaling: one long valid broker response of 100 KB and of 1 MB.

    for (group, byteCount) in [("scaling-100KB", 100 * 1024), ("scaling-1MB", 1024 * 1024)] {
        let inputs = [Corpus.longBrokerResponse(byteCount: byteCount)]
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal, BenchmarkMetrics.megabytesPerSecond],
            timeUnits: .microseconds, scalingFactor: .one
        )
        register(group, .library, inputs: inputs, configuration: configuration, reportsBytes: true) {
            blackHole(try? URIReference(parsing: $0))
        }
        register(group, .url, inputs: inputs, configuration: configuration, reportsBytes: true) {
            blackHole(URL(string: $0))
        }
    }
}

// MARK: - Registration

/// Which implementation a benchmark measures; part of its name.
enum Implementation: String {
    case library = "RedirectURI"
    case libraryInPlace = "RedirectURI.classify"
    case libraryRaw = "RedirectURI-raw"
    case brokerRequest = "BrokerRequest"
    case brokerResponse = "BrokerResponse"
    case url = "URL"
    case urlComponents = "URLComponents"
    case urlComponentsQueryItems = "URLComponents+queryItems"
    case urlStrict = "URL-strict"
    case urlComponentsStrict = "URLComponents-strict"
    case foundation = "Foundation"
}

enum BenchmarkMetrics {
    /// Input bytes consumed per second, in units of 10^6 (larger is better). Measured inside the
    /// benchmark around the inner loop only, so it excludes the harness's per-iteration work.
    static let megabytesPerSecond = BenchmarkMetric.custom("MB/s (input)", polarity: .prefersLarger, useScalingFactor: false)
}

/// Registers `body` as `"<group>--<implementation>"`, called once per inner iteration.
///
/// Each outer iteration runs the same schedule: `inputs` repeated in order up to the scaling
/// factor (1,000), so every iteration does identical work and allocates the same number of
/// times, which is what lets `thresholds check` hold the malloc count exactly. (With 800 short
/// URIs, the first 200 are counted twice; with 600 requests, the first 400.)
///
/// Allocation thresholds: the library is held to its exact p90 malloc count (absolute tolerance
/// 0, so 0 → 1 fails); Foundation, whose count we do not control, gets 5 % either way.
func register<Input: BenchmarkInput>(
    _ group: String,
    _ implementation: Implementation,
    inputs: [Input],
    configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
    reportsBytes: Bool = false,
    _ body: @escaping (Input) -> Void
) {
    precondition(!inputs.isEmpty, "\(group): no inputs")
    var configuration = configuration
    if reportsBytes, !configuration.metrics.contains(BenchmarkMetrics.megabytesPerSecond) {
        configuration.metrics.append(BenchmarkMetrics.megabytesPerSecond)
    }
    configuration.thresholds = [
        .mallocCountTotal: implementation.isLibrary
            ? BenchmarkThresholds(absolute: [.p90: 0])
            : BenchmarkThresholds(relative: [.p90: 5.0]),
    ]
    let schedule = (0..<configuration.scalingFactor.rawValue).map { inputs[$0 % inputs.count] }
    let scheduleBytes = schedule.reduce(0) { $0 + $1.byteCount }
    Benchmark("\(group)--\(implementation.rawValue)", configuration: configuration) { benchmark in
        let start = ContinuousClock.now
        for input in schedule {
            body(input)
        }
        if reportsBytes {
            let elapsed = (ContinuousClock.now - start) / .nanoseconds(1)
            benchmark.measurement(BenchmarkMetrics.megabytesPerSecond, Int(Double(scheduleBytes) * 1_000 / max(elapsed, 1)))
        }
    }
}

/// What a benchmark walks over: a URI, or a verification case.
protocol BenchmarkInput {
    /// Input bytes, for the MB/s metric.
    var byteCount: Int { get }
}

extension String: BenchmarkInput {
    var byteCount: Int { utf8.count }
}

extension Implementation {
    /// The library's own benchmarks: held to an exact allocation count.
    var isLibrary: Bool {
        switch self {
        case .library, .libraryInPlace, .libraryRaw, .brokerRequest, .brokerResponse: true
        default: false
        }
    }
}

/// Verification cases (BenchmarkPeers) report the presented URI's bytes.
extension VerificationCase: BenchmarkInput {}
