import Foundation
import Testing
@testable import Project

/// Xcode projects with apps that no App Store upload builds are left out; any upload not understood keeps them all.
/// The shape is ProtonVPN/ios-mac-app's (GPL-3.0): fastlane's ios_internal_beta lane archives `SCHEME` (its default,
/// or the `scheme:` CI passes) and uploads to TestFlight; apps/macos (exported as mac-application) and sampleapps/
/// are never uploaded.
@Suite struct UnuploadedXcodeProjectsTests {
    static let appProject = "// !$*UTF8*$!\n{ objects = { A = { isa = PBXNativeTarget; productType = \"com.apple.product-type.application\"; }; }; }\n"
    static let frameworkProject = "// !$*UTF8*$!\n{ objects = { A = { isa = PBXNativeTarget; productType = \"com.apple.product-type.framework\"; }; }; }\n"
    static let fastfile = """
        lane :mac_build_debug do
          build_mac_app(scheme: "ProtonVPN-macOS", export_method: "mac-application")
        end

        lane :ios_internal_beta do |options|
          if !options[:scheme]
            SCHEME = "ProtonVPN-iOS"
          else
            SCHEME = options[:scheme]
          end
          build_app(
              scheme: SCHEME,
              export_method: "app-store"
          )
          upload_to_testflight(distribute_external: true)
        end

        """

    static func scheme(app: String, container: String) -> String {
        """
        <Scheme><BuildAction><BuildActionEntries><BuildActionEntry buildForArchiving = "YES">
        <BuildableReference
           BuildableIdentifier = "primary"
           BlueprintIdentifier = "1"
           BuildableName = "\(app).app"
           BlueprintName = "\(app)"
           ReferencedContainer = "container:\(container)">
        </BuildableReference></BuildActionEntry></BuildActionEntries></BuildAction></Scheme>

        """
    }

    static func protonShapedTree() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.write("apps/ios/iOS.xcodeproj/project.pbxproj", appProject)
        try tree.write("apps/ios/iOS.xcodeproj/xcshareddata/xcschemes/ProtonVPN-iOS.xcscheme", scheme(app: "ProtonVPN", container: "iOS.xcodeproj"))
        try tree.write("ProtonVPN.xcworkspace/xcshareddata/xcschemes/ProtonVPN-iOS-Staging.xcscheme",
                       scheme(app: "ProtonVPN", container: "apps/ios/iOS.xcodeproj"))
        try tree.write("apps/ios/ProtonVPN/Info.plist", "<plist><dict/></plist>\n")
        try tree.write("apps/macos/macOS.xcodeproj/project.pbxproj", appProject)
        try tree.write("apps/macos/ProtonVPN OpenVPN/Info.plist", "<plist><dict/></plist>\n")
        try tree.write("sampleapps/ModalsSampleApp/ModalsSampleApp.xcodeproj/project.pbxproj", appProject)
        try tree.write("sampleapps/ModalsSampleApp/App.swift", "let d = UserDefaults.standard\n")
        try tree.write("fastlane/Fastfile", fastfile)
        try tree.write(".gitlab/jobs/release.yml", """
            release:
              script:
                - fastlane ios_internal_beta changelog:"$CHANGELOG"
                - fastlane ios_internal_beta changelog:"$CHANGELOG" scheme:"ProtonVPN-iOS-Staging"

            """)
        return tree
    }

    static func files(_ tree: TemporaryTree) throws -> [ProjectFile] {
        try FileWalker(exclude: []).walk(root: tree.root).files
    }

    @Test func projectsNoUploadingLaneArchivesAreLeftOut() throws {
        let tree = try Self.protonShapedTree()
        let result = try #require(UnuploadedXcodeProjects.find(Self.files(tree)))
        #expect(result.folders == ["apps/macos", "sampleapps/ModalsSampleApp"])
        #expect(result.evidence.map(\.location) == [SourceLocation(path: "fastlane/Fastfile", line: 11)])
        #expect(result.evidence.first?.snippet.contains("ProtonVPN-iOS, ProtonVPN-iOS-Staging") == true)

        let model = try ProjectInspector.inspect(root: tree.root, manifest: nil, options: InspectionOptions())
        #expect(!model.walkedFiles.contains { $0.hasPrefix("apps/macos/") || $0.hasPrefix("sampleapps/") })
        #expect(model.walkedFiles.contains("apps/ios/ProtonVPN/Info.plist"))
        #expect(model.coverage.contains { $0.input == .unuploadedApps && $0.subjects == ["apps/macos", "sampleapps/ModalsSampleApp"] })
    }

    /// `options[:scheme]` that no CI invocation passes is any scheme a person types: nothing is left out.
    @Test func aSchemeOnlyARunKnowsKeepsEveryProject() throws {
        let tree = try Self.protonShapedTree()
        try tree.write(".gitlab/jobs/release.yml", "release:\n  script:\n    - fastlane ios_internal_beta changelog:x\n")
        #expect(UnuploadedXcodeProjects.find(try Self.files(tree)) == nil)
    }

    @Test func anUploadOutsideFastlaneKeepsEveryProject() throws {
        let tree = try Self.protonShapedTree()
        try tree.write(".github/workflows/mac.yml", "jobs:\n  up:\n    steps:\n      - run: xcrun altool --upload-app -f Mac.pkg\n")
        #expect(UnuploadedXcodeProjects.find(try Self.files(tree)) == nil)
        let cloud = try Self.protonShapedTree()
        try cloud.write("ci_scripts/ci_post_clone.sh", "#!/bin/sh\n")
        #expect(UnuploadedXcodeProjects.find(try Self.files(cloud)) == nil)
    }

    @Test func aLaneThatUploadsWithoutBuildingKeepsEveryProject() throws {
        let tree = try Self.protonShapedTree()
        try tree.write("fastlane/Fastfile", Self.fastfile + "lane :upload_only do\n  pilot(ipa: \"build/App.ipa\")\nend\n")
        #expect(UnuploadedXcodeProjects.find(try Self.files(tree)) == nil)
    }

    /// A framework's project and a project the uploaded one includes are built with the app.
    @Test func projectsWithoutAppsOrIncludedByTheUploadedOneAreKept() throws {
        let tree = try Self.protonShapedTree()
        try tree.write("libraries/Kit/Kit.xcodeproj/project.pbxproj", Self.frameworkProject)
        try tree.write("sampleapps/ModalsSampleApp/ModalsSampleApp.xcodeproj/project.pbxproj", Self.appProject)
        try tree.write("apps/ios/iOS.xcodeproj/project.pbxproj",
                       Self.appProject + "/* ModalsSampleApp.xcodeproj */ = {isa = PBXFileReference; path = ModalsSampleApp.xcodeproj; };\n")
        let result = try #require(UnuploadedXcodeProjects.find(try Self.files(tree)))
        #expect(result.folders == ["apps/macos"])
    }

    @Test func aRepositoryWithOneProjectOrNoUploadIsUntouched() throws {
        let tree = try TemporaryTree()
        try tree.write("App.xcodeproj/project.pbxproj", Self.appProject)
        try tree.write("Sample/Sample.xcodeproj/project.pbxproj", Self.appProject)
        try tree.write("fastlane/Fastfile", "lane :test do\n  scan(scheme: \"App\")\nend\n")
        #expect(UnuploadedXcodeProjects.find(try Self.files(tree)) == nil)
    }
}
