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

/// Converts the Unicode host of an `https` IRI (as people paste them) to ASCII, and reports
/// confusable or mixed-script labels. This is the only place non-ASCII is turned into something
/// the strict parser accepts, and only when asked for (`parse --iri`).
///
/// Conversion is exact or nothing, so that it never turns a rejection into an acceptance: each
/// Unicode label is encoded as written (IDNA2008: the label to Punycode, checked by UTS #46 with
/// ICU), and ASCII labels are left as written. A host that UTS #46 would first have to *map* —
/// full-width or upper-case letters (`ｓｉｇｎｉｎ`), a removed soft hyphen (U+00AD) or zero-width
/// space (U+200B), an ideographic full stop (U+3002) read as a dot, a form that is not NFC — is
/// not converted: the text is returned as it is, so that the strict parser rejects it, with an
/// error (`iri-host-mapped`) naming each mapped code point and its byte offset. Only `https`
/// hosts are converted: an `http` host, `http://１２７.0.0.1` above all (full-width digits that
/// mapping would make a loopback address), stays as written (`iri-host-not-https`).
///
/// ```swift
/// let result = IRI.convertHost("https://bücher.example/cb")
/// result.converted   // "https://xn--bcher-kva.example/cb"
/// IRI.convertHost("https://ｂücher.example/cb").converted   // unchanged: 'ｂ' would be mapped
/// ```
public enum IRI {
    /// Converts the host when the text is an `https` IRI with a non-ASCII host that needs no
    /// mapping; otherwise returns the text unchanged, with an error when it has a non-ASCII host
    /// that was not converted, and no diagnostics when it has none.
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
        func refused(_ diagnostic: RedirectDiagnostic) -> IRIConversion {
            IRIConversion(converted: text, originalHost: host, asciiHost: nil, diagnostics: [diagnostic])
        }
        guard scheme == "https" else {
            return refused(
                RedirectDiagnostic(
                    .error, .iriHostNotHTTPS,
                    "the host '\(host)' was not converted: only https hosts are (an http host, a loopback address above all, is compared as written)"
                ))
        }

        var diagnostics: [RedirectDiagnostic] = []
        let result = IDNA.toASCII(host)
        guard result.isValid else {
            return refused(RedirectDiagnostic(.error, .idnaError, "the host '\(host)' cannot be converted with UTS #46: \(result.errors)"))
        }
        if let mapping = Self.mapping(of: host, at: hostRange.lowerBound) {
            return refused(
                RedirectDiagnostic(
                    .error, .iriHostMapped,
                    "the host '\(host)' was not converted: UTS #46 would map \(mapping), so the host would not be the one written"))
        }
        // Unicode labels encoded one by one, ASCII labels as written.
        let ascii = host.split(separator: ".", omittingEmptySubsequences: false).map { label in
            label.allSatisfy(\.isASCII) ? String(label) : IDNA.toASCII(String(label)).output
        }.joined(separator: ".")
        diagnostics.append(
            RedirectDiagnostic(
                .info, .iriHostConverted,
                "converted the host '\(host)' to '\(ascii)' (IDNA2008 encoding, checked by UTS #46)"))
        let unicode = IDNA.toUnicode(ascii).output
        let hasUnicodeLabel = unicode.split(separator: ".").contains { !$0.allSatisfy { $0.isASCII } }
        if hasUnicodeLabel && !Confusables.isAvailable {
            diagnostics.append(
                RedirectDiagnostic(
                    .warning, .confusableCheckUnavailable,
                    "the host '\(host)' was not checked for look-alike characters: this system's ICU has no spoof checker"))
        }
        for label in unicode.split(separator: ".") where Confusables.isAvailable && !label.allSatisfy({ (character: Character) in character.isASCII })
        {
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
            String(decoding: bytes[..<hostRange.lowerBound], as: UTF8.self) + ascii
            + String(decoding: bytes[hostRange.upperBound...], as: UTF8.self)
        return IRIConversion(converted: converted, originalHost: host, asciiHost: ascii, diagnostics: diagnostics)
    }

    /// What UTS #46 would map in the Unicode labels of `host` (whose first byte is at `offset` in
    /// the text), said code point by code point — `U+FF42 FULLWIDTH LATIN SMALL LETTER B at byte
    /// 8 (to 'b')` — or `nil` when every Unicode label is already what UTS #46 makes of it. ASCII
    /// labels are not looked at: they are compared as written.
    static func mapping(of host: String, at offset: Int) -> String? {
        var mapped: [String] = []
        var labelStart = offset
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            defer { labelStart += label.utf8.count + 1 }
            guard !label.allSatisfy(\.isASCII) else { continue }
            var position = labelStart
            var anyMapped = false
            for scalar in label.unicodeScalars {
                defer { position += String(scalar).utf8.count }
                // UTS #46 maps code point by code point (its mapping table), then normalizes.
                // A code point that cannot stand alone (a combining mark) says nothing here: the
                // label's normalization below covers it.
                let probe = IDNA.toUnicode(String(scalar))
                let image = probe.output
                // Compared scalar by scalar: String's == is canonical equivalence, and a canonical
                // singleton (U+212B ANGSTROM SIGN to U+00C5) is a mapping here.
                guard !image.unicodeScalars.elementsEqual([scalar]), !probe.errors.contains(.leadingCombiningMark),
                    !image.unicodeScalars.contains("\u{FFFD}")
                else {
                    continue
                }
                anyMapped = true
                let name = scalar.properties.name.map { " " + $0 } ?? ""
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                let to = image.isEmpty ? "removed" : "to '\(image)'"
                mapped.append("\(code)\(name) at byte \(position) (\(to))")
            }
            if !anyMapped, !IDNA.toUnicode(String(label)).output.unicodeScalars.elementsEqual(label.unicodeScalars) {
                mapped.append("the label '\(label)' at byte \(labelStart) to its normalization form C")
            }
        }
        return mapped.isEmpty ? nil : mapped.joined(separator: ", ")
    }
}
