import CRedirectURIKit
import RedirectURIKit

/// What an `rdu_verifier *` points at: a verifier made once, immutable, shared by every thread
/// the caller hands it to.
final class VerifierBox: Sendable {
    let verifier: RedirectVerifier

    init(_ verifier: RedirectVerifier) { self.verifier = verifier }

    /// The box behind a caller's pointer (which rdu_verifier_create made).
    @inline(__always)
    static func from(_ pointer: OpaquePointer) -> VerifierBox {
        Unmanaged<VerifierBox>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}

/// `rdu_verifier_create`: a ``RedirectVerifier`` for the registered texts.
@_cdecl("rdu_verifier_create")
public func cVerifierCreate(
    _ registered: UnsafePointer<UnsafePointer<CChar>?>?, _ registeredLengths: UnsafePointer<Int>?, _ count: Int,
    _ verifier: UnsafeMutablePointer<OpaquePointer?>?
) -> rdu_status {
    guard let verifier, count >= 0, count == 0 || (registered != nil && registeredLengths != nil) else {
        return Status.invalidArgument
    }
    var texts: [String] = []
    texts.reserveCapacity(count)
    for index in 0..<count {
        guard let registered, let registeredLengths, let bytes = inputBytes(registered[index], registeredLengths[index]) else {
            return Status.invalidArgument
        }
        texts.append(inputText(bytes))
    }
    let box = VerifierBox(RedirectVerifier(registered: texts))
    verifier.pointee = OpaquePointer(Unmanaged.passRetained(box).toOpaque())
    return Status.ok
}

/// `rdu_verifier_release`: balances the retain of `rdu_verifier_create`.
@_cdecl("rdu_verifier_release")
public func cVerifierRelease(_ verifier: OpaquePointer?) {
    guard let verifier else { return }
    Unmanaged<VerifierBox>.fromOpaque(UnsafeRawPointer(verifier)).release()
}

/// `rdu_verify_redirect_uri`: ``RedirectVerifier/verify(bytes:caller:)-(UnsafeBufferPointer<UInt8>,_)``
/// on the caller's bytes (no copy of an accepted URI), the caller reported (a bundle ID) or not
/// (NULL).
@_cdecl("rdu_verify_redirect_uri")
public func cVerifyRedirectURI(
    _ verifier: OpaquePointer?, _ presented: UnsafePointer<CChar>?, _ presentedLength: Int, _ callerBundleID: UnsafePointer<CChar>?,
    _ callerBundleIDLength: Int, _ verdict: UnsafeMutablePointer<rdu_verdict>?, _ explanation: UnsafeMutablePointer<CChar>?,
    _ explanationCapacity: Int
) -> rdu_status {
    verify(verifier, presented, presentedLength, callerBundleID, callerBundleIDLength, verdict, explanation, explanationCapacity) {
        box, bytes, caller in
        box.verifier.verify(bytes: bytes, caller: caller)
    }
}

/// `rdu_verify_request`: ``RedirectVerifier/verify(request:caller:)``.
@_cdecl("rdu_verify_request")
public func cVerifyRequest(
    _ verifier: OpaquePointer?, _ request: UnsafePointer<CChar>?, _ requestLength: Int, _ callerBundleID: UnsafePointer<CChar>?,
    _ callerBundleIDLength: Int, _ verdict: UnsafeMutablePointer<rdu_verdict>?, _ explanation: UnsafeMutablePointer<CChar>?,
    _ explanationCapacity: Int
) -> rdu_status {
    verify(verifier, request, requestLength, callerBundleID, callerBundleIDLength, verdict, explanation, explanationCapacity) {
        box, bytes, caller in
        box.verifier.verify(request: inputText(bytes), caller: caller)
    }
}

/// What both verifications do at the boundary: read the arguments, run `check`, write the verdict.
/// `check` reaches the verifier through its box, so that the verifier is not copied (a copy
/// retained and released each of its arrays: a tenth of a verification).
@inline(__always)
func verify(
    _ verifier: OpaquePointer?, _ input: UnsafePointer<CChar>?, _ inputLength: Int, _ callerBundleID: UnsafePointer<CChar>?,
    _ callerBundleIDLength: Int, _ verdict: UnsafeMutablePointer<rdu_verdict>?, _ explanation: UnsafeMutablePointer<CChar>?,
    _ explanationCapacity: Int, _ check: (VerifierBox, UnsafeBufferPointer<UInt8>, Caller) -> VerificationVerdict
) -> rdu_status {
    guard let verifier, let verdict, let bytes = inputBytes(input, inputLength),
        let output = OutputBuffer(explanation, explanationCapacity), let caller = caller(callerBundleID, callerBundleIDLength)
    else { return Status.invalidArgument }
    // The caller holds the verifier for the whole call: borrowed, not retained and released.
    Unmanaged<VerifierBox>.fromOpaque(UnsafeRawPointer(verifier))._withUnsafeGuaranteedRef { box in
        let result = check(box, bytes, caller)
        write(result, matched: box.index(of: result.matched), to: verdict, explanation: output)
    }
    return Status.ok
}

/// The caller as iOS reported it: NULL is not reported (the length is then not read); `nil`
/// when a reported bundle ID cannot be read.
@inline(__always)
func caller(_ bundleID: UnsafePointer<CChar>?, _ length: Int) -> Caller? {
    guard bundleID != nil else { return .notReported }
    guard let bytes = inputBytes(bundleID, length) else { return nil }
    return .reportedByOS(bundleID: inputText(bytes))
}

/// Writes a verdict, and its explanation when the caller gave a buffer (working it out is most
/// of what a rejection costs, so it is not done otherwise).
@inline(__always)
func write(_ result: VerificationVerdict, matched: Int64, to verdict: UnsafeMutablePointer<rdu_verdict>, explanation: OutputBuffer) {
    verdict.pointee = rdu_verdict(result, matched: matched)
    if explanation.start != nil {
        verdict.pointee.explanation_length = explanation.writeTruncating(result.explanation)
    }
}

extension VerifierBox {
    /// The position among the registrations of the one a verdict matched, -1 for none.
    @inline(__always)
    func index(of matched: String?) -> Int64 {
        guard let matched else { return -1 }
        // Lengths first (a native string knows its own): most registrations differ in length, and
        // comparing two strings' contents costs a runtime call each.
        let count = matched.utf8.count
        guard let index = verifier.registered.firstIndex(where: { $0.utf8.count == count && $0 == matched }) else { return -1 }
        return Int64(index)
    }
}

extension rdu_verdict {
    /// The verdict as the header writes it; `explanation_length` is 0 until the explanation is
    /// written.
    @inline(__always)
    init(_ verdict: VerificationVerdict, matched: Int64) {
        let identity: Int =
            switch verdict.identity {
            case nil: RDU_IDENTITY_NONE
            case .reportedByOS: RDU_IDENTITY_REPORTED_BY_OS
            case .claimedByRedirectURI: RDU_IDENTITY_CLAIMED_BY_REDIRECT_URI
            }
        let rule = verdict.failedRule.flatMap { rule in ruleIdentifiers.entries.firstIndex { $0.text == rule.identifier } }
        self.init(
            accepted: verdict.accepted ? 1 : 0, identity: rdu_identity(identity),
            rule: rule.map { ruleIdentifiers.entries[$0].pointer }, requirement: rule.map { ruleRequirements.entries[$0].pointer },
            field: verdict.field.flatMap(parameterNames.pointer(for:)), matched: matched, explanation_length: 0)
    }
}
