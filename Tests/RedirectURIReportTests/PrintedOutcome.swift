import Foundation
import Testing

/// What `parse` printed, read back as a user or a script reads it, and the exit status that
/// output calls for: 1 when anything printed is a failure, else 0 (2 only with nothing printed).
///
/// Deliberately independent of RedirectURIReport's own ``isFailure``: the point is that the
/// status agrees with the output, whatever the code that decides it.
enum PrintedOutcome {
    /// Whether `arguments` run an analysis (the default command) rather than `doctor`, help
    /// or the version.
    static func isAnalysis(_ arguments: [String]) -> Bool {
        let options = arguments.prefix { $0 != "--" }
        if let first = arguments.first, ["doctor", "help", "route"].contains(first) { return false }
        return !options.contains { ["--help", "-h", "--version"].contains($0) }
    }

    /// A JSON object of `parse --json` with a verdict is a failure exactly when the verdict is
    /// a rejection (one status rule for verification: the verdict decides); without one, when it
    /// is invalid, carries a broker-message problem, or has (itself or in `inner`) a diagnostic
    /// of severity error.
    static func isFailure(_ object: [String: Any]) -> Bool {
        if let verdict = object["verdict"] as? [String: Any] { return verdict["accepted"] as? Bool != true }
        if object["valid"] as? Bool != true { return true }
        if let message = object["message"] as? [String: Any], (message["problems"] as? [Any])?.isEmpty == false {
            return true
        }
        let diagnostics = object["diagnostics"] as? [[String: Any]] ?? []
        if diagnostics.contains(where: { $0["severity"] as? String == "error" }) { return true }
        if let inner = object["inner"] as? [String: Any] { return isFailure(inner) }
        return false
    }

    /// Text output shows a failure on a line of its own: `valid      no: …`, `verdict    rejected …`,
    /// `error      <code>: …` or `problem: …` (indented further inside a wrapper's inner URI).
    /// An input's block (its first line is not indented) with a verdict line fails exactly when
    /// the verdict is `rejected`.
    static func isFailure(text: String) -> Bool {
        var blocks: [[Substring]] = []
        for line in text.split(separator: "\n") {
            if line.first != " " || blocks.isEmpty { blocks.append([line]) } else { blocks[blocks.count - 1].append(line) }
        }
        return blocks.contains { block in
            let rows = block.map { $0.drop { $0 == " " } }
            if let verdict = rows.first(where: { $0.hasPrefix("verdict    ") }) { return verdict.hasPrefix("verdict    rejected") }
            return rows.contains { row in
                row.hasPrefix("valid      no:") || row.hasPrefix("error      ") || row.hasPrefix("problem: ")
            }
        }
    }

    /// `parse route` prints a failure as `"belongs":false` (JSON) or `  belongs    no` (text).
    static func routeFailed(_ output: String, json: Bool) -> Bool {
        json ? output.contains(#""belongs":false"#) : output.contains("\n  belongs    no\n")
    }

    /// Checks the documented rule on one run's output and status.
    static func expectStatusAgrees(
        _ outcome: CommandRunner.Outcome, json: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if outcome.status == 2 {
            #expect(outcome.standardOutput.isEmpty, "status 2 printed a report", sourceLocation: sourceLocation)
            return
        }
        let failed: Bool
        if json {
            let objects = outcome.standardOutput.split(separator: "\n").map { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }
            #expect(objects.allSatisfy { $0 != nil }, "a line of --json output is not a JSON object",
                sourceLocation: sourceLocation)
            failed = objects.contains { $0.map(isFailure) ?? true }
        } else {
            failed = isFailure(text: outcome.standardOutput)
        }
        #expect(outcome.status == (failed ? 1 : 0),
            "exit status \(outcome.status), but the output shows \(failed ? "a failure" : "no failure"):\n\(outcome.standardOutput.prefix(2_000))",
            sourceLocation: sourceLocation)
    }
}
