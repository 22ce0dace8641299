import ArgumentParser
import Foundation
@_spi(Toolkit) import RedirectURIKit
import RedirectURIReport

/// `parse`: analyse redirect URIs and broker URLs (the default), or check an app's configuration
/// (`parse doctor`). A thin shell over RedirectURIReport and RedirectURIDoctor.
@main
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse URIs strictly (RFC 3986) and explain them as redirect URIs.",
        discussion: """
            parse [<uri> ... | -] [--file <path> ...] [--format text|json] [--registered <uri> ... | --registrations <file>] [--bundle-id <id>] [--iri]
            parse --request <url> [<response-url> ...]
            parse route --redirect-uri <uri> [<incoming-url> ...] [--format text|json]
            parse doctor (--project <App.xcodeproj> [--target <name>] [--configuration <name>] | --info-plist <path>) [--build-setting <name=value> ...] [--bundle-id <id>] [--entitlements <path>] [--redirect-uri <uri>] [--sdk <sdk>] [--keychain-group <name>] [--format text|json|xcode|github|sarif] [--path-root <path>]

            --json is the same as --format json, on every command. xcode, github and sarif are \
            parse doctor's alone: they place each finding at a line of a file, and a URI or an \
            incoming URL is in no file.

            Exit status: 0 when nothing printed is a failure; 1 when any input is invalid, rejected, \
            not absolute, or has a finding of severity error (or, for route, an incoming URL does \
            not belong; for doctor, a finding is an error); 2 for a usage error or an unreadable \
            file. 'parse <uri>' is 'parse analyze <uri>': analyze is the default command, so its \
            options are the ones listed below, and a command name (route, doctor) goes first. See \
            'parse help analyze', 'parse help route' and 'parse help doctor' for every option.
            """,
        version: ToolkitVersion.current,
        subcommands: [Analyze.self, Route.self, Doctor.self],
        defaultSubcommand: Analyze.self
    )

    /// Maps argument-parser outcomes onto the documented exit codes (usage errors are 2, not 64).
    /// The arguments are the bytes the OS passed (``RawArguments``), never a repaired decoding.
    static func main() {
        let arguments = RawArguments.strings
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(Self.helpWithExamples(fullMessage(for: error)))
                Foundation.exit(0)
            }
            var message = fullMessage(for: error)
            if let hint = Self.misplacedSubcommandHint(arguments) { message += "\n" + hint }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            Foundation.exit(2)
        }
    }

    /// Each command's examples, printed at the end of its `--help` (argument-parser has no place
    /// for them there: its discussion comes before the options).
    static let examples: [(command: any ParsableCommand.Type, lines: [String])] = [
        (ParseCommand.self, Analyze.exampleLines),
        (Analyze.self, Analyze.exampleLines),
        (Route.self, Route.exampleLines),
        (Doctor.self, Doctor.exampleLines),
    ]

    /// A help screen with the examples of the command it is for appended; any other text as it is.
    static func helpWithExamples(_ text: String) -> String {
        for (command, lines) in examples {
            let help = command == ParseCommand.self ? helpMessage() : helpMessage(for: command)
            if text == help {
                return text + "\n\nEXAMPLES:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
            }
        }
        return text
    }

    /// `parse --json doctor …` reads `doctor` as a URI of `parse analyze`, the default command, and
    /// fails on doctor's options with analyze's usage: say that a subcommand comes first.
    static func misplacedSubcommandHint(_ arguments: [String]) -> String? {
        let options = arguments.prefix { $0 != "--" }
        guard let first = options.first, first.hasPrefix("-"),
            let subcommand = options.first(where: { ["doctor", "route"].contains($0) })
        else { return nil }
        return "Note: '\(subcommand)' is a command and goes first: 'parse \(subcommand) \(first) …'. Options before it are "
            + "those of 'parse analyze', the default command, which read '\(subcommand)' as a URI."
    }
}

/// `parse [URI…]`: the main job.
struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Parse URIs strictly (RFC 3986) and explain them as redirect URIs (the default).",
        discussion: """
            With no URI and no --file, or with '-' as a URI, reads one input per line from standard \
            input (split on LF only: a CR stays part of the input and is reported); empty standard \
            input is a usage error (status 2), not a success.

            With --registered, --registrations and/or --bundle-id, each input is verified as a \
            presented redirect URI, as a broker checks it before it issues tokens, and the output \
            carries a verdict naming the rule that failed: syntax, fragment, wrapper, exact-match, \
            loopback-port, bundle-id; for a broker request also ambiguous-parameters, \
            missing-redirect-uri, missing-field, invalid-field, unregistered-client-id and \
            client-id. --bundle-id is the caller as iOS reported it; without it the caller was \
            not reported, and the verdict's identity is claimed-by-redirect-uri instead of \
            reported-by-os. With --request, each input is a response URL checked against that \
            request: response-redirect, broker-nonce, protocol-version. The "Verification rules" \
            article of the RedirectURIKit documentation defines each rule, with accepting and \
            rejecting examples.

            An input is a URI reference: a relative reference ('a', '/cb') is valid RFC 3986, but \
            it is not a redirect URI, so it is reported with the error not-absolute.

            --format json (or --json) prints one object per input per line. Every control character and U+2028, \
            U+2029 are escaped as \\uXXXX, so no reader splits an object. 'input' echoes at most \
            the first 1,024 bytes; 'inputLength' is the input's length in bytes, and \
            'inputSHA256' its SHA-256 when the echo is cut.

            Exit status, text and JSON alike: with verification, 1 exactly when a verdict is a \
            rejection (whatever fails a verified input is the verdict's rule); without, 1 when any \
            input is invalid, not absolute, a broker message with a problem, or has a finding of \
            severity error; otherwise 0. 2 for a usage error (an invalid --registered or \
            --bundle-id value, or a --format parse does not print, included) or an unreadable file.
            """,
        version: ToolkitVersion.current
    )

    @Argument(help: "URIs to analyse; '-' reads standard input, one URI per line. Pass inputs that start with '-' after '--'.")
    var uris: [String] = []

    @Option(
        name: .long, parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Read a file's bytes, unmodified, as one input (repeatable).", valueName: "path"))
    var file: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How to print the reports: text (the default), or json (one object per input per line). xcode, github and sarif are 'parse doctor' formats.",
            valueName: "format"))
    var format: ReportFormat?

    @Flag(name: .long, help: "The same as --format json.")
    var json = false

    /// Parsed once, here: the verifier is made from these values.
    @Option(
        name: .long,
        help: ArgumentHelp("A registered redirect URI of the app (repeatable); turns on verification.", valueName: "uri"),
        transform: Analyze.registeredRedirect)
    var registered: [RedirectURI] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON file of registrations per client ID: an Entra ID application manifest (appId, publicClient.redirectUris or replyUrlsWithType), an array of manifests, or {\"<client-id>\": [\"<uri>\", ...]}; a broker request is verified against its client_id's. Turns on verification.",
            valueName: "path"),
        transform: Analyze.registrationsFile)
    var registrations: Registrations?

    /// `.unconditional`: a bundle ID may start with '-' (`-.-` is one), so the next argument is
    /// the value whatever it looks like.
    @Option(
        name: .customLong("bundle-id"), parsing: .unconditional,
        help: ArgumentHelp(
            "The caller's bundle ID as iOS reported it (sourceApplication: same-team apps only, since iOS 13); without it the caller is not reported and the verdict rests on the redirect URI's claim. Turns on verification.",
            valueName: "id"),
        transform: Analyze.reportedBundleID)
    var bundleID: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The broker request the app sent: each input is a response URL, checked to answer it (redirect, broker_nonce, protocol version).",
            valueName: "url"),
        transform: Analyze.sentRequest)
    var request: BrokerRequest?

    @Flag(
        name: .customLong("bundle-id-case-insensitive"),
        help: "Relaxation: compare bundle IDs ignoring ASCII case (reported as a diagnostic when it matters).")
    var bundleIDCaseInsensitive = false

    @Flag(
        name: .long,
        help:
            "Convert the Unicode host of an https IRI to ASCII before strict parsing, only exactly (each Unicode label encoded as written; a host UTS #46 would have to map, or an http host, is rejected, each mapped code point named), and report confusable labels."
    )
    var iri = false

    static let inputs = "a URI parse reads"

    /// Printed at the end of `parse --help` and `parse help analyze`; `HelpExampleTests` runs them.
    static let exampleLines = [
        "parse 'msauth.com.contoso.app://auth'",
        "parse --json 'http://127.0.0.1:51004/call back'",
        "parse --registered 'msauth.com.contoso.app://auth' --bundle-id com.contoso.app -- 'msauth.com.contoso.app://auth/'",
    ]

    /// A registration that cannot match anything, a caller bundle ID that no app has, or
    /// registrations that cannot be read would turn every verdict into a rejection that names
    /// the input instead of the option: each is a usage error (status 2) that names the value,
    /// found as the option is read (its `transform:`), once.
    static func registeredRedirect(_ text: String) throws -> RedirectURI {
        if let error = absoluteURIError(text) {
            throw ValidationError("--registered '\(RawArguments.display(text))' is not an absolute RFC 3986 URI: \(error)")
        }
        do {
            return try RedirectURI(parsing: text)
        } catch {
            throw ValidationError(
                "--registered '\(RawArguments.display(text))' is not an absolute RFC 3986 URI: \(error.kind) at offset \(error.offset)")
        }
    }

    static func reportedBundleID(_ text: String) throws -> String {
        guard !RawArguments.isStandIn(text), BundleID(text) != nil else {
            throw ValidationError(
                "--bundle-id '\(RawArguments.display(text))' is not a bundle ID: one or more labels of letters, digits and '-', separated by single dots"
            )
        }
        return text
    }

    static func registrationsFile(_ path: String) throws -> Registrations {
        let bytes: [UInt8]
        do {
            bytes = try CommandFile.bytes(at: path)
        } catch {
            throw ValidationError("--registrations: \(error.message)")
        }
        do {
            return try Registrations(json: bytes)
        } catch {
            throw ValidationError("--registrations '\(RawArguments.display(path))': \(error.description) (\(error.explanation))")
        }
    }

    static func sentRequest(_ text: String) throws -> BrokerRequest {
        do {
            return try BrokerRequest(parsing: String(decoding: RawArguments.bytes(of: text), as: UTF8.self))
        } catch {
            throw ValidationError("--request '\(RawArguments.display(text))' is not a broker request the app could have sent: \(error.description)")
        }
    }

    func validate() throws {
        _ = try ReportFormat.resolve(format, json: json, inputs: Self.inputs)
        if request != nil, !registered.isEmpty || registrations != nil || bundleID != nil {
            throw ValidationError(
                "--request checks responses on the app's side; --registered, --registrations and --bundle-id verify requests on the broker's: use one or the other"
            )
        }
    }

    /// What verification the options ask for: `nil` when none does.
    var verification: InputAnalyzer.Verification? {
        guard !registered.isEmpty || registrations != nil || bundleID != nil else { return nil }
        return InputAnalyzer.Verification(
            registeredRedirects: registered, registrations: registrations, caller: Caller(sourceApplication: bundleID),
            options: VerificationOptions(bundleIDComparison: bundleIDCaseInsensitive ? .caseInsensitive : .exact))
    }

    mutating func run() throws {
        var inputs: [[UInt8]] = []
        var readStandardInput = uris.isEmpty && file.isEmpty
        for uri in uris {
            if uri == "-" {
                readStandardInput = true
            } else {
                inputs.append(RawArguments.bytes(of: uri))
            }
        }
        for path in file {
            do {
                inputs.append(try CommandFile.bytes(at: path))
            } catch {
                FileHandle.standardError.write(Data("parse: \(error.message)\n".utf8))
                throw ExitCode(ParseExitStatus.usage)
            }
        }
        if readStandardInput {
            let lines = Self.standardInputLines(
                hint: "parse: reading one URI per line from standard input (end with Ctrl-D); or pass one: parse '<uri>'")
            // Nothing to check is not a success: a script that piped nothing learns it.
            guard !lines.isEmpty || !inputs.isEmpty else {
                FileHandle.standardError.write(Data("parse: no input: standard input was empty; pass a URI, or pipe one per line\n".utf8))
                throw ExitCode(ParseExitStatus.usage)
            }
            inputs += lines
        }
        let analyzer = InputAnalyzer(verification: verification, answering: request, convertsIRIHosts: iri)
        let json = try ReportFormat.resolve(format, json: json, inputs: Self.inputs)
        let renderer = TextRenderer()
        var status = ParseExitStatus.success
        for input in inputs {
            let report = analyzer.analyze(input)
            // The status is decided from the report that is printed, so the two always agree.
            status = max(status, ParseExitStatus.status(of: [report]))
            print(json ? report.jsonLine() : renderer.render(report), terminator: json ? "\n" : "")
        }
        if status != ParseExitStatus.success { throw ExitCode(status) }
    }

    /// The absolute-URI error of a `--registered` or `--redirect-uri` value, read from the bytes
    /// that were passed, as "<kind> at offset <n> (<message>)"; `nil` for an absolute URI.
    static func absoluteURIError(_ value: String) -> String? {
        let bytes = RawArguments.bytes(of: value)
        do {
            if RawArguments.isStandIn(value) {
                // Not UTF-8, so never a URI: the byte-level parse says where and why.
                _ = try URIReference(bytes: bytes, as: .uri)
                return "not UTF-8"
            }
            _ = try RedirectURI(parsing: value)
            return nil
        } catch {
            return "\(error.kind) at offset \(error.offset) (\(error.message))"
        }
    }

    /// Standard input's lines. On a terminal, where nothing was piped in, `hint` goes to standard
    /// error first, so that a command waiting for input does not look hung.
    static func standardInputLines(hint: String) -> [[UInt8]] {
        if isatty(STDIN_FILENO) == 1 { FileHandle.standardError.write(Data((hint + "\n").utf8)) }
        return lines(of: FileHandle.standardInput.readDataToEndOfFile())
    }

    /// Splits standard input on LF; a final LF does not start another input.
    static func lines(of data: Data) -> [[UInt8]] {
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
