// FuzzDoctorReaders — the libFuzzer entry point. The property it checks is
// `DoctorReadersProperty` in Sources/RedirectURIDoctor/DoctorReadersProperty.swift (the doctor's
// .xcconfig reader, build-setting expansion and project reader on any bytes), which
// `swift test` also runs on every input of Corpus/FuzzDoctorReaders/ (RedirectURIDoctorTests).
// Declarations only: the build parses this file as a library.
import FuzzSupport
@_spi(Fuzzing) import RedirectURIDoctor

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDoctorReaders(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(named: "FuzzDoctorReaders", data, size, DoctorReadersProperty.check)
}

/// LeakSanitizer's defaults for this binary: Foundation's property-list reader leaks a CFError on
/// every malformed `project.pbxproj` (not this package's code), which would otherwise fail every
/// replay of a malformed input at exit, wherever the binary runs (smoke script, ClusterFuzzLite).
@_cdecl("__lsan_default_options")
public func lsanDefaultOptions() -> UnsafePointer<CChar> {
    UnsafeRawPointer(("detect_leaks=0" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}
