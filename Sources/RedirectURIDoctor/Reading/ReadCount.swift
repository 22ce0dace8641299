import Foundation

/// Counts what the doctor reads while it runs, so that a test can pin it: each file read from
/// disk once, each property list parsed once, each source file lexed once, the SDKs detected once
/// per project. Reading again to decide something again is how two findings about one file drift
/// apart (and how the doctor got slow on whole apps). Counters are task-local, so tests that run
/// at once do not mix counts; with no counter set, recording is one task-local lookup.
enum ReadCount {
    /// One thing the doctor did with its input.
    enum Event: Hashable, Sendable, CustomStringConvertible {
        /// A file's bytes read from disk, by path.
        case fileRead(String)
        /// Bytes parsed as a property list (the Info.plist, entitlements, an SDK's plist).
        case plistParse
        /// A Swift or Objective-C file split into tokens, by path.
        case lex(String)
        /// The project's SDKs detected from its package files and configuration files.
        case sdkDetection

        var description: String {
            switch self {
            case .fileRead(let path): "read \(path)"
            case .plistParse: "plist parse"
            case .lex(let path): "lex \(path)"
            case .sdkDetection: "SDK detection"
            }
        }
    }

    /// The events of one counted run. Only the task that set it touches it: the doctor reads
    /// synchronously.
    final class Counter: @unchecked Sendable {
        var events: [Event: Int] = [:]
    }

    @TaskLocal static var current: Counter?

    /// Runs `body` and returns its result with what it read, and how often.
    static func counting<Value>(_ body: () throws -> Value) rethrows -> (value: Value, events: [Event: Int]) {
        let counter = Counter()
        let value = try $current.withValue(counter) { try body() }
        return (value, counter.events)
    }

    static func record(_ event: Event) {
        current?.events[event, default: 0] += 1
    }

    /// A file's bytes from disk, counted; `nil` when it cannot be read. Within a ``ReadOnce``
    /// run, a file is read from disk once and its bytes handed out again after.
    static func contents(of url: URL) -> Data? {
        let path = url.standardizedFileURL.path
        if let memo = ReadOnce.current {
            if let known = memo.files[path] { return known }
            record(.fileRead(path))
            let data = FileManager.default.contents(atPath: url.path)
            memo.files[path] = .some(data)
            return data
        }
        record(.fileRead(path))
        return FileManager.default.contents(atPath: url.path)
    }
}

/// One run of the doctor over a project: each file is read from disk once, each property list
/// parsed once and each source file lexed once, however many targets, configurations and SDKs
/// the run checks. What the run hands out are values (bytes, dictionaries, token streams), so a
/// check never sees another check's reading; the memo lives as long as the run and no longer.
final class ReadOnce: @unchecked Sendable {
    // Only the task that runs the doctor touches the memo: the doctor reads synchronously.
    var files: [String: Data?] = [:]
    var plists: [Data: [String: Any]?] = [:]
    var sources: [String: (bytes: [UInt8], file: SourceFile)] = [:]

    @TaskLocal static var current: ReadOnce?

    /// A source file's tokens: lexed once per run for the same path and bytes (two targets that
    /// compile one file, a constant's file read for another target).
    static func lexed(path: String, language: SourceLanguage, bytes: [UInt8]) -> SourceFile {
        let key = language.rawValue + ":" + path
        if let memo = current, let known = memo.sources[key], known.bytes == bytes { return known.file }
        let file = SourceFile(path: path, language: language, bytes: bytes)
        current?.sources[key] = (bytes, file)
        return file
    }

    /// Runs `body` as one run: inside a run already, in that run.
    static func run<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        if current != nil { return try body() }
        let result: Result<Value, Failure> = $current.withValue(ReadOnce()) { Result { () throws(Failure) -> Value in try body() } }
        return try result.get()
    }
}
