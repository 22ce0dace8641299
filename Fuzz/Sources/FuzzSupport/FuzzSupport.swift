// Helpers shared by the fuzz targets. Nothing here is a property; each target states its own.
import RedirectURIKit

/// The input of the current run, printed when a property fails (libFuzzer also saves it).
nonisolated(unsafe) public var currentInput: [UInt8] = []

/// Copies libFuzzer's buffer and remembers it for failure messages.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    currentInput = bytes
    return bytes
}

/// Fails the run: prints what broke and the input, then traps, so libFuzzer writes a crash file.
public func fail(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError(
        "property failed: \(message())\n  input (\(currentInput.count) bytes): \(escaped(currentInput))\n  hex: \(hex(currentInput))",
        file: file, line: line)
}

/// Fails the run unless `condition` holds.
@inline(__always)
public func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fail(message(), file: file, line: line) }
}

/// Every grammar the parser offers.
public let allGrammars: [URIGrammar] = [.uriReference, .uri, .absoluteURI, .relativeReference]

/// Every public byte class, with its name, for encode/decode properties.
public let allByteClasses: [(name: String, byteClass: ByteClass)] = [
    ("alpha", .alpha), ("digit", .digit), ("hexDigit", .hexDigit), ("unreserved", .unreserved),
    ("subDelims", .subDelims), ("genDelims", .genDelims), ("scheme", .scheme),
    ("userinfo", .userinfo), ("regName", .regName), ("pchar", .pchar),
    ("segmentNoColon", .segmentNoColon), ("path", .path), ("queryOrFragment", .queryOrFragment),
    ("ipvFutureTail", .ipvFutureTail),
]

/// Lowercase hex, two digits per byte.
public func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
}

/// Printable ASCII as is, everything else as `\xHH`.
public func escaped(_ bytes: some Sequence<UInt8>) -> String {
    var out = ""
    for byte in bytes {
        if byte >= 0x20, byte < 0x7F, byte != 0x5C {
            out.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
            out += "\\x" + hex([byte])
        }
    }
    return out
}

/// The input as a String when it is valid UTF-8 (no repair), else `nil`.
public func validString(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)
}

/// A short description of a parse outcome, for comparing entry points.
public func outcome(_ result: Result<URIComponentRanges, URIParseError>) -> String {
    switch result {
    case .success(let ranges): return "ok \(ranges)"
    case .failure(let error):
        let excerpt = error.excerpt
        return "error \(error.kind.code)@\(error.offset) excerpt \(excerpt.start)+\(hex(excerpt.bytes))/\(excerpt.inputLength)"
    }
}

/// Parses through the bytes entry point.
public func parseBytes(_ bytes: [UInt8], as grammar: URIGrammar) -> Result<URIReference, URIParseError> {
    Result { () throws(URIParseError) in try URIReference(bytes: bytes, as: grammar) }
}

/// Parses through the String entry point.
public func parseString(_ string: String, as grammar: URIGrammar) -> Result<URIReference, URIParseError> {
    Result { () throws(URIParseError) in try URIReference(parsing: string, as: grammar) }
}

extension Result where Success == URIReference, Failure == URIParseError {
    /// The ranges on success, for comparing outcomes across entry points.
    public var ranges: Result<URIComponentRanges, URIParseError> { map(\.ranges) }
}

// MARK: - Independent bundle ID extraction (SPEC §5–§6), shared by the redirect and broker targets

/// `1*( ALPHA / DIGIT / "-" / "." )` with no empty label (SPEC §5).
public func isBundleIDReference(_ bytes: [UInt8]) -> Bool {
    let allowed = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-".utf8))
    let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    return !bytes.isEmpty && labels.allSatisfy { !$0.isEmpty && $0.allSatisfy(allowed.contains) }
}

/// The bundle ID a presented URI carries, extracted independently of the classifier: the host of
/// `<scheme>://<host>`, the scheme after `msauth.`, or that of the URI a `msauth://code/…` wrapper
/// decodes to. `nil` when it carries none that is a valid bundle ID.
public func carriedBundleID(_ bytes: [UInt8]) -> String? {
    guard case .success(let reference) = parseBytes(bytes, as: .uri), let scheme = reference.scheme else { return nil }
    if scheme.lowercased() == "msauth", reference.host == "code" {
        let path = reference.path
        guard path.hasPrefix("/"), let inner = try? PercentEncoding.decodeString(path.dropFirst()) else { return nil }
        return carriedBundleID(Array(inner.utf8))
    }
    if scheme.lowercased().hasPrefix("msauth.") {
        let suffix = Array(scheme.utf8.dropFirst(7))
        return isBundleIDReference(suffix) ? String(decoding: suffix, as: UTF8.self) : nil
    }
    guard let host = reference.host, isBundleIDReference(Array(host.utf8)) else { return nil }
    return String(host)
}


// MARK: - Open library bugs

/// Library bugs the fuzzers found that are not fixed yet. While one is listed (as a case here and
/// in `openKnownBugs`), the check that finds it is skipped with
/// `if openKnownBugs.contains(.theBug) …`, so fuzzing can go on looking for others; its minimized
/// reproducer is in Corpus/regressions/<Target>/. Delete the case and its skip with the fix (the
/// reproducer then guards it). Fixed so far: broker responses with undecodable parameters
/// (FuzzBroker/broker-response-undecodable-parameter, and in error responses
/// FuzzBroker/broker-error-response-undecodable-response), the private-use builder's unchecked
/// scheme (FuzzRedirect/redirect-private-use-builder-scheme), and a bare `msauth.` scheme read as
/// an ADAL app scheme (FuzzRedirect/redirect-bare-msauth-dot-scheme).
public enum KnownBug: Hashable, Sendable {}

/// The bugs currently tolerated.
public let openKnownBugs: Set<KnownBug> = []
