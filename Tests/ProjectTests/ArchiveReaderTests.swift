import Foundation
import Testing
@testable import Project
@testable import Formats

/// The committed fixtures of Tests/Fixtures/archive (made by its make-fixtures.py; see its README).
enum ArchiveFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/archive").standardized.path

    static func path(_ name: String) -> String { folder + "/" + name }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }
}

@Suite struct ArchiveReaderTests {
    @Test func theZipReaderListsAndInflatesEntriesByName() throws {
        let zip = try ZipArchive(path: ArchiveFixtures.path("ios-trigger.ipa"), name: "app.ipa")
        #expect(zip.fileNames.contains("Payload/App.app/Frameworks/Alamofire.framework/Alamofire"))
        let binary = try zip.read("Payload/App.app/App")
        #expect(binary.count == 544)
        #expect(MachOFile.looksLikeMachO(binary))
        #expect(zip.location(of: "Payload/App.app/App").path == "app.ipa!/Payload/App.app/App")
    }

    @Test func storedEntriesAreReadAsTheyAre() throws {
        let zip = try ZipArchive(path: ArchiveFixtures.path("android-4kb.apk"), name: "app.apk")
        #expect(zip.entries.allSatisfy { $0.method == ZipEntry.stored })
        #expect(try zip.read("lib/arm64-v8a/libnative.so") == ArchiveFixtures.bytes("libnative-4kb.so"))
    }

    @Test func aMachOObjectGivesItsImportsBuildVersionAndFileType() throws {
        let file = try MachOReader.read(ArchiveFixtures.bytes("app-executable.macho"))
        #expect(file.slices.count == 1)
        let slice = try #require(file.slices.first)
        #expect(slice.cpu == "arm64")
        #expect(slice.fileType == .executable)
        #expect(file.undefinedSymbols == ["_OBJC_CLASS_$_NSUserDefaults", "_stat"])
        #expect(slice.build == MachOFile.BuildVersion(platform: "ios", minimumOS: "17.0", sdk: "0.0"))
        #expect(!file.hasCodeSignature)
    }

    @Test func aFatBinaryIsReadSliceBySlice() throws {
        let thin = try ArchiveFixtures.bytes("app-executable.macho")
        // fat_header + two fat_arch (big-endian), slices at 4096 and 8192.
        var fat: [UInt8] = [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 2]
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        for offset in [4096, 8192] { fat += be32(0x0100_000C) + be32(0) + be32(offset) + be32(thin.count) + be32(12) }
        fat += [UInt8](repeating: 0, count: 4096 - fat.count) + thin + [UInt8](repeating: 0, count: 4096 - thin.count) + thin
        let file = try MachOReader.read(fat)
        #expect(file.slices.count == 2)
        #expect(file.undefinedSymbols == ["_OBJC_CLASS_$_NSUserDefaults", "_stat"])
    }

    @Test func anIPAIsReadBundleByBundle() throws {
        let zip = try ZipArchive(path: ArchiveFixtures.path("ios-trigger.ipa"), name: "app.ipa")
        let output = try ArchiveInspector.inspect(zip, kind: .ipa)
        let bundles = output.archive.bundles
        #expect(bundles.map(\.path) == ["Payload/App.app", "Payload/App.app/Frameworks/Alamofire.framework"])
        let app = try #require(bundles.first)
        #expect(app.kind == .app)
        #expect(output.archive.plist(of: app)?.string("DTXcode") == "1620")
        #expect(output.archive.apple.declaredAPICategories(of: app.bundle) == ["NSPrivacyAccessedAPICategoryUserDefaults"])
        #expect(app.binary?.undefinedSymbols.contains("_stat") == true)
        let framework = try #require(bundles.last)
        #expect(framework.kind == .framework)
        #expect(output.archive.plist(of: framework)?.string("CFBundleShortVersionString") == "5.8.0")
        #expect(framework.bundle.privacyManifests.isEmpty)
        #expect(framework.binary?.undefinedSymbols == ["_mach_absolute_time"])
        #expect(framework.binary?.slices.first?.fileType == .dylib)
        #expect(output.facts.map(\.name) == [ArchiveFacts.apple, ArchiveFacts.appStore])
        #expect(output.problems.isEmpty)
    }

    /// The archive fills the shapes the source's Apple inspector fills, with the archive as their origin: one rule
    /// reads a bundle, its Info.plist and its privacy manifests the same way from either input.
    @Test func anIPAsBundlesPlistsAndManifestsAreTheApplePartsWithTheArchiveAsOrigin() throws {
        let zip = try ZipArchive(path: ArchiveFixtures.path("ios-trigger.ipa"), name: "app.ipa")
        let archive = try ArchiveInspector.inspect(zip, kind: .ipa).archive
        let apple = archive.apple
        #expect(apple.bundles.map(\.described) == ["the app App", "the framework Alamofire"])
        #expect(apple.bundles.allSatisfy { $0.origin == .archive("app.ipa") })
        #expect(apple.bundles.first?.infoPlist == "app.ipa!/Payload/App.app/Info.plist")
        #expect(apple.bundles.first?.files?.contains("app.ipa!/Payload/App.app/App") == true)
        #expect(apple.infoPlists.map(\.location.path) == ["app.ipa!/Payload/App.app/Info.plist",
                                                          "app.ipa!/Payload/App.app/Frameworks/Alamofire.framework/Info.plist"])
        #expect(apple.infoPlists.allSatisfy { $0.origin == .archive("app.ipa") && !$0.isGenerated })
        #expect(apple.privacyManifests.map(\.location.path) == ["app.ipa!/Payload/App.app/PrivacyInfo.xcprivacy"])
        #expect(apple.privacyManifests.first?.isAppOwned == true)
        #expect(archive.bundles.map(\.bundle) == apple.bundles)
    }

    /// The archive inspector consumes `kind: binary_symbols` tables: each binary's imports become `SymbolHit`s of
    /// the rows' facts (the first listed import, else a linked framework), at that binary, origin the archive; the
    /// merge keeps them beside the source scan's hits, each input readable on its own.
    @Test func binaryImportsBecomeSymbolHitsOfTheArchive() throws {
        let zip = try ZipArchive(path: ArchiveFixtures.path("ios-trigger.ipa"), name: "app.ipa")
        let tables = [BinarySymbolTable(name: "uses", rows: [
            .init(fact: "api.FileTimestamp", symbols: ["_lstat", "_stat"]),
            .init(fact: "api.SystemBootTime", symbols: ["_mach_absolute_time"]),
            .init(fact: "purpose_api.health", symbols: ["_OBJC_CLASS_$_HKHealthStore"], frameworks: ["HealthKit"]),
            .init(fact: "api.UserDefaults", symbols: ["_OBJC_CLASS_$_NSUserDefaults"]),
        ])]
        let output = try ArchiveInspector.inspect(zip, kind: .ipa, binarySymbols: tables)
        #expect(output.symbolHits.map { "\($0.location.path) \($0.signal) \($0.symbol)" } == [
            "app.ipa!/Payload/App.app/App api.FileTimestamp _stat",
            "app.ipa!/Payload/App.app/App api.UserDefaults _OBJC_CLASS_$_NSUserDefaults",
            "app.ipa!/Payload/App.app/Frameworks/Alamofire.framework/Alamofire api.SystemBootTime _mach_absolute_time",
        ])
        #expect(output.symbolHits.allSatisfy { $0.origin == .archive("app.ipa") })
        // No table, no hit: the imports alone name no fact.
        #expect(try ArchiveInspector.inspect(zip, kind: .ipa).symbolHits.isEmpty)

        let source = SymbolHit(signal: "api.FileTimestamp", symbol: "stat", location: SourceLocation(path: "App/Disk.swift", line: 3))
        var model = ProjectModel(root: "/", symbolHits: [source])
        output.merge(into: &model)
        #expect(model.symbolHits(fromArchive: false) == [source])
        #expect(model.symbolHits(fromArchive: true) == output.symbolHits)
        #expect(model.archives.bundle(withBinaryAt: output.symbolHits[2].location)?.name == "Alamofire")
    }

    @Test func anXcarchiveFolderIsReadLikeTheIPA() throws {
        let opened = try ArchiveInput.open(ArchiveFixtures.path("ios-trigger.xcarchive"), root: ArchiveFixtures.folder)
        #expect(opened.kind == .xcarchive)
        #expect(opened.contents.name == "ios-trigger.xcarchive")
        let output = try ArchiveInspector.inspect(opened.contents, kind: opened.kind)
        #expect(output.archive.bundles.map(\.path) == ["Products/Applications/App.app", "Products/Applications/App.app/Frameworks/Alamofire.framework"])
        #expect(output.archive.bundles.first?.binaryLocation?.path == "ios-trigger.xcarchive/Products/Applications/App.app/App")
    }

    @Test func anAABsSixtyFourBitLibrariesAreMeasured() throws {
        let opened = try ArchiveInput.open(ArchiveFixtures.path("android-4kb.aab"), root: ArchiveFixtures.folder)
        #expect(opened.kind == .aab)
        let output = try ArchiveInspector.inspect(opened.contents, kind: opened.kind)
        #expect(output.archive.nativeLibraries.map(\.abi) == ["arm64-v8a", "x86_64"])
        #expect(output.archive.nativeLibraries.map(\.minimumLoadAlignment) == [4096, 16384])
        let misaligned = try #require(output.facts.first { $0.name == ArchiveFacts.nativeLibraries4KB })
        #expect(misaligned.evidence.map(\.location.path) == ["android-4kb.aab!/base/lib/arm64-v8a/libnative.so"])
    }

    @Test func aSixteenKBAlignedAABSetsNoMisalignmentFact() throws {
        let opened = try ArchiveInput.open(ArchiveFixtures.path("android-16kb.aab"), root: ArchiveFixtures.folder)
        let output = try ArchiveInspector.inspect(opened.contents, kind: opened.kind)
        #expect(output.archive.nativeLibraries.count == 2)
        #expect(!output.facts.contains { $0.name == ArchiveFacts.nativeLibraries4KB })
        #expect(output.facts.contains { $0.name == ArchiveFacts.nativeCode })
    }

    @Test func anAABsProtobufManifestsAreReadPerModule() throws {
        let opened = try ArchiveInput.open(ArchiveFixtures.path("android-feature.aab"), root: ArchiveFixtures.folder)
        let output = try ArchiveInspector.inspect(opened.contents, kind: opened.kind)
        #expect(output.problems.isEmpty)
        let manifests = output.archive.androidManifests
        #expect(manifests.map(\.location.path) == ["android-feature.aab!/base/manifest/AndroidManifest.xml",
                                                   "android-feature.aab!/scanner/manifest/AndroidManifest.xml"])
        #expect(manifests.first?.package == "com.example.app")
        #expect(manifests.first?.versionCode == 42)
        #expect(manifests.first?.minSdk == 24)
        #expect(manifests.first?.targetSdk == 34)
        #expect(manifests.last?.permissions == ["android.permission.MANAGE_EXTERNAL_STORAGE"])
        let target = try #require(output.facts.first { $0.name == ArchiveFacts.targetSDK })
        #expect(target.value == .number(34))
        let storage = try #require(output.facts.first { $0.name == "android.permission.MANAGE_EXTERNAL_STORAGE" })
        #expect(storage.evidence.first?.location.path == "android-feature.aab!/scanner/manifest/AndroidManifest.xml")
    }

    @Test func anAPKsBinaryXMLManifestIsRead() throws {
        let opened = try ArchiveInput.open(ArchiveFixtures.path("android-4kb.apk"), root: ArchiveFixtures.folder)
        let output = try ArchiveInspector.inspect(opened.contents, kind: opened.kind)
        #expect(output.problems.isEmpty)
        let manifest = try #require(output.archive.androidManifests.first)
        #expect(manifest.package == "com.example.app")
        #expect(manifest.versionCode == 42)
        #expect(manifest.targetSdk == 36)
        #expect(manifest.minSdk == 24)
        #expect(manifest.permissions == ["android.permission.CAMERA"])
    }

    /// A ZIP64 archive built by hand: the entry's sizes and offset are 0xFFFFFFFF in the central directory and
    /// real in its ZIP64 extra field; the end record's values point at a ZIP64 end record through its locator.
    @Test func zip64SizesOffsetsAndEndRecordAreRead() throws {
        func le(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let name = Array("Payload/App.app/Info.plist".utf8)
        let data = Array("<plist/>".utf8)
        let crc = Int(Inflater.crc32(data))
        var zip: [UInt8] = le(0x0403_4B50, 4) + le(45, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(crc, 4)
            + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(name.count, 2) + le(20, 2) + name
            + le(1, 2) + le(16, 2) + le(data.count, 8) + le(data.count, 8) + data
        let directoryOffset = zip.count
        zip += le(0x0201_4B50, 4) + le(45, 2) + le(45, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(crc, 4)
            + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(name.count, 2) + le(28, 2) + le(0, 2) + le(0, 2) + le(0, 2)
            + le(0, 4) + le(0xFFFF_FFFF, 4) + name
            + le(1, 2) + le(24, 2) + le(data.count, 8) + le(data.count, 8) + le(0, 8)
        let directorySize = zip.count - directoryOffset
        let recordOffset = zip.count
        zip += le(0x0606_4B50, 4) + le(44, 8) + le(45, 2) + le(45, 2) + le(0, 4) + le(0, 4) + le(1, 8) + le(1, 8)
            + le(directorySize, 8) + le(directoryOffset, 8)
        zip += le(0x0706_4B50, 4) + le(0, 4) + le(recordOffset, 8) + le(1, 4)
        zip += le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(0xFFFF, 2) + le(0xFFFF, 2) + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(0, 2)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zip64-\(UUID().uuidString).ipa").path
        try Data(zip).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let archive = try ZipArchive(path: path, name: "z.ipa")
        let entry = try #require(archive.entry(named: "Payload/App.app/Info.plist"))
        #expect(entry.uncompressedSize == data.count)
        #expect(entry.localHeaderOffset == 0)
        #expect(try archive.read(entry) == data)
    }
}

