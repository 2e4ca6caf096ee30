import Foundation
import Testing
@testable import Project
@testable import Formats

/// Hostile archives and binaries: each ends in an error naming the archive and the entry, in bounded
/// time and memory (the readers check every size against the file and the limits before allocating).
@Suite struct ArchiveBoundsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/archive").standardized.path

    func fixture(_ name: String) -> String { Self.fixtures + "/" + name }

    func error(opening name: String, limits: ArchiveLimits = ArchiveLimits()) -> ArchiveError? {
        do {
            let opened = try ArchiveInput.open(fixture(name), root: Self.fixtures, limits: limits)
            _ = try ArchiveInspector.inspect(opened.contents, kind: opened.kind)
            return nil
        } catch {
            return error
        }
    }

    @Test func aZipBombIsRefusedByItsRatioBeforeInflating() throws {
        let clock = ContinuousClock.now
        let failure = try #require(error(opening: "hostile-bomb.zip"))
        #expect(failure.entry == "Payload/App.app/App")
        #expect(failure.description.hasPrefix("hostile-bomb.zip!/Payload/App.app/App: inflates 1"))
        #expect(failure.description.contains("a zip bomb?"))
        #expect(ContinuousClock.now - clock < .seconds(2))
    }

    @Test func theTotalInflatedLimitStopsAnArchiveOfManySmallEntries() throws {
        var limits = ArchiveLimits()
        limits.maxTotalInflatedBytes = 1000
        let failure = try #require(error(opening: "ios-trigger.ipa", limits: limits))
        #expect(failure.entry != nil)
        #expect(failure.message.contains("more than 1000 bytes"))
    }

    @Test func theEntryCountLimitIsCheckedBeforeTheDirectoryIsRead() throws {
        var limits = ArchiveLimits()
        limits.maxEntries = 2
        let failure = try #require(error(opening: "ios-trigger.ipa", limits: limits))
        #expect(failure.message.contains("declares 5 entries, over shipcheck's limit of 2"))
    }

    @Test func aTraversalNameIsRefusedByName() throws {
        let failure = try #require(error(opening: "hostile-traversal.ipa"))
        #expect(failure.entry == "../../evil.sh")
        #expect(failure.message.contains("path traversal"))
    }

    @Test func overlappingEntriesAreRefused() throws {
        let failure = try #require(error(opening: "hostile-overlap.ipa"))
        #expect(failure.entry == "Payload/App.app/B")
        #expect(failure.message.contains("overlaps the entry Payload/App.app/A"))
    }

    @Test func aTruncatedMachOIsAProblemAtItsEntry() throws {
        let opened = try ArchiveInput.open(fixture("hostile-truncated-macho.ipa"), root: Self.fixtures)
        let output = try ArchiveInspector.inspect(opened.contents, kind: opened.kind)
        let problem = try #require(output.problems.first)
        #expect(problem.location.path == "hostile-truncated-macho.ipa!/Payload/App.app/App")
        #expect(problem.message.contains("run past the end of the file"))
    }

    @Test func truncatedLoadCommandsAndOffsetsPastTheEndAreErrors() throws {
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture("app-executable.macho"))))
        func patched(_ offset: Int, _ value: UInt32) -> [UInt8] {
            var bytes = good
            for i in 0..<4 { bytes[offset + i] = UInt8(value >> (8 * UInt32(i)) & 0xFF) }
            return bytes
        }
        func message(_ bytes: [UInt8]) -> String? {
            do { _ = try MachOReader.read(bytes); return nil } catch { return error.message }
        }
        // Every prefix of the file fails cleanly or reads.
        for length in 0..<good.count { _ = message(Array(good.prefix(length))) }
        // The first load command's size runs past sizeofcmds.
        #expect(message(patched(32 + 4, 0xFFFF_FFF0))?.contains("truncated load commands") == true)
        // More commands than sizeofcmds can hold.
        #expect(message(patched(16, 100_000))?.contains("load commands in") == true)
        // A symbol table past the end: find LC_SYMTAB and move its symoff.
        var offset = 32
        var symtab: Int?
        for _ in 0..<Int(good[16]) {
            let command = Int(good[offset]) | Int(good[offset + 1]) << 8
            if command == 2 { symtab = offset }
            offset += Int(good[offset + 4]) | Int(good[offset + 5]) << 8
        }
        let at = try #require(symtab)
        #expect(message(patched(at + 8, 0x7FFF_0000))?.contains("symbol table") == true)
        #expect(message(patched(at + 12, 0x7FFF_FFFF))?.contains("symbol table declares") == true)
        // A fat header with a slice past the end.
        let fat: [UInt8] = [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 1, 1, 0, 0, 12, 0, 0, 0, 0, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 12]
        #expect(message(fat)?.contains("lies past the end") == true)
    }

    @Test func aLinkOutOfTheRootIsRefusedAndNotFollowed() throws {
        let tree = try HostileTree()
        try tree.link("build/app.ipa", to: fixture("ios-trigger.ipa"))
        do {
            _ = try ArchiveInput.open(tree.path("build/app.ipa"), root: tree.root)
            Issue.record("a link out of the root was followed")
        } catch {
            #expect(error.description.contains("leads out of the project root"))
            #expect(!error.description.contains(Self.fixtures))
        }
    }

    @Test func aFolderThatIsNoBundleAndAFileThatIsNoZipAreClearErrors() throws {
        let tree = try HostileTree()
        try tree.write("notes/readme.txt", "hello")
        #expect(throws: ArchiveError.self) { try ArchiveInput.open(tree.path("notes"), root: tree.root) }
        do {
            _ = try ArchiveInput.open(tree.path("notes/readme.txt"), root: tree.root)
            Issue.record("a text file was read as an archive")
        } catch {
            #expect(error.description == "notes/readme.txt: not a ZIP archive: 5 bytes, shorter than an end-of-central-directory record")
        }
    }

    /// Every truncation and many single-byte corruptions of a real .ipa end in an error or a read, never a trap.
    @Test func corruptedIPAsNeverTrap() throws {
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture("ios-trigger.ipa"))))
        let tree = try HostileTree()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            var bytes = good
            if round < 100 {
                bytes = Array(good.prefix(good.count * round / 100))
            } else {
                for _ in 0..<4 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            }
            let path = try tree.write("fuzz.ipa", Data(bytes))
            if let opened = try? ArchiveInput.open(path, root: tree.root) { _ = try? ArchiveInspector.inspect(opened.contents, kind: opened.kind) }
        }
    }

    /// A code signature that lies about its blobs ends in an error naming what lies; every truncation and
    /// many corruptions of a signed binary (read by range) end in an error or a read, never a trap.
    @Test func lyingCodeSignaturesAndCutSignedBinariesAreErrors() throws {
        func be(_ values: [UInt32]) -> [UInt8] { values.flatMap { v in [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] } }
        let lie1 = #expect(throws: DecodeError.self) { try CodeSignature.entitlements(be([0xFADE_0CC0, 12, 1000])) }
        #expect(lie1?.message == "its code signature declares 1000 blobs (at most 64 are read)")
        let lie2 = #expect(throws: DecodeError.self) { try CodeSignature.entitlements(be([0xFADE_0CC0, 28, 1, 5, 20, 0, 0])) }
        #expect(lie2?.message == "its code signature's entitlements blob at offset 20 has no entitlements magic (0xfade7171)")
        let lie3 = #expect(throws: DecodeError.self) { try CodeSignature.entitlements(be([0xFADE_0CC0, 28, 1, 5, 20, 0xFADE_7171, 4096])) }
        #expect(lie3?.message == "its entitlements blob (4096 bytes at offset 20) runs past the code signature's 28 bytes")
        #expect(try CodeSignature.entitlements(be([0xFADE_0CC0, 12, 0])) == nil)
        let zip = try ZipArchive(path: fixture("ios-rules-trigger.ipa"), name: "a.ipa")
        let binary = try zip.read("Payload/App.app/App")
        for cut in stride(from: 0, to: binary.count, by: 997) { _ = try? MachOReader.read(ByteSource(Array(binary.prefix(cut)))) }
        for cut in (binary.count - 600)..<binary.count { _ = try? MachOReader.read(ByteSource(Array(binary.prefix(cut)))) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var bytes = binary
            for _ in 0..<3 { bytes[Int.random(in: (binary.count - 600)..<binary.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = try? MachOReader.read(ByteSource(bytes))
        }
    }

    /// Every truncation and single-byte corruption of both manifest forms ends in an error or a read, never a trap.
    @Test func corruptedManifestsNeverTrap() throws {
        let apk = try ZipArchive(path: fixture("android-4kb.apk"), name: "a.apk")
        let aab = try ZipArchive(path: fixture("android-feature.aab"), name: "a.aab")
        let binary = try apk.read("AndroidManifest.xml")
        let proto = try aab.read("base/manifest/AndroidManifest.xml")
        let location = SourceLocation(path: "x")
        for length in 0...binary.count { _ = try? BinaryXMLReader.read(Array(binary.prefix(length)), location: location) }
        for length in 0...proto.count { _ = try? ProtoXMLReader.read(Array(proto.prefix(length)), location: location) }
        for i in 0..<binary.count {
            var bytes = binary
            bytes[i] ^= 0xFF
            _ = try? BinaryXMLReader.read(bytes, location: location)
        }
        for i in 0..<proto.count {
            var bytes = proto
            bytes[i] ^= 0xFF
            _ = try? ProtoXMLReader.read(bytes, location: location)
        }
        // A chunk that claims more than the file, and a protobuf length past its message, are clear errors.
        var lying = binary
        lying[8 + 4] = 0xFF; lying[8 + 5] = 0xFF; lying[8 + 6] = 0xFF
        #expect(throws: DecodeError.self) { try BinaryXMLReader.read(lying, location: location) }
        #expect(throws: DecodeError.self) { try ProtoXMLReader.read([0x0A, 0x7F, 0x00], location: location) }
        // Nesting deeper than the bound is refused, not recursed into.
        var nested: [UInt8] = []
        for _ in 0..<200 { nested = [0x0A] + varint(nested.count + 2) + [0x2A] + varint(nested.count) + nested }
        #expect(throws: DecodeError.self) { try ProtoXMLReader.read(nested, location: location) }
    }

    func varint(_ value: Int) -> [UInt8] {
        var n = value
        var out: [UInt8] = []
        repeat {
            var byte = UInt8(n & 0x7F)
            n >>= 7
            if n > 0 { byte |= 0x80 }
            out.append(byte)
        } while n > 0
        return out
    }
}

