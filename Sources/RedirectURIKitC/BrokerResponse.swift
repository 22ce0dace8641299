import CRedirectURIKit
import RedirectURIKit

/// `rdu_read_broker_response`: ``BrokerResponse/read(bytes:)`` on the caller's bytes (read in
/// place: no copy of the ciphertext), the fields handed out as offsets.
@_cdecl("rdu_read_broker_response")
public func cReadBrokerResponse(
    _ url: UnsafePointer<CChar>?, _ length: Int, _ response: UnsafeMutablePointer<rdu_broker_response>?,
    _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let bytes = inputBytes(url, length), let response else { return Status.invalidArgument }
    do {
        let read = try BrokerResponse.read(bytes: bytes)
        response.pointee = rdu_broker_response(
            kind: rdu_response_kind(read.kind == .success ? RDU_RESPONSE_SUCCESS : RDU_RESPONSE_ERROR),
            protocol_version: read.protocolVersion.map { Int32(clamping: $0) } ?? -1, redirect_uri: rdu_range(read.redirectURI),
            response: rdu_range(read.response), hash: rdu_range(read.hash), broker_nonce: rdu_range(read.brokerNonce),
            error_code: rdu_range(read.errorCode))
        return succeeded(errorOut)
    } catch {
        return failed(error, errorOut)
    }
}

/// A parameter's value for an answer, refused when it is not UTF-8: the builders form-encode what
/// they are given, so a byte replaced here would reach the app as another value.
func parameterValue(_ bytes: UnsafeBufferPointer<UInt8>, _ name: String) throws(BrokerMessageError) -> String {
    // Decoding replaces what is not UTF-8, so the text has other bytes exactly when it was not.
    let text = inputText(bytes)
    guard text.utf8.elementsEqual(bytes) else {
        throw BrokerMessageError(.invalidValue, parameter: name, detail: "not UTF-8")
    }
    return text
}

/// Runs a response builder and writes the URL it built, or its error.
func writeAnswer(
    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ urlLength: UnsafeMutablePointer<Int>?,
    _ errorOut: UnsafeMutablePointer<rdu_error>?, _ builder: () throws(BrokerMessageError) -> BrokerResponse
) -> rdu_status {
    guard let output = OutputBuffer(buffer, capacity), let urlLength else { return Status.invalidArgument }
    do {
        let status = output.write(try builder().url.text, length: urlLength)
        return status == Status.ok ? succeeded(errorOut) : status
    } catch {
        return failed(error, errorOut)
    }
}

/// `rdu_build_success_response`: ``BrokerResponse/success(answering:response:hash:)``.
@_cdecl("rdu_build_success_response")
public func cBuildSuccessResponse(
    _ request: UnsafePointer<CChar>?, _ requestLength: Int, _ response: UnsafePointer<CChar>?, _ responseLength: Int,
    _ hash: UnsafePointer<CChar>?, _ hashLength: Int, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ urlLength: UnsafeMutablePointer<Int>?, _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let request = inputBytes(request, requestLength), let response = inputBytes(response, responseLength),
        let hash = inputBytes(hash, hashLength)
    else { return Status.invalidArgument }
    return writeAnswer(buffer, capacity, urlLength, errorOut) { () throws(BrokerMessageError) in
        try BrokerResponse.success(
            answering: BrokerRequest(parsing: inputText(request)), response: parameterValue(response, "response"),
            hash: parameterValue(hash, "hash"))
    }
}

/// `rdu_build_error_response`: ``BrokerResponse/error(answering:code:description:)``.
@_cdecl("rdu_build_error_response")
public func cBuildErrorResponse(
    _ request: UnsafePointer<CChar>?, _ requestLength: Int, _ errorCode: UnsafePointer<CChar>?, _ errorCodeLength: Int,
    _ errorDescription: UnsafePointer<CChar>?, _ errorDescriptionLength: Int, _ buffer: UnsafeMutablePointer<CChar>?,
    _ capacity: Int, _ urlLength: UnsafeMutablePointer<Int>?, _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let request = inputBytes(request, requestLength), let errorCode = inputBytes(errorCode, errorCodeLength) else {
        return Status.invalidArgument
    }
    // NULL: no description (its length is then not read).
    var description: UnsafeBufferPointer<UInt8>?
    if errorDescription != nil {
        guard let bytes = inputBytes(errorDescription, errorDescriptionLength) else { return Status.invalidArgument }
        description = bytes
    }
    return writeAnswer(buffer, capacity, urlLength, errorOut) { () throws(BrokerMessageError) in
        try BrokerResponse.error(
            answering: BrokerRequest(parsing: inputText(request)), code: parameterValue(errorCode, "error_code"),
            description: description.map { bytes throws(BrokerMessageError) in try parameterValue(bytes, "error_description") })
    }
}

/// `rdu_check_round_trip`: ``BrokerResponse/answers(_:)`` of the two URLs, each read once.
@_cdecl("rdu_check_round_trip")
public func cCheckRoundTrip(
    _ request: UnsafePointer<CChar>?, _ requestLength: Int, _ response: UnsafePointer<CChar>?, _ responseLength: Int,
    _ verdict: UnsafeMutablePointer<rdu_verdict>?, _ explanation: UnsafeMutablePointer<CChar>?, _ explanationCapacity: Int,
    _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let request = inputBytes(request, requestLength), let response = inputBytes(response, responseLength), let verdict,
        let output = OutputBuffer(explanation, explanationCapacity)
    else { return Status.invalidArgument }
    do {
        let sent = try BrokerRequest(parsing: inputText(request))
        let received = try BrokerResponse(parsing: inputText(response))
        write(received.answers(sent), matched: -1, to: verdict, explanation: output)
        return succeeded(errorOut)
    } catch {
        return failed(error, errorOut)
    }
}
