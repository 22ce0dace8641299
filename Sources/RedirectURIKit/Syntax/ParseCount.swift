/// Counts the parses a piece of code performs, so that a test can pin how often a caller parses
/// one input (the report layer: once per input, once per nested URI). Debug builds only: release
/// builds never look the counter up, so the hot path pays nothing.
///
/// ```swift
/// let (report, parses) = ParseCount.counting { InputAnalyzer().analyze(bytes) }
/// ```
@_spi(Testing)
public enum ParseCount {
    /// Whether parses are counted (debug builds).
    public static var isCounting: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    /// Runs `body` and returns its result with the number of parses it ran on this task (0 in
    /// release builds). Counters are task-local, so tests that run at once do not mix counts.
    public static func counting<Value>(_ body: () throws -> Value) rethrows -> (value: Value, parses: Int) {
        #if DEBUG
            let counter = Counter()
            let value = try $current.withValue(counter) { try body() }
            return (value, counter.count)
        #else
            return (try body(), 0)
        #endif
    }

    // Debug builds only: release builds (and the availability check, which type-checks them)
    // never see the task-local.
    #if DEBUG
        /// One count. Only the task that set it (and never a child at the same time, since the
        /// parses counted are synchronous) touches it.
        final class Counter: @unchecked Sendable {
            var count = 0
        }

        @TaskLocal static var current: Counter?

        /// Counts one parse on the current task's counter, if any.
        static func record() {
            current?.count += 1
        }
    #endif
}

/// Counts the walks over a query (a pass that finds its pieces) that a piece of code performs,
/// as ``ParseCount`` counts parses: one walk per input is what a broker message promises, and a
/// view that walks again to find a field is how a reader drifts from the message. Debug builds
/// only.
@_spi(Testing)
public enum QueryWalkCount {
    /// Runs `body` and returns its result with the number of query walks it ran on this task (0
    /// in release builds).
    public static func counting<Value>(_ body: () throws -> Value) rethrows -> (value: Value, walks: Int) {
        #if DEBUG
            let counter = ParseCount.Counter()
            let value = try $current.withValue(counter) { try body() }
            return (value, counter.count)
        #else
            return (try body(), 0)
        #endif
    }

    #if DEBUG
        @TaskLocal static var current: ParseCount.Counter?
    #endif

    /// Counts one walk on the current task's counter, if any (nothing in release builds).
    @inline(__always)
    static func record() {
        #if DEBUG
            current?.count += 1
        #endif
    }
}
