// FuzzSourceReader — the libFuzzer entry point. The property it checks is
// `SourceReaderProperty` in Sources/RedirectURIDoctor/Fuzzing/SourceReaderProperty.swift
// (the doctor's Swift and Objective-C token readers, and the facts and URL hand-off read from
// them, on any bytes), which `swift test` also runs on every input of Corpus/FuzzSourceReader/
// (RedirectURIDoctorTests). Declarations only: the build parses this file as a library.
import FuzzSupport
@_spi(Fuzzing) import RedirectURIDoctor

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSourceReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(named: "FuzzSourceReader", data, size, SourceReaderProperty.check)
}
