// FuzzHotPath — the libFuzzer entry point and custom mutator. The property it checks is
// `HotPathProperty` in Sources/FuzzProperties/HotPathProperty.swift, which `swift test` also runs
// on every input of Corpus/FuzzHotPath/ and Corpus/regressions/FuzzHotPath/. Declarations only:
// the build parses this file as a library.
//
// The custom mutator (`HotPathGenerator` in FuzzProperties) keeps inputs broker-shaped and falls
// back to libFuzzer's own `LLVMFuzzerMutate` for byte-level changes. `FUZZ_PLAIN_MUTATOR=1` in
// the environment turns it into plain `LLVMFuzzerMutate`, the same as having no custom mutator:
// that is how its benefit is measured (Fuzz/README.md).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFuzzerMutate
import FuzzProperties
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHotPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // `HotPathProperty` directly rather than through `FuzzTarget.check`: that switch would link
    // every other property into the binary, and libFuzzer scans all their coverage counters
    // after every execution.
    fuzz(named: FuzzTarget.hotPath.name, data, size) { input in
        do throws(PropertyFailure) {
            try HotPathProperty.check(input)
            return nil
        } catch {
            return error.description
        }
    }
}

/// Whether the structure-aware mutator is switched off (read once).
let plainMutator: Bool = getenv("FUZZ_PLAIN_MUTATOR").map { String(cString: $0) == "1" } ?? false

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzHotPathMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt) -> Int {
    guard let data else { return 0 }
    if plainMutator { return LLVMFuzzerMutate(data, size, maxSize) }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let output = HotPathGenerator.mutate(input, maxSize: maxSize, seed: seed) { field, limit in
        // libFuzzer mutates in place, in a buffer of `limit` bytes.
        let capacity = max(limit, 1)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        let count = min(field.count, capacity)
        buffer.initialize(from: field, count: count)
        let newCount = LLVMFuzzerMutate(buffer, count, capacity)
        field = Array(UnsafeBufferPointer(start: buffer, count: min(newCount, capacity)))
    }
    let count = min(output.count, maxSize)
    output.withUnsafeBufferPointer { bytes in
        if let base = bytes.baseAddress { data.update(from: base, count: count) }
    }
    return count
}

/// AddressSanitizer's defaults for this target: no stack trace recorded on every allocation and
/// free (`malloc_context_size=0`). ASan still catches every bad access, but a use-after-free
/// report no longer says where the memory was allocated and freed; on this target, which
/// allocates on every step of the broker's path, the unwinding took about 13% of the CPU time
/// (Fuzz/README.md). `ASAN_OPTIONS` overrides it, and `scripts/reproduce.sh` does, for full reports.
@_cdecl("__asan_default_options")
public func fuzzHotPathASanDefaults() -> UnsafePointer<CChar>? {
    // A static string: NUL-terminated, in the binary's read-only data.
    UnsafeRawPointer(("malloc_context_size=0" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}
