// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Core",
    dependencies: [
        .package(url: "https://github.com/daltoniam/Starscream.git", exact: "4.0.6"),
        .package(url: "https://github.com/Alamofire/Alamofire.git", .exact("5.9.1")),
        .package(url: "https://github.com/onevcat/Kingfisher.git", from: "7.0.0"),
        .package(
            url: "https://github.com/SnapKit/SnapKit",
            exact: "5.6.0"
        ),
    ],
    targets: [.target(name: "Core", dependencies: ["Starscream", "Alamofire", "Kingfisher", "SnapKit"])]
)
