/// A reference to an Xcode build setting inside a value: `$(NAME)`, `${NAME}` or `$NAME`.
///
/// Xcode expands these references in Info.plist and entitlements values, in other build settings
/// and in `.xcconfig` files. A redirect URI or URL scheme that still contains one was copied from a
/// source file instead of the built app (the value the broker sees is the expanded one).
///
/// The delimited content may hold the setting's name, operators (`$(PRODUCT_NAME:rfc1034identifier)`,
/// `$(SUFFIX:default=prod)`) and further references (`$(NAME_$(CONFIGURATION))`); this type only
/// records where the reference is. Offsets are UTF-8 byte offsets into the scanned text.
///
/// The registration lint and the app configuration doctor share this one definition of the
/// syntax; apps usually ask ``RegistrationLint/containsBuildVariable(_:)``.
///
/// ```swift
/// let segments = BuildSettingText.segments(of: "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)")
/// // [.literal(0..<7), .reference(BuildSettingReference(range: 7..<35, contentRange: 9..<34, ...))]
/// ```
@_spi(Toolkit)
public struct BuildSettingReference: Sendable, Hashable {
    /// How the reference is written.
    public enum Delimiter: Sendable, Hashable {
        /// `$(NAME)`, the form Xcode writes.
        case parentheses
        /// `${NAME}`, an older form Xcode still accepts.
        case braces
        /// `$NAME` without delimiters, an older form: the name is `[A-Za-z_][A-Za-z0-9_.]*`.
        case none
    }

    /// The whole reference, `$` and delimiters included.
    public let range: Range<Int>
    /// What is between the delimiters (for ``Delimiter/none``, the name).
    public let contentRange: Range<Int>
    /// How the reference is written.
    public let delimiter: Delimiter
    /// `false` when the text ends before the closing delimiter (the reference then runs to the end).
    public let isTerminated: Bool

    /// Creates a reference (the scanner's result; SPI for the doctor and tests).
    public init(range: Range<Int>, contentRange: Range<Int>, delimiter: Delimiter, isTerminated: Bool) {
        self.range = range
        self.contentRange = contentRange
        self.delimiter = delimiter
        self.isTerminated = isTerminated
    }
}

/// Splits text into literal runs and build-setting references, with Xcode's grammar for them.
///
/// The rules, as Xcode's build system applies them to a value:
/// - `$(` and `${` open a reference that ends at the matching `)` or `}`; references nest
///   (`$(A_$(B))`), other brackets inside are plain text;
/// - `$` followed by a letter or `_` is an undelimited reference `$NAME`, whose name continues
///   over letters, digits, `_` and `.`;
/// - `$$` is a literal `$`; a `$` followed by anything else, or at the end, is a literal `$`.
///
/// This is the grammar for *expanding* values (the doctor's use); whether a final value still
/// holds a variable that was never expanded is ``RegistrationLint/containsBuildVariable(_:)``.
///
/// Linear in the text's length; the nesting of delimiters is tracked on a heap stack, so no input
/// can exhaust the call stack. Any bytes are accepted.
///
/// ```swift
/// BuildSettingText.segments(of: "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)").count   // 2: a literal, a reference
/// ```
@_spi(Toolkit)
public enum BuildSettingText {
    /// A piece of scanned text.
    public enum Segment: Sendable, Hashable {
        /// Text taken as it is (for `$$`, the one `$` it stands for).
        case literal(Range<Int>)
        /// A build-setting reference.
        case reference(BuildSettingReference)
    }

    /// The segments of `text`, in order; offsets are UTF-8 byte offsets into `text`.
    public static func segments(of text: String) -> [Segment] {
        StringBytes.withUTF8(text) { bytes in segments(in: bytes, range: 0..<bytes.count) }
    }

    /// The segments of `bytes[range]`, in order, with offsets into `bytes`. A range outside
    /// `bytes` is clamped to it.
    public static func segments(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Segment] {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        var segments: [Segment] = []
        var literalStart = lower
        var index = lower

        func flushLiteral(upTo end: Int) {
            if literalStart < end { segments.append(.literal(literalStart..<end)) }
        }

        while index < upper {
            guard bytes[index] == ASCII.dollarSign else {
                index &+= 1
                continue
            }
            let next: UInt8? = index &+ 1 < upper ? bytes[index &+ 1] : nil
            if let next, let closer = closingDelimiter(next) {
                flushLiteral(upTo: index)
                let (end, terminated) = matchingEnd(in: bytes, from: index &+ 2, upper: upper, closer: closer)
                let contentEnd = terminated ? end &- 1 : end
                segments.append(
                    .reference(
                        BuildSettingReference(
                            range: index..<end, contentRange: (index &+ 2)..<contentEnd,
                            delimiter: next == Delimiters.leftParenthesis ? .parentheses : .braces, isTerminated: terminated)))
                index = end
                literalStart = end
            } else if next == ASCII.dollarSign {
                // "$$" stands for one '$': keep the first, drop the second.
                flushLiteral(upTo: index &+ 1)
                index &+= 2
                literalStart = index
            } else if let next, isNameStart(next) {
                flushLiteral(upTo: index)
                var end = index &+ 2
                while end < upper, isNameContinuation(bytes[end]) { end &+= 1 }
                segments.append(
                    .reference(
                        BuildSettingReference(
                            range: index..<end, contentRange: (index &+ 1)..<end, delimiter: .none, isTerminated: true)))
                index = end
                literalStart = end
            } else {
                index &+= 1  // a lone '$' is literal
            }
        }
        flushLiteral(upTo: upper)
        return segments
    }

    /// The end of a delimited reference whose content starts at `start`: one past its closing
    /// delimiter, or `upper` when the text ends first. Nested openers push their closer; any
    /// other bracket is content.
    private static func matchingEnd(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, upper: Int, closer: UInt8
    ) -> (end: Int, terminated: Bool) {
        var expected: [UInt8] = [closer]
        var index = start
        while index < upper {
            let byte = bytes[index]
            if byte == ASCII.dollarSign, index &+ 1 < upper {
                let next = bytes[index &+ 1]
                if let nested = closingDelimiter(next) {
                    expected.append(nested)
                    index &+= 2
                    continue
                }
                if next == ASCII.dollarSign {
                    index &+= 2  // "$$" inside a reference is a literal '$' too
                    continue
                }
            } else if byte == expected[expected.count &- 1] {
                expected.removeLast()
                if expected.isEmpty { return (index &+ 1, true) }
            }
            index &+= 1
        }
        return (upper, false)
    }

    private static func closingDelimiter(_ opener: UInt8) -> UInt8? {
        switch opener {
        case Delimiters.leftParenthesis: return Delimiters.rightParenthesis
        case Delimiters.leftCurlyBracket: return Delimiters.rightCurlyBracket
        default: return nil
        }
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == ASCII.underscore
    }

    private static func isNameContinuation(_ byte: UInt8) -> Bool {
        isLetter(byte) || (ASCII.digitZero...ASCII.digitNine).contains(byte) || byte == ASCII.underscore
            || byte == ASCII.period
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (ASCII.uppercaseA...ASCII.uppercaseZ).contains(byte) || (ASCII.lowercaseA...ASCII.lowercaseZ).contains(byte)
    }

    /// The brackets that delimit a reference (only this file needs them).
    private enum Delimiters {
        static let leftParenthesis: UInt8 = 0x28
        static let rightParenthesis: UInt8 = 0x29
        static let leftCurlyBracket: UInt8 = 0x7B
        static let rightCurlyBracket: UInt8 = 0x7D
    }
}
