import Foundation

/// The doctor's reading of an app's code, for the benchmark package's `read-app-code`: what it
/// reads, and a count of what it found, so that the benchmark measures the doctor's own path
/// (files from disk, tokens, facts, entry points) and the compiler cannot drop any of it.
///
/// Not API: an entry point for the benchmark only.
@_spi(Benchmarking) public enum AppCodeBenchmark {
    /// What one reading found.
    public struct Counts: Sendable, Hashable {
        /// Files read.
        public var files: Int
        /// Facts read from them.
        public var facts: Int
        /// Methods iOS calls with the URL, found in them.
        public var entryPoints: Int
        /// Calls to an SDK's URL handler.
        public var forwards: Int
    }

    /// Reads every Swift and Objective-C file under `folder`, as the doctor reads a target's.
    public static func read(folder: URL) -> Counts {
        let files = XcodeProject.filesOnDisk(under: folder)
        let reading = AppCodeReading.read(files) { $0.lastPathComponent }
        return Counts(
            files: reading.files.count, facts: reading.facts.count, entryPoints: reading.handOff.entryPoints.count,
            forwards: reading.handOff.forwards.count)
    }
}
