import Foundation

/// The assignments of an `.xcconfig` file, its `#include`s inlined where they stand.
///
/// The format, as Xcode reads it:
/// - one assignment per line, `NAME = value`, optionally `NAME[sdk=iphoneos*][arch=arm64] = value`
///   (conditional: recorded, not evaluated), optionally ending in `;`;
/// - `//` starts a comment anywhere, even inside a value (which is why `.xcconfig` files write
///   `https:/$()/host` for a URL);
/// - a value ending in `\` continues on the next line, joined with a space;
/// - `#include "other.xcconfig"` inserts another file, its path relative to the including file;
///   `#include? "…"` does the same but a missing file is not an error.
///
/// Reading is bounded: includes nest at most ``maximumIncludeDepth`` deep and a cycle is reported.
struct XCConfigFile {
    /// One assignment, in file order.
    struct Assignment {
        var name: String
        /// The key as written when it carries a condition (`NAME[sdk=…]`), else `nil`.
        var conditionalKey: String?
        var value: String
        /// The file and line, for messages.
        var origin: String
    }

    /// Something that kept part of the file from being read.
    struct Problem: Hashable {
        enum Kind: Hashable {
            /// A file (the base configuration, or a non-optional include) cannot be read.
            case missingFile
            /// Includes form a loop, or nest too deep.
            case includeCycle
            /// A line that is not an assignment, a comment or a known directive.
            case syntax
        }
        var kind: Kind
        var message: String
        /// The file that cannot be read, as shown (for a missing file).
        var path: String?
    }

    static let maximumIncludeDepth = 16
    /// At most this many files are read in all, however they include each other: a file that
    /// includes two others that each include two more… doubles the work per level (FuzzDoctorReaders
    /// found it: 16 levels of a file including itself under several names took minutes).
    static let maximumFilesRead = 128
    private var filesRead = 0

    var assignments: [Assignment] = []
    var problems: [Problem] = []

    /// Reads the file at `url` and what it includes. `displayRoot` shortens paths in messages.
    ///
    /// `contents` reads a file (`nil` when it cannot be read): the disk by default, memory in the
    /// fuzz target.
    static func read(_ url: URL, displayRoot: URL, contents: FileContents = XCConfigFile.fromDisk) -> XCConfigFile {
        var file = XCConfigFile()
        file.include(url, optional: false, stack: [], displayRoot: displayRoot, from: nil, contents: contents)
        return file
    }

    /// Reads a file's bytes, or `nil`.
    typealias FileContents = @Sendable (URL) -> Data?

    /// The file's bytes on disk.
    static let fromDisk: FileContents = { ReadCount.contents(of: $0) }

    private mutating func include(_ url: URL, optional: Bool, stack: [URL], displayRoot: URL, from origin: String?, contents: FileContents) {
        let url = url.standardizedFileURL
        let shown = Self.display(url, relativeTo: displayRoot)
        guard !stack.contains(url) else {
            problems.append(Problem(kind: .includeCycle, message: "'\(shown)' includes itself, directly or through other files (\(origin ?? shown))"))
            return
        }
        guard stack.count < Self.maximumIncludeDepth else {
            problems.append(
                Problem(
                    kind: .includeCycle,
                    message: "includes nest more than \(Self.maximumIncludeDepth) files deep at \(origin ?? shown); '\(shown)' was not read"))
            return
        }
        guard filesRead < Self.maximumFilesRead else {
            if filesRead == Self.maximumFilesRead {
                problems.append(
                    Problem(
                        kind: .includeCycle,
                        message:
                            "more than \(Self.maximumFilesRead) files are included in all at \(origin ?? shown); '\(shown)' and the files after it were not read"
                    ))
                filesRead += 1
            }
            return
        }
        filesRead += 1
        guard let data = contents(url) else {
            if !optional {
                problems.append(
                    Problem(
                        kind: .missingFile,
                        message: origin.map { "'\(shown)', included at \($0), cannot be read" } ?? "'\(shown)' cannot be read",
                        path: shown))
            }
            return
        }
        let lines = Self.lines(Array(data))
        var lineIndex = 0
        while lineIndex < lines.count {
            let lineNumber = lineIndex + 1
            var cursor = Cursor(bytes: lines[lineIndex])
            lineIndex += 1
            cursor.skipSpaceAndComments()
            guard let byte = cursor.current else { continue }
            let here = "\(shown):\(lineNumber)"
            if byte == UInt8(ascii: "#") {
                cursor.advance()
                cursor.skipSpaceAndComments()
                let directive = cursor.take { !Cursor.isSpace($0) && $0 != UInt8(ascii: "\"") }
                guard directive == "include" || directive == "include?" else {
                    problems.append(Problem(kind: .syntax, message: "\(here): unsupported directive '#\(directive)'"))
                    continue
                }
                cursor.skipSpaceAndComments()
                guard cursor.current == UInt8(ascii: "\"") else {
                    problems.append(Problem(kind: .syntax, message: "\(here): #\(directive) needs a quoted path"))
                    continue
                }
                cursor.advance()
                let path = cursor.take { $0 != UInt8(ascii: "\"") }
                guard cursor.current == UInt8(ascii: "\"") else {
                    problems.append(Problem(kind: .syntax, message: "\(here): unterminated path in #\(directive)"))
                    continue
                }
                if path.hasPrefix("<") {
                    // `<DEVELOPER_DIR>/…`: a file of the Xcode installation, not of the project.
                    if directive == "include" {
                        problems.append(Problem(kind: .missingFile, message: "\(here): '\(path)' is inside Xcode, which the doctor does not read"))
                    }
                    continue
                }
                let target = path.hasPrefix("/") ? URL(fileURLWithPath: path) : url.deletingLastPathComponent().appendingPathComponent(path)
                include(target, optional: directive == "include?", stack: stack + [url], displayRoot: displayRoot, from: here, contents: contents)
                continue
            }
            guard BuildSettings.isNameByte(byte, first: true) else {
                problems.append(Problem(kind: .syntax, message: "\(here): expected a setting name"))
                continue
            }
            let name = cursor.take { BuildSettings.isNameByte($0, first: false) }
            var key = name
            cursor.skipSpaceAndComments()
            var conditional = false
            var malformed = false
            while cursor.current == UInt8(ascii: "[") {
                let condition = cursor.take { $0 != UInt8(ascii: "]") }
                guard cursor.current == UInt8(ascii: "]") else {
                    malformed = true
                    break
                }
                cursor.advance()
                key += condition + "]"
                conditional = true
                cursor.skipSpaceAndComments()
            }
            guard !malformed, cursor.current == UInt8(ascii: "=") else {
                problems.append(Problem(kind: .syntax, message: "\(here): expected '=' after '\(key)'"))
                continue
            }
            cursor.advance()
            var chunks: [String] = []
            var chunk = cursor.value()
            // A value ending in '\' continues on the next line (joined with a space).
            while chunk.hasSuffix("\\") {
                let trimmed = String(chunk.dropLast()).trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { chunks.append(trimmed) }
                guard lineIndex < lines.count else {
                    chunk = ""
                    break
                }
                var next = Cursor(bytes: lines[lineIndex])
                lineIndex += 1
                chunk = next.value()
            }
            if !chunk.isEmpty || chunks.isEmpty { chunks.append(chunk) }
            assignments.append(
                Assignment(
                    name: name, conditionalKey: conditional ? key : nil,
                    value: chunks.joined(separator: " "), origin: here))
        }
    }

    /// Splits on `\n`, `\r`, `\r\n`, U+2028 and U+2029, as Xcode does.
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var terminator = 0
            if byte == UInt8(ascii: "\n") {
                terminator = 1
            } else if byte == UInt8(ascii: "\r") {
                terminator = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                terminator = 3
            }
            if terminator > 0 {
                lines.append(Array(bytes[start..<index]))
                index += terminator
                start = index
            } else {
                index += 1
            }
        }
        if start < bytes.count { lines.append(Array(bytes[start...])) }
        return lines
    }

    static func display(_ url: URL, relativeTo root: URL) -> String {
        let path = url.standardizedFileURL.path
        let rootPath = root.standardizedFileURL.path + "/"
        if path.hasPrefix(rootPath) { return String(path.dropFirst(rootPath.count)) }
        // The folder above the project's (Flutter's and React Native's own files): `../pubspec.yaml`.
        let parentPath = root.standardizedFileURL.deletingLastPathComponent().path + "/"
        if parentPath.count > 1, path.hasPrefix(parentPath), !path.dropFirst(parentPath.count).contains("/") {
            return "../" + path.dropFirst(parentPath.count)
        }
        return DisplayPath.of(url)
    }

    /// A position in one line.
    private struct Cursor {
        let bytes: [UInt8]
        var index = 0

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0B || byte == 0x0C
        }

        var atComment: Bool {
            index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "/")
        }

        mutating func advance() { if index < bytes.count { index += 1 } }

        mutating func skipSpaceAndComments() {
            while let byte = current {
                if Self.isSpace(byte) {
                    index += 1
                } else if atComment {
                    index = bytes.count
                } else {
                    break
                }
            }
        }

        /// Takes bytes while `predicate` holds.
        mutating func take(while predicate: (UInt8) -> Bool) -> String {
            let start = index
            while let byte = current, predicate(byte) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// The rest of the line as a value: up to a `//` comment, trailing space and one `;` removed.
        mutating func value() -> String {
            skipSpaceAndComments()
            let start = index
            while current != nil, !atComment { index += 1 }
            var end = index
            index = bytes.count
            while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
            if end > start, bytes[end - 1] == UInt8(ascii: ";") {
                end -= 1
                while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
            }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
    }
}
