import Foundation

/// What the doctor read of one target before any check runs: its settings, platform, build
/// phases, SDK evidence and what reading found wrong. Built once by the reading stage and handed
/// to every SDK's run as it is; the checks read it and never change it.
struct TargetFacts {
    /// Expands the target's build settings (or the caller's values without a project).
    var expander: BuildSettingExpander
    /// The settings the caller gave, with how they were given (`--bundle-id com.contoso.app`).
    var givenSettings: [String: String]
    /// Where the project names its SDKs (for this target: its Info.plist keys and code too).
    var detection: SDKDetection
    /// In project mode, `target 'Name' (Configuration)`.
    var projectDescription: String?
    /// Why a setting with no value stays unexpanded (said in `unexpanded-variable`).
    var unresolvedExplanation = "no project was read and no value was given for it"
    /// Whether the Info.plist is generated from build settings alone (no file to add keys to).
    var generatedOnly = false
    /// The target's platform, when a project says it (`SDKROOT`): it decides the SDK's rules.
    var platform: ApplePlatform? { didSet { context.platform = platform?.rawValue } }
    /// Run-script phases that may write keys into the built Info.plist.
    var buildTimeEdits: [BuildTimeEdit] = []
    /// Whether the target sets no `DEVELOPMENT_TEAM` (`nil` without a project).
    var developmentTeamUnset: Bool?
    /// Generated files the project refers to that are absent (`generated-file-missing`), said
    /// where a setting they might be thought to hold is unset.
    var generatedFilesMissing: [String] = []
    /// The Info.plist's and the project's paths on disk, when read from one (for locations).
    var infoPlistPath: String?
    var projectPath: String?
    /// Where the Info.plist's keys are written when a generator writes the file ("project.yml
    /// (target 'Mail', info.properties)"), and the command that writes it again.
    var infoPlistSpec: (properties: String, regenerate: String)?
    /// The Info.plist bytes the caller gave (`--info-plist`), which have no path to read.
    var infoPlistGiven: [UInt8]?
    /// What was read, as the report says it (project, target, configuration, files).
    var context = DoctorContext()
    /// What reading found wrong (a file that cannot be read, a setting that cannot be resolved).
    var findings: [DoctorFinding] = []
    /// Values reading expanded, with where: what stood in their way is reported with the rest.
    var expansions: [(expansion: Expansion, location: String)] = []

    init(expander: BuildSettingExpander, givenSettings: [String: String], detection: SDKDetection) {
        self.expander = expander
        self.givenSettings = givenSettings
        self.detection = detection
    }

    /// Remembers a value reading expanded, at `location`.
    mutating func record(_ expansion: Expansion, at location: String) {
        expansions.append((expansion, location))
    }
}
