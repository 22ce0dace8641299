// swift-tools-version: 5.9
// An app package as Swift Playgrounds and Xcode write it: the app product names the bundle ID.
import AppleProductTypes
import PackageDescription

let package = Package(
    name: "Field",
    platforms: [.iOS("17.0")],
    products: [
        .iOSApplication(
            name: "Field",
            targets: ["Field"],
            bundleIdentifier: "com.contoso.field",
            teamIdentifier: "ABCDE12345",
            displayVersion: "1.0",
            bundleVersion: "1",
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [.portrait]
        )
    ],
    dependencies: [
        .package(url: "https://github.com/AzureAD/microsoft-authentication-library-for-objc", from: "1.6.0")
    ],
    targets: [
        .executableTarget(name: "Field", dependencies: [.product(name: "MSAL", package: "microsoft-authentication-library-for-objc")])
    ]
)
