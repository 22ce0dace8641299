// swift-tools-version: 6.2
// The probe of `scripts/availability-check --self-test`: type-checked for Apple platforms at the
// main package's floors, and built on Linux for the symbol lookup. A line the check must report
// carries the comment `// availability-probe: reported on all` (or `... on all but visionos`,
// `... by typecheck`, `... by symbols`); the self-test fails unless exactly those lines are
// reported, on exactly those platforms, by exactly those halves of the check.
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
        // Imports Foundation: the type-check must skip it (it needs the Apple SDK); the symbol
        // lookup must see into it.
        .target(name: "ProbeFoundation"),
        // A test target: only the symbol lookup reaches it.
        .testTarget(name: "ProbeTests", dependencies: ["Probe"]),
    ],
    swiftLanguageModes: [.v6]
)
