import Foundation
import Testing
@_spi(Fuzzing) @testable import RedirectURIDoctor

/// The FuzzDoctorReaders corpus (`Corpus/FuzzDoctorReaders/`, and its crashers in
/// `Corpus/regressions/FuzzDoctorReaders/` once there are any), replayed through the fuzz target's
/// own property, each input in an allocation of exactly its length. The Kit's corpus replay cannot
/// run it: this property needs the doctor module.
struct DoctorReadersCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folders = ["Corpus/FuzzDoctorReaders", "Corpus/regressions/FuzzDoctorReaders"]

    static func inputs() throws -> [(name: String, bytes: [UInt8])] {
        var inputs: [(String, [UInt8])] = []
        for folder in folders {
            let url = root.appendingPathComponent(folder)
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
            #expect(DoctorReadersProperty.check(UnsafeBufferPointer(buffer)) == nil, "\(name)")
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
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return alphabet[Int(truncatingIfNeeded: state >> 33) % alphabet.count]
            }
            bytes.withUnsafeBufferPointer { _ = DoctorReadersProperty.check($0) }
        }
    }
}
