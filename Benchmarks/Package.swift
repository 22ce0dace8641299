// swift-tools-version: 6.2
// The benchmark package: its own manifest and .build, so package-benchmark, its malloc
// interposer and Foundation never become dependencies of the library itself.
import PackageDescription

let package = Package(
    name: "swift-redirect-uri-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swift-redirect-uri", path: ".."),
        // MallocInterposer supplies mallocCountTotal on Swift 6.3+ (no jemalloc to install).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Deterministic corpus of the four input categories (a)–(d), generated from a fixed seed.
        .target(name: "BenchmarkCorpus"),
        // Writes the corpus to text files for inspection or for other tools.
        .executableTarget(name: "make-corpus", dependencies: ["BenchmarkCorpus"]),
        // The Foundation peers and the prepared inputs, shared by both measuring tools below.
        .target(
            name: "BenchmarkPeers",
            dependencies: ["BenchmarkCorpus", .product(name: "RedirectURIKit", package: "swift-redirect-uri")]
        ),
        // One named operation over the corpus, for callgrind instruction counts
        // (scripts/instructions.sh) and interleaved timing rounds (scripts/rounds.sh). It does not
        // depend on package-benchmark, so `swift build --product measure-ops` builds in seconds.
        .executableTarget(
            name: "measure-ops",
            dependencies: [
                "BenchmarkCorpus", "BenchmarkPeers", .product(name: "RedirectURIKit", package: "swift-redirect-uri"),
                // The C API, measured next to the Swift calls it wraps (COperations.swift).
                .product(name: "CRedirectURIKit", package: "swift-redirect-uri"),
            ]
        ),
        // The hot operations in plain loops over the same corpus, calling the public API with no
        // harness between: checks that measure-ops' figures are what a loop of one's own gets
        // (scripts/plain-loop.sh).
        .executableTarget(
            name: "plain-loop",
            dependencies: ["BenchmarkPeers", .product(name: "RedirectURIKit", package: "swift-redirect-uri")]
        ),
        // How long the doctor takes to read a generated 2,000-file app's Swift and Objective-C
        // code (`swift run -c release read-app-code`); no package-benchmark, so it builds fast.
        .executableTarget(
            name: "read-app-code",
            dependencies: [.product(name: "RedirectURIDoctor", package: "swift-redirect-uri")]
        ),
        // Discovered by `swift package benchmark` because it lives under Benchmarks/.
        .executableTarget(
            name: "RedirectURIBenchmarks",
            dependencies: [
                "BenchmarkCorpus",
                "BenchmarkPeers",
                .product(name: "RedirectURIKit", package: "swift-redirect-uri"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RedirectURIBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Checks the corpus (shape, determinism, validity); never times anything.
        .testTarget(
            name: "BenchmarkCorpusTests",
            dependencies: ["BenchmarkCorpus", .product(name: "RedirectURIKit", package: "swift-redirect-uri")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
