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
