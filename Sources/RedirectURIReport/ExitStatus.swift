/// The exit status of `parse`, decided from what it prints.
///
/// One rule, for text and JSON alike: the status is 1 when any printed input is a failure
/// (``InputReport/isFailure``), and 0 otherwise — when verifying, exactly when a verdict is a
/// rejection, so the verdict and the status never disagree; 2 is for usage errors and unreadable files,
/// which print no report at all. A script can therefore trust the status without reading the
/// output, and a person reading the output never meets a failure that exits 0.
public enum ParseExitStatus {
    /// Every input is valid, accepted, and has no finding of severity `error`.
    public static let success: Int32 = 0
    /// At least one input is a failure.
    public static let failure: Int32 = 1
    /// A usage error or an unreadable file.
    public static let usage: Int32 = 2

    /// The status for the reports of one run.
    public static func status(of reports: some Sequence<InputReport>) -> Int32 {
        reports.contains(where: \.isFailure) ? failure : success
    }
}

extension InputReport {
    /// Whether this input makes `parse` exit with status 1.
    ///
    /// With verification, exactly when the verdict is a rejection: whatever fails a verified
    /// input (not a URI, not absolute, an ambiguous request) is the verdict's rule, and a
    /// problem of a broker request that the verdict does not rest on (a missing `scope`, an
    /// https `redirect_uri` accepted without a caller bundle ID) is printed without failing it.
    ///
    /// Without verification: it is not a valid URI reference, or the broker message it carries
    /// has a problem, or any diagnostic printed for it (or for a wrapper's inner URI) has
    /// severity `error`. A relative reference (`a`, `/cb`) is valid RFC 3986, so `valid` is
    /// true, but it is not a redirect URI: its `not-absolute` diagnostic is an error, and the
    /// status is 1.
    public var isFailure: Bool {
        if let verdict { return !verdict.accepted }
        return !valid || message?.problems.isEmpty == false
            || diagnostics.contains { $0.severity == .error }
            || inner?.report.isFailure == true
    }
}
