import Foundation
import Testing
@testable import Project
@testable import Formats

/// Bundles and target membership read from the Xcode projects of the rule examples.
@Suite struct AppleBundleTests {
    static let examples = AppleFixtures.path("Tests/RuleExamples/privacy-manifest.missing-api-declaration")

    static func read(_ root: String) -> (XcodeProjects, [ProjectFile]) {
        let files = AppleFixtures.files(under: root)
        return (XcodeProjects.read(files: files), files)
    }

    @Test func explicitBuildPhasesResolveThroughGroups() throws {
        let (xcode, files) = Self.read(Self.examples + "/pass")
        #expect(xcode.problems.isEmpty)
        let bundles = AppleBundles.find(projects: xcode.projects, files: files)
        #expect(bundles.map(\.name) == ["Demo", "ShareExtension"], "the unit-test target is no bundle")
        let app = try #require(bundles.first)
        #expect(app.kind == .app)
        #expect(app.files == ["App/TabMemory.swift", "App/Diagnostics.swift", "App/PrivacyInfo.xcprivacy"])
        #expect(app.privacyManifests == ["App/PrivacyInfo.xcprivacy"])
        #expect(app.infoPlist == "App/Info.plist")
        #expect(app.location == SourceLocation(path: "Demo.xcodeproj/project.pbxproj", line: 69))
        #expect(bundles.last?.privacyManifests == ["ShareExtension/PrivacyInfo.xcprivacy"])
    }

    @Test func fileOnlyATestTargetBuildsDoesNotShip() {
        let (xcode, files) = Self.read(Self.examples + "/pass")
        let scope = AppleBundles.scope(projects: xcode.projects, files: files)
        #expect(!scope.ships("Shared/KeyboardFixture.swift"))
        #expect(scope.ships("App/TabMemory.swift"))
        #expect(scope.ships("Other/Loose.swift"), "unclaimed files ship unless a convention says otherwise")
    }

    @Test func synchronizedFoldersGiveEachTargetItsFiles() throws {
        let (xcode, files) = Self.read(Self.examples + "/trigger")
        let bundles = AppleBundles.find(projects: xcode.projects, files: files)
        #expect(bundles.map(\.name) == ["Demo", "ShareExtension"])
        #expect(bundles.map(\.kind) == [.app, .appExtension])
        #expect(bundles[0].privacyManifests == ["App/PrivacyInfo.xcprivacy"])
        #expect(bundles[1].files == ["ShareExtension/ShareViewController.swift"])
        #expect(bundles[1].privacyManifests.isEmpty)
    }

    /// home-assistant's MacBridge (Tests/Fixtures/apple/loadable-bundle): a loadable bundle is a bundle of its own, with
    /// its files and its platform, not files no target claims.
    @Test func aLoadableBundleIsABundleOfItsOwn() throws {
        let (xcode, files) = Self.read(AppleFixtures.path("Tests/Fixtures/apple/loadable-bundle"))
        let bundles = AppleBundles.find(projects: xcode.projects, files: files)
        #expect(bundles.map(\.name) == ["App", "WatchApp", "MacBridge"])
        let bridge = try #require(bundles.last)
        #expect(bridge.kind == .otherBundle)
        #expect(bridge.described == "the bundle MacBridge")
        #expect(bridge.platforms == ["macOS"])
        #expect(bridge.files == ["Sources/MacBridge/MacBridgeImpl.swift"], "its Info.plist is a membership exception")
        #expect(bundles.map(\.platforms) == [["iOS"], ["watchOS"], ["macOS"]])
    }

    /// Every product type with a product of its own is some bundle; static libraries and frameworks (linked into others),
    /// tests, tools and aggregate targets are none.
    @Test func productTypesWithoutAKindOfTheirOwnAreOtherBundles() {
        let kinds: [(String?, AppleBundle.Kind?)] = [
            ("com.apple.product-type.bundle", .otherBundle), ("com.apple.product-type.xpc-service", .otherBundle),
            ("com.apple.product-type.library.dynamic", .otherBundle), ("com.apple.product-type.instruments-package", .otherBundle),
            ("com.apple.product-type.library.static", nil), ("com.apple.product-type.framework.static", nil),
            ("com.apple.product-type.tool", nil), ("com.apple.product-type.bundle.unit-test", nil), (nil, nil),
            ("com.apple.product-type.application", .app), ("com.apple.product-type.app-extension", .appExtension),
            ("com.apple.product-type.framework", .framework), ("com.apple.product-type.application.watchapp2", .watchApp),
        ]
        for (type, kind) in kinds { #expect(AppleBundle.kind(ofProductType: type) == kind, "\(type ?? "nil")") }
    }

    @Test func synchronizedFolderExceptionsExcludeForTheOwnerAndIncludeForOthers() throws {
        let objects: [String: PlistValue] = [
            "G": .dictionary(["isa": .string("PBXGroup"), "children": .array([.string("S")])]),
            "S": .dictionary(["isa": .string("PBXFileSystemSynchronizedRootGroup"), "path": .string("Shared"),
                              "exceptions": .array([.string("X1"), .string("X2")])]),
            "X1": .dictionary(["target": .string("A"), "membershipExceptions": .array([.string("Only/Widget.swift")])]),
            "X2": .dictionary(["target": .string("B"), "membershipExceptions": .array([.string("Only/Widget.swift")])]),
            "A": .dictionary(["fileSystemSynchronizedGroups": .array([.string("S")])]),
            "B": .dictionary([:]),
        ]
        let tree = XcodeFileTree(objects: objects, sourceRoot: "ios")
        let owners = PBXProjReader.synchronizedFolderOwners(["A", "B"], objects: objects)
        let a = PBXProjReader.members(of: "A", objects: objects, tree: tree, folderOwners: owners)
        let b = PBXProjReader.members(of: "B", objects: objects, tree: tree, folderOwners: owners)
        #expect(a.folders == [SynchronizedFolder(path: "ios/Shared", excluded: ["ios/Shared/Only/Widget.swift"])])
        #expect(b.sources == ["ios/Shared/Only/Widget.swift"])
        #expect(b.folders.isEmpty)
    }

    @Test func inspectorStatesTheBundles() {
        let result = AppleFixtures.inspect("Tests/RuleExamples/privacy-manifest.missing-api-declaration/trigger")
        #expect(result.facts(named: "apple.bundles").first?.value == .list(["Demo", "ShareExtension"]))
        #expect(result.facts(named: "apple.bundle.ShareExtension").first?.evidence.map(\.snippet).contains("privacy manifest: none of its own") == true)
    }

    @Test func withoutAnXcodeProjectTheAppIsOneBundleAndTheFactSaysSo() {
        let result = AppleFixtures.inspect("Tests/RuleExamples/privacy-manifest.invalid/trigger")
        #expect(result.part?.bundles.isEmpty == true)
        #expect(result.facts(named: "apple.bundles").first?.evidence.first?.snippet.hasPrefix("no Xcode project: the app is taken as one bundle") == true)
    }
}
