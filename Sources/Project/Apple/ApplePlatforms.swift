/// Which Apple platforms a target builds for, named as Apple's documentation names them (`iOS`, `macOS`, `tvOS`,
/// `watchOS`, `visionOS`): some rules (required-reason APIs) apply to some platforms only.
public enum ApplePlatforms {
    /// Platform names of the SDKs SUPPORTED_PLATFORMS and SDKROOT list (device and simulator alike).
    static let sdks: [String: String] = [
        "iphoneos": "iOS", "iphonesimulator": "iOS", "macosx": "macOS", "appletvos": "tvOS", "appletvsimulator": "tvOS",
        "watchos": "watchOS", "watchsimulator": "watchOS", "xros": "visionOS", "xrsimulator": "visionOS",
        "driverkit": "macOS",
    ]
    /// Platform folders of cross-platform projects (`app/macos/Runner.xcodeproj`, a Flutter or React Native runner).
    static let folders: [String: String] = ["ios": "iOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"]

    /// From the release settings (with what the base .xcconfig files set, under the pbxproj's own),
    /// SUPPORTED_PLATFORMS before SDKROOT (`auto` says nothing); else the project's platform folder; else empty.
    public static func of(settings: [String: String], projectPath: String) -> Set<String> {
        for key in ["SUPPORTED_PLATFORMS", "SDKROOT"] {
            guard let value = settings[key] else { continue }
            let names = Set(value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" || $0 == "\"" })
                .compactMap { sdks[sdkName(String($0))] })
            if !names.isEmpty { return names }
        }
        var parts = projectPath.split(separator: "/").map(String.init)
        if parts.last == "project.pbxproj" { parts.removeLast() }
        if parts.last?.hasSuffix(".xcodeproj") == true { parts.removeLast() }
        return parts.last.flatMap { folders[$0.lowercased()] }.map { [$0] } ?? []
    }

    /// `iphoneos17.0` and `macosx` alike name the SDK without its version.
    static func sdkName(_ token: String) -> String {
        String(token.lowercased().prefix { $0.isLetter })
    }
}
