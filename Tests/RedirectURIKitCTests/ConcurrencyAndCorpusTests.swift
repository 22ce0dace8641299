import CRedirectURIKit
import Foundation
import RedirectURICAPIAgreement
import Testing

/// Every function of the C API from many threads at once: the same answers as from one thread.
///
/// The C API keeps no state between calls but the library's strings (made on first use, by
/// whichever thread asks first) and the verifiers callers share; this test makes those first
/// uses race and shares one verifier between every thread.
struct CAPIThreadSafetyTests {
    static let inputs = [
        "x-msauth-mytestiosapp://com.myapp.mytestapp", "msauth.com.contoso.app://auth", "msauth.com.contoso.app://auth/",
        "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", "http://host:8a/", "not a uri",
        "msauthv2://broker?client_id=00000000-0000-0000-0000-000000000001&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth",
        "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08",
        "msauth.com.contoso.app://auth?error_code=1&error_code=2",
    ]

    /// Everything the C API answers for `input`, as text.
    static func answers(_ input: String, _ verifier: OpaquePointer) -> [String] {
        var input = input
        return input.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                let pointer = chars.baseAddress
                let count = chars.count
                var results: [String] = []
                var components = rdu_components()
                var error = rdu_error()
                results.append("\(rdu_parse(pointer, count, rdu_grammar(RDU_GRAMMAR_URI), &components, &error)) \(components.host.offset)")
                results.append(error.code.map { String(cString: $0) } ?? "-")
                var shape = rdu_classification()
                results.append("\(rdu_classify(pointer, count, &shape, &error)) \(shape.form) \(shape.bundle_id.offset)")
                var buffer = [CChar](repeating: 0, count: 256)
                var length = 0
                results.append("\(rdu_build_msal_broker(pointer, min(count, 15), &buffer, buffer.count, &length, &error)) \(length)")
                results.append("\(rdu_copy_bundle_id(pointer, count, &buffer, buffer.count, &length, &error)) \(length)")
                var verdict = rdu_verdict()
                let caller = "com.contoso.app"
                _ = rdu_verify_redirect_uri(verifier, pointer, count, caller, caller.utf8.count, &verdict, &buffer, buffer.count)
                results.append(
                    "\(verdict.accepted) \(verdict.identity) \(verdict.rule.map { String(cString: $0) } ?? "-") \(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))"
                )
                _ = rdu_verify_request(verifier, pointer, count, nil, 0, &verdict, &buffer, buffer.count)
                results.append(
                    "\(verdict.accepted) \(verdict.identity) \(verdict.rule.map { String(cString: $0) } ?? "-") \(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))"
                )
                var response = rdu_broker_response()
                results.append("\(rdu_read_broker_response(pointer, count, &response, &error)) \(response.hash.offset)")
                results.append(error.parameter.map { String(cString: $0) } ?? "-")
                results.append("\(rdu_check_round_trip(pointer, count, pointer, count, &verdict, nil, 0, &error)) \(verdict.accepted)")
                return results
            }
        }
    }

    @Test func manyThreadsGetTheAnswersOfOne() {
        var verifier: OpaquePointer?
        let registered = "msauth.com.contoso.app://auth"
        let created = registered.withCString { pointer in
            withUnsafePointer(to: Optional(pointer)) { pointers in
                withUnsafePointer(to: registered.utf8.count) { rdu_verifier_create(pointers, $0, 1, &verifier) }
            }
        }
        #expect(created == rdu_status(RDU_STATUS_OK))
        guard let verifier else { return }
        defer { rdu_verifier_release(verifier) }
        nonisolated(unsafe) let shared = verifier
        let threads = 16
        let rounds = 200
        let results = LockedValue(Array(repeating: [[String]](), count: threads))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var mine: [[String]] = []
            for round in 0..<rounds {
                let input = Self.inputs[(thread + round) % Self.inputs.count]
                mine.append(Self.answers(input, shared))
            }
            results.withLock { $0[thread] = mine }
        }
        let expected = Self.inputs.map { Self.answers($0, verifier) }
        let all = results.withLock { $0 }
        for thread in 0..<threads {
            #expect(all[thread].count == rounds)
            for (round, answer) in all[thread].enumerated() {
                #expect(answer == expected[(thread + round) % Self.inputs.count], "thread \(thread) round \(round)")
            }
        }
    }
}

/// A lock around a value (the test runs on Linux and at the package's Apple floors, where the
/// standard library's Mutex is not available).
final class LockedValue<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// FuzzCAPI's committed corpus and kept crashers, replayed through its property: the C API and
/// the Swift API agree on every input, each in an allocation of exactly its size.
struct CAPICorpusReplayTests {
    static func files(_ folder: String) -> [URL] {
        let url = packageRoot.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { url.appendingPathComponent($0) }
    }

    @Test func corpusIsThere() {
        #expect(Self.files("Corpus/FuzzCAPI").count >= 20)
    }

    @Test func everyInputAgrees() throws {
        for file in Self.files("Corpus/FuzzCAPI") + Self.files("Corpus/regressions/FuzzCAPI") {
            let bytes = [UInt8](try Data(contentsOf: file))
            let exact = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            defer { exact.deallocate() }
            _ = exact.initialize(from: bytes)
            let failure = checkCAPIAgreement(UnsafeBufferPointer(exact))
            #expect(failure == nil, "\(file.lastPathComponent): \(failure ?? "")")
        }
    }
}
