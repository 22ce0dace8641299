import RedirectURIKit

extension FindingCode {
    /// A Unicode host was converted to its ASCII (A-label) form.
    public static let iriHostConverted = FindingCode(rawValue: "iri-host-converted")
    /// A label mixes scripts or is confusable with another (UTS #39).
    public static let confusableHost = FindingCode(rawValue: "confusable-host")
    /// UTS #46 could not convert the host.
    public static let idnaError = FindingCode(rawValue: "idna-error")
    /// The system's ICU has no spoof checker, so a converted host was not checked for
    /// confusable or mixed-script labels.
    public static let confusableCheckUnavailable = FindingCode(rawValue: "confusable-check-unavailable")

    /// A Unicode host was not converted because UTS #46 would have changed code points of it
    /// (width or case folding, a removed character, a dot look-alike, normalization): only an
    /// exact host, encoded as it is written, is converted.
    public static let iriHostMapped = FindingCode(rawValue: "iri-host-mapped")
    /// A Unicode host of a URI other than `https` (an `http` loopback above all) was not converted.
    public static let iriHostNotHTTPS = FindingCode(rawValue: "iri-host-not-https")

    /// Every code host conversion reports.
    public static let idnaCodes: [FindingCode] = [
        .iriHostConverted, .confusableHost, .idnaError, .confusableCheckUnavailable, .iriHostMapped, .iriHostNotHTTPS,
    ]
}

extension IRI {
    /// Host conversion's codes, each with its one severity and meaning (see ``FindingRegistry``).
    public static let findingDefinitions: [FindingDefinition] = [
        FindingDefinition(.iriHostConverted, .info, "a Unicode host was converted to its ASCII (A-label) form"),
        FindingDefinition(.confusableHost, .warning, "a host label mixes scripts or is confusable with another (UTS #39)"),
        FindingDefinition(.idnaError, .error, "UTS #46 could not convert the host"),
        FindingDefinition(
            .confusableCheckUnavailable, .warning, "a Unicode host that could not be checked for look-alike characters (no spoof checker in this ICU)"
        ),
        FindingDefinition(
            .iriHostMapped, .error, "a Unicode host was not converted: UTS #46 would have mapped some of its code points, not only encoded it"),
        FindingDefinition(.iriHostNotHTTPS, .error, "a Unicode host was not converted: only https hosts are"),
    ]
}
