// FuzzRoundTrip — the libFuzzer entry point. The property it checks is `RoundTripProperty` in
// Sources/FuzzProperties/RoundTripProperty.swift, which `swift test` also runs on every input of
// Corpus/FuzzRoundTrip/ and Corpus/regressions/FuzzRoundTrip/. Declarations only: the build parses this file as
// a library.
import FuzzProperties
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(.roundTrip, data, size)
}
