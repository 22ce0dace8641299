import Foundation
import Testing

/// What the generated snippet tests call (see `scripts/check-snippets`): asserts the results a
/// snippet writes as `expression // → value`, and checks at the end that every asserted line ran.
///
/// Generated files live in `Generated/` (git-ignored) and are written by `scripts/check-snippets`;
/// without them this target holds no tests.
final class SnippetRecorder: @unchecked Sendable {
    // Snippets may assert inside closures; the lock keeps the record sound if one runs elsewhere.
    private let lock = NSLock()
    private var ran: Set<Int> = []
    private let file: String
    private let asserting: [Int]

    /// A recorder for the snippet in `file` whose asserted lines are `asserting`.
    init(file: String, asserting: [Int]) {
        self.file = file
        self.asserting = asserting
    }

    private func record(_ line: Int) {
        lock.lock()
        ran.insert(line)
        lock.unlock()
    }

    /// `expression // → value` where `value` is a literal of the expression's type.
    func check<Value: Equatable>(_ actual: Value, _ expected: Value, sourceLocation: SourceLocation = #_sourceLocation) {
        record(sourceLocation.line)
        #expect(actual == expected, "the documented result", sourceLocation: sourceLocation)
    }

    /// `expression // → "text"` for a value whose type no string literal can express: its
    /// description, an optional unwrapped, is compared with the text.
    func check<Value>(_ actual: Value, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        record(sourceLocation.line)
        let description = Self.describe(actual)
        #expect(description == expected, "the documented result", sourceLocation: sourceLocation)
    }

    static func describe(_ value: Any) -> String {
        if let optional = value as? any OptionalDescribing { return optional.unwrappedDescription }
        return String(describing: value)
    }

    /// Every asserted line ran (an assertion in a branch never taken proves nothing).
    func finish() {
        lock.lock()
        let missing = asserting.filter { !ran.contains($0) }
        lock.unlock()
        for line in missing {
            Issue.record("this documented result was never checked: the line did not run",
                sourceLocation: SourceLocation(fileID: "SnippetTests/\((file as NSString).lastPathComponent)", filePath: file, line: line, column: 1))
        }
    }
}

/// Lets ``SnippetRecorder/describe(_:)`` unwrap an optional of any type.
protocol OptionalDescribing {
    var unwrappedDescription: String { get }
}

extension Optional: OptionalDescribing {
    var unwrappedDescription: String {
        switch self {
        case .some(let wrapped): SnippetRecorder.describe(wrapped)
        case .none: "nil"
        }
    }
}
