// Writes the benchmark corpus to text files, one URI per line, LF endings, in the layout of
// `make_corpus.py`: uris.txt (all categories, shuffled) and one file per category.
//
//     swift run -c release make-corpus [output-directory]     # default: ./corpus
//
// The benchmarks do not read these files: they generate the same corpus in memory at start-up.
import BenchmarkCorpus
import Foundation

let arguments = CommandLine.arguments.dropFirst()
let directory = URL(fileURLWithPath: arguments.first ?? "corpus", isDirectory: true)
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

let corpus = Corpus.standard
var outputs: [(name: String, lines: [String])] = [("uris.txt", corpus.entries.map(\.uri))]
for category in Corpus.Category.allCases {
    outputs.append((category.fileName, corpus.lines(category)))
}
for (name, lines) in outputs {
    let data = Data((lines.joined(separator: "\n") + "\n").utf8)
    try data.write(to: directory.appendingPathComponent(name))
    let average = lines.isEmpty ? 0 : lines.reduce(0) { $0 + $1.utf8.count } / lines.count
    print(
        name.padding(toLength: 26, withPad: " ", startingAt: 0),
        String(lines.count).leftPadded(5), "lines", String(data.count).leftPadded(9), "bytes",
        "average", String(average).leftPadded(5), "bytes/line"
    )
}
print("fingerprint", String(corpus.fingerprint, radix: 16))

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
