import Foundation
import Testing

/// The doctor runs read → facts → checks → report, and its folders are those stages:
///
/// - `Report/`: the typed values every stage speaks and the result is made of (codes, findings,
///   locations, SDKs, platforms, the project error). A reader that cannot read a file says so
///   with a finding, so this is the lowest layer.
/// - `Reading/`: files into structures (Xcode projects and settings, the other kinds of project,
///   property lists, Swift and Objective-C tokens), knowing nothing of what is checked.
/// - `Facts/`: what the files say about the app (its SDKs, the values its code gives them, the
///   URL hand-off, placeholders).
/// - `Checks/`: each concern's rules, from facts to findings.
/// - `Formats/`: the report in Xcode, GitHub, SARIF form.
/// - `Doctor/`: the entry points that run the stages for each kind of project.
/// - `Fuzzing/`: the fuzz properties and benchmark entry points (SPI, not public API).
///
/// A type declared in a higher layer and named in a lower one fails `noLayerUsesAHigherOne`, so
/// a reader that starts deciding findings, or a fact that calls a check, is caught here.
struct DoctorStructureTests {
    static let doctor = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RedirectURIDoctor")

    /// The layers, lowest first; each may use the ones before it.
    static let layers = ["Report", "Reading", "Facts", "Checks", "Formats", "Doctor", "Fuzzing"]

    /// No file is longer than this: past it, a file holds more than one concern.
    static let maximumLines = 450

    /// The Swift files under `folder`, at any depth, with their paths relative to the module.
    static func sources(under folder: String) throws -> [(name: String, text: String)] {
        let root = doctor.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [(name: String, text: String)] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
            files.append((folder.isEmpty ? relative : folder + "/" + relative, text))
        }
        return files.sorted { $0.name < $1.name }
    }

    /// Type names a file declares at any depth.
    static func declaredTypes(in text: String) -> Set<String> {
        let words = code(of: text).split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
        var names: Set<String> = []
        for (index, word) in words.enumerated().dropLast() where ["struct", "enum", "class", "protocol", "typealias"].contains(word) {
            names.insert(String(words[index + 1]))
        }
        return names
    }

    /// The text without comments and string literals' words: prose and messages may name anything.
    static func code(of text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let uncommented = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
            var kept = ""
            var inString = false
            var previous: Character = " "
            for character in uncommented {
                if character == "\"" && previous != "\\" {
                    inString.toggle()
                } else if !inString {
                    kept.append(character)
                }
                previous = character
            }
            return kept
        }.joined(separator: "\n")
    }

    @Test func everySourceIsInALayer() throws {
        let all = try Self.sources(under: "").map(\.name)
        let layered = Set(try Self.layers.flatMap { try Self.sources(under: $0).map(\.name) })
        #expect(!all.isEmpty)
        for file in all where !layered.contains(file) {
            Issue.record("\(file) is in no layer: put it under one of \(Self.layers.joined(separator: ", "))")
        }
    }

    @Test(arguments: 0..<layers.count)
    func noLayerUsesAHigherOne(position: Int) throws {
        var higher: [String: String] = [:]  // type name → the file declaring it
        for layer in Self.layers[(position + 1)...] {
            for file in try Self.sources(under: layer) {
                for name in Self.declaredTypes(in: file.text) { higher[name] = file.name }
            }
        }
        // A name declared here or below (a nested `Kind`, say) is this layer's own.
        var own: Set<String> = []
        for layer in Self.layers[...position] {
            for file in try Self.sources(under: layer) { own.formUnion(Self.declaredTypes(in: file.text)) }
        }
        let files = try Self.sources(under: Self.layers[position])
        #expect(!files.isEmpty, "no sources in \(Self.layers[position])")
        for file in files {
            let words = Set(Self.code(of: file.text).split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init))
            for name in words.subtracting(own).sorted() {
                if let owner = higher[name] { Issue.record("\(file.name) uses \(name), declared in \(owner)") }
            }
        }
    }

    /// The test itself: a lower layer naming a higher layer's type is found.
    @Test func aHigherTypeInALowerLayerIsFound() {
        let reader = "struct ProjectReader { func read() -> DoctorChecks? { nil } }"
        let words = Set(Self.code(of: reader).split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init))
        #expect(words.contains("DoctorChecks"))
        #expect(!Self.code(of: "let note = \"DoctorChecks\" // DoctorChecks").contains("DoctorChecks"))
        #expect(Self.declaredTypes(in: "extension X { enum Kind { case a } }\nstruct Y {}") == ["Kind", "Y"])
    }

    @Test func noFileIsOverTheCap() throws {
        for file in try Self.sources(under: "") {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= Self.maximumLines, "\(file.name) has \(lines) lines (at most \(Self.maximumLines))")
        }
    }
}
