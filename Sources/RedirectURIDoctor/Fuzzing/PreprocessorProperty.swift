/// The property of Info.plist preprocessing (``InfoPlistPreprocessor``) on any bytes, checked by
/// both doctor fuzz targets: `FuzzDoctorReaders` on a whole input shaped like a project's files,
/// `FuzzSourceReader` on each code file (an Objective-C file's directives are the C
/// preprocessor's, which is what Xcode runs on the Info.plist). `#include` reads the text itself
/// again, so nesting and its bound are reached.
///
/// - preprocessing ends, and gives the same output or the same failure twice;
/// - a failure names a line of the text (0 for nesting too deep);
/// - the output stays within ``InfoPlistPreprocessor/maximumOutput`` and keeps the text's line
///   count when there is no `#include`, so findings keep pointing at the lines the user edits;
/// - a text with no directive line, preprocessed with no definitions, is unchanged;
/// - the text inside `#if 1` … `#endif` gives the same output between two empty lines, or fails
///   at the same line one lower.
enum PreprocessorProperty {
    static func check(_ bytes: [UInt8], definitions: String) -> String? {
        let newline = UInt8(ascii: "\n")
        let lineCount = bytes.reduce(1) { $0 + ($1 == newline ? 1 : 0) }
        let first = run(bytes, definitions: definitions, including: bytes)
        guard case .success(let output) = first else {
            guard case .failure(let error) = first, case .failure(let again) = run(bytes, definitions: definitions, including: bytes), error == again
            else { return "preprocessing refused the same bytes two ways" }
            guard (0...lineCount).contains(error.line) else { return "preprocessing refused line \(error.line) of \(lineCount)" }
            return nil
        }
        guard case .success(let again) = run(bytes, definitions: definitions, including: bytes), again == output else {
            return "preprocessing gave two outputs for the same bytes"
        }
        guard output.count <= InfoPlistPreprocessor.maximumOutput else { return "preprocessing wrote \(output.count) bytes, past its bound" }
        let lines = { (text: [UInt8]) in text.reduce(1) { $0 + ($1 == newline ? 1 : 0) } }
        let hasInclude = String(decoding: bytes, as: UTF8.self).contains("include")
        if !hasInclude, lines(output) != lineCount {
            return "preprocessing changed the line count from \(lineCount) to \(lines(output))"
        }
        if !hasDirective(bytes), case .success(let plain) = run(bytes, definitions: "", including: bytes), plain != bytes {
            return "preprocessing changed a text with no directive and no definitions"
        }
        // The same text inside an #if that holds. The bound counts an included file's output at
        // each level it is in (up to nine), so near it the two extra bytes may be what passes
        // it: only outputs well below it are compared.
        guard output.count < InfoPlistPreprocessor.maximumOutput / 16 else { return nil }
        let wrapped = Array("#if 1\n".utf8) + bytes + Array("\n#endif".utf8)
        switch run(wrapped, definitions: definitions, including: bytes) {
        case .success(let inside):
            if inside != [newline] + output + [newline] { return "preprocessing inside '#if 1' gave another output" }
        case .failure(let error):
            return "preprocessing inside '#if 1' failed at line \(error.line): \(error.reason)"
        }
        return nil
    }

    private static func run(_ bytes: [UInt8], definitions: String, including: [UInt8]) -> Result<[UInt8], InfoPlistPreprocessor.Failure> {
        var preprocessor = InfoPlistPreprocessor(definitions: definitions) { _ in including }
        return Result { () throws(InfoPlistPreprocessor.Failure) in try preprocessor.process(bytes) }
    }

    /// Whether a line's first byte after spaces and tabs is `#`.
    private static func hasDirective(_ bytes: [UInt8]) -> Bool {
        var atLineStart = true
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                atLineStart = true
            } else if atLineStart, byte == UInt8(ascii: "#") {
                return true
            } else if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                atLineStart = false
            }
        }
        return false
    }
}
