import Foundation
import Testing
@testable import Project

/// The platforms each bundle is built for: build settings, the xcconfig chain a configuration is based on, the
/// platform folder of a cross-platform runner.
@Suite struct ApplePlatformsTests {
    static let shape = AppleFixtures.path("Tests/RuleExamples/privacy-manifest.missing-api-declaration/shapes/macos-bundles")

    static func bundles(_ root: String) -> [AppleBundle] {
        let files = AppleFixtures.files(under: root)
        let xcode = XcodeProjects.read(files: files)
        return AppleBundles.find(projects: xcode.projects, files: files)
    }

    @Test func includedXcconfigAndPlatformFolderSayMacOS() {
        let bundles = Self.bundles(Self.shape + "/pass")
        #expect(bundles.map(\.name).sorted() == ["Reader", "Runner"])
        #expect(bundles.map(\.platforms) == [["macOS"], ["macOS"]])
        #expect(bundles.allSatisfy { !$0.isBuilt(forAnyOf: ["iOS", "watchOS"]) })
    }

    @Test func iOSTwinIsIOS() {
        let bundles = Self.bundles(Self.shape + "/trigger")
        #expect(bundles.map(\.platforms) == [["iOS"], ["iOS"]])
        #expect(bundles.allSatisfy { $0.isBuilt(forAnyOf: ["iOS"]) })
    }

    @Test func supportedPlatformsComeBeforeSDKRootAndAutoSaysNothing() {
        #expect(ApplePlatforms.of(settings: ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx"],
                                  projectPath: "App.xcodeproj/project.pbxproj") == ["iOS", "macOS"])
        #expect(ApplePlatforms.of(settings: ["SDKROOT": "auto"], projectPath: "App.xcodeproj/project.pbxproj").isEmpty)
        #expect(ApplePlatforms.of(settings: [:], projectPath: "app/macos/Runner.xcodeproj/project.pbxproj") == ["macOS"])
        #expect(ApplePlatforms.of(settings: ["SDKROOT": "xros"], projectPath: "app/macos/Runner.xcodeproj/project.pbxproj") == ["visionOS"])
        let unknown = AppleBundle(name: "A", kind: .app, productType: nil, location: SourceLocation(path: "x"), files: nil, privacyManifests: [])
        #expect(unknown.isBuilt(forAnyOf: ["iOS"]), "nothing says: the bundle counts")
    }

    @Test func xcconfigIncludesCyclesAndOutsidePathsAreBounded() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/c", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "#include \"c/b.xcconfig\"\n#include? \"../../etc/x.xcconfig\"\nSDKROOT = macosx\n".write(toFile: root + "/a.xcconfig", atomically: true, encoding: .utf8)
        try "#include \"../a.xcconfig\"\nSDKROOT = iphoneos\nSUPPORTED_PLATFORMS[sdk=macosx*] = macosx // comment\nOTHER_SWIFT_FLAGS = -D A]B=1\n".write(toFile: root + "/c/b.xcconfig", atomically: true, encoding: .utf8)
        let listed: Set<String> = ["a.xcconfig", "c/b.xcconfig"]
        let settings = XcconfigReader.settings(path: "a.xcconfig") { path in
            listed.contains(path) ? FileManager.default.contents(atPath: root + "/" + path).map { [UInt8]($0) } : nil
        }
        #expect(settings["SDKROOT"]?.value == "macosx", "a later assignment wins over an included one")
        #expect(settings["SUPPORTED_PLATFORMS"]?.value == "macosx", "a condition holds an = of its own")
        #expect(settings["OTHER_SWIFT_FLAGS"]?.value == "-D A]B=1")
    }
}
