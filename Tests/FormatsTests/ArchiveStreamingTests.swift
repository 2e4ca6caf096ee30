import Foundation
import Testing
@testable import Formats

/// Entries are read by range (EntryReader), never held whole: a binary's reader gets only the regions it
/// asks for, from a deflate stream inflated 64 KB at a time, and the CRC is still checked over every byte.
@Suite struct ArchiveStreamingTests {
    /// `ios-rules-trigger.ipa`'s app binary is 900 KB, its symbol table after the padding (make-rule-fixtures.py).
    static let ipa = "ios-rules-trigger.ipa"
    static let binary = "Payload/App.app/App"

    /// Where the central directory record of `entry` starts.
    static func centralRecord(of entry: String, in bytes: [UInt8]) -> Int? {
        let name: [UInt8] = Array(entry.utf8)
        var i = 0
        while i + 46 + name.count <= bytes.count {
            if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x01, bytes[i + 3] == 0x02,
               Array(bytes[(i + 46)..<(i + 46 + name.count)]) == name { return i }
            i += 1
        }
        return nil
    }

    @Test func aRangeOfADeflatedEntryIsTheSameBytesAsTheWholeEntry() throws {
        let zip = try ZipArchive(path: FormatsFixtures.archive(Self.ipa), name: "app.ipa")
        let whole = try zip.read(Self.binary)
        #expect(whole.count > 900_000)
        let reader = try zip.open(Self.binary)
        #expect(reader.size == whole.count)
        #expect(try reader.read(at: 0, count: 32) == Array(whole[0..<32]))
        // Forward past several 64 KB chunks, then back (a restart of the stream).
        #expect(try reader.read(at: 700_001, count: 70_000) == Array(whole[700_001..<770_001]))
        #expect(try reader.read(at: 10, count: 5) == Array(whole[10..<15]))
        #expect(try reader.read(at: whole.count - 7, count: 7) == Array(whole[(whole.count - 7)...]))
        try reader.finish()
    }

    @Test func theMachOReaderOnAStreamFindsWhatTheWholeBytesGive() throws {
        let zip = try ZipArchive(path: FormatsFixtures.archive(Self.ipa), name: "app.ipa")
        let fromBytes = try MachOReader.read(try zip.read(Self.binary))
        let fromStream = try MachOReader.read(try zip.open(Self.binary).source())
        #expect(fromStream == fromBytes)
        #expect(fromStream.undefinedSymbols == ["_OBJC_CLASS_$_AVCaptureDevice", "_OBJC_CLASS_$_CLLocationManager"])
        #expect(fromStream.slices.first?.linkedLibraries == ["/usr/lib/libobjc.A.dylib"])
        let entitlements = String(decoding: try #require(fromStream.entitlementsXML), as: UTF8.self)
        #expect(entitlements.contains("<key>aps-environment</key>"))
    }

    @Test func goingBackMoreThanTheLimitIsAnErrorNamingTheEntry() throws {
        let zip = try ZipArchive(path: FormatsFixtures.archive(Self.ipa), name: "app.ipa")
        let reader = try zip.open(Self.binary)
        var failure: ArchiveError?
        do {
            for _ in 0...ZipEntryReader.maxRestarts { _ = try reader.read(at: 500_000, count: 1); _ = try reader.read(at: 0, count: 1) }
        } catch { failure = error }
        #expect(failure?.description == "app.ipa!/Payload/App.app/App: its reader went back more than 4 times (shipcheck's limit)")
    }

    @Test func aWrongCRCIsFoundByFinishAfterAStreamedRead() throws {
        var bytes = try FormatsFixtures.archiveBytes(Self.ipa)
        // The central directory record of the binary: flip its CRC-32 (offset 16 of the record).
        let record = try #require(Self.centralRecord(of: Self.binary, in: bytes))
        bytes[record + 16] ^= 0xFF
        let path = NSTemporaryDirectory() + "shipcheck-crc-\(UUID().uuidString).ipa"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try ZipArchive(path: path, name: "bad.ipa").open(Self.binary)
        _ = try MachOReader.read(reader.source())
        #expect(throws: ArchiveError(archive: "bad.ipa", entry: Self.binary, "its CRC-32 does not match its bytes (a damaged or altered archive)")) {
            try reader.finish()
        }
    }

    @Test func aTruncatedDeflateStreamIsAnErrorAtTheByteItStops() throws {
        var bytes = try FormatsFixtures.archiveBytes(Self.ipa)
        let record = try #require(Self.centralRecord(of: Self.binary, in: bytes))
        // Declare 100 more bytes than the stream holds: the stream ends first.
        let size = Int(bytes[record + 24]) | Int(bytes[record + 25]) << 8 | Int(bytes[record + 26]) << 16
        let doubled = size + 100
        bytes[record + 24] = UInt8(doubled & 0xFF); bytes[record + 25] = UInt8(doubled >> 8 & 0xFF); bytes[record + 26] = UInt8(doubled >> 16 & 0xFF)
        let path = NSTemporaryDirectory() + "shipcheck-short-\(UUID().uuidString).ipa"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try ZipArchive(path: path, name: "short.ipa").open(Self.binary)
        var failure: ArchiveError?
        do { _ = try reader.read(at: doubled - 10, count: 10) } catch { failure = error }
        #expect(failure?.message == "its deflate stream ends after \(size) bytes, before the \(doubled) its header declares (truncated)")
    }
}
