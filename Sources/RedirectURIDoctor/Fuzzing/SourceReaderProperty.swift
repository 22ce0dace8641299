/// The property the `FuzzSourceReader` fuzz target checks, and `RedirectURIDoctorTests` replays on
/// `Corpus/FuzzSourceReader/`: the doctor's reader of an app's code takes any bytes.
///
/// An input is up to two parts separated by a NUL byte: a Swift file and an Objective-C file
/// (the first part is also read as Objective-C, the second as Swift). Whatever the bytes:
/// - nothing traps and every call returns;
/// - there are no more tokens than bytes, and token lines never go back and stay within the
///   file's lines (the lexers are one pass over the bytes);
/// - every bracket partner is symmetric and pairs an opener with its own closer;
/// - every call's and assignment's token ranges lie inside the file, and every fact, import and
///   entry point is on a line of its file;
/// - the first part is also read as a `Package.swift` (``PackageManifest``);
/// - each part is preprocessed as an Info.plist is (``InfoPlistPreprocessor``, an Objective-C
///   file's directives are the C preprocessor's): the Objective-C part with the Swift part's
///   first line as `INFOPLIST_PREPROCESSOR_DEFINITIONS`, the Swift part with none, each keeping
///   ``PreprocessorProperty``.
///
/// Not API: an entry point for the fuzz target and the corpus replay only.
@_spi(Fuzzing) public enum SourceReaderProperty {
    /// Checks the property on one input; returns what broke, or `nil`.
    public static func check(_ input: UnsafeBufferPointer<UInt8>) -> String? {
        let parts = input.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false).map { Array($0) }
        let swift = parts.first ?? []
        let objectiveC = parts.count > 1 ? parts[1] : []
        let sources: [(path: String, bytes: [UInt8])] = [
            ("A.swift", swift), ("B.m", objectiveC), ("C.m", swift), ("D.swift", objectiveC),
        ]
        for source in sources {
            let language: SourceLanguage = source.path.hasSuffix(".swift") ? .swift : .objectiveC
            let file = SourceFile(path: source.path, language: language, bytes: source.bytes)
            if let failure = checkFile(file, bytes: source.bytes) { return "\(source.path): \(failure)" }
        }
        let reading = AppCodeReading(sources: sources)
        let lines = Dictionary(uniqueKeysWithValues: sources.map { ($0.path, $0.bytes.lazy.filter { $0 == 0x0A }.count + 1) })
        for fact in reading.facts {
            guard let count = lines[fact.location.file], fact.location.line >= 1, fact.location.line <= count else {
                return "a \(fact.kind.rawValue) fact at \(fact.location), outside its file"
            }
        }
        for (module, location) in reading.imports {
            guard !module.isEmpty, let count = lines[location.file], location.line >= 1, location.line <= count else {
                return "an import of '\(module)' at \(location), outside its file"
            }
        }
        // Read as a Package.swift too: only that it returns is checked.
        _ = PackageManifest(bytes: swift).platform
        let definitions = String(decoding: swift.prefix { $0 != 0x0A }.prefix(256), as: UTF8.self)
        if let failure = PreprocessorProperty.check(objectiveC, definitions: definitions) { return "B.m preprocessed: \(failure)" }
        if let failure = PreprocessorProperty.check(swift, definitions: "") { return "A.swift preprocessed: \(failure)" }
        for entry in reading.handOff.entryPoints {
            guard let count = lines[entry.location.file], entry.location.line >= 1, entry.location.line <= count else {
                return "an entry point at \(entry.location), outside its file"
            }
        }
        for sdks in [SDKFlavour.allCases] {
            for scenes in [false, true] {
                for issue in reading.handOffIssues(sdks: sdks, infoPlistDeclaresScenes: scenes) where issue.message.isEmpty || issue.fix.isEmpty {
                    return "a \(issue.kind.rawValue) issue without a message or fix"
                }
            }
        }
        return nil
    }

    private static func checkFile(_ file: SourceFile, bytes: [UInt8]) -> String? {
        let lineCount = bytes.lazy.filter { $0 == 0x0A }.count + 1
        guard file.tokens.count <= bytes.count else { return "\(file.tokens.count) tokens from \(bytes.count) bytes" }
        var previousLine = 1
        for token in file.tokens {
            guard token.line >= previousLine, token.line <= lineCount else {
                return "a token on line \(token.line) after line \(previousLine), of \(lineCount)"
            }
            previousLine = token.line
        }
        for (index, partner) in file.partners.enumerated() where partner >= 0 {
            guard partner < file.partners.count, file.partners[partner] == index else { return "partners \(index) and \(partner) disagree" }
            let pair = (file.tokens[min(index, partner)].text, file.tokens[max(index, partner)].text)
            guard pair == ("(", ")") || pair == ("[", "]") || pair == ("{", "}") else { return "\(pair) paired" }
        }
        for call in file.calls {
            guard call.tokens.upperBound <= file.tokens.count, call.arguments.allSatisfy({ $0.tokens.upperBound <= file.tokens.count }) else {
                return "call \(call.name) reaches past the tokens"
            }
        }
        for assignment in file.assignments where assignment.value.upperBound > file.tokens.count {
            return "assignment to \(assignment.property) reaches past the tokens"
        }
        return nil
    }
}
