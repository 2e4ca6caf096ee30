import Foundation
import Testing
import YAML
@testable import Project

/// App targets of an Xcode project that no scheme archives are left out (isowords' shape: App/isowords.xcodeproj
/// holds the app `isowords`, which its shared scheme archives, and `*Preview` apps that only run a feature in the
/// simulator; before, the privacy-manifest error named all of them). A scheme archiving it, a dependency of an
/// archived target, or no scheme at all keeps an app in.
@Suite struct UnarchivedAppTargetsTests {
    /// Written for this test: `App` (App/Main.swift, Shared/Store.swift) and `FeaturePreview`
    /// (Preview/PreviewApp.swift, Shared/Store.swift), both `com.apple.product-type.application`.
    static func project(appDependsOnPreview: Bool = false) -> String {
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 56;
        	objects = {
        		B001 /* Main.swift in Sources */ = {isa = PBXBuildFile; fileRef = F001 /* Main.swift */; };
        		B002 /* Store.swift in Sources */ = {isa = PBXBuildFile; fileRef = F002 /* Store.swift */; };
        		B003 /* PreviewApp.swift in Sources */ = {isa = PBXBuildFile; fileRef = F003 /* PreviewApp.swift */; };
        		B004 /* Store.swift in Sources */ = {isa = PBXBuildFile; fileRef = F002 /* Store.swift */; };
        		F001 /* Main.swift */ = {isa = PBXFileReference; path = App/Main.swift; sourceTree = "<group>"; };
        		F002 /* Store.swift */ = {isa = PBXFileReference; path = Shared/Store.swift; sourceTree = "<group>"; };
        		F003 /* PreviewApp.swift */ = {isa = PBXFileReference; path = Preview/PreviewApp.swift; sourceTree = "<group>"; };
        		G000 = {isa = PBXGroup; children = (F001, F002, F003); sourceTree = "<group>"; };
        		S001 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (B001, B002); };
        		S002 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (B003, B004); };
        		D001 /* PBXTargetDependency */ = {isa = PBXTargetDependency; target = T002 /* FeaturePreview */; };
        		T001 /* App */ = {isa = PBXNativeTarget; buildPhases = (S001); dependencies = (\(appDependsOnPreview ? "D001" : "")); name = App; productType = "com.apple.product-type.application"; };
        		T002 /* FeaturePreview */ = {isa = PBXNativeTarget; buildPhases = (S002); dependencies = (); name = FeaturePreview; productType = "com.apple.product-type.application"; };
        		P000 /* Project object */ = {isa = PBXProject; mainGroup = G000; targets = (T001, T002); };
        	};
        	rootObject = P000 /* Project object */;
        }

        """
    }

    static func scheme(_ target: String, id: String, archiving: Bool = true) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Scheme LastUpgradeVersion = "1500" version = "1.3">
           <BuildAction parallelizeBuildables = "YES" buildImplicitDependencies = "YES">
              <BuildActionEntries>
                 <BuildActionEntry
                    buildForTesting = "YES"
                    buildForRunning = "YES"
                    buildForArchiving = "\(archiving ? "YES" : "NO")">
                    <BuildableReference
                       BuildableIdentifier = "primary"
                       BlueprintIdentifier = "\(id)"
                       BuildableName = "\(target).app"
                       BlueprintName = "\(target)"
                       ReferencedContainer = "container:Demo.xcodeproj">
                    </BuildableReference>
                 </BuildActionEntry>
              </BuildActionEntries>
           </BuildAction>
           <ArchiveAction buildConfiguration = "Release" revealArchiveInOrganizer = "YES">
           </ArchiveAction>
        </Scheme>

        """
    }

    static func tree(appDependsOnPreview: Bool = false) throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.write("Demo.xcodeproj/project.pbxproj", project(appDependsOnPreview: appDependsOnPreview))
        try tree.write("Demo.xcodeproj/xcshareddata/xcschemes/App.xcscheme", scheme("App", id: "T001"))
        try tree.write("App/Main.swift", "@main struct Main {}\n")
        try tree.write("Shared/Store.swift", "let d = UserDefaults.standard\n")
        try tree.write("Preview/PreviewApp.swift", "let p = UserDefaults.standard\n")
        return tree
    }

    static func find(_ tree: TemporaryTree) throws -> UnarchivedAppTargets.Result? {
        let files = try FileWalker(exclude: []).walk(root: tree.root).files
        return UnarchivedAppTargets.find(projects: XcodeProjects.read(files: files).projects, files: files)
    }

    @Test func anAppNoSchemeArchivesIsLeftOutAndSaidSo() throws {
        let tree = try Self.tree()
        let result = try #require(try Self.find(tree))
        #expect(result.subjects == ["Demo.xcodeproj: FeaturePreview"])
        #expect(result.evidence == [Evidence(location: SourceLocation(path: "Demo.xcodeproj/xcshareddata/xcschemes/App.xcscheme", line: 5),
                                             snippet: "scheme App archives App.app")])

        let table = try #require(try YAMLParser.parse("- fact: api.UserDefaults\n  languages: [swift]\n  symbols: [UserDefaults]\n", file: "t.yml"))
        let options = InspectionOptions(symbolTables: [SymbolTableSource(name: "t", file: "t.yml", value: table)])
        let model = try ProjectInspector.inspect(root: tree.root, manifest: nil, options: options)
        #expect(model.appleBundles.map(\.name) == ["App"])
        #expect(model.coverage.contains { $0.input == .unarchivedAppTargets && $0.subjects == ["Demo.xcodeproj: FeaturePreview"] })
        // The preview's own code does not ship; the code it shares with the app does.
        let hits = Set(model.symbolHits.map(\.location.path))
        #expect(hits.contains("Shared/Store.swift"))
        #expect(!hits.contains("Preview/PreviewApp.swift"))
    }

    @Test func aSchemeArchivingTheOtherAppKeepsBoth() throws {
        let tree = try Self.tree()
        try tree.write("Demo.xcodeproj/xcuserdata/me.xcuserdatad/xcschemes/FeaturePreview.xcscheme", Self.scheme("FeaturePreview", id: "T002"))
        #expect(try Self.find(tree) == nil)
    }

    /// An app the archived one depends on (a watch app, a helper it embeds) is built into the same archive.
    @Test func anAppTheArchivedOneDependsOnIsKept() throws {
        #expect(try Self.find(Self.tree(appDependsOnPreview: true)) == nil)
    }

    @Test func withoutArchivingSchemesNothingIsLeftOut() throws {
        let tree = try Self.tree()
        try tree.write("Demo.xcodeproj/xcshareddata/xcschemes/App.xcscheme", Self.scheme("App", id: "T001", archiving: false))
        #expect(try Self.find(tree) == nil)
        let bare = try Self.tree()
        try FileManager.default.removeItem(atPath: bare.path("Demo.xcodeproj/xcshareddata"))
        #expect(try Self.find(bare) == nil)
    }
}
