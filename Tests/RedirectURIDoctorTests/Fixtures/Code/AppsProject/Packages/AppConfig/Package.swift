// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "AppConfig",
    platforms: [.iOS(.v15)],
    products: [.library(name: "AppConfig", targets: ["AppConfig"])],
    targets: [.target(name: "AppConfig")]
)
