import CRedirectURIKit
import RedirectURIKit

// What every function of the C API does at its edge: read the caller's pointers and lengths
// without trusting them, turn the library's answers into the header's types, and fill the
// caller's rdu_error. Nothing here traps on what a caller passes: a pointer that cannot be read
// is RDU_STATUS_INVALID_ARGUMENT, before anything is read through it.

/// The header's status constants, as the type functions return.
enum Status {
    static let ok = rdu_status(RDU_STATUS_OK)
    static let invalidArgument = rdu_status(RDU_STATUS_INVALID_ARGUMENT)
    static let invalidInput = rdu_status(RDU_STATUS_INVALID_INPUT)
    static let bufferTooSmall = rdu_status(RDU_STATUS_BUFFER_TOO_SMALL)
}

/// The caller's `length` bytes at `pointer`, or `nil` when they cannot be read: a NULL pointer
/// with a length, or a length above `Int.max` (a `size_t` Swift sees as negative). A NULL pointer
/// with length 0 is the empty input.
@inline(__always)
func inputBytes(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> UnsafeBufferPointer<UInt8>? {
    guard length >= 0 else { return nil }
    guard let pointer else { return length == 0 ? UnsafeBufferPointer(start: nil, count: 0) : nil }
    return UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
}

/// The caller's bytes as a string, for the entry points of the library that read text.
///
/// Invalid UTF-8 becomes U+FFFD here, and that changes no answer: every such entry point starts
/// by parsing a URI, whose grammar is ASCII, so the first byte that is not ASCII fails the parse,
/// at or before the first replaced byte, with the same code at the same offset (everything
/// before it is unchanged). The differential fuzz target (FuzzCAPI) holds the C answers on the
/// raw bytes equal to the Swift answers.
@inline(__always)
func inputText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// A caller's output buffer of `capacity` bytes: `nil` when it cannot be written (NULL with a
/// capacity, or a capacity above `Int.max`); a NULL buffer of capacity 0 asks for a length only.
struct OutputBuffer {
    let start: UnsafeMutablePointer<CChar>?
    let capacity: Int

    init?(_ start: UnsafeMutablePointer<CChar>?, _ capacity: Int) {
        guard capacity >= 0, start != nil || capacity == 0 else { return nil }
        self.start = start
        self.capacity = capacity
    }

    /// Writes `text` and a NUL when both fit, and its length (without the NUL) to `length`.
    func write(_ text: some StringProtocol, length: UnsafeMutablePointer<Int>) -> rdu_status {
        let count = text.utf8.count
        length.pointee = count
        guard count < capacity, let start else { return Status.bufferTooSmall }
        var index = 0
        for byte in text.utf8 {
            start[index] = CChar(bitPattern: byte)
            index += 1
        }
        start[count] = 0
        return Status.ok
    }

    /// Writes as much of `text` as fits with a NUL after it, as snprintf does; returns the whole
    /// length.
    func writeTruncating(_ text: String) -> Int {
        let count = text.utf8.count
        guard capacity > 0, let start else { return count }
        let written = min(count, capacity - 1)
        var index = 0
        for byte in text.utf8.prefix(written) {
            start[index] = CChar(bitPattern: byte)
            index += 1
        }
        start[written] = 0
        return count
    }
}

/// An absent range.
let absentRange = rdu_range(offset: -1, length: 0)

extension rdu_range {
    /// The range of `range`, absent when `nil`.
    @inline(__always)
    init(_ range: Range<Int>?) {
        if let range {
            self.init(offset: Int64(range.lowerBound), length: Int64(range.count))
        } else {
            self = absentRange
        }
    }
}

extension rdu_error {
    /// No error.
    static var none: rdu_error { rdu_error(code: nil, explanation: nil, parameter: nil, offset: -1) }
}

/// Clears the caller's error, when there is one, and returns RDU_STATUS_OK.
@inline(__always)
func succeeded(_ error: UnsafeMutablePointer<rdu_error>?) -> rdu_status {
    error?.pointee = .none
    return Status.ok
}

/// Fills the caller's error with a parse error and returns RDU_STATUS_INVALID_INPUT.
func failed(_ parse: URIParseError, _ error: UnsafeMutablePointer<rdu_error>?) -> rdu_status {
    let strings = parseErrorStrings.strings(of: parse.kind)
    error?.pointee = rdu_error(code: strings.code, explanation: strings.explanation, parameter: nil, offset: Int64(parse.offset))
    return Status.invalidInput
}

/// Fills the caller's error with a build error and returns RDU_STATUS_INVALID_INPUT.
func failed(_ build: RedirectBuildError, _ error: UnsafeMutablePointer<rdu_error>?) -> rdu_status {
    let strings = buildErrorStrings.strings(of: build.kind)
    error?.pointee = rdu_error(
        code: strings.code, explanation: strings.explanation, parameter: nil, offset: build.offset.map(Int64.init) ?? -1)
    return Status.invalidInput
}

/// Fills the caller's error with a broker message error and returns RDU_STATUS_INVALID_INPUT.
func failed(_ message: BrokerMessageError, _ error: UnsafeMutablePointer<rdu_error>?) -> rdu_status {
    let strings = messageErrorStrings.strings(of: message.kind)
    error?.pointee = rdu_error(
        code: strings.code, explanation: strings.explanation, parameter: message.parameter.flatMap(parameterNames.pointer(for:)),
        offset: message.offset.map(Int64.init) ?? -1)
    return Status.invalidInput
}
