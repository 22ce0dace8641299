import Foundation
import Testing

@_spi(Fuzzing) @testable import RedirectURIDoctor

/// The FuzzSourceReader corpus (`Corpus/FuzzSourceReader/`, and its crashers in
/// `Corpus/regressions/FuzzSourceReader/`), replayed through the fuzz target's
/// own property, each input in an allocation of exactly its length.
struct SourceReaderCorpusTests {

    @Test func everyCorpusInputHoldsTheProperty() throws {
        let inputs = try CorpusReplay.inputs(of: "FuzzSourceReader")
        #expect(inputs.count >= 9, "the seed corpus is missing")
        for (name, bytes) in inputs {
            #expect(CorpusReplay.check(bytes, SourceReaderProperty.check) == nil, "\(name)")
        }
    }

    /// Random bytes over the characters that matter to the readers never trap and keep the
    /// property (the fuzz target runs far more).
    @Test func randomSourcesHoldTheProperty() {
        var state: UInt64 = 31
        let alphabet = Array("\"#\\()[]{}/*@:;.,=!?\n `'abfx_".utf8) + [0, 0xFF]
        for length in stride(from: 0, to: 900, by: 7) {
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return alphabet[Int(truncatingIfNeeded: state >> 33) % alphabet.count]
            }
            bytes.withUnsafeBufferPointer { #expect(SourceReaderProperty.check($0) == nil) }
        }
    }
}
