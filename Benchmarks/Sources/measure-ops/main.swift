// measure-ops: runs one named operation of Operations.swift over its corpus lines, for
// instruction counts under callgrind (scripts/instructions.sh) or for interleaved timing rounds
// (scripts/rounds.sh). No package-benchmark: it builds in seconds.
//
//     measure-ops list                          id, side, lines, bytes, inputs, call (TSV)
//     measure-ops comparisons                   numerator, denominator (TSV)
//     measure-ops check                         the start-up checks of the benchmarks (exit 1 on a disagreement)
//     measure-ops count OP [--passes N]         one warm pass, then N passes in measure_ops_counted_passes
//     measure-ops time [--rounds R] [--sample-ms M] OP...
//                                               R rounds, each op timed once per round (TSV: round, op, ns/op)
//
// `count` is meant to run under
//     valgrind --tool=callgrind --collect-atstart=no --toggle-collect=measure_ops_counted_passes
// so that only the N counted passes are counted: instructions per operation = Ir / (N × lines).
import BenchmarkCorpus
import BenchmarkPeers
import Foundation

/// The measured region: `count` passes. Its symbol name is fixed (`@_silgen_name`) so that
/// callgrind's `--toggle-collect` can name it; it is never inlined, and nothing else in the
/// program has a name that matches. Timing mode times the same function.
@_silgen_name("measure_ops_counted_passes")
@inline(never)
func countedPasses(_ pass: () -> Void, _ count: Int) {
    var remaining = count
    while remaining > 0 {
        pass()
        remaining &-= 1
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("measure-ops: \(message)\n".utf8))
    exit(2)
}

func operation(named id: String) -> Operation {
    guard let found = operations.first(where: { $0.id == id }) else {
        fail("no operation \(id); `measure-ops list` names them")
    }
    return found
}

/// `--name value` from `arguments`, as an integer.
func option(_ name: String, in arguments: inout [String], default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name) else { return value }
    guard index + 1 < arguments.count, let parsed = Int(arguments[index + 1]), parsed > 0 else {
        fail("\(name) wants a positive integer")
    }
    arguments.removeSubrange(index...(index + 1))
    return parsed
}

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "help" : arguments.removeFirst()

switch command {
case "list":
    let prepared = Prepared()
    print("# corpus fingerprint \(String(Corpus.standard.fingerprint, radix: 16))")
    for op in operations {
        let lines = prepared.lines(op.inputs)
        let bytes = lines.reduce(0) { $0 + $1.utf8.count }
        print([op.id, op.side.rawValue, String(lines.count), String(bytes), op.inputs.description, op.call].joined(separator: "\t"))
    }

case "comparisons":
    for row in comparisons { print("\(row.numerator)\t\(row.denominator)") }

case "check":
    let prepared = Prepared()
    let inputs = prepared.inputs
    checkSuccessPaths(requests: inputs.request, responses: inputs.successfulResponses)
    checkPeersAgree(classifying: inputs.short + inputs.certificate, verifying: prepared.verificationCases)
    print("measure-ops: the peers agree with the library and every read takes its success path")

case "count":
    let passes = option("--passes", in: &arguments, default: 3)
    guard arguments.count == 1 else { fail("count wants one operation") }
    let op = operation(named: arguments[0])
    let prepared = Prepared()
    let run = op.makePass(prepared)
    run()  // warm: one-time initialisation (lazy globals, metadata, caches) is not counted
    countedPasses(run, passes)
    let lines = prepared.lines(op.inputs)
    print("\(op.id)\t\(lines.count)\t\(lines.reduce(0) { $0 + $1.utf8.count })\t\(passes)")

case "time":
    let rounds = option("--rounds", in: &arguments, default: 11)
    let sampleMilliseconds = option("--sample-ms", in: &arguments, default: 20)
    guard !arguments.isEmpty else { fail("time wants operations") }
    let selected = arguments.map(operation(named:))
    let prepared = Prepared()
    let clock = ContinuousClock()
    // Warm each operation and find how many passes fill one sample.
    var plan: [(op: Operation, run: () -> Void, passes: Int, lines: Int)] = []
    for op in selected {
        let run = op.makePass(prepared)
        run()
        var passes = 1
        while true {
            let elapsed = clock.measure { countedPasses(run, passes) }
            if nanoseconds(elapsed) >= Double(sampleMilliseconds) * 1e6 / 4 || passes >= 1 << 20 {
                passes = max(1, Int((Double(passes) * Double(sampleMilliseconds) * 1e6 / max(nanoseconds(elapsed), 1)).rounded()))
                break
            }
            passes *= 2
        }
        plan.append((op, run, passes, prepared.lines(op.inputs).count))
    }
    // Every round times each operation once; odd rounds go through the list backwards, so that a
    // drift in the machine's speed during a round does not always favour the same side.
    print("round\top\tns_per_op\tpasses")
    for round in 0..<rounds {
        let order = round % 2 == 0 ? Array(plan.indices) : plan.indices.reversed()
        for index in order {
            let entry = plan[index]
            let elapsed = clock.measure { countedPasses(entry.run, entry.passes) }
            let perOperation = nanoseconds(elapsed) / Double(entry.passes * entry.lines)
            print("\(round)\t\(entry.op.id)\t\(String(format: "%.2f", perOperation))\t\(entry.passes)")
        }
        fflush(nil)  // every stream: the rounds are read as they come
    }

default:
    print(
        """
        usage: measure-ops list | comparisons | check
               measure-ops count OP [--passes N]
               measure-ops time [--rounds R] [--sample-ms M] OP...
        """)
    exit(command == "help" ? 0 : 2)
}
