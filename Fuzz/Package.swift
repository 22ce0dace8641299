// swift-tools-version: 6.2
// The fuzz targets: a package of its own so that the root manifest never carries sanitizer flags.
// ClusterFuzzLite builds with Swift 6.2, so the tools version stays at 6.2 or lower.
//
// Build (see scripts/build.sh, which also proves the build is instrumented):
//   swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address
//
// Each target checks one property (Sources/FuzzProperties/<Name>Property.swift); its own source
// holds declarations only, with a single `@_cdecl("LLVMFuzzerTestOneInput")` entry point. Its dictionary and libFuzzer options sit next to
// the source (`<Target>.dict`, `<Target>.options`, OSS-Fuzz conventions); the seed corpus is in
// ../Corpus/<Target>/ and crashers are kept in ../Corpus/regressions/<Target>/.
import PackageDescription

let targets = [
    "FuzzParse",
    "FuzzRoundTrip",
    "FuzzPercentCoding",
    "FuzzDifferential",
    "FuzzRedirect",
    "FuzzBroker",
    "FuzzVerify",
    "FuzzHotPath",
    "FuzzDoctorReaders",
    "FuzzSourceReader",
    "FuzzCAPI",
]

/// Modules of this package that a target needs besides FuzzSupport and the library.
let extraDependencies: [String: [Target.Dependency]] = [
    "FuzzVerify": ["VerificationModel"],
    "FuzzHotPath": ["CFuzzerMutate"],
    // The doctor's readers; its property lives in the doctor module (DoctorReadersProperty).
    "FuzzDoctorReaders": [.product(name: "RedirectURIDoctor", package: "swift-redirect-uri")],
    // The reader of an app's Swift and Objective-C code; its property is SourceReaderProperty.
    "FuzzSourceReader": [.product(name: "RedirectURIDoctor", package: "swift-redirect-uri")],
    // The C API against the Swift API; its property is CAPIAgreement.
    "FuzzCAPI": ["CAPIAgreement"],
]

let package = Package(
    name: "swift-redirect-uri-fuzz",
    dependencies: [
        .package(name: "swift-redirect-uri", path: ".."),
    ],
    targets: [
        // Every target's property, as functions that report a failure instead of trapping. The
        // root package compiles the same folder as `RedirectURIFuzzProperties`, so `swift test`
        // replays the corpus through exactly these checks.
        .target(
            name: "FuzzProperties",
            dependencies: [.product(name: "RedirectURIKit", package: "swift-redirect-uri")]
        ),
        // The libFuzzer side: forces a string path per input, runs a property, traps on failure.
        .target(
            name: "FuzzSupport",
            dependencies: ["FuzzProperties", .product(name: "RedirectURIKit", package: "swift-redirect-uri")]
        ),
        // The plain, independent model of the "Verification rules" article and its comparison
        // with the library (FuzzVerify). The root package compiles the same folder as the
        // test-support target RedirectURIVerificationModel, so `swift test` replays cases too.
        .target(
            name: "VerificationModel",
            dependencies: [.product(name: "RedirectURIKit", package: "swift-redirect-uri")]
        ),
        // The C API (redirect_uri.h) against the Swift API on the same bytes (FuzzCAPI). The root
        // package compiles the same folder as RedirectURICAPIAgreement, so `swift test` replays
        // FuzzCAPI's corpus too.
        .target(
            name: "CAPIAgreement",
            dependencies: [
                .product(name: "RedirectURIKit", package: "swift-redirect-uri"),
                .product(name: "CRedirectURIKit", package: "swift-redirect-uri"),
            ]
        ),
        // A declaration of libFuzzer's `LLVMFuzzerMutate`, which FuzzHotPath's custom mutator
        // falls back on (the runtime linked by `-sanitize=fuzzer` defines it).
        .target(name: "CFuzzerMutate"),
        // asprintf and vasprintf on the program's malloc: in the statically linked ClusterFuzzLite
        // build, libc's would allocate what AddressSanitizer frees (see its source).
        .target(name: "CFuzzLibcAllocation"),
    ] + targets.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzProperties", "FuzzSupport", "CFuzzLibcAllocation"] + (extraDependencies[name] ?? []),
            exclude: ["\(name).dict", "\(name).options"]
        )
    },
    swiftLanguageModes: [.v6]
)
