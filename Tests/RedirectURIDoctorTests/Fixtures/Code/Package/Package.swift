// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ContosoChat",
    platforms: [.iOS(.v16)],
    dependencies: [
        .package(url: "https://github.com/AzureAD/microsoft-authentication-library-for-objc", from: "2.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "ChatApp",
            dependencies: [.product(name: "MSAL", package: "microsoft-authentication-library-for-objc")],
            path: "App",
            exclude: ["Info.plist", "ChatApp.entitlements"]),
        .executableTarget(
            name: "ChatLite",
            dependencies: [.product(name: "MSAL", package: "microsoft-authentication-library-for-objc")],
            exclude: ["Info.plist", "ChatLite.entitlements"]),
    ]
)
