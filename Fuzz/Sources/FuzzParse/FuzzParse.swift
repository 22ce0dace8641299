// FuzzParse — the libFuzzer entry point. The property it checks is `ParseProperty` in
// Sources/FuzzProperties/ParseProperty.swift, which `swift test` also runs on every input of
// Corpus/FuzzParse/ and Corpus/regressions/FuzzParse/. Declarations only: the build parses this file as
// a library.
import FuzzProperties
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(.parse, data, size)
}
