import Foundation
import Testing

@_spi(Fuzzing) @testable import RedirectURIDoctor

/// The FuzzDoctorReaders corpus (`Corpus/FuzzDoctorReaders/`, and its crashers in
/// `Corpus/regressions/FuzzDoctorReaders/` once there are any), replayed through the fuzz target's
/// own property, each input in an allocation of exactly its length. The Kit's corpus replay cannot
/// run it: this property needs the doctor module.
struct DoctorReadersCorpusTests {

    @Test func everyCorpusInputHoldsTheProperty() throws {
        let inputs = try CorpusReplay.inputs(of: "FuzzDoctorReaders")
        #expect(inputs.count >= 9, "the seed corpus is missing")
        for (name, bytes) in inputs {
            #expect(CorpusReplay.check(bytes, DoctorReadersProperty.check) == nil, "\(name)")
        }
    }

    /// The property fails on what it is meant to catch: a text with no `$` changed by expansion.
    @Test func thePropertyCatchesAChangedPlainText() {
        let settings = BuildSettings(["A": "x"], origin: "test")
        let expander = BuildSettingExpander(settings: settings, unsetPolicy: .xcodeSemantics)
        #expect(expander.expand("plain").value == "plain")
        #expect(expander.expand("$(A)$(A)").value == "xx")
    }

    /// Includes that include themselves, settings that refer to each other: every call returns,
    /// and each is reported once.
    @Test(arguments: [
        "#include \"Base.xcconfig\"\nA = 1\n",
        "A = $(B)\nB = $(A)\n",
        "A = $(A)$(A)\n",
        "A = x\nB = $(A)$(A)$(A)$(A)$(A)$(A)$(A)$(A)\nC = $(B)$(B)$(B)$(B)$(B)$(B)$(B)$(B)\nD = $(C)$(C)$(C)$(C)$(C)$(C)$(C)$(C)\nE = $(D)$(D)$(D)$(D)$(D)$(D)$(D)$(D)\nF = $(E)$(E)$(E)$(E)$(E)$(E)$(E)$(E)\n",
    ])
    func cyclesAndGrowthEnd(xcconfig: String) {
        var bytes: [UInt8] = [0]
        bytes += Array(xcconfig.utf8)
        bytes += [0] + Array("$(A)$(F)".utf8)
        bytes.withUnsafeBufferPointer { #expect(DoctorReadersProperty.check($0) == nil) }
    }

    /// Random bytes in each of the three parts never trap (the fuzz target runs far more).
    @Test func randomPartsNeverTrap() {
        var state: UInt64 = 11
        let alphabet = Array("$(){}:=\\\"#/ \n\tAB_iclude?[]".utf8) + [0]
        for length in stride(from: 0, to: 600, by: 3) {
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return alphabet[Int(truncatingIfNeeded: state >> 33) % alphabet.count]
            }
            bytes.withUnsafeBufferPointer { _ = DoctorReadersProperty.check($0) }
        }
    }
}
