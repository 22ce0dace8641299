// swift-tools-version: 6.2
// ClusterFuzzLite builds with Swift 6.2, so the tools version stays at 6.2 or lower.
import PackageDescription

let package = Package(
    name: "swift-redirect-uri",
    products: [
        .library(name: "RedirectURI", targets: ["RedirectURI"]),
        .library(name: "RedirectURIReport", targets: ["RedirectURIReport"]),
        .executable(name: "parse", targets: ["parse"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The core: RFC 3986 parsing, percent-encoding, redirect-URI rules, broker messages.
        // No dependencies and no Foundation, so importing it keeps Foundation off the hot path.
        .target(name: "RedirectURI"),
        // Everything the command needs that uses Foundation: the JSON contract and text rendering.
        .target(name: "RedirectURIReport", dependencies: ["RedirectURI"]),
        // A thin shell over RedirectURIReport.
        .executableTarget(
            name: "parse",
            dependencies: [
                "RedirectURI",
                "RedirectURIReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "RedirectURITests", dependencies: ["RedirectURI"], exclude: ["Vectors"]),
        // Depends on `parse` so that the command is built for the end-to-end tests that run it.
        .testTarget(name: "RedirectURIReportTests", dependencies: ["RedirectURIReport", "RedirectURI", "parse"]),
    ],
    swiftLanguageModes: [.v6]
)
