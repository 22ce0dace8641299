// The libFuzzer side of the properties in Sources/FuzzProperties: picks the way strings reach
// bytes for the input, runs the target's property and turns a failure into a crash. The root
// package's tests replay the corpus through the same properties (compiled there as
// `RedirectURIFuzzProperties`); only this file traps.
@_spi(Testing) import FuzzProperties
@_spi(Testing) import RedirectURIKit

/// Runs `target`'s property on libFuzzer's input; a failure prints what broke and the input, then
/// traps, so libFuzzer writes a crash file.
///
/// Each input forces one of the three ``StringBytesPath`` values (chosen from its bytes, see
/// ``FuzzTarget/stringBytesPath(for:)``): libFuzzer runs one input at a time on one thread, so
/// setting the process-wide switch here is safe, and the String entry points are fuzzed on the
/// default path (a substring's borrowed span where the runtime has it), on
/// `withContiguousStorageIfAvailable` (what iOS/macOS before 26 run for every text) and on an
/// exact-size copy (where ASan catches a read one byte past the end).
public func fuzz(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // libFuzzer hands each input in a heap copy of exactly its size.
    let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    let path = FuzzTarget.stringBytesPath(for: input)
    StringBytesPath.forced = path
    do {
        try target.check(input)
    } catch {
        fatalError("\(target.name) \(error)\n  string bytes path: \(path)\n  input (\(input.count) bytes): \(escaped(input))\n  hex: \(hex(input))")
    }
    return 0
}

/// ``fuzz(_:_:_:)`` for a target whose property lives outside `FuzzProperties` (FuzzVerify's is
/// the verification model's comparison with the library): the same string path per input, and
/// `check` returns what broke, or `nil`.
public func fuzz(
    named name: String, _ data: UnsafePointer<UInt8>?, _ size: Int, _ check: (UnsafeBufferPointer<UInt8>) -> String?
) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    let path = FuzzTarget.stringBytesPath(for: input)
    StringBytesPath.forced = path
    if let failure = check(input) {
        fatalError("\(name) \(failure)\n  string bytes path: \(path)\n  input (\(input.count) bytes): \(escaped(input))\n  hex: \(hex(input))")
    }
    return 0
}
