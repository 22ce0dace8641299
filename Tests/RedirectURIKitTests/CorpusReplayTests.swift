import Foundation
import RedirectURIFuzzProperties
import Testing
@_spi(Testing) import RedirectURIKit

/// The committed fuzz corpus, replayed through the fuzz targets' own properties.
///
/// Every file of `Corpus/<Target>/` (the minimized seed corpus) and `Corpus/regressions/<Target>/`
/// (every crasher ever found, kept forever) goes through `FuzzTarget.check`, the function the
/// libFuzzer entry point calls, in an allocation of exactly the input's length: the tests run as
/// a debug build, so the library's invariant assertion runs after every parse, and under
/// AddressSanitizer (`.ci/run`) a read one byte past the input fails.
///
/// The String entry points take the default path here; the exit tests of
/// ``CorpusReplayOnForcedStringPathTests`` replay the same inputs with every string copied into an
/// exact-size allocation, and with `withContiguousStorageIfAvailable` (what iOS and macOS before 26
/// run), each in a process of its own because the switch is process-wide.
struct CorpusReplayTests {
    @Test(arguments: FuzzTarget.allCases)
    func replayEveryCorpusInput(target: FuzzTarget) {
        CorpusReplay.replay(target)
    }

    /// The crashers kept so far: their folders must not disappear unnoticed (a target without a
    /// crasher yet has no folder).
    @Test func regressionFoldersAreThere() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: CorpusReplay.regressions.path)
        for target in [FuzzTarget.broker, .differential, .redirect] {
            #expect(folders.contains(target.name), "Corpus/regressions/\(target.name) is missing")
        }
        // FuzzVerify's property is the verification model's comparison with the library; its
        // corpus and regressions are replayed by RedirectURIVerificationModelTests. FuzzDoctorReaders'
        // and FuzzSourceReader's properties are in the doctor module, replayed by RedirectURIDoctorTests;
        // FuzzCAPI's compares the C API with the Swift API, replayed by RedirectURIKitCTests.
        let replayedElsewhere: Set<String> = ["FuzzVerify", "FuzzDoctorReaders", "FuzzSourceReader", "FuzzCAPI"]
        for folder in folders where !folder.hasSuffix(".md") && !replayedElsewhere.contains(folder) {
            #expect(FuzzTarget(rawValue: folder) != nil, "Corpus/regressions/\(folder) names no fuzz target")
        }
    }
}

/// The corpus replay again, with the String entry points forced onto the other two ways strings
/// reach bytes (`StringBytesPath`). The switch is process-wide and tests run in parallel, so each
/// replay runs in a child process (an exit test): one per target and path, which the test runner
/// runs side by side. An issue recorded in a child is reported here.
struct CorpusReplayOnForcedStringPathTests {
    @Test func parseOnExactCopies() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.parse, forcing: .exactCopy) }
    }
    @Test func parseOnContiguousStorage() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.parse, forcing: .contiguousStorage) }
    }
    @Test func roundTripOnExactCopies() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.roundTrip, forcing: .exactCopy) }
    }
    @Test func roundTripOnContiguousStorage() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.roundTrip, forcing: .contiguousStorage) }
    }
    @Test func percentCodingOnExactCopies() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.percentCoding, forcing: .exactCopy) }
    }
    @Test func percentCodingOnContiguousStorage() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.percentCoding, forcing: .contiguousStorage) }
    }
    @Test func differentialOnExactCopies() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.differential, forcing: .exactCopy) }
    }
    @Test func differentialOnContiguousStorage() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.differential, forcing: .contiguousStorage) }
    }
    @Test func redirectOnExactCopies() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.redirect, forcing: .exactCopy) }
    }
    @Test func redirectOnContiguousStorage() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.redirect, forcing: .contiguousStorage) }
    }
    @Test func brokerOnExactCopies() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.broker, forcing: .exactCopy) }
    }
    @Test func brokerOnContiguousStorage() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.broker, forcing: .contiguousStorage) }
    }
    @Test func hotPathOnExactCopies() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.hotPath, forcing: .exactCopy) }
    }
    @Test func hotPathOnContiguousStorage() async {
        await #expect(processExitsWith: .success) { CorpusReplay.replay(.hotPath, forcing: .contiguousStorage) }
    }
}

/// Reading the corpus and replaying it; shared by the in-process and the exit tests.
enum CorpusReplay {
    static let root = TestFiles.repositoryRoot.appendingPathComponent("Corpus")
    static let regressions = root.appendingPathComponent("regressions")

    /// One input file.
    struct Input {
        /// `<Target>/<file>` or `regressions/<Target>/<file>`.
        let name: String
        let bytes: [UInt8]
    }

    /// Every input of `target`: its corpus folder must exist and hold files, so that a moved or
    /// emptied corpus fails here instead of replaying nothing; its regressions folder, when there
    /// is one, must hold files too.
    static func inputs(of target: FuzzTarget, sourceLocation: SourceLocation = #_sourceLocation) -> [Input] {
        let corpus = read(root.appendingPathComponent(target.name), named: target.name)
        #expect(!corpus.isEmpty, "Corpus/\(target.name)/ is missing or empty", sourceLocation: sourceLocation)
        let kept = regressions.appendingPathComponent(target.name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: kept.path, isDirectory: &isDirectory) else { return corpus }
        let crashers = read(kept, named: "regressions/\(target.name)")
        #expect(isDirectory.boolValue && !crashers.isEmpty, "Corpus/regressions/\(target.name) is not a folder of inputs", sourceLocation: sourceLocation)
        return corpus + crashers
    }

    static func read(_ folder: URL, named name: String) -> [Input] {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return files.sorted().filter { !$0.hasPrefix(".") }.compactMap { file in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) else {
                Issue.record("cannot read Corpus/\(name)/\(file)")
                return nil
            }
            return Input(name: "\(name)/\(file)", bytes: [UInt8](data))
        }
    }

    /// Runs `target`'s property on each of its inputs, each in an exact-size allocation; records
    /// an issue per failing input. Returns how many inputs were replayed.
    @discardableResult
    static func replay(_ target: FuzzTarget) -> Int {
        let inputs = inputs(of: target)
        for input in inputs {
            withExactAllocation(of: input.bytes) { buffer in
                do {
                    try target.check(buffer)
                } catch {
                    Issue.record("\(input.name): \(error)\n  input: \(escaped(input.bytes.prefix(600)))\n  hex: \(hex(input.bytes.prefix(600)))")
                }
            }
        }
        return inputs.count
    }

    /// ``replay(_:)`` with every String entry point forced onto `path`: only in a process of its
    /// own (an exit test), since the switch is process-wide.
    static func replay(_ target: FuzzTarget, forcing path: StringBytesPath) {
        StringBytesPath.forced = path
        replay(target)
    }
}

/// Runs `body` on a copy of `bytes` in an allocation of exactly their length, freed afterwards:
/// under AddressSanitizer a read one byte past the end fails, where an array's spare capacity
/// would hide it.
func withExactAllocation<Value, Failure: Error>(
    of bytes: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
) throws(Failure) -> Value {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    defer { buffer.deallocate() }
    _ = buffer.initialize(from: bytes)
    return try body(UnsafeBufferPointer(buffer))
}
