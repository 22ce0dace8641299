// plain-loop: the library's hot operations in plain `for` loops over the benchmark corpus, with
// nothing between the loop and the call: no closure, no sink, no harness of ours. It checks that
// the figures of measure-ops (which runs each operation through the same closure-and-sink harness
// as package-benchmark) are what anyone gets calling the public API in a loop of their own.
//
//     plain-loop list                       the operations, one per line
//     plain-loop count OP                   one warm loop, then one loop inside plain_loop_counted
//     plain-loop time OP [--rounds R]       R timed loops (after one warm loop); median ns/op and
//                                           the quartiles, one line of TSV
//
// `count` is meant to run under
//     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*plain_loop_counted*'
// (with the pattern: the optimizer may call a specialised copy whose name contains the symbol)
// and instructions per operation = Ir / inputs. scripts/plain-loop.sh runs both for every
// operation and prints them next to measure-ops' counts.
import BenchmarkPeers
import Foundation
import RedirectURIKit

let inputs = BenchmarkInputs(.standard)

/// Each operation: its id (measure-ops' id for the same call), its inputs, and its loop. Every
/// loop folds what each call returns into a checksum that it returns, so that no call can be
/// optimised away; the fold is a few instructions per call, inside the figure.
let loops: [(id: String, lines: [String], loop: ([String]) -> Int)] = [
    ("a/parse", inputs.short, parseLoop),
    ("a/classify+bundleID", inputs.short, classifyAndReadLoop),
    ("a/classify+equals", inputs.short, classifyAndCompareLoop),
    ("d/parse", inputs.successfulResponses, parseLoop),
    ("d/BrokerResponse", inputs.successfulResponses, brokerResponseLoop),
    ("d/URL", inputs.successfulResponses, foundationURLLoop),
]

@inline(never)
func parseLoop(_ lines: [String]) -> Int {
    var checksum = 0
    for line in lines {
        if let reference = try? URIReference(parsing: line) { checksum &+= reference.ranges.count }
    }
    return checksum
}

@inline(never)
func classifyAndReadLoop(_ lines: [String]) -> Int {
    var checksum = 0
    for line in lines {
        if let shape = try? RedirectURI.classify(line), let bundleID = shape.bundleID(in: line) {
            checksum &+= bundleID.withUTF8 { $0.count }
        }
    }
    return checksum
}

@inline(never)
func classifyAndCompareLoop(_ lines: [String]) -> Int {
    // The bundle ID a broker compares with: the caller's, as the OS reports it. The same one for
    // every line here (most lines carry another), so that the comparison runs to its end or
    // stops early as it would.
    let caller = "com.contoso.app"
    var checksum = 0
    for line in lines {
        if let shape = try? RedirectURI.classify(line) { checksum &+= shape.bundleID(in: line, equals: caller) ? 2 : 1 }
    }
    return checksum
}

@inline(never)
func brokerResponseLoop(_ lines: [String]) -> Int {
    var checksum = 0
    for line in lines {
        if let response = try? BrokerResponse(parsing: line) {
            checksum &+= (response.responseRange?.count ?? 0) &+ (response.hashRange?.count ?? 0)
        }
    }
    return checksum
}

@inline(never)
func foundationURLLoop(_ lines: [String]) -> Int {
    var checksum = 0
    for line in lines {
        if let url = URL(string: line) { checksum &+= url.scheme?.utf8.count ?? 0 }
    }
    return checksum
}

/// The counted region: one loop. Its symbol is fixed so that callgrind's `--toggle-collect` can
/// name it; the call after the loop keeps the loop's call from becoming a tail jump, which
/// callgrind would take for the region's end.
@_silgen_name("plain_loop_counted")
@inline(never)
func counted(_ loop: ([String]) -> Int, _ lines: [String]) -> Int {
    let result = loop(lines)
    keep(result)
    return result
}

@inline(never)
func keep(_ value: Int) {}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("plain-loop: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "list":
    for entry in loops { print("\(entry.id)\t\(entry.lines.count)") }
case "count":
    guard arguments.count == 2, let entry = loops.first(where: { $0.id == arguments[1] }) else { fail("count OP") }
    let warm = entry.loop(entry.lines)
    let result = counted(entry.loop, entry.lines)
    guard result == warm, result != 0 else { fail("\(entry.id): the loop's checksum is \(result) (warm \(warm))") }
case "time":
    guard arguments.count >= 2, let entry = loops.first(where: { $0.id == arguments[1] }) else { fail("time OP [--rounds R]") }
    var rounds = 31
    if arguments.count == 4, arguments[2] == "--rounds", let value = Int(arguments[3]), value > 0 { rounds = value }
    let warm = entry.loop(entry.lines)
    var perOperation: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        var result = 0
        let elapsed = clock.measure { result = counted(entry.loop, entry.lines) }
        guard result == warm else { fail("\(entry.id): checksum changed") }
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        perOperation.append(nanoseconds / Double(entry.lines.count))
    }
    perOperation.sort()
    func quantile(_ q: Double) -> Double { perOperation[Int((Double(perOperation.count - 1) * q).rounded())] }
    print(String(format: "%@\t%.1f\t%.1f\t%.1f\t%d", entry.id, quantile(0.5), quantile(0.25), quantile(0.75), rounds))
default:
    fail("plain-loop list | count OP | time OP [--rounds R]")
}
