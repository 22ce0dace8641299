// FuzzVerify — the library's verdicts against an independent, deliberately plain model of the
// "Verification rules" article (Fuzz/Sources/VerificationModel): classification (form, bundle ID,
// client ID, Android package and hash, wrapper findings), verification of a presented redirect URI
// (verdict, failed rule, warnings), verification of a broker request, routing of an incoming URL,
// and the duplicate rule of broker responses must agree.
//
// The input is a recipe (see Recipe.swift in the model's module): its bytes choose registrations,
// a caller bundle ID and a presented URI derived from a registration by mutations, so that inputs
// reach the rules rather than the parser's first byte. An input starting with `!raw` and a line
// break is a hand-written case instead (`VerificationCase(raw:)`). On a disagreement both sides are
// printed with the case; known engine bugs (`KnownEngineBug.all`) are skipped.
import FuzzSupport
import VerificationModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVerify(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(named: "FuzzVerify", data, size) { input in
        let verificationCase = Recipe.decode(Array(input))
        let disagreements = Agreement.check(verificationCase)
        guard !disagreements.isEmpty else { return nil }
        return "model and engine disagree\n\(disagreements.map(\.description).joined(separator: "\n"))\ncase:\n\(verificationCase)"
    }
}
