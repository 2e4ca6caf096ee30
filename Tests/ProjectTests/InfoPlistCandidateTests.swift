import Testing
@testable import Project

/// Which plists are a bundle's Info.plist: not one inside an Xcode project or workspace package (duckduckgo-iOS,
/// Apache-2.0, has DuckDuckGo-iOS.xcodeproj/xcshareddata/xcbaselines/<id>.xcbaseline/Info.plist, a performance
/// test's baseline list, beside the app's DuckDuckGo/Info.plist).
@Suite struct InfoPlistCandidateTests {
    static func kind(_ path: String) -> AppleFileKind? {
        AppleFileKind(ProjectFile(path: path, absolutePath: "/nonexistent/" + path, size: 10, isVendored: false))
    }

    @Test func aPerformanceBaselineIsNoInfoPlist() {
        #expect(Self.kind("DuckDuckGo-iOS.xcodeproj/xcshareddata/xcbaselines/84E341A51E2F7EFB00BDBA6F.xcbaseline/Info.plist") == nil)
        #expect(Self.kind("App.xcworkspace/xcshareddata/Info.plist") == nil)
        // The true twin: the app's own.
        #expect(Self.kind("DuckDuckGo/Info.plist") == .infoPlist)
        #expect(Self.kind("Widgets/Widgets-Info.plist") == .infoPlist)
    }
}
