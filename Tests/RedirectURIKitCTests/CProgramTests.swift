import CRedirectURIKit
import CRedirectURIKitTestProgram
import Foundation
@_spi(Toolkit) import RedirectURIKit
import Testing

@testable import RedirectURIKitC

/// The package's root folder (tests never read `../shared`).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let headerPath = packageRoot.appendingPathComponent("Sources/CRedirectURIKit/include/redirect_uri.h").path
let testProgramPath = packageRoot.appendingPathComponent("Tests/CRedirectURIKitTestProgram/rdu_test_program.c").path

/// The functions redirect_uri.h declares, read from the header itself.
let declaredFunctions: [String] = {
    guard let header = try? String(contentsOfFile: headerPath, encoding: .utf8) else { return [] }
    // A declaration starts its line with its result type (`rdu_status`, `const char *`, `void`);
    // its name is the `rdu_` word before the first `(`. (No Regex: it needs iOS 16, above the
    // package's floors.)
    return header.split(separator: "\n").compactMap { line -> String? in
        guard let open = line.firstIndex(of: "("), !line.hasPrefix(" "), !line.hasPrefix("#"), !line.hasPrefix("typedef") else {
            return nil
        }
        let name = line[..<open].split(whereSeparator: { $0 == " " || $0 == "*" }).last.map(String.init)
        return name.flatMap { $0.hasPrefix("rdu_") ? $0 : nil }
    }
}()

/// The C test program, run inside `swift test`.
struct CProgramTests {
    /// What the C program reports: each failed check with its file and line.
    final class Failures: @unchecked Sendable {
        var lines: [String] = []
    }

    @Test func everyCheckOfTheCProgramPasses() {
        let failures = Failures()
        let checks = rdu_test_program_run(
            { context, file, line, check in
                let failures = Unmanaged<Failures>.fromOpaque(context!).takeUnretainedValue()
                failures.lines.append("\(String(cString: file!)):\(line): \(String(cString: check!))")
            }, Unmanaged.passUnretained(failures).toOpaque())
        #expect(failures.lines.isEmpty, "\(failures.lines.joined(separator: "\n"))")
        // Pinned: a check deleted by mistake shows here.
        #expect(checks == 362, "the C program ran \(checks) checks")
    }

    /// Every function of the header is called by the C program, and has its implementation next
    /// to its declared type in HeaderAgreement.swift (which does not compile when they differ).
    @Test func everyDeclaredFunctionIsCalledFromCAndTypeChecked() throws {
        #expect(declaredFunctions.count == 24, "\(declaredFunctions)")
        let program = try String(contentsOfFile: testProgramPath, encoding: .utf8)
        let agreement = try String(
            contentsOf: packageRoot.appendingPathComponent("Sources/RedirectURIKitC/HeaderAgreement.swift"), encoding: .utf8)
        for function in declaredFunctions {
            #expect(program.contains("\(function)("), "the C program never calls \(function)")
            #expect(agreement.contains("sameType(\(function), "), "\(function) is not checked against its declared type")
        }
    }

    /// The C API keeps Foundation off the hot path as the core does: its sources import the
    /// header's module and the core, nothing else.
    @Test func implementationImportsNoFoundation() throws {
        let folder = packageRoot.appendingPathComponent("Sources/RedirectURIKitC")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 6)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.contains("import ") && !$0.hasPrefix("//") && !$0.hasPrefix("///") }
            for line in imports {
                #expect(line.hasSuffix("import CRedirectURIKit") || line.hasSuffix("import RedirectURIKit"), "\(file): \(line)")
            }
        }
    }

    @Test func versionIsTheLibrarysAndTheHeaders() {
        #expect(String(cString: rdu_version()) == ToolkitVersion.current)
        let parts = ToolkitVersion.current.split(separator: ".").compactMap { Int32($0) }
        #expect(parts == [RDU_VERSION_MAJOR, RDU_VERSION_MINOR, RDU_VERSION_PATCH])
        #expect(RDU_VERSION == ToolkitVersion.current)
    }

    /// The header's form constants are the library's forms, each named by its raw value.
    @Test func formConstantsNameEveryForm() {
        #expect(Set(CForm.headerOrder) == Set(RedirectForm.allCases))
        #expect(CForm.headerOrder.count == RedirectForm.allCases.count)
        for (index, form) in CForm.headerOrder.enumerated() {
            #expect(CForm.constant(of: form) == rdu_form(index))
            #expect(rdu_form_name(rdu_form(index)).map { String(cString: $0) } == form.rawValue)
        }
    }

    /// rdu_parse and rdu_classify write what the library stores, read without the public
    /// accessors (`offsetsAndLengths`, `hostKindIndex`, `formIndexAndBundleID`): the same
    /// offsets as the public ranges, the form's constant its position in `allCases`, the host
    /// kind's constant its raw value + 1. Inputs with every component absent and present, each
    /// host kind, a fragment after a query and without one, every form.
    @Test(arguments: [
        "x-msauth-mytestiosapp://com.myapp.mytestapp", "msauth.com.contoso.app://auth", "msauth.com.contoso.app://auth/p?q#f",
        "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp", "msauth://code/a%2Eb", "x:", "x:#", "x:?",
        "x:?#", "x:p?q", "x:p#f", "http://u@h:1/p?q#f", "http://@:/", "http://127.0.0.1:8080/cb", "http://[::1]/cb",
        "http://[v1.x]/", "https://login.example.com/", "msauth://com.contoso.app/A1B2C3%3D", "file:///etc", "com.contoso.app:/cb",
        "urn:ietf:params:oauth", "msauth.://auth", "x-msauth-.://a",
    ])
    func writtenOffsetsAreThePublicRanges(uri: String) throws {
        let shape = try RedirectURI.classify(uri)
        var classification = rdu_classification()
        var input = uri
        let status = input.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { rdu_classify($0.baseAddress, $0.count, &classification, nil) }
        }
        #expect(status == rdu_status(RDU_STATUS_OK))
        #expect(classification.form == CForm.constant(of: shape.form))
        #expect(RedirectForm.allCases.firstIndex(of: shape.form) == Int(classification.form))
        #expect((classification.carries_bundle_id == 1) == shape.form.carriesBundleID)
        let pair = { (range: rdu_range) in [range.offset, range.length] }
        #expect(pair(classification.bundle_id) == pair(rdu_range(shape.bundleIDRange)))
        let ranges = shape.ranges
        let components = classification.components
        let expected: [Range<Int>?] = [
            ranges.scheme, ranges.authority, ranges.userinfo, ranges.host, ranges.port, ranges.path, ranges.query, ranges.fragment,
        ]
        let written = [
            components.scheme, components.authority, components.userinfo, components.host, components.port, components.path,
            components.query, components.fragment,
        ]
        #expect(written.map(pair) == expected.map { pair(rdu_range($0)) })
        let hostKinds: [HostKind?: Int] = [
            nil: RDU_HOST_NONE, .regName: RDU_HOST_REG_NAME, .ipv4: RDU_HOST_IPV4, .ipv6: RDU_HOST_IPV6, .ipvFuture: RDU_HOST_IPVFUTURE,
        ]
        #expect(hostKinds[ranges.hostKind].map(rdu_host_kind.init) == components.host_kind)
        #expect(components.reserved == 0)
    }

    /// The strings C hands out are the library's tables, not copies typed again: every code of
    /// every error type the C API reports, and every rule.
    @Test func stringsComeFromTheLibrarysTables() {
        #expect(parseErrorStrings.codes.entries.map(\.text) == URIParseError.codes.map(\.code))
        #expect(parseErrorStrings.explanations.entries.map(\.text) == URIParseError.codes.map(\.explanation))
        #expect(buildErrorStrings.codes.entries.map(\.text) == RedirectBuildError.codes.map(\.code))
        #expect(messageErrorStrings.codes.entries.map(\.text) == BrokerMessageError.codes.map(\.code))
        #expect(ruleIdentifiers.entries.map(\.text) == VerificationRule.all.map(\.identifier))
        #expect(ruleRequirements.entries.map(\.text) == VerificationRule.all.map(\.requirement))
        for kind in URIParseError.Kind.allKinds {
            let strings = parseErrorStrings.strings(of: kind)
            #expect(strings.code.map { String(cString: $0) } == kind.code)
            #expect(strings.explanation.map { String(cString: $0) } == kind.explanation)
        }
        for kind in BrokerMessageError.Kind.allKinds {
            #expect(messageErrorStrings.strings(of: kind).code.map { String(cString: $0) } == kind.code)
        }
        for kind in RedirectBuildError.Kind.allKinds {
            #expect(buildErrorStrings.strings(of: kind).code.map { String(cString: $0) } == kind.code)
        }
        // One string, one address: a code is handed out from one place however often it is asked.
        #expect(parseErrorStrings.strings(of: .invalidPort).code == parseErrorStrings.strings(of: .invalidPort).code)
    }
}

/// redirect_uri.h as C99, Objective-C and C++ compilers read it, and the C test program under
/// `-std=c99 -Wall -Wextra -Werror`, with the toolchain's clang.
struct HeaderCompilationTests {
    /// The toolchain's clang: next to `swift` (Linux toolchains ship it) or on the PATH.
    static let clang: String? = {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/clang" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs clang with `arguments`; returns its diagnostics when it fails.
    static func compile(_ arguments: [String]) throws -> String? {
        guard let clang else { return "no clang on the PATH" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: clang)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : String(decoding: output, as: UTF8.self)
    }

    @Test(arguments: [
        ["-x", "c", "-std=c99", "-pedantic"],
        ["-x", "c", "-std=c11"],
        ["-x", "objective-c"],
        ["-x", "objective-c", "-fmodules"],
        ["-x", "c++", "-std=c++11"],
        ["-x", "c++", "-std=c++20"],
    ])
    func headerCompiles(language: [String]) throws {
        let failure = try Self.compile(language + ["-Wall", "-Wextra", "-Werror", "-fsyntax-only", headerPath])
        #expect(failure == nil, "\(language): \(failure ?? "")")
    }

    @Test func cProgramCompilesAsC99WithEveryWarningAnError() throws {
        let failure = try Self.compile([
            "-std=c99", "-Wall", "-Wextra", "-Werror", "-fsyntax-only",
            "-I", packageRoot.appendingPathComponent("Sources/CRedirectURIKit/include").path,
            "-I", packageRoot.appendingPathComponent("Tests/CRedirectURIKitTestProgram/include").path, testProgramPath,
        ])
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// The C parts of the documentation (the article's broker, app and builder), each compiled as
    /// it is written. `-Wno-unused-function`: a snippet's `static`
    /// functions are called by the rest of the file it belongs in.
    @Test func cSnippetsOfTheDocumentationCompile() throws {
        let documents = [
            "Sources/RedirectURIKit/RedirectURIKit.docc/CallingFromObjectiveCAndC.md": 3
        ]
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rdu-snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (document, expected) in documents.sorted(by: { $0.key < $1.key }) {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
            let blocks = text.components(separatedBy: "```c\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
            #expect(blocks.count == expected, "\(document) has \(blocks.count) C snippets")
            for (index, block) in blocks.enumerated() {
                let file = scratch.appendingPathComponent("snippet-\(index).c")
                try block.write(to: file, atomically: true, encoding: .utf8)
                let failure = try Self.compile([
                    "-std=c99", "-Wall", "-Wextra", "-Werror", "-Wno-unused-function", "-fsyntax-only",
                    "-I", packageRoot.appendingPathComponent("Sources/CRedirectURIKit/include").path, file.path,
                ])
                #expect(failure == nil, "\(document), C snippet \(index + 1): \(failure ?? "")")
            }
        }
    }

    /// Only C crosses the header: no Swift symbol (`$s…`), no Swift or Foundation type, nothing
    /// but the C standard's own headers included.
    @Test func headerIsPlainC() throws {
        let header = try String(contentsOfFile: headerPath, encoding: .utf8)
        for forbidden in ["$s", "swift_", "NSString", "NSObject", "CFStringRef", "<Foundation", "@interface", "@class", "__attribute__"] {
            #expect(!header.contains(forbidden), "the header mentions \(forbidden)")
        }
        let includes = header.split(separator: "\n").filter { $0.hasPrefix("#include") }
        #expect(includes == ["#include <stddef.h>", "#include <stdint.h>"])
    }
}
