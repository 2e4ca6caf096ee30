import Foundation
import StoreLocale
import Testing
@testable import Project

@Suite struct MetadataDiscoveryTests {
    let fixtures = MetadataTestSupport.fixtures

    @Test func appStoreTreeWithPlayTreeInsideIsTwoTrees() throws {
        let result = MetadataTestSupport.discover(fixtures + "/appstore-layout")
        #expect(result.part?.trees.map(\.path) == ["fastlane/metadata", "fastlane/metadata/android"])
        #expect(result.part?.trees.map(\.store) == [.appstore, .play])
        #expect(result.part?.trees.map(\.name) == ["main", "main"])
        let appstore = try #require(result.part?.trees.first)
        // `android`, `default`, `fonts`, `review_information` are deliver's special folders, not locales.
        #expect(appstore.locales.map(\.code) == ["de-DE", "en-US"])
        #expect(appstore.folders.filter(\.isSpecial).map(\.name) == ["android", "default", "fonts", "review_information"])
        #expect(appstore.folders.filter { !$0.isSpecial }.map(\.name) == ["de-DE", "en-US"])
    }

    /// medTimer's `fastlane/metadata/android/ar/ar-AE/images/`: a stray locale-named folder inside the `ar` locale
    /// made `ar` a tree of its own; `ar` is a locale of `android` (its `title.txt` says so).
    @Test func aLocaleFolderWithALocaleNamedFolderInsideIsStillALocale() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nested-locale-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for path in ["fastlane/metadata/android/en-US/title.txt", "fastlane/metadata/android/ar/title.txt",
                     "fastlane/metadata/android/ar/changelogs/1.txt", "fastlane/metadata/android/ar/ar-AE/images/icon.png"] {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("Pills\n".utf8).write(to: url)
        }
        let trees = try #require(MetadataTestSupport.discover(root).part?.trees)
        #expect(trees.map(\.path) == ["fastlane/metadata/android"])
        #expect(trees.first?.folders.map(\.name).sorted() == ["ar", "en-US"])
    }

    @Test func appStoreValuesAreTrimmedAndDefaultsInherited() throws {
        let tree = try #require(MetadataTestSupport.discover(fixtures + "/appstore-layout").part?.trees.first)
        let english = try #require(tree.locales.first { $0.code == "en-US" })
        let german = try #require(tree.locales.first { $0.code == "de-DE" })
        #expect(english.fields["name"]?.text == "Example Notes")
        #expect(english.fields["name"]?.raw == "  Example Notes  \n")
        #expect(english.fields["description"]?.text == "Write notes.")
        #expect(english.fields["description"]?.inherited == false)
        #expect(english.fields["keywords"]?.text == "notes,todo")
        #expect(english.fields["keywords"]?.inherited == true)
        #expect(english.fields["keywords"]?.location.path == "fastlane/metadata/default/keywords.txt")
        #expect(german.fields["description"]?.text == "A notes app.")
        #expect(german.fields["subtitle"]?.text == "")  // empty files are kept
        #expect(tree.defaults?.fields.keys.sorted() == ["description", "keywords"])
    }

    @Test func rootFilesAndReviewInformationWithLegacyNames() throws {
        let tree = try #require(MetadataTestSupport.discover(fixtures + "/appstore-layout").part?.trees.first)
        #expect(tree.rootFields["copyright"]?.text == "2024 Example Inc.")
        #expect(tree.rootFields["primary_category"]?.text == "PRODUCTIVITY")
        #expect(tree.reviewInformation["first_name"]?.text == "Ada")
        #expect(tree.reviewInformation["review_first_name"] == nil)
        #expect(tree.reviewInformation["notes"]?.location.path == "fastlane/metadata/review_information/notes.txt")
    }

    @Test func playValuesKeepWhitespaceButLoseOneTrailingLineBreak() throws {
        let tree = try #require(MetadataTestSupport.discover(fixtures + "/appstore-layout").part?.trees.last)
        let locale = try #require(tree.locales.first)
        #expect(locale.code == "en-US")
        #expect(locale.fields["title"]?.text == "Example Notes")
        #expect(locale.fields["full_description"]?.text == "  Write notes.  \n")
        #expect(locale.changelogs["100"]?.text == "Fixed a crash.")
        #expect(locale.changelogs["default"]?.text == "Bug fixes.")
        #expect(tree.rootFields.isEmpty)
    }

    @Test func flavorTreesAreNamedByFlavor() {
        let trees = MetadataTestSupport.discover(fixtures + "/flavors").part?.trees ?? []
        #expect(trees.map(\.path) == ["src/generic/fastlane/metadata", "src/huawei/fastlane/metadata/android"])
        #expect(trees.map(\.name) == ["generic", "huawei"])
        #expect(trees.allSatisfy { $0.store == .play })
        #expect(trees.first?.locales.map(\.code) == ["de-DE", "en-US"])
    }

    @Test func applicationIdTreesAreNamedByApplicationId() {
        let trees = MetadataTestSupport.discover(fixtures + "/app-ids").part?.trees ?? []
        #expect(trees.map(\.name) == ["net.example.mail", "net.example.mail.beta"])
        #expect(trees.map(\.store) == [.play, .play])
    }

    @Test func iosAndAndroidFoldersAreToldApartByTheirFiles() {
        let trees = MetadataTestSupport.discover(fixtures + "/ios-and-android").part?.trees ?? []
        #expect(trees.map(\.path) == ["fastlane/metadata/android", "fastlane/metadata/ios"])
        #expect(trees.map(\.store) == [.play, .appstore])
    }

    @Test func rootThatIsItselfATreeIsFound() {
        let trees = MetadataTestSupport.discover(fixtures + "/appstore-layout/fastlane/metadata/android").part?.trees ?? []
        #expect(trees.count == 1)
        #expect(trees.first?.path == "")
        #expect(trees.first?.store == .play)
        #expect(trees.first?.locales.first?.fields["title"]?.location.path == "en-US/title.txt")
    }

    @Test func strayDescriptionFilesOutsideAMetadataFolderAreNoTree() {
        #expect(MetadataTestSupport.discover(fixtures + "/stray").part?.trees.isEmpty == true)
    }

    @Test func manifestPathsNameTreesAnywhere() {
        let manifest = Manifest(file: "shipcheck.yml", paths: .init(playMetadata: ["./store/listing"]))
        let trees = MetadataTestSupport.discover(fixtures + "/manifest-path", manifest: manifest).part?.trees ?? []
        #expect(trees.map(\.path) == ["store/listing"])
        #expect(trees.first?.store == .play)
        #expect(MetadataTestSupport.discover(fixtures + "/manifest-path").part?.trees.isEmpty == true)
    }

    @Test func statedPathsReplaceDiscoveryForTheirStoreOnly() {
        let manifest = Manifest(file: "shipcheck.yml", paths: .init(playMetadata: ["fastlane/metadata/android"]))
        let trees = MetadataTestSupport.discover(fixtures + "/flavors", manifest: Manifest(file: "shipcheck.yml",
            paths: .init(playMetadata: ["src/huawei/fastlane/metadata/android"])))
        #expect(trees.part?.trees.map(\.path) == ["src/huawei/fastlane/metadata/android"])
        let both = MetadataTestSupport.discover(fixtures + "/ios-and-android", manifest: manifest).part?.trees ?? []
        #expect(both.map(\.path) == ["fastlane/metadata/android", "fastlane/metadata/ios"])
    }

    @Test func statedPathWithoutFilesIsAProblemOnTheManifest() throws {
        let manifest = Manifest(file: "config/shipcheck.yml", paths: .init(appstoreMetadata: ["store/ios"]))
        let result = MetadataTestSupport.discover(fixtures + "/ios-and-android", manifest: manifest)
        let problem = try #require(result.problems.first)
        #expect(problem.location.path == "config/shipcheck.yml")
        #expect(problem.message == "paths.appstore_metadata names store/ios, which holds no files; its appstore metadata was not checked")
        #expect(result.part?.trees.map(\.store) == [.play])
    }

    @Test func nonUTF8FileIsAProblemNamingTheFile() throws {
        let result = MetadataTestSupport.discover(fixtures + "/bad-files")
        let problem = try #require(result.problems.first { $0.location.path.hasSuffix("title.txt") })
        #expect(problem.location.path == "fastlane/metadata/android/de-DE/title.txt")
        #expect(problem.message.contains("UTF-8"))
        let german = try #require(result.part?.trees.first?.locales.first { $0.code == "de-DE" })
        #expect(german.fields["title"] == nil)
        #expect(german.fields["short_description"]?.text == "Gut")
    }

    @Test func unreadableImageIsKeptWithoutSizeAndReported() throws {
        let result = MetadataTestSupport.discover(fixtures + "/bad-files")
        let english = try #require(result.part?.trees.first?.locales.first { $0.code == "en-US" })
        #expect(english.images.map(\.type) == ["icon"])
        #expect(english.images.first?.width == nil)
        #expect(result.problems.contains { $0.location.path == "fastlane/metadata/android/en-US/images/icon.png" && $0.message.contains("not a PNG or JPEG") })
    }

    @Test func fileOverOneMegabyteIsAProblemAndNotRead() throws {
        let root = try TemporaryFolder()
        try root.write("fastlane/metadata/android/en-US/full_description.txt", Data(repeating: 0x61, count: (1 << 20) + 1))
        try root.write("fastlane/metadata/android/en-US/title.txt", Data("Title\n".utf8))
        let result = MetadataTestSupport.discover(root.path)
        #expect(result.problems.map(\.location.path) == ["fastlane/metadata/android/en-US/full_description.txt"])
        #expect(result.part?.trees.first?.locales.first?.fields.keys.sorted() == ["title"])
    }

    @Test func imagesAreTypedAndSizedFromTheirHeaders() throws {
        let root = try TemporaryFolder()
        try root.write("fastlane/metadata/android/en-US/title.txt", Data("Title\n".utf8))
        try root.write("fastlane/metadata/android/en-US/images/icon.png", ImageBytes.png(width: 512, height: 512))
        try root.write("fastlane/metadata/android/en-US/images/featureGraphic.jpg", ImageBytes.jpeg(width: 1024, height: 500))
        try root.write("fastlane/metadata/android/en-US/images/phoneScreenshots/1_en-US.png", ImageBytes.png(width: 1080, height: 1920))
        try root.write("fastlane/metadata/android/en-US/images/notes.txt", Data("ignored\n".utf8))
        let locale = try #require(MetadataTestSupport.discover(root.path).part?.trees.first?.locales.first)
        let sizes = locale.images.map { "\($0.type) \($0.width ?? 0)x\($0.height ?? 0)" }.sorted()
        #expect(sizes == ["featureGraphic 1024x500", "icon 512x512", "phoneScreenshots 1080x1920"])
    }

    @Test func vendoredFilesAreIgnored() {
        let files = MetadataTestSupport.walk(fixtures + "/flavors").map {
            ProjectFile(path: $0.path, absolutePath: $0.absolutePath, size: $0.size, isVendored: true)
        }
        #expect(MetadataDiscovery.discover(root: fixtures + "/flavors", files: files, manifest: nil).part?.trees.isEmpty == true)
    }
}

/// The folder index records each folder's files and sub-folders as splitting every path whole would: with a folder's
/// files together (its chain recorded once), apart, at the root, and for paths that are not plain.
@Suite struct FolderIndexTests {
    @Test func indexAgreesWithSplittingEveryPath() {
        let paths = ["README.md", "a/b/c.txt", "a/b/d.txt", "a/e.txt", "a/b/f.txt", "x.txt", "a/b/g/h.txt", "a/b/g/i.txt",
                     "a//j.txt", "a/./k.txt", "z/y/x/w.txt", "z/y/v.txt", "z/y/x/u.txt", "LICENSE",
                     // Folders beside the last, whose names start alike, deeper and back up again.
                     "a/bc/d.txt", "a/b2/x.txt", "ab/c.txt", "a/b/g/h/i/j.txt", "q.txt", "a/b/g/k.txt", "a/b/l.txt", "ab/cd/e.txt"]
        let files = paths.map { ProjectFile(path: $0, absolutePath: "/nonexistent/" + $0, size: 1, isVendored: false) }
        let index = FolderIndex(files)
        var folders: [String: [String]] = [:]
        var subfolders: [String: Set<String>] = [:]
        for path in paths {
            let parts = path.split(separator: "/").map(String.init)
            folders[parts.dropLast().joined(separator: "/"), default: []].append(path)
            for depth in 0..<(parts.count - 1) { subfolders[parts[..<depth].joined(separator: "/"), default: []].insert(parts[depth]) }
        }
        #expect(index.folders.mapValues { $0.map(\.path) } == folders.mapValues { $0.sorted() })
        #expect(index.subfolders == subfolders)
    }
}
