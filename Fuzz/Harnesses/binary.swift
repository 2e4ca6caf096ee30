// libFuzzer harness: the binary readers on bytes in memory, without the ZIP layer (fast per input): the
// Mach-O reader (thin and fat slices, load commands, symbol and string tables, LC_CODE_SIGNATURE and its
// SuperBlob's entitlements, read by range through ByteSource), the code signature reader alone, and the
// ELF program-header reader of the 16 KB check.
import Foundation
@testable import Formats
@testable import Project

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? MachOReader.read(ByteSource(bytes))
    _ = try? CodeSignature.entitlements(bytes)
    _ = ELFAlignment.parse(header: Array(bytes.prefix(64))) { offset, count in
        guard offset <= UInt64(bytes.count), count >= 0, count <= bytes.count - Int(offset) else { return nil }
        return Array(bytes[Int(offset)..<Int(offset) + count])
    }
    return 0
}
