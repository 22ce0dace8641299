import Foundation
import Testing

/// CONTRIBUTING.md lists what `.ci/run` runs: exactly the script's steps, in the script's order, so
/// that a step added to CI without a word for contributors (or a listed step that CI dropped) fails
/// here. Steps that only install a missing tool ("installing …") are not listed.
struct CIStepsTests {
    /// The names the script gives `step`, in order.
    static func scriptSteps(_ script: String) -> [String] {
        script.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("step \""), let end = trimmed.dropFirst(6).firstIndex(of: "\"") else { return nil }
            let name = String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 6)..<end])
            return name.isEmpty || name.hasPrefix("installing ") ? nil : name
        }
    }

    /// The bold names of the list that follows "runs these steps" in CONTRIBUTING.md, in order
    /// (one item may name two steps).
    static func documentedSteps(_ contributing: String) throws -> [String] {
        let start = try #require(contributing.range(of: "runs these steps"))
        var names: [String] = []
        var inList = false
        for line in contributing[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("- ") {
                inList = true
            } else if inList && !line.hasPrefix("  ") {
                break
            }
            guard line.hasPrefix("- ") else { continue }
            var rest = line[...]
            // The bold names before the item's colon.
            let head = rest.prefix { $0 != ":" }
            rest = head
            while let open = rest.range(of: "**"), let close = rest[open.upperBound...].range(of: "**") {
                names.append(String(rest[open.upperBound..<close.lowerBound]))
                rest = rest[close.upperBound...]
            }
        }
        return names
    }

    @Test func contributingListsEveryStepOfTheScriptInOrder() throws {
        let root = ReleaseTests.repositoryRoot
        let script = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let contributing = try String(contentsOf: root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        let steps = Self.scriptSteps(script)
        #expect(steps.count >= 15)
        #expect(steps.contains("clusterfuzzlite build and run"))
        #expect(try Self.documentedSteps(contributing) == steps)
    }

    @Test func theReadersSeeWhatTheyMust() throws {
        #expect(Self.scriptSteps("step \"a b\"\n  step \"installing x\"\nstep \"\"\n  step \"c\"") == ["a b", "c"])
        let text = "runs these steps:\n\n- **a** and **b**: x **not**\n  more\n- **c**: y\n\nafter\n- **d**: z"
        #expect(try Self.documentedSteps(text) == ["a", "b", "c"])
    }
}
