@_spi(Toolkit) import RedirectURIKit

/// Renders an ``InputReport`` as the human-readable text of `parse`.
///
/// ```text
/// x-msauth-mytestiosapp://com.myapp.mytestapp
///   valid      yes (RFC 3986 URI)
///   scheme     x-msauth-mytestiosapp
///   host       com.myapp.mytestapp
///   ...
/// ```
public struct TextRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The text block for one report, ending with a newline.
    public func render(_ report: InputReport) -> String {
        var lines: [String] = []
        render(report, indent: "", into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    func render(_ report: InputReport, indent: String, into lines: inout [String]) {
        func row(_ label: String, _ value: String) {
            lines.append(indent + "  " + label.padding(to: 11) + value)
        }
        if report.inputIsTruncated {
            lines.append(indent + Self.printable(report.input) + "… (\(report.inputLength) bytes in all, SHA-256 \(report.inputSHA256 ?? ""))")
        } else {
            lines.append(indent + Self.printable(report.input))
        }
        guard report.valid, let components = report.components else {
            if let error = report.error {
                row("valid", "no: \(error.kind) at offset \(error.offset)")
                row("", error.message)
                if report.inputIsTruncated {
                    let diagram = error.caretDiagram
                    // The echo may not reach the offset: the parser's excerpt is a window around it.
                    for line in diagram.split(separator: "\n", omittingEmptySubsequences: false) {
                        lines.append(indent + String(line))
                    }
                } else {
                    for line in Self.caretDiagram(report.input, offset: error.offset) { lines.append(indent + "  " + line) }
                }
            }
            renderVerdict(report, row: row)
            return
        }
        row("valid", components.scheme == nil ? "yes (relative reference)" : "yes (URI)")
        row("scheme", Self.show(components.scheme))
        if components.host != nil {
            row("userinfo", Self.show(components.userinfo))
            row("host", Self.show(components.host))
            row("port", Self.show(components.port))
        } else {
            row("authority", "(absent)")
        }
        row("path", Self.show(components.path))
        row("query", Self.show(components.query))
        row("fragment", Self.show(components.fragment))
        if let form = report.form { row("form", form) }
        if let bundleID = report.bundleID { row("bundle ID", bundleID) }
        if let clientID = report.clientID { row("client ID", clientID) }
        if let inner = report.inner {
            row("inner", "(decoded once)")
            render(inner.report, indent: indent + "    ", into: &lines)
        }
        if let parameters = report.parameters {
            row("parameters", parameters.isEmpty ? "(none)" : "\(parameters.count)")
            for parameter in parameters {
                lines.append(
                    indent + "    " + Self.printable(parameter.name) + " = "
                        + (parameter.value.map { Self.printable(Self.truncated($0)) } ?? "(no value)"))
            }
        }
        if let message = report.message?.summary {
            row("message", (message.type ?? "") + (message.protocolVersion.map { " (protocol \($0))" } ?? ""))
            for (name, value) in message.fields.sorted(by: { $0.key < $1.key }) {
                lines.append(indent + "    " + name + ": " + Self.printable(Self.truncated(value)))
            }
            for problem in message.problems { lines.append(indent + "    problem: " + problem.description) }
        }
        renderVerdict(report, row: row)
        for diagnostic in report.diagnostics {
            row(diagnostic.severity.rawValue, "\(diagnostic.code): \(diagnostic.message)")
        }
    }

    /// The verdict's rows: the outcome, then the explanation (with the near miss, if any).
    func renderVerdict(_ report: InputReport, row: (String, String) -> Void) {
        guard let verdict = report.verdict else { return }
        row("verdict", verdict.accepted ? "accepted" : verdict.failedRule.map { "rejected (\($0.identifier))" } ?? "rejected")
        row("", Self.printable(verdict.explanation))
        switch verdict.identity {
        case .reportedByOS?: row("identity", "reported-by-os: iOS reported the caller, and rule bundle-id held the redirect URI to it")
        case .claimedByRedirectURI?:
            row(
                "identity",
                "claimed-by-redirect-uri: iOS did not report the caller, so the bundle ID is the redirect URI's claim (rule bundle-id had no caller to compare it with)"
            )
        case nil: break
        }
    }

    static func show(_ value: String?) -> String {
        guard let value else { return "(absent)" }
        return value.isEmpty ? "(empty)" : printable(truncated(value, limit: InputReport.echoLimit))
    }

    static func truncated(_ value: String, limit: Int = 120) -> String {
        value.count <= limit ? value : String(value.prefix(limit)) + "… (\(value.utf8.count) bytes)"
    }

    /// Escapes controls so that a report can never move the terminal's cursor nor break a line:
    /// C0, DEL and C1 as `\xNN`, U+2028 and U+2029 as `\u{NNNN}`.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                result += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
            } else if scalar.value == 0x2028 || scalar.value == 0x2029 {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The input (escaped as ``printable(_:)`` does) with a caret under byte `offset`.
    static func caretDiagram(_ input: String, offset: Int) -> [String] {
        var line = ""
        var caret = -1
        var byteOffset = 0
        for scalar in input.unicodeScalars {
            if byteOffset >= offset, caret < 0 { caret = line.count }
            line += printable(String(scalar))
            byteOffset += String(scalar).utf8.count
        }
        if caret < 0 { caret = line.count }
        return [line, String(repeating: " ", count: caret) + "^"]
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
