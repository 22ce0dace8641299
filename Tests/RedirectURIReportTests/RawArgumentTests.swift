import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `parse` with arguments given as bytes: `Process` takes `String`s, so it can pass
/// neither a byte that is not UTF-8 nor what the OS would hand a program that got one.
enum RawCommandRunner {
    struct Outcome: Equatable {
        let status: Int32
        let standardOutput: [UInt8]
        let standardError: [UInt8]

        var output: String { String(decoding: standardOutput, as: UTF8.self) }
        var error: String { String(decoding: standardError, as: UTF8.self) }
    }

    struct SpawnFailed: Error { let code: Int32 }

    static func run(_ arguments: [[UInt8]], standardInput: [UInt8] = []) throws -> Outcome {
        let executable = Array(CommandRunner.executable.path.utf8)
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw SpawnFailed(code: errno) }
            pipes.append(ends)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
        for ends in pipes { for end in ends { posix_spawn_file_actions_addclose(&actions, end) } }

        // NUL-terminated copies that live until the child is spawned.
        let strings = ([executable] + arguments).map { bytes -> UnsafeMutablePointer<CChar> in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
        defer { strings.forEach { $0.deallocate() } }
        var argv: [UnsafeMutablePointer<CChar>?] = strings + [nil]
        var pid = pid_t()
        let spawned = argv.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return EINVAL }
            return posix_spawn(&pid, strings[0], &actions, nil, base, environ)
        }
        close(pipes[0][0])
        close(pipes[1][1])
        close(pipes[2][1])
        guard spawned == 0 else { throw SpawnFailed(code: spawned) }
        _ = standardInput.withUnsafeBytes { write(pipes[0][1], $0.baseAddress, $0.count) }
        close(pipes[0][1])
        // The outputs are small (well under a pipe's buffer), so reading one after the other
        // cannot block the child.
        let output = drain(pipes[1][0])
        let error = drain(pipes[2][0])
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return Outcome(status: (status >> 8) & 0xFF, standardOutput: output, standardError: error)
    }

    private static func drain(_ descriptor: Int32) -> [UInt8] {
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}

/// The command never repairs its input: an argument reaches the parser as the bytes the OS passed.
/// A byte 0xFF, which `CommandLine.arguments` would turn into U+FFFD (three other bytes), is
/// reported at its own offset, with the input's real length, exactly as when the same bytes are
/// read with `--file`; and option values that start with '-' are taken where a value may.
@Suite(.serialized)
struct RawArgumentTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Inputs with a byte that is not UTF-8 where each part of the grammar meets it.
    static let inputs: [[UInt8]] = [
        [0xFF],
        bytes("ab") + [0xFF] + bytes("c"),
        bytes("msauth.com.contoso.app://auth/") + [0xFF],
        bytes("https://login.example.com/cb?x=") + [0xFF, 0xFE] + bytes("&y=1"),
        bytes("x-msauth-app://com.") + [0xC3] + bytes("app"),  // a lead byte with no continuation
    ]

    static func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parse-raw-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    @Test(arguments: inputs)
    func anArgumentIsReadLikeTheSameBytesInAFile(input: [UInt8]) throws {
        for options in [[], ["--json"]] {
            let asArgument = try RawCommandRunner.run(options.map(Self.bytes) + [input])
            let throughFile = try Self.withFile(input) { path in
                try RawCommandRunner.run((options + ["--file", path]).map(Self.bytes))
            }
            #expect(asArgument == throughFile, "\(options) \(input)")
            #expect(asArgument.status == 1)
        }
    }

    /// The whole printed answer for one input, pinned: offset 2 and length 4 are those of the bytes
    /// passed (the U+FFFD of a repaired argument would make the length 6).
    @Test func goldenTextAndJSONForAByteFF() throws {
        let input = Self.bytes("ab") + [0xFF] + Self.bytes("c")
        let text = try RawCommandRunner.run([input])
        #expect(
            text.output == """
                ab\u{FFFD}c
                  valid      no: invalid-path-character at offset 2
                             a path allows only unreserved characters, sub-delims, ':', '@', '/' and percent-encoding (found non-ASCII byte 0xFF at offset 2)
                  ab\u{FFFD}c
                    ^

                """)
        let json = try RawCommandRunner.run([Self.bytes("--json"), input])
        #expect(
            json.output == #"""
                {"bundleID":null,"clientID":null,"components":null,"diagnostics":[],"error":{"kind":"invalid-path-character","message":"a path allows only unreserved characters, sub-delims, ':', '@', '/' and percent-encoding (found non-ASCII byte 0xFF at offset 2)","offset":2},"form":null,"inner":null,"input":"ab\#u{FFFD}c","inputLength":4,"inputSHA256":null,"message":null,"parameters":null,"valid":false,"verdict":null}

                """#)
        #expect(json.standardError.isEmpty)
    }

    /// `parse route` reads its incoming URLs as bytes too.
    @Test func routeReadsTheBytesPassed() throws {
        let incoming = Self.bytes("msauth.com.contoso.app://auth?code=") + [0xFF]
        let outcome = try RawCommandRunner.run(
            [Self.bytes("route"), Self.bytes("--json"), Self.bytes("--redirect-uri"), Self.bytes("msauth.com.contoso.app://auth"), incoming])
        let object = try #require(try CommandRunner.jsonObjects(outcome.output).first)
        #expect(outcome.status == 1)
        #expect(object["outcome"] as? String == "mismatch")
    }

    /// An option value that is not UTF-8 is a usage error that says where, never a repaired value
    /// checked in its place; `--name=value` is recognised with such a value.
    static let nonUTF8Values: [(arguments: [[UInt8]], named: String)] = [
        ([bytes("--registered"), bytes("ab") + [0xFF], bytes("msauth.com.contoso.app://auth")], "--registered 'ab\u{FFFD}'"),
        ([bytes("--registered=") + [0xFF], bytes("msauth.com.contoso.app://auth")], "--registered '\u{FFFD}'"),
        ([bytes("--bundle-id"), bytes("com.") + [0xFF], bytes("msauth.com.contoso.app://auth")], "--bundle-id 'com.\u{FFFD}'"),
        ([bytes("route"), bytes("--redirect-uri"), bytes("x:/") + [0xFF]], "--redirect-uri 'x:/\u{FFFD}'"),
    ]

    @Test(arguments: nonUTF8Values)
    func aValueThatIsNotUTF8IsAUsageError(arguments: [[UInt8]], named: String) throws {
        let outcome = try RawCommandRunner.run(arguments)
        let message = outcome.error
        #expect(outcome.status == 2)
        #expect(message.contains(named), "\(message)")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func theRegisteredValueSaysWhereItIsNotAURI() throws {
        let outcome = try RawCommandRunner.run([Self.bytes("--registered"), Self.bytes("x:/a") + [0xFF], Self.bytes("x:/a")])
        #expect(outcome.error.contains("at offset 4"), "\(outcome.error)")
    }

    /// `-.-` is a bundle ID (labels of letters, digits and '-'): the option takes it.
    @Test func aBundleIDStartingWithADashIsAValue() throws {
        let outcome = try CommandRunner.run(["--json", "--bundle-id", "-.-", "--", "x-msauth-a://-.-"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let verdict = try #require(try CommandRunner.jsonObjects(outcome.standardOutput).first?["verdict"] as? [String: Any])
        #expect(verdict["accepted"] as? Bool == true)
        let doctor = try CommandRunner.run(["doctor", "--info-plist", "/nonexistent/Info.plist", "--bundle-id", "-.-"])
        #expect(!doctor.standardError.contains("Missing value"), "\(doctor.standardError)")
    }

    /// A file that cannot be read says why, in the system's words.
    @Test(arguments: [
        (["--file", "/nonexistent/input"], "parse: cannot read file '/nonexistent/input': No such file or directory"),
        (["--file", "/"], "parse: cannot read file '/': Is a directory"),
        (["doctor", "--info-plist", "/nonexistent/Info.plist"], "parse doctor: cannot read file '/nonexistent/Info.plist': No such file or directory"),
    ])
    func anUnreadableFileSaysWhy(arguments: [String], message: String) throws {
        let outcome = try CommandRunner.runUnchecked(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == message + "\n")
    }

    /// At a terminal with nothing piped in, one line on standard error says what the command is
    /// waiting for. script(1) gives the command a pseudo-terminal as its standard input.
    @Test func aTerminalGetsTheHint() throws {
        let script = "/usr/bin/script"
        try #require(FileManager.default.isExecutableFile(atPath: script), "script(1) runs the command on a pseudo-terminal")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        #if os(Linux)
            process.arguments = ["-qec", CommandRunner.executable.path, "/dev/null"]
        #else
            process.arguments = ["-q", "/dev/null", CommandRunner.executable.path]
        #endif
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = input
        try process.run()
        try input.fileHandleForWriting.close()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(printed.contains("parse: reading one URI per line from standard input (end with Ctrl-D)"), "\(printed)")
    }

    /// The hint is for a person at a terminal: with input piped in, standard error stays empty.
    @Test func noHintWhenInputIsPiped() throws {
        for arguments in [[], ["route", "--redirect-uri", "msauth.com.contoso.app://auth"]] {
            let outcome = try CommandRunner.run(arguments, standardInput: Data("msauth.com.contoso.app://auth\n".utf8))
            #expect(outcome.standardError.isEmpty, "\(arguments)")
        }
    }

    /// Options before a command name belong to `parse analyze`; the error says to put it first.
    @Test func aCommandAfterAnOptionIsExplained() throws {
        let outcome = try CommandRunner.runUnchecked(["--json", "doctor", "--info-plist", "Info.plist"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("'doctor' is a command and goes first: 'parse doctor --json …'"))
        #expect(outcome.standardError.contains("parse analyze"))
    }
}
