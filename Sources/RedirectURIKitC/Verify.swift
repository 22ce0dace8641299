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

/// `rdu_verify_redirect_uri`: ``RedirectVerifier/verify(_:callerBundleID:)-(String,_)``, the caller
/// reported (a bundle ID) or not (NULL).
@_cdecl("rdu_verify_redirect_uri")
public func cVerifyRedirectURI(
    _ verifier: OpaquePointer?, _ presented: UnsafePointer<CChar>?, _ presentedLength: Int, _ callerBundleID: UnsafePointer<CChar>?,
    _ callerBundleIDLength: Int, _ verdict: UnsafeMutablePointer<rdu_verdict>?, _ explanation: UnsafeMutablePointer<CChar>?,
    _ explanationCapacity: Int
) -> rdu_status {
    verify(verifier, presented, presentedLength, callerBundleID, callerBundleIDLength, verdict, explanation, explanationCapacity) {
        box, text, caller in
        box.verifier.verify(text, callerBundleID: caller)
    }
}

/// `rdu_verify_request`: ``RedirectVerifier/verify(request:callerBundleID:)`` for a reported caller,
/// ``RedirectVerifier/verifyWithoutCaller(request:)`` for one the OS did not name (NULL).
@_cdecl("rdu_verify_request")
public func cVerifyRequest(
    _ verifier: OpaquePointer?, _ request: UnsafePointer<CChar>?, _ requestLength: Int, _ callerBundleID: UnsafePointer<CChar>?,
    _ callerBundleIDLength: Int, _ verdict: UnsafeMutablePointer<rdu_verdict>?, _ explanation: UnsafeMutablePointer<CChar>?,
    _ explanationCapacity: Int
) -> rdu_status {
    verify(verifier, request, requestLength, callerBundleID, callerBundleIDLength, verdict, explanation, explanationCapacity) {
        box, text, caller in
        if let caller {
            box.verifier.verify(request: text, callerBundleID: caller)
        } else {
            box.verifier.verifyWithoutCaller(request: text)
        }
    }
}

/// What both verifications do at the boundary: read the arguments, run `check`, write the verdict.
/// `check` reaches the verifier through its box, so that the verifier is not copied (a copy
/// retained and released each of its arrays: a tenth of a verification).
@inline(__always)
func verify(
    _ verifier: OpaquePointer?, _ input: UnsafePointer<CChar>?, _ inputLength: Int, _ callerBundleID: UnsafePointer<CChar>?,
    _ callerBundleIDLength: Int, _ verdict: UnsafeMutablePointer<rdu_verdict>?, _ explanation: UnsafeMutablePointer<CChar>?,
    _ explanationCapacity: Int, _ check: (VerifierBox, String, String?) -> VerificationVerdict
) -> rdu_status {
    guard let verifier, let verdict, let bytes = inputBytes(input, inputLength),
        let output = OutputBuffer(explanation, explanationCapacity)
    else { return Status.invalidArgument }
    // NULL: the OS did not report the caller (the length is then not read).
    var caller: String?
    if callerBundleID != nil {
        guard let callerBytes = inputBytes(callerBundleID, callerBundleIDLength) else { return Status.invalidArgument }
        caller = inputText(callerBytes)
    }
    let box = VerifierBox.from(verifier)
    let result = check(box, inputText(bytes), caller)
    verdict.pointee = rdu_verdict(result, callerReported: caller != nil, matched: box.index(of: result.matched))
    if explanation != nil {
        verdict.pointee.explanation_length = output.writeTruncating(result.explanation)
    }
    return Status.ok
}

extension VerifierBox {
    /// The position among the registrations of the one a verdict matched, -1 for none.
    @inline(__always)
    func index(of matched: String?) -> Int64 {
        guard let matched, let index = verifier.registered.firstIndex(of: matched) else { return -1 }
        return Int64(index)
    }
}

extension rdu_verdict {
    /// The verdict as the header writes it; `explanation_length` is 0 until the explanation is
    /// asked for (working it out is most of what a rejection costs).
    @inline(__always)
    init(_ verdict: VerificationVerdict, callerReported: Bool, matched: Int64) {
        let identity: Int
        if !verdict.accepted {
            identity = RDU_IDENTITY_NONE
        } else if callerReported {
            identity = RDU_IDENTITY_REPORTED_BY_OS
        } else {
            identity = RDU_IDENTITY_CLAIMED_BY_REDIRECT_URI
        }
        let rule = verdict.failedRule.flatMap { rule in ruleIdentifiers.entries.firstIndex { $0.text == rule.identifier } }
        self.init(
            accepted: verdict.accepted ? 1 : 0, identity: rdu_identity(identity),
            rule: rule.map { ruleIdentifiers.entries[$0].pointer }, requirement: rule.map { ruleRequirements.entries[$0].pointer },
            matched: matched, explanation_length: 0)
    }
}
