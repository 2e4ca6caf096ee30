import ProjectDescription

// "NSMicrophoneUsageDescription": "in a comment, not read"
let project = Project(
    name: "Receipts",
    targets: [
        .target(
            name: "Receipts",
            destinations: .iOS,
            product: .app,
            bundleId: "com.example.receipts",
            infoPlist: .extendingDefault(with: [
                "UILaunchScreen": [:],
                "NSCameraUsageDescription": "Scans receipts to fill in the amount.",
                "NSLocationWhenInUseUsageDescription": .string("Tags a receipt with the shop you are in."),
            ]),
            sources: ["Sources/**"],
            settings: .settings(base: ["INFOPLIST_KEY_NSContactsUsageDescription": "Splits a bill with a contact."])
        ),
    ]
)
