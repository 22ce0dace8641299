import ArgumentParser

/// `--format text|json` of `parse` and `parse route`.
///
/// `xcode`, `github` and `sarif` are read too, but only to refuse them with a usage error that
/// says why (they point at a file and a line, and a URI has neither) and where they are
/// (`parse doctor`), rather than a bare "invalid value"; help and shell completion offer `text`
/// and `json` alone.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
    /// `parse doctor`'s formats, refused here (see ``resolve(_:json:inputs:)``).
    case xcode, github, sarif

    static var allValueStrings: [String] { ["text", "json"] }

    /// Whether to print JSON: `--format`, or `--json` (the same as `--format json`). `inputs`
    /// names what the command reads ("an incoming URL"), for the message that refuses a doctor
    /// format.
    ///
    /// - Throws: a `ValidationError` (exit status 2) for a doctor format, or for `--json` with
    ///   `--format text`.
    static func resolve(_ format: ReportFormat?, json: Bool, inputs: String) throws -> Bool {
        switch format {
        case .xcode?, .github?, .sarif?:
            let name = format?.rawValue ?? ""
            throw ValidationError(
                "--format \(name) is a format of 'parse doctor': xcode, github and sarif place each finding at a line of a file, "
                    + "and \(inputs) is in no file. Use --format text or json here; to check an app's Info.plist and entitlements "
                    + "for Xcode, GitHub Actions or code scanning, run 'parse doctor --format \(name)'.")
        case .text?:
            if json { throw ValidationError("--json is the same as --format json, and conflicts with --format text.") }
            return false
        case .json?: return true
        case nil: return json
        }
    }
}

/// `--format text|json|xcode|github|sarif` of `parse doctor`.
enum DoctorFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, xcode, github, sarif

    /// The format to print: `--format`, or `--json` (the same as `--format json`), text by default.
    ///
    /// - Throws: a `ValidationError` (exit status 2) for `--json` with another `--format`.
    static func resolve(_ format: DoctorFormat?, json: Bool) throws -> DoctorFormat {
        guard json else { return format ?? .text }
        if let format, format != .json {
            throw ValidationError("--json is the same as --format json, and conflicts with --format \(format.rawValue).")
        }
        return .json
    }
}
