// FuzzDifferential — the libFuzzer entry point. The property it checks is `DifferentialProperty` in
// Sources/FuzzProperties/DifferentialProperty.swift, which `swift test` also runs on every input of
// Corpus/FuzzDifferential/ and Corpus/regressions/FuzzDifferential/. Declarations only: the build parses this file as
// a library.
import FuzzProperties
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDifferential(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(.differential, data, size)
}
