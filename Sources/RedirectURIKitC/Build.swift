import CRedirectURIKit
import RedirectURIKit

// The builders of redirect_uri.h, each the Swift builder of its form (RedirectBuilders.swift):
// the C side reads the parts and writes the built URI into the caller's buffer.

/// Runs a Swift builder and writes what it built, or its error.
@inline(__always)
func build(
    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ uriLength: UnsafeMutablePointer<Int>?,
    _ errorOut: UnsafeMutablePointer<rdu_error>?, _ builder: () throws(RedirectBuildError) -> RedirectURI
) -> rdu_status {
    guard let output = OutputBuffer(buffer, capacity), let uriLength else { return Status.invalidArgument }
    do {
        let status = output.write(try builder().reference.text, length: uriLength)
        return status == Status.ok ? succeeded(errorOut) : status
    } catch {
        return failed(error, errorOut)
    }
}

/// A bundle ID part: the Swift builders take a ``BundleID``, which a text that is not one never
/// becomes (`invalid-part`).
func bundleIDPart(_ bytes: UnsafeBufferPointer<UInt8>) throws(RedirectBuildError) -> BundleID {
    guard let bundleID = BundleID(inputText(bytes)) else {
        throw RedirectBuildError(.invalidPart, detail: "not a bundle ID")
    }
    return bundleID
}

/// `rdu_build_adal_broker`: ``RedirectURI/adalBroker(scheme:bundleID:)``.
@_cdecl("rdu_build_adal_broker")
public func cBuildADALBroker(
    _ scheme: UnsafePointer<CChar>?, _ schemeLength: Int, _ bundleID: UnsafePointer<CChar>?, _ bundleIDLength: Int,
    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ uriLength: UnsafeMutablePointer<Int>?,
    _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let scheme = inputBytes(scheme, schemeLength), let bundleID = inputBytes(bundleID, bundleIDLength) else {
        return Status.invalidArgument
    }
    return build(buffer, capacity, uriLength, errorOut) { () throws(RedirectBuildError) in
        try RedirectURI.adalBroker(scheme: inputText(scheme), bundleID: bundleIDPart(bundleID))
    }
}

/// `rdu_build_msal_broker`: ``RedirectURI/msalBroker(bundleID:)``.
@_cdecl("rdu_build_msal_broker")
public func cBuildMSALBroker(
    _ bundleID: UnsafePointer<CChar>?, _ bundleIDLength: Int, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ uriLength: UnsafeMutablePointer<Int>?, _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let bundleID = inputBytes(bundleID, bundleIDLength) else { return Status.invalidArgument }
    return build(buffer, capacity, uriLength, errorOut) { () throws(RedirectBuildError) in
        try RedirectURI.msalBroker(bundleID: bundleIDPart(bundleID))
    }
}

/// `rdu_build_msal_client_id`: ``RedirectURI/msalClientID(_:)``.
@_cdecl("rdu_build_msal_client_id")
public func cBuildMSALClientID(
    _ clientID: UnsafePointer<CChar>?, _ clientIDLength: Int, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ uriLength: UnsafeMutablePointer<Int>?, _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let clientID = inputBytes(clientID, clientIDLength) else { return Status.invalidArgument }
    return build(buffer, capacity, uriLength, errorOut) { () throws(RedirectBuildError) in
        try RedirectURI.msalClientID(inputText(clientID))
    }
}

/// `rdu_build_certificate_auth`: ``RedirectURI/certificateAuth(wrapping:)`` of the inner text,
/// parsed first (`invalid-uri` with the parse error's offset when it is no URI).
@_cdecl("rdu_build_certificate_auth")
public func cBuildCertificateAuth(
    _ inner: UnsafePointer<CChar>?, _ innerLength: Int, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ uriLength: UnsafeMutablePointer<Int>?, _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let inner = inputBytes(inner, innerLength) else { return Status.invalidArgument }
    return build(buffer, capacity, uriLength, errorOut) { () throws(RedirectBuildError) in
        let parsed: RedirectURI
        do throws(URIParseError) {
            parsed = try RedirectURI(parsing: inputText(inner))
        } catch {
            throw RedirectBuildError(.invalidURI, detail: "the inner URI", offset: error.offset, underlying: error)
        }
        return try RedirectURI.certificateAuth(wrapping: parsed)
    }
}

/// `rdu_build_android_broker`: ``RedirectURI/androidBroker(package:signatureHash:)``.
@_cdecl("rdu_build_android_broker")
public func cBuildAndroidBroker(
    _ package: UnsafePointer<CChar>?, _ packageLength: Int, _ signatureHash: UnsafePointer<UInt8>?, _ signatureHashLength: Int,
    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ uriLength: UnsafeMutablePointer<Int>?,
    _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let package = inputBytes(package, packageLength), signatureHashLength >= 0,
        signatureHash != nil || signatureHashLength == 0
    else { return Status.invalidArgument }
    let hash = Array(UnsafeBufferPointer(start: signatureHash, count: signatureHashLength))
    return build(buffer, capacity, uriLength, errorOut) { () throws(RedirectBuildError) in
        try RedirectURI.androidBroker(package: inputText(package), signatureHash: hash)
    }
}

/// `rdu_build_private_use`: ``RedirectURI/privateUse(scheme:path:)``.
@_cdecl("rdu_build_private_use")
public func cBuildPrivateUse(
    _ scheme: UnsafePointer<CChar>?, _ schemeLength: Int, _ path: UnsafePointer<CChar>?, _ pathLength: Int,
    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ uriLength: UnsafeMutablePointer<Int>?,
    _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let scheme = inputBytes(scheme, schemeLength), let path = inputBytes(path, pathLength) else {
        return Status.invalidArgument
    }
    return build(buffer, capacity, uriLength, errorOut) { () throws(RedirectBuildError) in
        try RedirectURI.privateUse(scheme: inputText(scheme), path: inputText(path))
    }
}

/// `rdu_build_loopback`: ``RedirectURI/loopback(host:port:path:)``; port 0 is no port.
@_cdecl("rdu_build_loopback")
public func cBuildLoopback(
    _ host: rdu_loopback_host, _ port: Int32, _ path: UnsafePointer<CChar>?, _ pathLength: Int,
    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ uriLength: UnsafeMutablePointer<Int>?,
    _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    let loopbackHost: RedirectURI.LoopbackHost
    switch Int(host) {
    case RDU_LOOPBACK_IPV4: loopbackHost = .ipv4
    case RDU_LOOPBACK_IPV6: loopbackHost = .ipv6
    default: return Status.invalidArgument
    }
    guard let path = inputBytes(path, pathLength) else { return Status.invalidArgument }
    return build(buffer, capacity, uriLength, errorOut) { () throws(RedirectBuildError) in
        try RedirectURI.loopback(host: loopbackHost, port: port == 0 ? nil : Int(port), path: inputText(path))
    }
}

/// `rdu_build_https`: ``RedirectURI/https(host:path:)``.
@_cdecl("rdu_build_https")
public func cBuildHTTPS(
    _ host: UnsafePointer<CChar>?, _ hostLength: Int, _ path: UnsafePointer<CChar>?, _ pathLength: Int,
    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ uriLength: UnsafeMutablePointer<Int>?,
    _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let host = inputBytes(host, hostLength), let path = inputBytes(path, pathLength) else { return Status.invalidArgument }
    return build(buffer, capacity, uriLength, errorOut) { () throws(RedirectBuildError) in
        try RedirectURI.https(host: inputText(host), path: inputText(path))
    }
}
