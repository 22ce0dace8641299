// FuzzBroker — the libFuzzer entry point. The property it checks is `BrokerProperty` in
// Sources/FuzzProperties/BrokerProperty.swift, which `swift test` also runs on every input of
// Corpus/FuzzBroker/ and Corpus/regressions/FuzzBroker/. Declarations only: the build parses this file as
// a library.
import FuzzProperties
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBroker(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(.broker, data, size)
}
