import ProjectDescription

// Tuist manifest: `tuist generate` writes the Xcode project; no .xcodeproj is committed. shipcheck reads only the
// string literal pairs (it never runs project code), so the spec is never fully evaluated and the finding is a warning.
let project = Project(
    name: "Scanly",
    targets: [
        .target(
            name: "Scanly",
            destinations: .iOS,
            product: .app,
            bundleId: "com.example.scanly",
            infoPlist: .extendingDefault(with: [
                "UILaunchScreen": [:],
                "CFBundleDisplayName": "Scanly",
            ]),
            sources: ["Sources/**"]
        ),
    ]
)
