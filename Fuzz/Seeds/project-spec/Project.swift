import ProjectDescription
let project = Project(name: "App", targets: [
    .target(name: "App", infoPlist: .extendingDefault(with: [
        "NSCameraUsageDescription": "Scan receipts", // comment "x": "y"
        "UIBackgroundModes": .array([.string("fetch")]),
        "CFBundleDisplayName": .string("App \"quoted\""),
    ]), settings: .settings(base: ["INFOPLIST_KEY_NSMicrophoneUsageDescription": "Talk"]))
])
