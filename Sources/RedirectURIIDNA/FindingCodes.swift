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

    /// Every code host conversion reports.
    public static let idnaCodes: [FindingCode] = [.iriHostConverted, .confusableHost, .idnaError, .confusableCheckUnavailable]
}

extension IRI {
    /// Host conversion's codes, each with its one severity and meaning (see ``FindingRegistry``).
    public static let findingDefinitions: [FindingDefinition] = [
        FindingDefinition(.iriHostConverted, .info, "a Unicode host was converted to its ASCII (A-label) form"),
        FindingDefinition(.confusableHost, .warning, "a host label mixes scripts or is confusable with another (UTS #39)"),
        FindingDefinition(.idnaError, .error, "UTS #46 could not convert the host"),
        FindingDefinition(.confusableCheckUnavailable, .warning, "a Unicode host that could not be checked for look-alike characters (no spoof checker in this ICU)"),
    ]
}
