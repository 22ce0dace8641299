// What every property shares: the failure it reports, the target list, and helpers for inputs.
//
// This folder is compiled twice: as `FuzzProperties` in the Fuzz package, where each libFuzzer
// entry point calls its target's property and traps on a failure (Fuzz/Sources/FuzzSupport), and
// as `RedirectURIFuzzProperties` in the root package, where `swift test` replays the committed
// corpus through the same functions. So nothing here traps, keeps state between inputs or
// depends on how it is built (release fuzzing builds have no `@testable`): a property reads only
// the library's public and `@_spi(Testing)` API and reports its first failure by throwing.
@_spi(Testing) import RedirectURIKit

/// A property that does not hold for an input: what broke and where the check is.
public struct PropertyFailure: Error, Sendable, CustomStringConvertible {
    /// What broke.
    public let message: String
    /// The check that found it (`#fileID:#line`).
    public let location: String

    init(_ message: String, file: StaticString, line: UInt) {
        self.message = message
        self.location = "\(file):\(line)"
    }

    /// `property failed: <message> (<location>)`.
    public var description: String { "property failed: \(message) (\(location))" }
}

/// A failure to throw: `throw failure("…")`.
func failure(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> PropertyFailure {
    PropertyFailure(message, file: file, line: line)
}

/// Throws unless `condition` holds.
@inline(__always)
func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) throws(PropertyFailure) {
    if !condition() { throw PropertyFailure(message(), file: file, line: line) }
}

/// The fuzz targets, each with its property (see Fuzz/README.md for the input formats).
public enum FuzzTarget: String, CaseIterable, Sendable, Codable {
    case parse = "FuzzParse"
    case roundTrip = "FuzzRoundTrip"
    case percentCoding = "FuzzPercentCoding"
    case differential = "FuzzDifferential"
    case redirect = "FuzzRedirect"
    case broker = "FuzzBroker"
    case hotPath = "FuzzHotPath"

    /// The target's folder name, which is also its corpus folder's (`Corpus/<name>/`).
    public var name: String { rawValue }

    /// Checks the target's property on `input`; throws the first failure.
    ///
    /// Parsers are also handed `input` itself: give it an allocation of exactly its length (as
    /// libFuzzer does) so that AddressSanitizer reports a read one byte past its end.
    public func check(_ input: UnsafeBufferPointer<UInt8>) throws(PropertyFailure) {
        switch self {
        case .parse: try ParseProperty.check(input)
        case .roundTrip: try RoundTripProperty.check(input)
        case .percentCoding: try PercentCodingProperty.check(input)
        case .differential: try DifferentialProperty.check(input)
        case .redirect: try RedirectProperty.check(input)
        case .broker: try BrokerProperty.check(input)
        case .hotPath: try HotPathProperty.check(input)
        }
    }

    /// The way strings reach bytes that the fuzz targets force for `input`: one of the three
    /// paths of ``StringBytesPath``, chosen by the sum of the input's bytes, so that libFuzzer's
    /// inputs spread over all three while a saved input always replays on the path it failed on.
    @_spi(Testing) public static func stringBytesPath(for input: UnsafeBufferPointer<UInt8>) -> StringBytesPath {
        var sum = 0
        for byte in input { sum &+= Int(byte) }
        let paths = StringBytesPath.allCases
        return paths[sum % paths.count]
    }
}

/// Runs `body` on a copy of `bytes` in an allocation of exactly their length: an array's spare
/// capacity would hide a read one byte past the end from AddressSanitizer.
func withExactCopy<Value>(of bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    defer { copy.deallocate() }
    _ = copy.initialize(from: bytes)
    return body(UnsafeBufferPointer(copy))
}

/// ``withExactCopy(of:_:)`` for bytes in a buffer (a slice of libFuzzer's input, say).
func withExactCopy<Value>(of bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    defer { copy.deallocate() }
    if let source = bytes.baseAddress, let target = copy.baseAddress {
        target.initialize(from: source, count: bytes.count)
    }
    return body(UnsafeBufferPointer(copy))
}

/// Every grammar the parser offers.
let allGrammars: [URIGrammar] = [.uriReference, .uri, .absoluteURI, .relativeReference]

/// Every public byte class, with its name, for encode/decode properties.
let allByteClasses: [(name: String, byteClass: ByteClass)] = [
    ("alpha", .alpha), ("digit", .digit), ("hexDigit", .hexDigit), ("unreserved", .unreserved),
    ("subDelims", .subDelims), ("genDelims", .genDelims), ("scheme", .scheme),
    ("userinfo", .userinfo), ("regName", .regName), ("pchar", .pchar),
    ("segmentNoColon", .segmentNoColon), ("path", .path), ("queryOrFragment", .queryOrFragment),
    ("ipvFutureTail", .ipvFutureTail),
]

/// A set of bytes written out by hand for the reference checks: the same meaning as a
/// `Set<UInt8>`, but a lookup is a bit test instead of hashing the byte. The reference checks
/// look up every byte of every input, and under the fuzzers' instrumentation a hashed lookup
/// costs dozens of traced comparisons.
struct ByteSet: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { insert(byte) }
    }

    private mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let word: UInt64
        switch byte >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word & (UInt64(1) << UInt64(byte & 63)) != 0
    }

    func union(_ other: ByteSet) -> ByteSet {
        var result = self
        result.words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
        return result
    }

    func union(_ bytes: some Sequence<UInt8>) -> ByteSet { union(ByteSet(bytes)) }
}

/// Lowercase hex, two digits per byte.
public func hex(_ bytes: some Sequence<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.underestimatedCount * 2)
    for byte in bytes {
        out.append(hexDigit(byte >> 4))
        out.append(hexDigit(byte & 0x0F))
    }
    return String(decoding: out, as: UTF8.self)
}

/// The lowercase hex digit of a value 0…15.
@inline(__always)
func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
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
func validString(_ bytes: [UInt8]) -> String? {
    standardLibraryValidatedString(bytes)
}

/// The standard library's strict reading of `bytes` as UTF-8: the text when the bytes are valid
/// UTF-8, else `nil`. The library's own validator is checked against it, so it must not share
/// that validator's code.
///
/// `String(validating:as:)` exists from macOS 15 / iOS 18 on; before that, the repairing decoder
/// stands in: it changes the bytes (replacing what is invalid with U+FFFD) exactly when they are
/// not valid UTF-8, so comparing its output with the input decides the same thing.
/// `repairRoundTripValidatedString` is that fallback on its own, so that a test can hold the two
/// equal on a platform where both run.
public func standardLibraryValidatedString(_ bytes: some Collection<UInt8>) -> String? {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return String(validating: bytes, as: UTF8.self)
    }
    return repairRoundTripValidatedString(bytes)
}

/// `standardLibraryValidatedString`'s fallback for OS versions before `String(validating:as:)`.
public func repairRoundTripValidatedString(_ bytes: some Collection<UInt8>) -> String? {
    let repaired = String(decoding: bytes, as: UTF8.self)
    return repaired.utf8.elementsEqual(bytes) ? repaired : nil
}

/// A short description of a parse outcome, for comparing entry points.
func outcome(_ result: Result<URIComponentRanges, URIParseError>) -> String {
    switch result {
    case .success(let ranges): return "ok \(ranges)"
    case .failure(let error):
        let excerpt = error.excerpt
        return "error \(error.kind.code)@\(error.offset) excerpt \(excerpt.start)+\(hex(excerpt.bytes))/\(excerpt.inputLength)"
    }
}

/// Parses through the bytes entry point.
func parseBytes(_ bytes: [UInt8], as grammar: URIGrammar) -> Result<URIReference, URIParseError> {
    Result { () throws(URIParseError) in try URIReference(bytes: bytes, as: grammar) }
}

/// Parses through the String entry point.
func parseString(_ string: String, as grammar: URIGrammar) -> Result<URIReference, URIParseError> {
    Result { () throws(URIParseError) in try URIReference(parsing: string, as: grammar) }
}

extension Result where Success == URIReference, Failure == URIParseError {
    /// The ranges on success, for comparing outcomes across entry points.
    var ranges: Result<URIComponentRanges, URIParseError> { map(\.ranges) }
}

// MARK: - Independent bundle ID extraction (SPEC §5–§6), shared by the redirect and broker targets

/// The bytes of a bundle ID label.
let bundleIDLabelBytes = ByteSet("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-".utf8)

/// `1*( ALPHA / DIGIT / "-" / "." )` with no empty label (SPEC §5).
func isBundleIDReference(_ bytes: some Collection<UInt8>) -> Bool {
    let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    return !bytes.isEmpty && labels.allSatisfy { !$0.isEmpty && $0.allSatisfy(bundleIDLabelBytes.contains) }
}

/// The bundle ID a presented URI carries, extracted independently of the classifier: the host of
/// `<scheme>://<host>`, the scheme after `msauth.`, or that of the URI a `msauth://code/…` wrapper
/// decodes to. `nil` when it carries none that is a valid bundle ID.
func carriedBundleID(_ bytes: [UInt8]) -> String? {
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
/// `if openKnownBugs.contains(.theBug) …`, so fuzzing (and the corpus replay in `swift test`) can
/// go on looking for others; its minimized reproducer is in Corpus/regressions/<Target>/. Delete
/// the case and its skip with the fix (the reproducer then guards it). Fixed so far: broker
/// responses with undecodable parameters (FuzzBroker/broker-response-undecodable-parameter, and in
/// error responses FuzzBroker/broker-error-response-undecodable-response), the private-use
/// builder's unchecked scheme (FuzzRedirect/redirect-private-use-builder-scheme), and a bare
/// `msauth.` scheme read as an ADAL app scheme (FuzzRedirect/redirect-bare-msauth-dot-scheme).
public enum KnownBug: Hashable, Sendable {}

/// The bugs currently tolerated.
public let openKnownBugs: Set<KnownBug> = []
