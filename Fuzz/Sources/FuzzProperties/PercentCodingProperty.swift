// FuzzPercentCoding — percent-encoding (RFC 3986 §2.1) and form encoding, on any bytes:
// - decode(encode(x, allowing: C)) == x for every public byte class C, and the encoding is
//   canonical: only bytes of C appear unencoded (never `%`), triplets use uppercase hex, and an
//   unreserved byte is never encoded when C contains it;
// - the String and byte-sequence `encode` overloads agree;
// - form encoding (`+` for space) decodes back with `plusIsSpace: true`;
// - strict decoding of the raw input agrees with the simple reference decoder below (the bytes,
//   or the error kind and offset), with and without `plusIsSpace`, through the String and the
//   buffer entry points;
// - `decodeString` agrees with the reference decoder plus a reference UTF-8 check built on the
//   standard library's validating initializer, including the offset of an invalid sequence;
// - `UTF8Validation.firstInvalidIndex` agrees with the same reference;
// - `needsDecoding == false` means decoding is the identity;
// - Base64 (the Android broker form's signature hash): decode(encode(x)) == x, strict decoding
//   agrees with a reference decoder (standard alphabet, padded, canonical), and the base64url
//   check agrees with a reference.
@_spi(Testing) import RedirectURIKit

enum PercentCodingProperty {
    static func check(_ input: UnsafeBufferPointer<UInt8>) throws(PropertyFailure) {
        let bytes = Array(input)
        let string = validString(bytes)

        // Encode → decode, for every class.
        for (name, byteClass) in allByteClasses {
            let encoded = PercentEncoding.encode(bytes, allowing: byteClass)
            try checkCanonicalEncoding(Array(encoded.utf8), source: bytes, byteClass: byteClass, name: name)
            switch Result(catching: { () throws(PercentDecodingError) in try PercentEncoding.decode(encoded) }) {
            case .success(let decoded): try require(decoded == bytes, "decode(encode(x, \(name))) != x")
            case .failure(let error): throw failure("decode(encode(x, \(name))) failed: \(error)")
            }
            if let string {
                try require(PercentEncoding.encode(string, allowing: byteClass) == encoded, "String and byte encode differ (\(name))")
            }
        }

        // Form encoding.
        if let string {
            let form = PercentEncoding.formEncode(string)
            try require(!form.utf8.contains(UInt8(ascii: " ")), "form encoding kept a space")
            switch Result(catching: { () throws(PercentDecodingError) in try PercentEncoding.decodeString(form, plusIsSpace: true) }) {
            case .success(let decoded): try require(decoded == string, "form decode(formEncode(x)) != x")
            case .failure(let error): throw failure("form decode(formEncode(x)) failed: \(error)")
            }
        }

        // Strict decoding of the raw input against the reference decoder.
        for plusIsSpace in [false, true] {
            let expected = referenceDecode(bytes, plusIsSpace: plusIsSpace)
            // On the caller's exact-size buffer: a read past its end is an ASan report.
            let viaBuffer = Result { () throws(PercentDecodingError) in try PercentEncoding.decode(bytes: input, plusIsSpace: plusIsSpace) }
            try compare(viaBuffer, expected, "decode(bytes:, plusIsSpace: \(plusIsSpace))")
            guard let string else { continue }
            let viaString = Result { () throws(PercentDecodingError) in try PercentEncoding.decode(string, plusIsSpace: plusIsSpace) }
            try compare(viaString, expected, "decode(String, plusIsSpace: \(plusIsSpace))")
            if !PercentEncoding.needsDecoding(string, plusIsSpace: plusIsSpace) {
                try require(expected.bytes == bytes, "needsDecoding is false but decoding changes the input")
            }

            // decodeString = decode + strict UTF-8.
            let decodedString = Result { () throws(PercentDecodingError) in
                try PercentEncoding.decodeString(string, plusIsSpace: plusIsSpace)
            }
            switch (expected.error, decodedString) {
            case (let error?, .failure(let actual)):
                try require(actual.kind == .invalidPercentEncoding && actual.offset == error, "decodeString: \(actual) vs reference invalid-percent-encoding at \(error)")
            case (nil, .success(let text)):
                try require(referenceFirstInvalidUTF8(expected.bytes) == nil, "decodeString accepted invalid UTF-8")
                try require(Array(text.utf8) == expected.bytes, "decodeString returned other bytes")
            case (nil, .failure(let actual)):
                guard let bad = referenceFirstInvalidUTF8(expected.bytes) else {
                    throw failure("decodeString rejected valid UTF-8: \(actual)")
                }
                try require(actual.kind == .invalidUTF8, "decodeString error kind \(actual.kind)")
                try require(actual.offset == expected.sources[bad], "decodeString UTF-8 error at \(actual.offset), reference \(expected.sources[bad])")
            case (let error?, .success):
                throw failure("decodeString accepted input the reference rejects at \(error)")
            }
        }

        // Base64.
        let base64 = Base64.encode(bytes)
        try require(Base64.decode(base64) == bytes, "Base64 decode(encode(x)) != x")
        if let string {
            try require(Base64.decode(string) == referenceBase64Decode(bytes), "Base64.decode disagrees with the reference")
            try require(Base64.firstInvalidBase64URLOffset(string) == referenceFirstInvalidBase64URL(bytes), "firstInvalidBase64URLOffset disagrees with the reference")
        }

        // UTF-8 validation of the raw input.
        let firstInvalid = UTF8Validation.firstInvalidIndex(in: bytes)
        try require(firstInvalid == referenceFirstInvalidUTF8(bytes), "firstInvalidIndex \(String(describing: firstInvalid)) vs reference \(String(describing: referenceFirstInvalidUTF8(bytes)))")
        try require((firstInvalid == nil) == (string != nil), "firstInvalidIndex disagrees with the standard library's UTF-8 validation")
        let lazyInvalid = UTF8Validation.firstInvalidIndex(in: bytes.lazy.map { $0 })
        try require(lazyInvalid == firstInvalid, "firstInvalidIndex differs for a non-contiguous collection")
    }

    /// Checks that `encoded` is the canonical encoding of `source` under `byteClass`.
    static let upperHex = Array("0123456789ABCDEF".utf8)

    static func checkCanonicalEncoding(_ encoded: [UInt8], source: [UInt8], byteClass: ByteClass, name: String) throws(PropertyFailure) {
        let upperHex = Self.upperHex
        var index = 0
        var sourceIndex = 0
        while index < encoded.count {
            let byte = encoded[index]
            try require(sourceIndex < source.count, "encoding longer than its source (\(name))")
            if byte == UInt8(ascii: "%") {
                try require(index + 2 < encoded.count, "truncated triplet (\(name))")
                let high = upperHex.firstIndex(of: encoded[index + 1])
                let low = upperHex.firstIndex(of: encoded[index + 2])
                guard let high, let low else { throw failure("triplet not uppercase hex (\(name))") }
                let value = UInt8(high << 4 | low)
                try require(value == source[sourceIndex], "triplet encodes another byte (\(name))")
                try require(!byteClass.contains(value) || value == UInt8(ascii: "%"), "encoded a byte of the allowed class (\(name))")
                index += 3
            } else {
                try require(byteClass.contains(byte), "unencoded byte 0x\(hex([byte])) outside the class (\(name))")
                try require(byte == source[sourceIndex], "unencoded byte differs from its source (\(name))")
                index += 1
            }
            sourceIndex += 1
        }
        try require(sourceIndex == source.count, "encoding shorter than its source (\(name))")
    }

    static func compare(_ actual: Result<[UInt8], PercentDecodingError>, _ expected: ReferenceDecoding, _ label: String) throws(PropertyFailure) {
        switch (actual, expected.error) {
        case (.success(let decoded), nil):
            try require(decoded == expected.bytes, "\(label): decoded bytes differ from the reference")
        case (.failure(let error), let offset?):
            try require(error.kind == .invalidPercentEncoding && error.offset == offset, "\(label): \(error) vs reference invalid-percent-encoding at \(offset)")
        case (.success, let offset?):
            throw failure("\(label): accepted, reference rejects at \(offset)")
        case (.failure(let error), nil):
            throw failure("\(label): \(error), reference accepts")
        }
    }

    /// The reference decoder's result: decoded bytes with, for each, the offset of its source in the
    /// input; or the offset of the first byte that breaks a `%XX` triplet.
    struct ReferenceDecoding {
        var bytes: [UInt8] = []
        var sources: [Int] = []
        var error: Int? = nil
    }

    static let lowerHex = Array("0123456789abcdef".utf8)

    /// RFC 3986 §2.1 decoding, written as plainly as possible.
    static func referenceDecode(_ input: [UInt8], plusIsSpace: Bool) -> ReferenceDecoding {
        func hexValue(_ byte: UInt8) -> UInt8? {
            let lower = (byte >= 65 && byte <= 90) ? byte + 32 : byte
            return lowerHex.firstIndex(of: lower).map { UInt8($0) }
        }
        var result = ReferenceDecoding()
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "%") {
                if index + 1 >= input.count { result.error = input.count; return result }
                guard let high = hexValue(input[index + 1]) else { result.error = index + 1; return result }
                if index + 2 >= input.count { result.error = input.count; return result }
                guard let low = hexValue(input[index + 2]) else { result.error = index + 2; return result }
                result.bytes.append(high * 16 + low)
                result.sources.append(index)
                index += 3
            } else {
                result.bytes.append(plusIsSpace && input[index] == UInt8(ascii: "+") ? UInt8(ascii: " ") : input[index])
                result.sources.append(index)
                index += 1
            }
        }
        return result
    }

    /// The index of the first byte that does not start a well-formed UTF-8 sequence, using the
    /// standard library's validator on each candidate sequence (1–4 bytes).
    static func referenceFirstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        outer: while index < bytes.count {
            if bytes[index] < 0x80 {  // ASCII: a sequence of its own
                index += 1
                continue
            }
            for length in 2...4 where index + length <= bytes.count {
                if let text = standardLibraryValidatedString(bytes[index..<(index + length)]),
                    text.unicodeScalars.count == 1
                {
                    index += length
                    continue outer
                }
            }
            return index
        }
        return nil
    }

    static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    static let base64URLAlphabet = ByteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Strict RFC 4648 §4 decoding: standard alphabet, length a multiple of 4, `=` padding only at the
    /// end, and the bits under the padding zero (canonical encoding).
    static func referenceBase64Decode(_ text: [UInt8]) -> [UInt8]? {
        let alphabet = base64Alphabet
        guard text.count % 4 == 0 else { return nil }
        var padding = 0
        if text.last == UInt8(ascii: "=") { padding = 1 }
        if padding == 1, text.count >= 2, text[text.count - 2] == UInt8(ascii: "=") { padding = 2 }
        var bits: [UInt8] = []  // one entry per bit
        for byte in text.dropLast(padding) {
            guard let value = alphabet.firstIndex(of: byte) else { return nil }
            for shift in stride(from: 5, through: 0, by: -1) { bits.append(UInt8((value >> shift) & 1)) }
        }
        let byteCount = bits.count / 8
        guard bits[(byteCount * 8)...].allSatisfy({ $0 == 0 }) else { return nil }
        return (0..<byteCount).map { index in bits[(index * 8)..<(index * 8 + 8)].reduce(0) { $0 << 1 | $1 } }
    }

    /// The offset of the first byte outside the base64url alphabet, or the length when unpadded
    /// base64url cannot have it (length ≡ 1 mod 4); `nil` for valid unpadded base64url.
    static func referenceFirstInvalidBase64URL(_ text: [UInt8]) -> Int? {
        let alphabet = base64URLAlphabet
        if let bad = text.firstIndex(where: { !alphabet.contains($0) }) { return bad }
        return text.count % 4 == 1 ? text.count : nil
    }
}
