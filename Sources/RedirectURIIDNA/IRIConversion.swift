import RedirectURIKit

/// The result of converting an IRI's Unicode host to ASCII.
public struct IRIConversion: Sendable, Hashable {
    /// The text with its host converted (unchanged when nothing was converted).
    public var converted: String
    /// The host as written, when it was converted.
    public var originalHost: String?
    /// The ASCII host, when it was converted.
    public var asciiHost: String?
    /// What happened: the conversion, IDNA errors, confusable or mixed-script labels.
    public var diagnostics: [RedirectDiagnostic]
}

/// Converts the Unicode host of an `http`/`https` IRI (as people paste them) to ASCII with UTS #46,
/// and reports confusable or mixed-script labels. This is the only place non-ASCII is turned into
/// something the strict parser accepts, and only when asked for (`parse --iri`).
///
/// ```swift
/// let result = IRI.convertHost("https://bücher.example/cb")
/// result.converted   // "https://xn--bcher-kva.example/cb"
/// ```
public enum IRI {
    /// Converts the host when the text is an http(s) IRI with a non-ASCII host; otherwise returns
    /// the text unchanged with no diagnostics.
    public static func convertHost(_ text: String) -> IRIConversion {
        let unchanged = IRIConversion(converted: text, originalHost: nil, asciiHost: nil, diagnostics: [])
        // The components are found by the core's own parse, so that the host is the one the
        // strict parser will see (userinfo ends at the first '@', a port is digits): each
        // non-ASCII byte stands in as an ASCII letter, which keeps every offset.
        let bytes = Array(text.utf8)
        let standIn = bytes.map { $0 >= 0x80 ? UInt8(ascii: "a") : $0 }
        guard let reference = try? URIReference(bytes: standIn, as: .uri),
            let scheme = reference.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let hostRange = reference.ranges.host, reference.hostKind == .regName,
            bytes[hostRange].contains(where: { $0 >= 0x80 })
        else { return unchanged }
        // The range starts and ends at ASCII bytes, so it never splits a UTF-8 sequence.
        let host = String(decoding: bytes[hostRange], as: UTF8.self)

        var diagnostics: [RedirectDiagnostic] = []
        let result = IDNA.toASCII(host)
        guard result.isValid else {
            diagnostics.append(
                RedirectDiagnostic(
                    .error, .idnaError,
                    "the host '\(host)' cannot be converted with UTS #46: \(result.errors)"))
            return IRIConversion(converted: text, originalHost: host, asciiHost: nil, diagnostics: diagnostics)
        }
        diagnostics.append(
            RedirectDiagnostic(
                .info, .iriHostConverted,
                "converted the host '\(host)' to '\(result.output)' (UTS #46)"))
        let unicode = IDNA.toUnicode(result.output).output
        let hasUnicodeLabel = unicode.split(separator: ".").contains { !$0.allSatisfy { $0.isASCII } }
        if hasUnicodeLabel && !Confusables.isAvailable {
            diagnostics.append(
                RedirectDiagnostic(
                    .warning, .confusableCheckUnavailable,
                    "the host '\(host)' was not checked for look-alike characters: this system's ICU has no spoof checker"))
        }
        for label in unicode.split(separator: ".") where Confusables.isAvailable && !label.allSatisfy({ (character: Character) in character.isASCII }) {
            let checks = Confusables.check(String(label))
            let skeleton = Confusables.skeleton(String(label))
            let suspicious: SpoofChecks = [
                .restrictionLevel, .mixedScriptConfusable, .wholeScriptConfusable, .invisible, .mixedNumbers, .hiddenOverlay,
            ]
            if !checks.isDisjoint(with: suspicious) {
                diagnostics.append(
                    RedirectDiagnostic(
                        .warning, .confusableHost,
                        "the label '\(label)' is suspicious (\(checks)); it looks like '\(skeleton)'"))
            }
        }
        let converted =
            String(decoding: bytes[..<hostRange.lowerBound], as: UTF8.self) + result.output
            + String(decoding: bytes[hostRange.upperBound...], as: UTF8.self)
        return IRIConversion(converted: converted, originalHost: host, asciiHost: result.output, diagnostics: diagnostics)
    }
}
