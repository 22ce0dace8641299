import Foundation
import Testing

@_spi(Fuzzing) @testable import RedirectURIDoctor

/// The FuzzSourceReader corpus (`Corpus/FuzzSourceReader/`, and its crashers in
/// `Corpus/regressions/FuzzSourceReader/` once there are any), replayed through the fuzz target's
/// own property, each input in an allocation of exactly its length.
struct SourceReaderCorpusTests {
    static let folders = ["Corpus/FuzzSourceReader", "Corpus/regressions/FuzzSourceReader"]

    static func inputs() throws -> [(name: String, bytes: [UInt8])] {
        var inputs: [(String, [UInt8])] = []
        for folder in folders {
            let url = DoctorReadersCorpusTests.root.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") && !name.hasSuffix(".md") {
                inputs.append(("\(folder)/\(name)", Array(try Data(contentsOf: url.appendingPathComponent(name)))))
            }
        }
        return inputs
    }

    @Test func everyCorpusInputHoldsTheProperty() throws {
        let inputs = try Self.inputs()
        #expect(inputs.count >= 9, "the seed corpus is missing")
        for (name, bytes) in inputs {
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            defer { buffer.deallocate() }
            _ = buffer.initialize(from: bytes)
            #expect(SourceReaderProperty.check(UnsafeBufferPointer(buffer)) == nil, "\(name)")
        }
    }

    /// Random bytes over the characters that matter to the readers never trap and keep the
    /// property (the fuzz target runs far more).
    @Test func randomSourcesHoldTheProperty() {
        var state: UInt64 = 31
        let alphabet = Array("\"#\\()[]{}/*@:;.,=!?\n `'abfx_".utf8) + [0, 0xFF]
        for length in stride(from: 0, to: 900, by: 7) {
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return alphabet[Int(truncatingIfNeeded: state >> 33) % alphabet.count]
            }
            bytes.withUnsafeBufferPointer { #expect(SourceReaderProperty.check($0) == nil) }
        }
    }
}
