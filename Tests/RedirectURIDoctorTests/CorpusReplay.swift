import Foundation

/// The committed inputs of a fuzz target (its corpus and its regressions), read the same way for
/// every replay test, and a property run on each as the fuzz target runs it: on a buffer of
/// exactly the input's size, so that a read one byte past the end is caught under ASan.
enum CorpusReplay {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every input of `Corpus/<target>` and `Corpus/regressions/<target>`, in name order.
    static func inputs(of target: String) throws -> [(name: String, bytes: [UInt8])] {
        var inputs: [(String, [UInt8])] = []
        for folder in ["Corpus/\(target)", "Corpus/regressions/\(target)"] {
            let url = root.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") && !name.hasSuffix(".md") {
                inputs.append(("\(folder)/\(name)", Array(try Data(contentsOf: url.appendingPathComponent(name)))))
            }
        }
        return inputs
    }

    /// What `property` says of `bytes`, given an exact-size buffer.
    static func check(_ bytes: [UInt8], _ property: (UnsafeBufferPointer<UInt8>) -> String?) -> String? {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: bytes)
        return property(UnsafeBufferPointer(buffer))
    }
}
