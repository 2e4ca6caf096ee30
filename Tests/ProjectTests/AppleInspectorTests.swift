import Foundation
import Testing
@testable import Project

@Suite struct AppleInspectorTests {
    let sample = AppleFixtures.inspect("Tests/Fixtures/apple/sample")

    @Test func sampleParsesWithoutProblems() {
        #expect(sample.problems.isEmpty, "\(sample.problems)")
    }

    @Test func xcodeProjectIsAFact() {
        #expect(sample.evidence(of: "apple.project").map(\.location.path) == ["App.xcodeproj/project.pbxproj"])
    }

    @Test func infoPlistBelongsToItsTargetFromInfoplistFile() throws {
        let plist = try #require(sample.part?.infoPlists.first { $0.location.path == "App/Info.plist" })
        #expect(plist.target == "App")
        #expect(plist.productType == "com.apple.product-type.application")
        #expect(plist.strings["NSCameraUsageDescription"] == "Scans receipts so you don't have to type the amount.")
        #expect(plist.keyLines["NSCameraUsageDescription"] == 9)
        // A boolean reads as a build setting writes it, so `<true/>` and `INFOPLIST_KEY_… = YES` are alike.
        #expect(plist.strings["UIRequiresFullScreen"] == "YES")
    }

    @Test func testBundlePlistIsMarked() throws {
        let plist = try #require(sample.part?.infoPlists.first { $0.location.path == "AppTests/Info.plist" })
        #expect(plist.target == "AppTests")
        #expect(plist.isTestBundle)
    }

    @Test func generatedKeysComeFromBuildSettingsWithConditionsStripped() throws {
        let generated = try #require(sample.part?.infoPlists.first { $0.isGenerated })
        #expect(generated.target == "Widget")
        #expect(generated.location.path == "App.xcodeproj/project.pbxproj")
        #expect(generated.strings == ["NSLocationWhenInUseUsageDescription": "Shows the weather where you are in the widget.",
                                      "NSCameraUsageDescription": ""])
        #expect(generated.keyLines["NSLocationWhenInUseUsageDescription"] == 88)
    }

    @Test func localizationsAttachToTheirInfoPlist() throws {
        let plist = try #require(sample.part?.infoPlists.first { $0.location.path == "App/Info.plist" })
        #expect(plist.localizations.map(\.language).sorted() == ["de", "fr"])
        let german = try #require(plist.localizations.first { $0.language == "de" })
        #expect(german.strings["NSContactsUsageDescription"] == "Benötigt")
        #expect(german.keyLines["NSCameraUsageDescription"] == 2)
    }

    @Test func purposeFactsOnlyForNonEmptyAppStrings() {
        let names = Set(sample.facts.map(\.name).filter { $0.hasPrefix("purpose.") })
        #expect(names == ["purpose.NSCameraUsageDescription.declared", "purpose.NSContactsUsageDescription.declared",
                          "purpose.NSLocationWhenInUseUsageDescription.declared"])
    }

    @Test func hostedContentFromProductTypeAndContentInfo() {
        let evidence = sample.evidence(of: "iap.hosted_content")
        #expect(evidence.map(\.location) == [
            SourceLocation(path: "App.xcodeproj/project.pbxproj", line: 26),
            SourceLocation(path: "Content/ContentInfo.plist", line: 7),
        ])
    }

    @Test func onDemandResourcesFromTagsSettingsAndCatalog() {
        let evidence = sample.evidence(of: "odr.used")
        let paths = evidence.map { "\($0.location)" }
        #expect(paths == [
            "App.xcodeproj/project.pbxproj:10",  // ASSET_TAGS on a build file
            "App.xcodeproj/project.pbxproj:48",  // KnownAssetTags
            "App.xcodeproj/project.pbxproj:71",  // ON_DEMAND_RESOURCES_INITIAL_INSTALL_TAGS
            "App/Assets.xcassets/Level1.imageset/Contents.json:7",
        ])
        #expect(!evidence.contains { $0.snippet.contains("ENABLE_ON_DEMAND_RESOURCES") })
    }

    @Test func enableOnDemandResourcesAloneIsNotUse() throws {
        let text = """
        { objects = {
          P = { isa = PBXProject; buildConfigurationList = L; targets = (T); attributes = { }; };
          T = { isa = PBXNativeTarget; name = App; buildConfigurationList = L; productType = "com.apple.product-type.application"; };
          L = { isa = XCConfigurationList; buildConfigurations = (C); };
          C = { isa = XCBuildConfiguration; name = Release; buildSettings = { ENABLE_ON_DEMAND_RESOURCES = YES; }; };
        }; rootObject = P; }
        """
        let document = try PlistReader.parse(Data(text.utf8), path: "A.xcodeproj/project.pbxproj").get()
        let project = try PBXProjReader.project(from: document, path: "A.xcodeproj/project.pbxproj").get()
        #expect(project.targets.map(\.name) == ["App"])
        #expect(AppleInspector.projectFacts(project).isEmpty)
    }

    @Test func privacyManifestsKnowTheirOwner() throws {
        let app = try #require(sample.part?.privacyManifests.first { $0.location.path == "App/PrivacyInfo.xcprivacy" })
        #expect(app.isAppOwned && app.sdkName == nil)
        #expect(app.declaredAPICategories == ["NSPrivacyAccessedAPICategoryUserDefaults"])
        let pod = try #require(sample.part?.privacyManifests.first { $0.location.path.hasPrefix("Pods/") })
        #expect(!pod.isAppOwned && pod.sdkName == "Alamofire")
        #expect(sample.evidence(of: "privacy_manifest.app").map(\.location.path) == ["App/PrivacyInfo.xcprivacy"])
    }

    @Test func entitlementsBecomeFactsExceptFalseOnes() {
        let names = sample.facts.map(\.name).filter { $0.hasPrefix("entitlement.") }
        #expect(names == ["entitlement.com.apple.developer.applesignin"])
    }

    @Test(arguments: [
        ("Pods/Alamofire/Source/PrivacyInfo.xcprivacy", "Alamofire"),
        ("ios/Pods/FirebaseCore/FirebaseCore/Sources/Resources/PrivacyInfo.xcprivacy", "FirebaseCore"),
        ("Frameworks/Lottie.xcframework/ios-arm64/Lottie.framework/PrivacyInfo.xcprivacy", "Lottie"),
        ("Carthage/Checkouts/SnapKit/Sources/PrivacyInfo.xcprivacy", "SnapKit"),
        ("DerivedData/SourcePackages/checkouts/Kingfisher/Sources/PrivacyInfo.xcprivacy", "Kingfisher"),
        ("node_modules/@react-native-async-storage/async-storage/ios/PrivacyInfo.xcprivacy", "async-storage"),
        ("ios/.symlinks/plugins/path_provider_foundation/darwin/PrivacyInfo.xcprivacy", "path_provider_foundation"),
    ])
    func sdkOwnershipFromPath(path: String, name: String) {
        #expect(SDKOwnership.sdkName(forPath: path) == name)
    }

    @Test func appPathsHaveNoSDK() {
        #expect(SDKOwnership.sdkName(forPath: "App/PrivacyInfo.xcprivacy") == nil)
        #expect(SDKOwnership.sdkName(forPath: "Pods/Target Support Files/x/PrivacyInfo.xcprivacy") == nil)
    }
}

@Suite struct AppleInspectorBadInputTests {
    let broken = AppleFixtures.inspect("Tests/Fixtures/apple/broken")

    @Test func everyMalformedFileIsAProblemNamingIt() {
        let paths = Set(broken.problems.map(\.location.path))
        #expect(paths == ["App/Info.plist", "App/PrivacyInfo.xcprivacy", "Lib.xcodeproj/project.pbxproj",
                          "Assets.xcassets/Bad.imageset/Contents.json", "App/App.entitlements"])
    }

    @Test func xmlProblemsCarryTheLine() throws {
        let problem = try #require(broken.problems.first { $0.location.path == "App/Info.plist" })
        #expect(problem.location.line != nil)
        #expect(problem.message.hasPrefix("not a valid property list"))
    }

    @Test func binaryPlistStillReadsWithoutLines() throws {
        let plist = try #require(broken.part?.infoPlists.first { $0.location.path == "Binary/Info.plist" })
        #expect(plist.strings["NSPhotoLibraryUsageDescription"] == "Pick photos to attach to a note.")
        #expect(plist.keyLines.isEmpty)
    }

    @Test func unparseablePrivacyManifestIsKeptWithItsError() throws {
        let manifest = try #require(broken.part?.privacyManifests.first)
        #expect(manifest.document == nil)
        #expect(manifest.parseError?.path == "App/PrivacyInfo.xcprivacy")
    }

    @Test func oversizedFileIsRefusedWithoutReading() {
        let file = ProjectFile(path: "Huge/Info.plist", absolutePath: "/nonexistent", size: PlistReader.maxBytes + 1, isVendored: false)
        guard case .failure(let error) = PlistReader.read(file) else { Issue.record("expected a failure"); return }
        #expect(error.message.contains("over the"))
    }

    @Test func missingFileIsAProblem() {
        let file = ProjectFile(path: "Gone/Info.plist", absolutePath: "/nonexistent/Info.plist", size: 10, isVendored: false)
        guard case .failure(let error) = PlistReader.read(file) else { Issue.record("expected a failure"); return }
        #expect(error.message == "could not be read")
    }
}
