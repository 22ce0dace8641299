#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command line as the bytes the OS passed, which argument-parser only sees as `String`s.
///
/// `CommandLine.arguments` decodes each argument as UTF-8 and replaces every ill-formed byte with
/// U+FFFD: an input byte `0xFF` would reach the parser as the three bytes `EF BF BD`, and the
/// report would describe bytes the user never passed (its length, its offsets, its excerpt). So an
/// argument that is valid UTF-8 goes to argument-parser as it is, and any other one as a stand-in
/// string that argument-parser cannot mistake for an option; a command asks ``bytes(of:)`` for
/// what a value really was. In `--name=value` only the value is stood in for, so the option is
/// still recognised.
enum RawArguments {
    /// The arguments after the program name, exactly as the OS passed them.
    static let bytes: [[UInt8]] = {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
        }
    }()

    /// What argument-parser reads, and the bytes behind each stand-in.
    private static let mapped: (strings: [String], standIns: [String: [UInt8]]) = map(bytes, nonce: UInt64.random(in: 0...UInt64.max))

    /// The arguments for argument-parser: each valid UTF-8 argument as it is, each other one (or the
    /// value of `--name=value`) as a stand-in.
    static var strings: [String] { mapped.strings }

    /// The bytes the OS passed for a value argument-parser returned: the stand-in's bytes, or the
    /// value's own UTF-8 (which is exactly what was passed, since only valid UTF-8 is passed as is).
    static func bytes(of value: String) -> [UInt8] {
        mapped.standIns[value] ?? Array(value.utf8)
    }

    /// A value as a message shows it: its bytes decoded for display, ill-formed ones as U+FFFD.
    static func display(_ value: String) -> String {
        String(decoding: bytes(of: value), as: UTF8.self)
    }

    /// Whether a value was passed as bytes that are not UTF-8 (a file name can be such bytes).
    static func isStandIn(_ value: String) -> Bool {
        mapped.standIns[value] != nil
    }

    /// Maps raw arguments onto strings. A stand-in starts with U+FFFD (so never with `-`), and
    /// carries the argument's position and a per-run random number, so that no argument a user
    /// types can equal one.
    static func map(_ arguments: [[UInt8]], nonce: UInt64) -> (strings: [String], standIns: [String: [UInt8]]) {
        var strings: [String] = []
        var standIns: [String: [UInt8]] = [:]
        for (index, argument) in arguments.enumerated() {
            if let text = utf8(argument) {
                strings.append(text)
                continue
            }
            let standIn = "\u{FFFD}argument-\(index)-\(String(nonce, radix: 16))"
            // `--name=value`: keep the option's name, which is ASCII, and stand in for the value.
            if argument.starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]),
                let equals = argument.firstIndex(of: UInt8(ascii: "=")),
                let name = utf8(Array(argument[..<equals]))
            {
                standIns[standIn] = Array(argument[(equals + 1)...])
                strings.append(name + "=" + standIn)
            } else {
                standIns[standIn] = argument
                strings.append(standIn)
            }
        }
        return (strings, standIns)
    }

    /// The bytes as a `String` when they are valid UTF-8, `nil` otherwise (decoding would repair them).
    private static func utf8(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}

/// Reading a file named on the command line, with the reason when it cannot be read.
enum CommandFile {
    /// A file that could not be read: the path as given, and the system's reason (`strerror`).
    struct Unreadable: Error {
        let path: String
        let reason: String

        /// `cannot read file '<path>': <reason>`, the line the commands print.
        var message: String { "cannot read file '\(path)': \(reason)" }
    }

    /// The file's bytes, unmodified. `path` is an argument-parser value: its raw bytes name the file,
    /// so a file whose name is not UTF-8 is found too.
    static func bytes(at path: String) throws(Unreadable) -> [UInt8] {
        let name = RawArguments.bytes(of: path)
        let display = RawArguments.display(path)
        let descriptor: Int32 = (name + [0]).withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return -1 }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_RDONLY) }
        }
        guard descriptor >= 0 else { throw Unreadable(path: display, reason: reason(errno)) }
        defer { _ = close(descriptor) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Unreadable(path: display, reason: reason(errno))
            }
            if count == 0 { return contents }
            contents.append(contentsOf: chunk[..<count])
        }
    }

    private static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
