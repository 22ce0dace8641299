// Helpers shared by the fuzz targets. Nothing here is a property; each target states its own.
import RedirectURI

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
