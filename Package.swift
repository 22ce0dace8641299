// swift-tools-version: 6.2
// ClusterFuzzLite builds with Swift 6.2, so the tools version stays at 6.2 or lower.
import PackageDescription

/// Where ICU is the system's libicucore.
let applePlatforms: [Platform] = [.macOS, .iOS, .tvOS, .watchOS, .visionOS, .macCatalyst]
/// Where ICU comes from the distribution (pkg-config `icu-i18n`).
let nonApplePlatforms: [Platform] = [.linux, .android, .openbsd]

let package = Package(
    name: "swift-redirect-uri",
    // Where identity apps and broker apps run. Apple APIs newer than these floors are used only
    // behind `if #available`, with a fallback that does the same work (scripts/availability-check
    // enforces it on Linux). Mac Catalyst follows iOS.
    platforms: [.iOS(.v15), .macOS(.v11), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1), .macCatalyst(.v15)],
    products: [
        .library(name: "RedirectURIKit", targets: ["RedirectURIKit"]),
        .library(name: "RedirectURIFoundation", targets: ["RedirectURIFoundation"]),
        .library(name: "RedirectURIReport", targets: ["RedirectURIReport"]),
        .library(name: "RedirectURIIDNA", targets: ["RedirectURIIDNA"]),
        .library(name: "RedirectURIDoctor", targets: ["RedirectURIDoctor"]),
        // The C API (redirect_uri.h) for Objective-C, C and C++ callers: the header's target and
        // its Swift implementation, linked together.
        .library(name: "CRedirectURIKit", targets: ["CRedirectURIKit", "RedirectURIKitC"]),
        .executable(name: "parse", targets: ["parse"]),
        // The doctor where developers work: `swift package redirect-doctor`, and a build tool
        // plugin that checks a target's app configuration on each build.
        .plugin(name: "RedirectDoctor", targets: ["RedirectDoctor"]),
        .plugin(name: "RedirectDoctorBuildTool", targets: ["RedirectDoctorBuildTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The core: RFC 3986 parsing, percent-encoding, redirect-URI rules, broker messages.
        // No dependencies and no Foundation, so importing it keeps Foundation off the hot path.
        .target(name: "RedirectURIKit"),
        // The C API: redirect_uri.h, the source of truth, in a C target of its own (its .c file
        // checks the layout the header promises) ...
        .target(name: "CRedirectURIKit"),
        // ... implemented over the core with @_cdecl, each function checked against the type the
        // header declares for it. No Foundation, like the core.
        .target(name: "RedirectURIKitC", dependencies: ["CRedirectURIKit", "RedirectURIKit"]),
        // URL, URLComponents and URLQueryItem bridges, for apps that hold Foundation types. Kept
        // out of the core so that importing the core never brings Foundation in.
        .target(name: "RedirectURIFoundation", dependencies: ["RedirectURIKit"]),
        // ICU, reached only through the C shim: Swift cannot import ICU's headers next to
        // Foundation, nor call its version-suffixed names. On Apple platforms the shim links the
        // system's libicucore (no install, and it builds into iOS, tvOS, watchOS and visionOS
        // apps); elsewhere CICU carries the link flags of the distribution's ICU (libicu-dev).
        .systemLibrary(
            name: "CICU", pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev", "pkg-config"])]),
        .target(
            name: "CICUShim",
            dependencies: [.target(name: "CICU", condition: .when(platforms: nonApplePlatforms))],
            linkerSettings: [.linkedLibrary("icucore", .when(platforms: applePlatforms))]),
        // UTS #46 host conversion and UTS #39 confusable checks. The core never depends on it.
        .target(name: "RedirectURIIDNA", dependencies: ["RedirectURIKit", "CICUShim"]),
        // The app configuration doctor (Info.plist, entitlements): needs Foundation's plist reader.
        .target(name: "RedirectURIDoctor", dependencies: ["RedirectURIKit"]),
        // Everything the command needs that uses Foundation: the JSON contract and text rendering.
        .target(name: "RedirectURIReport", dependencies: ["RedirectURIKit", "RedirectURIIDNA"]),
        // A thin shell over RedirectURIReport.
        .executableTarget(
            name: "parse",
            dependencies: [
                "RedirectURIKit",
                "RedirectURIReport",
                "RedirectURIDoctor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `parse doctor` as a command plugin and as a build tool plugin; both run the `parse`
        // executable built for the host (on Apple platforms ICU is the system's: nothing to install).
        .plugin(
            name: "RedirectDoctor",
            capability: .command(
                intent: .custom(
                    verb: "redirect-doctor",
                    description: "Check the app's Info.plist, entitlements and Xcode project for the URL-scheme registration its sign-in SDK needs")
            ),
            dependencies: ["parse"],
            path: "Plugins/RedirectDoctorCommand"),
        .plugin(name: "RedirectDoctorBuildTool", capability: .buildTool(), dependencies: ["parse"]),
        // The fuzz targets' properties (Fuzz/Sources/FuzzProperties, where the Fuzz package builds
        // them as `FuzzProperties`), compiled here under another name for the corpus replay of
        // RedirectURIKitTests: not a product, never part of what apps import.
        .target(
            name: "RedirectURIFuzzProperties", dependencies: ["RedirectURIKit"],
            path: "Fuzz/Sources/FuzzProperties"),
        .testTarget(
            name: "RedirectURIKitTests", dependencies: ["RedirectURIKit", "RedirectURIFuzzProperties"],
            exclude: ["Vectors"]),
        // The independent model of the "Verification rules" article, shared with the fuzz package
        // (where FuzzVerify compares it with the library on generated cases). Test support only:
        // no product.
        .target(
            name: "RedirectURIVerificationModel",
            dependencies: ["RedirectURIKit"],
            path: "Fuzz/Sources/VerificationModel"
        ),
        // The C test program: C that calls every function of redirect_uri.h, bad input included,
        // driven by RedirectURIKitCTests. A target under Tests/, never part of a product.
        .target(name: "CRedirectURIKitTestProgram", dependencies: ["CRedirectURIKit"], path: "Tests/CRedirectURIKitTestProgram"),
        // The C API against the Swift API on the same bytes: FuzzCAPI's property, compiled here
        // for the corpus replay of RedirectURIKitCTests (test support only: no product).
        .target(
            name: "RedirectURICAPIAgreement", dependencies: ["RedirectURIKit", "RedirectURIKitC", "CRedirectURIKit"],
            path: "Fuzz/Sources/CAPIAgreement"),
        .testTarget(
            name: "RedirectURIKitCTests",
            dependencies: ["CRedirectURIKit", "RedirectURIKitC", "RedirectURIKit", "CRedirectURIKitTestProgram", "RedirectURICAPIAgreement"]),
        .testTarget(name: "RedirectURIVerificationModelTests", dependencies: ["RedirectURIKit", "RedirectURIVerificationModel"]),
        .testTarget(name: "RedirectURIIDNATests", dependencies: ["RedirectURIIDNA"]),
        .testTarget(name: "RedirectURIFoundationTests", dependencies: ["RedirectURIFoundation", "RedirectURIKit"]),
        .testTarget(name: "RedirectURIDoctorTests", dependencies: ["RedirectURIDoctor"], exclude: ["Fixtures"]),
        // Depends on `parse` so that the command is built for the end-to-end tests that run it.
        // The Swift snippets of the README and the DocC articles, generated into Generated/ by
        // scripts/check-snippets; MemberImportVisibility keeps each snippet to its own imports.
        .testTarget(
            name: "SnippetTests",
            dependencies: ["RedirectURIKit", "RedirectURIFoundation", "RedirectURIIDNA", "RedirectURIDoctor", "RedirectURIReport"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        .testTarget(
            name: "RedirectURIReportTests", dependencies: ["RedirectURIReport", "RedirectURIKit", "RedirectURIDoctor", "parse"],
            exclude: ["Vectors"]),
    ],
    swiftLanguageModes: [.v6]
)
