// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Net",
    dependencies: [
        .package(url: "https://github.com/daltoniam/Starscream.git", exact: "4.0.6"),
    ],
    targets: [.target(name: "Net", dependencies: ["Starscream"])]
)
