import Foundation
import Testing
import Formats
@testable import Project

/// Build settings from `.xcconfig` files, resolved as Xcode does (issue #39: home-assistant-iOS sets its minimum iOS
/// version in a configuration file the project's Release configuration is based on).
struct XcconfigReaderTests {
    static func reader(_ files: [String: String]) -> (String) -> [UInt8]? {
        { path in files[path].map { Array($0.utf8) } }
    }

    @Test func includesAreReadInPlaceAndTheLastAssignmentWins() {
        let files = [
            "Config/Release.xcconfig": "#include \"Shared.xcconfig\"\nIPHONEOS_DEPLOYMENT_TARGET = 15.0 // release only\n#include? \"Local.xcconfig\"\n",
            "Config/Shared.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 12.0\nDEVELOPMENT_TEAM = ABC\nURL = https://example.com\n",
        ]
        let settings = XcconfigReader.settings(path: "Config/Release.xcconfig", read: Self.reader(files))
        #expect(settings["IPHONEOS_DEPLOYMENT_TARGET"]?.value == "15.0")
        #expect(settings["IPHONEOS_DEPLOYMENT_TARGET"]?.location == SourceLocation(path: "Config/Release.xcconfig", line: 2))
        #expect(settings["DEVELOPMENT_TEAM"]?.location == SourceLocation(path: "Config/Shared.xcconfig", line: 2))
        // `//` starts a comment in an xcconfig, in a value too (Xcode's own rule).
        #expect(settings["URL"]?.value == "https:")
    }

    @Test func anIncludeAfterASettingOverridesIt() {
        let files = ["A.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 16.0\n#include \"B.xcconfig\"\n", "B.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 12.0\n"]
        #expect(XcconfigReader.settings(path: "A.xcconfig", read: Self.reader(files))["IPHONEOS_DEPLOYMENT_TARGET"]?.value == "12.0")
    }

    @Test func aConditionalSettingCountsOnlyWithoutThePlainOne() {
        let both = ["A.xcconfig": "CODE_SIGN_STYLE[sdk=iphoneos*] = Manual\nCODE_SIGN_STYLE = Automatic\n"]
        #expect(XcconfigReader.settings(path: "A.xcconfig", read: Self.reader(both))["CODE_SIGN_STYLE"]?.value == "Automatic")
        let only = ["A.xcconfig": "CODE_SIGN_STYLE[sdk=iphoneos*] = Manual\nSWIFT_FLAGS = -D A]\n"]
        #expect(XcconfigReader.settings(path: "A.xcconfig", read: Self.reader(only))["CODE_SIGN_STYLE"]?.value == "Manual")
        #expect(XcconfigReader.settings(path: "A.xcconfig", read: Self.reader(only))["SWIFT_FLAGS"]?.value == "-D A]")
    }

    /// An include cycle, an include above the root, an absolute or a system include, or a file nobody listed are
    /// not followed: the settings read so far stand, nothing hangs.
    @Test func cyclesAndPathsOutsideTheRootAreNotFollowed() {
        let files = [
            "A.xcconfig": "#include \"B.xcconfig\"\n#include \"../../etc/x.xcconfig\"\n#include \"/etc/y.xcconfig\"\n#include <Z.xcconfig>\nONE = 1\n",
            "B.xcconfig": "#include \"A.xcconfig\"\nTWO = 2\n",
        ]
        var asked: [String] = []
        let settings = XcconfigReader.settings(path: "A.xcconfig") { path in asked.append(path); return files[path].map { Array($0.utf8) } }
        #expect(settings["ONE"]?.value == "1" && settings["TWO"]?.value == "2")
        #expect(asked.allSatisfy { !$0.hasPrefix("/") && !$0.contains("..") }, "\(asked)")
    }

    /// Xcode's order for a target: its own settings, then its base xcconfig, then the project's settings, then the
    /// project's base xcconfig. The pbxproj reader follows baseConfigurationReference through the file tree.
    @Test func aTargetSettingBeatsItsXcconfigAndTheProjectXcconfigFillsTheRest() throws {
        let pbxproj = """
        // !$*UTF8*$!
        { archiveVersion = 1; objectVersion = 56; objects = {
          F1 = {isa = PBXFileReference; path = Project.xcconfig; sourceTree = "<group>"; };
          F2 = {isa = PBXFileReference; path = App.xcconfig; sourceTree = "<group>"; };
          G0 = {isa = PBXGroup; children = (G1, ); sourceTree = "<group>"; };
          G1 = {isa = PBXGroup; children = (F1, F2, ); path = Config; sourceTree = "<group>"; };
          T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = App; productType = "com.apple.product-type.application"; };
          P1 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, ); };
          C0 = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
          C1 = {isa = XCBuildConfiguration; baseConfigurationReference = F2; buildSettings = {SWIFT_VERSION = 6.0; }; name = Release; };
          L0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
          L1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
        }; rootObject = P1; }
        """
        let files = [
            "ios/Config/Project.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 12.0\nSDKROOT = macosx\nTEAM = P\n",
            "ios/Config/App.xcconfig": "SWIFT_VERSION = 5.0\nTEAM = A\n",
        ]
        let document = try PBXProjReader.parse(Data(pbxproj.utf8), path: "ios/App.xcodeproj/project.pbxproj").get()
        let project = try PBXProjReader.project(from: document, path: "ios/App.xcodeproj/project.pbxproj", xcconfig: Self.reader(files)).get()
        let app = try #require(project.targets.first)
        #expect(app.releaseSettings["IPHONEOS_DEPLOYMENT_TARGET"] == "12.0")
        #expect(app.releaseSettings["SDKROOT"] == "iphoneos")  // the project's own setting beats its xcconfig
        #expect(app.releaseSettings["SWIFT_VERSION"] == "6.0")  // the target's own setting beats its xcconfig
        #expect(app.releaseSettings["TEAM"] == "A")  // the target's xcconfig beats the project's
        #expect(app.xcconfigOrigins["Release"]?["IPHONEOS_DEPLOYMENT_TARGET"] == SourceLocation(path: "ios/Config/Project.xcconfig", line: 1))
        #expect(app.xcconfigOrigins["Release"]?["SWIFT_VERSION"] == nil)
        // Xcode 16's form: a file inside a synchronized folder, named by the folder and a relative path (NetNewsWire).
        let anchored = pbxproj.replacingOccurrences(of: "baseConfigurationReference = F1;",
                                                    with: "baseConfigurationReferenceAnchor = S1; baseConfigurationReferenceRelativePath = Project.xcconfig;")
            .replacingOccurrences(of: "G1 = {isa = PBXGroup; children = (F1, F2, ); path = Config; sourceTree = \"<group>\"; };",
                                  with: "G1 = {isa = PBXGroup; children = (F1, F2, ); path = Config; sourceTree = \"<group>\"; };\n  S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = Config; sourceTree = \"<group>\"; };")
            .replacingOccurrences(of: "children = (G1, );", with: "children = (G1, S1, );")
        let anchoredDocument = try PBXProjReader.parse(Data(anchored.utf8), path: "ios/App.xcodeproj/project.pbxproj").get()
        let viaAnchor = try PBXProjReader.project(from: anchoredDocument, path: "ios/App.xcodeproj/project.pbxproj", xcconfig: Self.reader(files)).get()
        #expect(viaAnchor.targets.first?.releaseSettings["IPHONEOS_DEPLOYMENT_TARGET"] == "12.0")
        // Without a reader (as before), no xcconfig is read.
        let plain = try PBXProjReader.project(from: document, path: "ios/App.xcodeproj/project.pbxproj").get()
        #expect(plain.targets.first?.releaseSettings["IPHONEOS_DEPLOYMENT_TARGET"] == nil)
    }

    /// protonvpn-apple (github.com/ProtonVPN/ios-mac-app, GPL-3.0), excerpts: the app target ProtonVPN sets
    /// `IPHONEOS_DEPLOYMENT_TARGET = "$(DEPLOYMENT_TARGET)";` (apps/ios/iOS.xcodeproj/project.pbxproj) and the project's
    /// configurations are based on apps/ios/Config.xcconfig, which sets `DEPLOYMENT_TARGET = 15.0` (here 12.0): Xcode
    /// expands the reference, so the app's minimum is the xcconfig's number, at that line.
    @Test func aDeploymentTargetNamedThroughAnotherSettingIsExpanded() throws {
        let folder = try TemporaryFolder()
        try folder.write("apps/ios/iOS.xcodeproj/project.pbxproj", Data("""
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
              F1 = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; name = Config.xcconfig; path = ../ios/Config.xcconfig; sourceTree = "<group>"; };
              G0 = {isa = PBXGroup; children = (F1, ); sourceTree = "<group>"; };
              T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = ProtonVPN; productType = "com.apple.product-type.application"; };
              P1 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, ); };
              C0 = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {
            				IPHONEOS_DEPLOYMENT_TARGET = 15.0;
            				SDKROOT = iphoneos; }; name = Release; };
              C1 = {isa = XCBuildConfiguration; buildSettings = {
            				INFOPLIST_FILE = ProtonVPN/Info.plist;
            				IPHONEOS_DEPLOYMENT_TARGET = "$(DEPLOYMENT_TARGET)"; }; name = Release; };
              L0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
              L1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
            }; rootObject = P1; }
            """.utf8))
        try folder.write("apps/ios/Config.xcconfig", Data("// Versions\nIOS_APP_VERSION = 5.9.0\nDEPLOYMENT_TARGET = 12.0\n".utf8))
        let output = AppleInspector.inspect(files: AppleFixtures.files(under: folder.path), root: folder.path)
        let fact = try #require(output.facts.first { $0.name == "apple.deployment_target" })
        #expect(fact.value == .number(12))
        #expect(fact.evidence.first?.location == SourceLocation(path: "apps/ios/Config.xcconfig", line: 3))
        #expect(fact.evidence.first?.snippet == "ProtonVPN: IPHONEOS_DEPLOYMENT_TARGET = $(DEPLOYMENT_TARGET) = 12.0")
    }

    /// flutter_server_box (github.com/lollipopkit/flutter_server_box, GPL-3.0), excerpt: the Runner target's
    /// `INFOPLIST_FILE = "Runner/Info-$(CONFIGURATION).plist";`. Xcode's CONFIGURATION is the configuration's name, so
    /// the app ships Info-Release.plist, whose keys the rules then read.
    @Test func theConfigurationNameIsExpandedInEachConfiguration() throws {
        let pbxproj = """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
              G0 = {isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
              T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = Runner; productType = "com.apple.product-type.application"; };
              P1 = {isa = PBXProject; mainGroup = G0; targets = (T1, ); };
              C1 = {isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = "Runner/Info-$(CONFIGURATION).plist"; }; name = Debug; };
              C2 = {isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = "Runner/Info-${CONFIGURATION}.plist"; OTHER = "$(SRCROOT)/x"; }; name = Release; };
              L1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2, ); };
            }; rootObject = P1; }
            """
        let document = try PBXProjReader.parse(Data(pbxproj.utf8), path: "ios/Runner.xcodeproj/project.pbxproj").get()
        let project = try PBXProjReader.project(from: document, path: "ios/Runner.xcodeproj/project.pbxproj").get()
        let runner = try #require(project.targets.first)
        #expect(runner.buildSettings["Debug"]?["INFOPLIST_FILE"] == "Runner/Info-Debug.plist")
        #expect(runner.releaseSettings["INFOPLIST_FILE"] == "Runner/Info-Release.plist")
        #expect(runner.releaseSettings["OTHER"] == "$(SRCROOT)/x")
        #expect(project.resolve("Runner/Info-Release.plist") == "ios/Runner/Info-Release.plist")
    }

    /// The plist the release configuration names is read as the app's Info.plist whatever its name; the Debug
    /// configuration's is not (it never ships).
    @Test func thePlistTheReleaseConfigurationNamesIsTheAppsInfoPlist() throws {
        let folder = try TemporaryFolder()
        try folder.write("ios/Runner.xcodeproj/project.pbxproj", Data("""
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
              G0 = {isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
              T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = Runner; productType = "com.apple.product-type.application"; };
              P1 = {isa = PBXProject; mainGroup = G0; targets = (T1, ); };
              C1 = {isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = "Runner/Info-$(CONFIGURATION).plist"; }; name = Debug; };
              C2 = {isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = "Runner/Info-$(CONFIGURATION).plist"; }; name = Release; };
              L1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2, ); };
            }; rootObject = P1; }
            """.utf8))
        let plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>NSFaceIDUsageDescription</key><string></string></dict></plist>\n"
        try folder.write("ios/Runner/Info-Release.plist", Data(plist.utf8))
        try folder.write("ios/Runner/Info-Debug.plist", Data(plist.utf8))
        let output = AppleInspector.inspect(files: AppleFixtures.files(under: folder.path), root: folder.path)
        let plists = output.part?.infoPlists.filter { $0.document != nil } ?? []
        #expect(plists.map(\.location.path) == ["ios/Runner/Info-Release.plist"])
        #expect(plists.first?.target == "Runner")
    }

    /// The expansion follows a chain and stops at a cycle or an unset name; a value that is not one reference is kept.
    @Test func aReferenceIsFollowedUntilAValue() {
        func target(_ settings: [String: String]) -> XcodeTarget {
            XcodeTarget(name: "App", productType: "com.apple.product-type.application", buildSettings: ["Release": settings])
        }
        let chained = target(["IPHONEOS_DEPLOYMENT_TARGET": "${MIN_IOS}", "MIN_IOS": "$(BASE_MIN)", "BASE_MIN": "16.4"])
        #expect(chained.releaseSetting(expanding: "IPHONEOS_DEPLOYMENT_TARGET")?.value == "16.4")
        #expect(chained.releaseSetting(expanding: "IPHONEOS_DEPLOYMENT_TARGET")?.through == ["MIN_IOS", "BASE_MIN"])
        #expect(target(["IPHONEOS_DEPLOYMENT_TARGET": "$(A)", "A": "$(B)", "B": "$(A)"]).releaseSetting(expanding: "IPHONEOS_DEPLOYMENT_TARGET") == nil)
        #expect(target(["IPHONEOS_DEPLOYMENT_TARGET": "$(UNSET)"]).releaseSetting(expanding: "IPHONEOS_DEPLOYMENT_TARGET") == nil)
        #expect(target(["IPHONEOS_DEPLOYMENT_TARGET": "15.0"]).releaseSetting(expanding: "IPHONEOS_DEPLOYMENT_TARGET")?.value == "15.0")
        #expect(target(["X": "$(A)-suffix", "A": "1"]).releaseSetting(expanding: "X")?.value == "$(A)-suffix")
    }
}
