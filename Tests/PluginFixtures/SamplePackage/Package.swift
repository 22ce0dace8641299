// swift-tools-version: 6.0
// A package that uses the doctor's plugins the way an app's package would: the command plugin
// (`swift package redirect-doctor`) on every target with an Info.plist, and the build tool plugin
// on both targets: SampleApp, whose configuration passes, and MisconfiguredApp, which has the
// mistakes the doctor names, so that its build fails (`swift build --product SampleApp` builds the
// passing one alone).
// scripts/check-plugins checks both. It depends on the repository's package by path.
import PackageDescription

// SampleApp's Info.plist says $(PRODUCT_BUNDLE_IDENTIFIER): its bundle ID is its app product's,
// as Swift Playgrounds and Xcode write an app package (AppleProductTypes is there only; the
// doctor reads the manifest, not runs it, and finds the bundle ID on every platform).
#if canImport(AppleProductTypes)
    import AppleProductTypes

    let products: [Product] = [
        .iOSApplication(
            name: "SampleApp",
            targets: ["SampleApp"],
            bundleIdentifier: "com.contoso.sample",
            teamIdentifier: "",
            displayVersion: "1.0",
            bundleVersion: "1",
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [.portrait]
        )
    ]
#else
    let products: [Product] = []
#endif

let package = Package(
    name: "SamplePackage",
    products: products,
    dependencies: [.package(name: "swift-redirect-uri", path: "../../..")],
    targets: [
        .executableTarget(
            name: "SampleApp", exclude: ["Info.plist", "SampleApp.entitlements"],
            plugins: [.plugin(name: "RedirectDoctorBuildTool", package: "swift-redirect-uri")]),
        .executableTarget(
            name: "MisconfiguredApp", exclude: ["Info.plist"],
            plugins: [.plugin(name: "RedirectDoctorBuildTool", package: "swift-redirect-uri")]),
    ]
)
