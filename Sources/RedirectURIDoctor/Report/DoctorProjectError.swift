/// Why the doctor could not start on a project: the project is unreadable, or the target or
/// configuration to check is not clear. `parse doctor` reports these as usage errors (exit 2).
///
/// Problems inside a readable project (a missing Info.plist, an unreadable `.xcconfig`) are
/// findings, not errors: the doctor reports them with everything else it found.
public struct DoctorProjectError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The `.xcodeproj` or its `project.pbxproj` cannot be read.
        case unreadable
        /// `project.pbxproj` is not a project file Xcode writes (no objects, no root project).
        case malformed
        /// No target has the given name.
        case targetNotFound = "target-not-found"
        /// No target was named and the project does not have exactly one application target.
        case targetAmbiguous = "target-ambiguous"
        /// The target has no configuration with the given name (or none at all).
        case configurationNotFound = "configuration-not-found"
        /// The project is generated (XcodeGen, Tuist, Expo's prebuild) and the doctor cannot read
        /// its source: the message names the command that writes the project to check instead.
        case notGenerated = "not-generated"
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence for the user, listing the choices where there are some.
    public var message: String

    /// Creates an error.
    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
