import Foundation
import Testing
@testable import Project

/// Inputs that crashed or ran for more than 20 s before their fix (found by a hostile-input hunt).
@Suite struct BinaryPlistBoundsTests {
    static func sharedReferencePlist(depth: Int = 40, cycle: Bool = false) -> [UInt8] {
        var objects: [[UInt8]] = (0..<depth).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append(cycle ? [0xA1, 0x00] : [0x08])
        var body = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects { offsets.append(body.count); body += object }
        let table = body.count
        for offset in offsets { body += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        func be64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        body += [0, 0, 0, 0, 0, 0, 2, 1] + be64(objects.count) + be64(0) + be64(table)
        return body
    }

    @Test func aBinaryPlistOfSharedReferencesIsRefusedNotExpanded() throws {
        let bytes = Self.sharedReferencePlist()
        #expect(bytes.count < 256)
        let result = PlistReader.parse(Data(bytes), path: "Info.plist")
        guard case .failure(let error) = result else { Issue.record("expected a failure"); return }
        #expect(error.message.contains("expands to more than 1000000 objects"))
    }

    @Test func aBinaryPlistReferenceCycleIsRefused() throws {
        let result = PlistReader.parse(Data(Self.sharedReferencePlist(depth: 3, cycle: true)), path: "Info.plist")
        guard case .failure(let error) = result else { Issue.record("expected a failure"); return }
        #expect(error.message.contains("contains itself"))
    }

    @Test func aSmallSharedReferencePlistStillReads() throws {
        let result = PlistReader.parse(Data(Self.sharedReferencePlist(depth: 4)), path: "Info.plist")
        #expect(throws: Never.self) { try result.get() }
    }
}
