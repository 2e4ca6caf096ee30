import Testing
@testable import Project

/// Which lock file wins when a repository holds several, and how versions compare.
struct DependencyPrecedenceTests {
    func file(_ path: String) -> ProjectFile {
        ProjectFile(path: path, root: "/nonexistent", size: 1, isVendored: false)
    }

    @Test(arguments: [
        ("App.xcworkspace/xcshareddata/swiftpm/Package.resolved", LockFilePrecedence.ResolvedTier.workspace),
        ("ios/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", .project),
        ("Packages/Kit/Package.resolved", .packageLocal),
        ("Package.resolved", .packageLocal),
        // A workspace nested in a project that is not .xcodeproj is not Xcode's layout.
        ("odd/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", .workspace),
    ])
    func resolvedTiers(path: String, tier: LockFilePrecedence.ResolvedTier) {
        #expect(LockFilePrecedence.tier(ofResolved: path) == tier)
    }

    @Test func theWorkspaceResolvedFileWinsOverTheProjectsAndPackageLocalOnes() {
        let files = [
            file("Swiftfin.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"),
            file("PreferencesView/Package.resolved"),
            file("Swiftfin.xcworkspace/xcshareddata/swiftpm/Package.resolved"),
            file("Sources/App.swift"),
        ]
        #expect(LockFilePrecedence.filter(files).map(\.path) == [
            "Swiftfin.xcworkspace/xcshareddata/swiftpm/Package.resolved", "Sources/App.swift",
        ])
    }

    @Test func withoutAnXcodeResolvedFileEveryPackageResolvedCounts() {
        let files = [file("Package.resolved"), file("Tools/Package.resolved")]
        #expect(LockFilePrecedence.filter(files).map(\.path) == ["Package.resolved", "Tools/Package.resolved"])
    }

    @Test func theShallowestPodfileLockWins() {
        let files = [file("Example/Podfile.lock"), file("Podfile.lock"), file("old/ios/Podfile.lock")]
        #expect(LockFilePrecedence.filter(files).map(\.path) == ["Podfile.lock"])
    }

    @Test func versionsCompareNumericallyPartByPart() throws {
        func v(_ text: String) throws -> DependencyVersion { try #require(DependencyVersion(text)) }
        #expect(try v("5.10.0") > v("5.9.1"))
        #expect(try v("5.9") == v("5.9.0"))
        #expect(try v("v4.4.0") >= v("4.4.0"))
        #expect(try v("6.8.0-beta.1") == v("6.8.0"))
        #expect(try v("2.30910.0") > v("2.30909.1"))
        // pub orders a numeric build after its release: image_picker_ios 0.8.9+1 added the manifest 0.8.9 lacks.
        #expect(try v("0.8.9+1") > v("0.8.9"))
        #expect(try v("0.8.9+2") > v("0.8.9+1"))
        #expect(try v("0.8.10") > v("0.8.9+1"))
        #expect(try v("1.0+1") < v("1.0.1"))
        #expect(try v("16.3.1+1") >= v("16.3.1+1"))
        #expect(try v("1.2.3+build.7") == v("1.2.3"))
        #expect(DependencyVersion("main") == nil)
        #expect(DependencyVersion("8a3c1f0e9b") == nil)
        #expect(DependencyVersion("") == nil)
    }
}
