import ProjectDescription

// Tuist manifest: `tuist generate` writes the Xcode project; no .xcodeproj is committed. shipcheck reads only the
// string literal pairs (it never runs project code), and here the camera key is one of them.
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
                "NSCameraUsageDescription": "Scans the receipt you photograph to fill in the amount and the shop.",
            ]),
            sources: ["Sources/**"]
        ),
    ]
)
