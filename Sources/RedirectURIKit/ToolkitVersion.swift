/// The version of this package, for code and tools that report what they run on.
///
/// One constant for the whole package: `parse --version` prints it, and a test holds it equal to
/// the newest version heading of `CHANGELOG.md`, so a release changes both or neither.
///
/// ```swift
/// ToolkitVersion.current   // → "0.1.0"
/// ```
@_spi(Toolkit)
public enum ToolkitVersion {
    /// The package's semantic version (`MAJOR.MINOR.PATCH`).
    public static let current = "0.1.0"
}
