// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "shipcheck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "shipcheck", targets: ["shipcheck"]),
        // `swift package shipcheck`: for packages that depend on this one (and for this one).
        .plugin(name: "ShipcheckPlugin", targets: ["ShipcheckPlugin"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Inflates the deflated entries of .ipa / .aab / .apk archives (the ZIP reader in Formats/Archive).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "YAML", dependencies: ["CYAML"]),
        .target(name: "StoreText", dependencies: ["YAML"]),
        .target(name: "StoreLocale", dependencies: ["YAML"]),
        // What Project, Formats and Rules share that is no domain of its own: the map over the cores, byte search,
        // line slicing, path components.
        .target(name: "Support"),
        // The pure readers: bytes or text in, a value out, no walking (property lists, Gradle scripts, XML text,
        // ZIP and Mach-O, CSV, JavaScript object literals). Project re-exports it.
        .target(name: "Formats", dependencies: ["Support", "CZlib"]),
        .target(name: "Project", dependencies: ["YAML", "StoreLocale", "Support", "Formats"]),
        // The network: the --online page fetchers, the store consoles' HTTP client (libcurl), token signing (libcrypto),
        // credentials and API readers. Above Project: it fills Project's values (WebFetch, ConsoleSnapshot) behind
        // Project's seams (PageFetcher, ConsoleReader), so Project itself never opens a connection.
        .target(name: "Online", dependencies: ["Project", "Support"]),
        .target(name: "Rules", dependencies: ["YAML", "StoreText", "StoreLocale", "Support", "Project"]),
        .target(name: "Reports", dependencies: ["Rules", "Project", "BuiltinData"]),
        // The checklists in rules/ and templates in templates/, compiled into the binary as string literals.
        .executableTarget(name: "embed-data", dependencies: ["YAML"], path: "Sources/embed-data"),
        .plugin(name: "EmbedData", capability: .buildTool(), dependencies: ["embed-data"]),
        .target(name: "BuiltinData", plugins: ["EmbedData"]),
        .plugin(
            name: "ShipcheckPlugin",
            capability: .command(intent: .custom(verb: "shipcheck", description: "Check the package's app project for App Store and Google Play rejections with shipcheck.")),
            dependencies: ["shipcheck"]
        ),
        // The front door: load, inspect, fetch, evaluate, baseline; never prints. The CLI and the tests use it.
        .target(name: "ShipcheckCore", dependencies: ["Project", "Online", "Rules", "Reports", "BuiltinData", "YAML"]),
        .executableTarget(
            name: "shipcheck",
            dependencies: ["YAML", "StoreText", "StoreLocale", "Project", "Online", "Rules", "Reports", "BuiltinData", "ShipcheckCore"]
        ),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "TestSupport"]),
        .testTarget(name: "StoreTextTests", dependencies: ["StoreText", "YAML"]),
        .testTarget(name: "StoreLocaleTests", dependencies: ["StoreLocale", "YAML"]),
        // What several test targets share (test targets cannot import each other): the python3 test server and runner, a YAML tree diff.
        .target(name: "TestSupport", dependencies: ["YAML"], path: "Tests/Support/TestSupport"),
        // The pure readers' own tests: bytes or text in, a value out, with no walk and no inspector (import Formats only).
        .testTarget(name: "FormatsTests", dependencies: ["Formats", "Support"]),
        .testTarget(name: "OnlineTests", dependencies: ["Online", "Project", "TestSupport"]),
        .testTarget(name: "ProjectTests", dependencies: ["Project", "Formats", "Support", "YAML", "TestSupport"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "Project", "Online", "BuiltinData", "YAML", "StoreText", "StoreLocale", "ShipcheckCore", "TestSupport"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Rules", "Project", "BuiltinData", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "CLITests", dependencies: ["shipcheck", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "HostileInputTests", dependencies: ["shipcheck", "Project", "Online", "Formats", "Support", "Rules", "Reports", "BuiltinData", "YAML"]),
    ],
    swiftLanguageModes: [.v6]
)
