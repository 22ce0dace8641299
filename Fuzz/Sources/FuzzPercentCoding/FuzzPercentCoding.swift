// FuzzPercentCoding — the libFuzzer entry point. The property it checks is `PercentCodingProperty` in
// Sources/FuzzProperties/PercentCodingProperty.swift, which `swift test` also runs on every input of
// Corpus/FuzzPercentCoding/ and Corpus/regressions/FuzzPercentCoding/. Declarations only: the build parses this file as
// a library.
import FuzzProperties
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPercentCoding(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(.percentCoding, data, size)
}
