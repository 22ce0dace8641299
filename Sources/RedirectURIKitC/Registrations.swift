import CRedirectURIKit
import RedirectURIKit

/// What an `rdu_registrations *` points at: every client's registrations, read once, immutable,
/// shared by every thread the caller hands them to.
final class RegistrationsBox: Sendable {
    let registrations: Registrations

    init(_ registrations: Registrations) { self.registrations = registrations }

    /// The box behind a caller's pointer (which rdu_registrations_create_json made).
    @inline(__always)
    static func from(_ pointer: OpaquePointer) -> RegistrationsBox {
        Unmanaged<RegistrationsBox>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}

/// `rdu_registrations_create_json`: ``Registrations/init(json:options:)-([UInt8],_)`` on the
/// caller's bytes.
@_cdecl("rdu_registrations_create_json")
public func cRegistrationsCreateJSON(
    _ json: UnsafePointer<CChar>?, _ length: Int, _ registrations: UnsafeMutablePointer<OpaquePointer?>?,
    _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let bytes = inputBytes(json, length), let registrations else { return Status.invalidArgument }
    do {
        let box = RegistrationsBox(try Registrations(json: Array(bytes)))
        registrations.pointee = OpaquePointer(Unmanaged.passRetained(box).toOpaque())
        return succeeded(errorOut)
    } catch {
        let strings = registrationsErrorStrings.strings(of: error.kind)
        errorOut?.pointee = rdu_error(
            code: strings.code, explanation: strings.explanation, parameter: nil, offset: error.offset.map(Int64.init) ?? -1)
        return Status.invalidInput
    }
}

/// `rdu_registrations_release`: balances the retain of `rdu_registrations_create_json`.
@_cdecl("rdu_registrations_release")
public func cRegistrationsRelease(_ registrations: OpaquePointer?) {
    guard let registrations else { return }
    Unmanaged<RegistrationsBox>.fromOpaque(UnsafeRawPointer(registrations)).release()
}

/// `rdu_registrations_verify_request`: ``Registrations/verify(message:caller:)``, the request read
/// once; `matched` is the index among the request's client's redirect URIs.
@_cdecl("rdu_registrations_verify_request")
public func cRegistrationsVerifyRequest(
    _ registrations: OpaquePointer?, _ request: UnsafePointer<CChar>?, _ requestLength: Int, _ callerBundleID: UnsafePointer<CChar>?,
    _ callerBundleIDLength: Int, _ verdict: UnsafeMutablePointer<rdu_verdict>?, _ explanation: UnsafeMutablePointer<CChar>?,
    _ explanationCapacity: Int
) -> rdu_status {
    guard let registrations, let verdict, let bytes = inputBytes(request, requestLength),
        let output = OutputBuffer(explanation, explanationCapacity), let caller = caller(callerBundleID, callerBundleIDLength)
    else { return Status.invalidArgument }
    let box = RegistrationsBox.from(registrations)
    let text = inputText(bytes)
    guard let message = try? BrokerMessage(parsing: text) else {
        // Not a URI: the library's own rejection of such a request.
        write(box.registrations.verify(request: text, caller: caller), matched: -1, to: verdict, explanation: output)
        return Status.ok
    }
    let result = box.registrations.verify(message: message, caller: caller)
    var matched: Int64 = -1
    if let registered = result.matched, let clientID = message.clientID,
        let index = box.registrations.redirectURIs(forClientID: clientID)?.firstIndex(of: registered)
    {
        matched = Int64(index)
    }
    write(result, matched: matched, to: verdict, explanation: output)
    return Status.ok
}
