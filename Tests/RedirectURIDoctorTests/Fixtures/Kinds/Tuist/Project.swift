import ProjectDescription

let project = Project(
    name: "Notes",
    targets: [
        .target(name: "Notes", destinations: .iOS, product: .app, bundleId: "com.contoso.notes", sources: ["Sources/**"])
    ]
)
