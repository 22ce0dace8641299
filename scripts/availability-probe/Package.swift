// swift-tools-version: 6.2
// The probe of `scripts/availability-check --self-test`: never built, only type-checked for
// Apple platforms at the main package's floors. A line the check must report carries the comment
// `// availability-probe: reported on all` (or `... on all but visionos`); the self-test fails
// unless exactly those lines are reported, on exactly those platforms.
import PackageDescription

let package = Package(
    name: "availability-probe",
    targets: [
        // Standard library only.
        .target(name: "Probe"),
        // A C module whose header uses only <stdint.h>, as CICUShim's does.
        .target(name: "ProbeShim"),
        // Imports the two above: checked after them, through their modules.
        .target(name: "ProbeC", dependencies: ["Probe", "ProbeShim"]),
        // Imports Foundation: the check must skip it (it needs the Apple SDK).
        .target(name: "ProbeFoundation"),
    ],
    swiftLanguageModes: [.v6]
)
