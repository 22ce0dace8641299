// FuzzRedirect — the libFuzzer entry point. The property it checks is `RedirectProperty` in
// Sources/FuzzProperties/RedirectProperty.swift, which `swift test` also runs on every input of
// Corpus/FuzzRedirect/ and Corpus/regressions/FuzzRedirect/. Declarations only: the build parses this file as
// a library.
import FuzzProperties
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRedirect(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(.redirect, data, size)
}
