import Foundation
import Testing
@testable import Project
@testable import Formats

/// The cross-platform inputs of the scan and the Apple readers: string props and layout attributes, C/C++/Rust
/// required-reason calls, path exclusions, empty .strings files, and who reads an App Store tree when the lanes
/// only run pilot.
@Suite struct CrossPlatformInputTests {
    static func hits(_ source: String, _ language: Language, _ symbols: [String], path: String = "a", excluded: [String] = []) -> [String] {
        let entry = SymbolEntry(fact: "f", symbols: symbols.map { SymbolPattern(parsing: $0)! }, excludedPathWords: excluded)
        let scanner = SourceScanner(tables: [SymbolTable(name: "t", file: "rules/t.yml", entries: [entry])])
        return scanner.scan(bytes: Array(source.utf8), language: language, path: path).map {
            "\($0.hit.symbol)@\($0.hit.location.line ?? 0)"
        }
    }

    @Test func languagesByPath() {
        #expect(Language(path: "android/app/src/main/res/layout/activity_sign_up.xml") == .layoutXML)
        #expect(Language(path: "android/app/src/main/res/layout-land/activity_sign_up.xml") == .layoutXML)
        #expect(Language(path: "android/app/src/main/res/values/strings.xml") == nil)
        #expect(Language(path: "android/app/src/main/AndroidManifest.xml") == nil)
        #expect(Language(path: "ios/Classes/disk.c") == .c)
        #expect(Language(path: "native/src/files.cpp") == .cpp)
        #expect(Language(path: "rust/src/lib.rs") == .rust)
        #expect(Language(path: "ios/Runner/Bridge.mm") == .objc)
    }

    /// `ident="value"`: a JSX prop (any quote, braces), an XML attribute, an item of a list; not another value,
    /// not the name alone, not a string that merely contains the value.
    @Test func stringPropsAndAttributes() {
        #expect(SymbolPattern(parsing: "textContentType=\"newPassword\"") == SymbolPattern(identifier: "textContentType", stringValue: "newPassword"))
        #expect(SymbolPattern(parsing: "a=\"b c\"") == nil)
        let jsx = """
        <TextInput textContentType="newPassword" />
        <TextInput textContentType={'newPassword'} />
        <TextInput textContentType="password" />
        const style = { textContentType: `newPassword` };
        const hint = "textContentType=\\"newPassword\\"";
        """
        #expect(Self.hits(jsx, .javascript, ["textContentType=\"newPassword\""]) == [
            "textContentType=\"newPassword\"@1", "textContentType=\"newPassword\"@2", "textContentType=\"newPassword\"@4",
        ])
        let layout = """
        <EditText android:id="@+id/password" android:autofillHints="username|newPassword" />
        <EditText android:autofillHints="password" android:inputType="textPassword" />
        <EditText android:autofillHints="newPasswordConfirm" />
        """
        #expect(Self.hits(layout, .layoutXML, ["autofillHints=\"newPassword\""]) == ["autofillHints=\"newPassword\"@1"])
    }

    /// C and Rust: the required-reason functions, not in comments or strings, past Rust lifetimes.
    @Test func nativeSourcesAndRustLifetimes() {
        let c = """
        #include <sys/stat.h>
        // stat() in a comment is no use
        int size(const char *p) { struct stat st; return stat(p, &st) == 0 ? (int)st.st_size : -1; }
        """
        // One hit per occurrence (`struct stat` and the call); an `#include <sys/stat.h>` line is no use (issue 39).
        #expect(Self.hits(c, .c, ["stat"]) == ["stat@3", "stat@3"])
        let rust = """
        fn modified<'a>(path: &'a str) -> i64 {
            let mut st: libc::stat = unsafe { std::mem::zeroed() };
            unsafe { libc::stat(path.as_ptr() as *const _, &mut st) };
            let c = 'x';
            unsafe { libc::mach_absolute_time() as i64 }
        }
        """
        #expect(Self.hits(rust, .rust, ["stat", "mach_absolute_time"]) == ["stat@2", "stat@3", "mach_absolute_time@5"])
    }

    /// `not_in_paths`: a word of the path (matched on "/" + the path, lower-cased) makes a hit no evidence.
    @Test func excludedPathWords() {
        let source = "TextField().textContentType(.password)\n"
        let symbol = ["textContentType(.password)"]
        #expect(Self.hits(source, .swift, symbol, path: "App/Login/LoginView.swift", excluded: ["webdav", "design_system"]).count == 1)
        #expect(Self.hits(source, .swift, symbol, path: "App/Sync/WebDAVSettingsView.swift", excluded: ["webdav"]).isEmpty)
        #expect(Self.hits(source, .swift, symbol, path: "packages/design_system/lib/Field.swift", excluded: ["design_system"]).isEmpty)
        #expect(Self.hits("stat(p)\n", .c, ["stat"], path: "android/app/src/main/cpp/a.c", excluded: ["/android/"]).isEmpty)
        #expect(Self.hits("stat(p)\n", .c, ["stat"], path: "ios/Classes/a.c", excluded: ["/android/"]).count == 1)
    }

    @Test func emptyStringsFilesAreEmptyTables() {
        #expect(PlistReader.isEmptyStrings(Data()))
        #expect(PlistReader.isEmptyStrings(Data("\u{FEFF}\n  /* Localized versions of Info.plist keys */\n\n// none yet\n".utf8)))
        #expect(PlistReader.isEmptyStrings(Data([0xFF, 0xFE, 0x0A, 0x00])))
        #expect(!PlistReader.isEmptyStrings(Data("\"NSCameraUsageDescription\" = \"Scans receipts.\";\n".utf8)))
    }

    /// A Fastfile whose lanes run only pilot (TestFlight) does not make fastlane/metadata deliver's input.
    @Test func pilotOnlyLanesDoNotUploadTheAppStoreTree() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/en-US/description.txt", Data("Tides.\n".utf8))
        try folder.write("fastlane/metadata/en-US/name.txt", Data("TideLog\n".utf8))
        try folder.write("fastlane/Fastfile", Data("lane :beta do\n  build_app(scheme: 'TideLog')\n  upload_to_testflight(skip_waiting_for_build_processing: true)\nend\n".utf8))
        let trees = MetadataTestSupport.discover(folder.path, manifest: nil).part?.trees ?? []
        let consumer = try #require(trees.first { $0.path == "fastlane/metadata" }?.consumer)
        #expect(consumer.store == nil)
        #expect(consumer.evidence.map(\.location) == [SourceLocation(path: "fastlane/Fastfile", line: 3)])
        // With a deliver lane beside it, the tree is deliver's again.
        try folder.write("fastlane/Fastfile", Data("lane :beta do\n  upload_to_testflight\nend\nlane :release do\n  deliver(submit_for_review: false)\nend\n".utf8))
        let again = MetadataTestSupport.discover(folder.path, manifest: nil).part?.trees ?? []
        #expect(again.first { $0.path == "fastlane/metadata" }?.consumer.store == .appstore)
    }
}

/// A watch app container embedded by the phone app (Embed Watch Content) is not the app's minimum iOS.
@Suite struct EmbeddedProductTests {
    @Test func embeddedTargetsAreFoundThroughTheCopyPhase() {
        let objects: [String: PlistValue] = [
            "PHASE": .dictionary(["isa": .string("PBXCopyFilesBuildPhase"), "files": .array([.string("BUILD")])]),
            "BUILD": .dictionary(["isa": .string("PBXBuildFile"), "fileRef": .string("WATCHAPP")]),
            "WATCH": .dictionary(["isa": .string("PBXNativeTarget"), "productReference": .string("WATCHAPP")]),
            "PHONE": .dictionary(["isa": .string("PBXNativeTarget"), "productReference": .string("PHONEAPP")]),
        ]
        let project = XcodeProject(path: "ios/App.xcodeproj/project.pbxproj", sourceRoot: "ios", targets: [], knownAssetTags: [],
                                   buildFileAssetTags: [], document: PlistDocument(value: .dictionary(["objects": .dictionary(objects)]), text: nil))
        #expect(AppleInspector.embeddedProducts(project) == ["WATCH"])
    }

    @Test func appFolderNamesTheAppOfAProject() {
        #expect(AppleBundles.appFolder(of: "apps/photos/ios/Runner.xcodeproj/project.pbxproj") == "photos/ios")
        #expect(AppleBundles.appFolder(of: "app/macos/Runner.xcodeproj/project.pbxproj") == "app/macos")
        #expect(AppleBundles.appFolder(of: "Photos/Photos.xcodeproj/project.pbxproj") == "Photos")
    }
}
