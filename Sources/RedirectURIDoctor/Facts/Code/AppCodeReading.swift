import Foundation

/// What a target's Swift and Objective-C code says about its sign-in: the facts each SDK is
/// configured with (``CodeFact``) and how the URL that opens the app reaches the SDK
/// (``URLHandOffReading``).
///
/// Read with a token reader written for the purpose (``SwiftLexer``, ``ObjectiveCLexer``), not
/// swift-syntax: Objective-C needs a reader of its own anyway, the doctor matches a few dozen
/// call shapes rather than whole syntax trees, and a dependency of that size would more than
/// double the package's first build. What is not read: the value of anything computed at run
/// time (said as such, once, by the doctor), macros other than a `#define` of one literal,
/// code generated at build time, and which `#if` branch is compiled (both are read).
struct AppCodeReading: Sendable {
    /// The files read, as findings show them.
    var files: [String] = []
    /// Files that could not be read, or were too large to be source.
    var unreadable: [String] = []
    var facts: [CodeFact] = []
    var handOff = URLHandOffReading(files: [])
    /// The modules the code imports outside any `#if`, each with its first import: an SDK a target
    /// compiles against, whether or not a package manager brought it (see ``SDKDetection``).
    var imports: [(module: String, location: SourceLocation)] = []

    /// A file larger than this is not read (generated code, a vendored amalgamation).
    static let maximumFileSize = 4 << 20

    /// Reads files from memory: each path (as shown) and its bytes; the language is the path's
    /// extension. `constantSources` (the app's local packages) are read for the names they
    /// declare only, which the target's code may pass its SDK.
    init(sources: [(path: String, bytes: [UInt8])], constantSources: [(path: String, bytes: [UInt8])] = []) {
        var parsed: [SourceFile] = []
        for source in sources {
            guard let language = SourceLanguage(pathExtension: Self.pathExtension(source.path)) else { continue }
            files.append(source.path)
            parsed.append(ReadOnce.lexed(path: source.path, language: language, bytes: source.bytes))
        }
        let declaring = constantSources.map { ReadOnce.lexed(path: $0.path, language: .swift, bytes: $0.bytes) }
        let reader = CodeFactReader(files: parsed + declaring)
        for file in parsed {
            facts += reader.facts(in: file)
            facts += reader.appAuthUserAgents(in: file)
            for (module, index) in Self.imports(of: file) where !imports.contains(where: { $0.module == module }) {
                imports.append((module, file.location(index)))
            }
        }
        handOff = URLHandOffReading(files: parsed)
    }

    /// Reads files from disk, showing each as `display` does.
    /// Objective-C files also bring the headers they import by a quoted name from their own
    /// folder (`#import "Constants.h"`), where apps keep their `#define`s and constants; a
    /// sources build phase never lists headers.
    static func read(_ urls: [URL], constantsFrom packageFiles: [URL] = [], display: (URL) -> String) -> AppCodeReading {
        var sources: [(path: String, bytes: [UInt8])] = []
        var unreadable: [String] = []
        var queue = urls
        var seen = Set(urls.map(\.path))
        var next = 0
        while next < queue.count {
            let url = queue[next]
            next += 1
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
            guard let size, size <= maximumFileSize, let data = ReadCount.contents(of: url) else {
                unreadable.append(display(url))
                continue
            }
            let bytes = Array(data)
            sources.append((display(url), bytes))
            guard SourceLanguage(pathExtension: url.pathExtension) == .objectiveC else { continue }
            for name in quotedImports(bytes) where queue.count < XcodeProject.maximumFilesPerFolder {
                let header = url.deletingLastPathComponent().appendingPathComponent(name).standardizedFileURL
                if FileManager.default.fileExists(atPath: header.path), seen.insert(header.path).inserted { queue.append(header) }
            }
        }
        let declaring = packageFiles.compactMap { url -> (path: String, bytes: [UInt8])? in
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
            guard let size, size <= maximumFileSize, let data = ReadCount.contents(of: url) else { return nil }
            return (display(url), Array(data))
        }
        var reading = AppCodeReading(sources: sources, constantSources: declaring)
        reading.unreadable = unreadable
        return reading
    }

    /// The facts of one SDK and kind.
    func facts(_ sdk: SDKFlavour, _ kind: CodeFact.Kind) -> [CodeFact] {
        facts.filter { $0.sdk == sdk && $0.kind == kind }
    }

    /// The modules `file` imports, with the token of each import: Swift's `import MSAL` (with
    /// attributes, `import class MSAL.X`), Objective-C's `@import MSAL;` and
    /// `#import <MSAL/MSAL.h>` (the framework's name). An import inside `#if` is left out: it is
    /// compiled only when its condition holds (`#if canImport(MSAL)`, `__has_include`).
    static func imports(of file: SourceFile) -> [(module: String, index: Int)] {
        let tokens = file.tokens
        var found: [(module: String, index: Int)] = []
        for (index, token) in tokens.enumerated() where !token.isConditional {
            switch file.language {
            case .swift:
                guard token.isIdentifier("import"), index == 0 || !tokens[index - 1].isPunctuation(".") else { continue }
                var next = index + 1
                let kinds: Set<String> = ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"]
                if next < tokens.count, tokens[next].kind == .identifier, kinds.contains(tokens[next].text) { next += 1 }
                if next < tokens.count, tokens[next].kind == .identifier { found.append((tokens[next].text, index)) }
            case .objectiveC:
                if token.isIdentifier("@import"), index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
                    found.append((tokens[index + 1].text, index))
                } else if token.kind == .directive, token.text == "#import" || token.text == "#include",
                    let body = token.directiveBody, body.hasPrefix("<")
                {
                    let framework = body.dropFirst().prefix { $0 != "/" && $0 != ">" }
                    if !framework.isEmpty, body.dropFirst(framework.count + 1).hasPrefix("/") { found.append((String(framework), index)) }
                }
            }
        }
        return found
    }

    /// The names of `#import "…"` and `#include "…"` lines.
    static func quotedImports(_ bytes: [UInt8]) -> [String] {
        bytes.withUnsafeBufferPointer { ObjectiveCLexer.tokens(in: $0, directives: true) }.compactMap { token in
            guard token.kind == .directive, token.text == "#import" || token.text == "#include", let body = token.directiveBody,
                body.hasPrefix("\""), body.count > 2
            else { return nil }
            let name = body.dropFirst().prefix { $0 != "\"" }
            return name.isEmpty || name.hasPrefix("/") ? nil : String(name)
        }
    }

    private static func pathExtension(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "" }
        return String(path[path.index(after: dot)...])
    }
}
