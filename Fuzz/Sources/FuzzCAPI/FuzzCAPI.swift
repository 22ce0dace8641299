// FuzzCAPI — the C API (redirect_uri.h) against the Swift API on the same bytes. The property is
// `checkCAPIAgreement` in Sources/CAPIAgreement, which `swift test` (RedirectURIKitCTests) also
// runs on every input of Corpus/FuzzCAPI/ and Corpus/regressions/FuzzCAPI/: every function of the
// header, called through C on libFuzzer's bytes, must give the Swift API's answer (components,
// forms, bundle IDs, built URIs, verdicts with their rule, identity and explanation, broker
// response fields, error codes and offsets) within the buffers it was given. Declarations only:
// the build parses this file as a library.
import CAPIAgreement
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCAPI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(named: "FuzzCAPI", data, size) { input in
        checkCAPIAgreement(input).map { "C and Swift disagree: \($0)\n\(CAPICase(input))" }
    }
}
