// libFuzzer harness: the built-archive readers. The input goes to the Mach-O, binary XML (APK) and protobuf
// XML (AAB) readers as it is, and, written to a file, to the ZIP reader, whose first entries are read
// whole (inflated) and passed to the same three readers, and opened by range (EntryReader: the streaming
// inflater) for the Mach-O and ELF readers, then finished (size and CRC-32 over the rest).
import Foundation
@testable import Formats
@testable import Project

let path = NSTemporaryDirectory() + "shipcheck-fuzz-archive-\(getpid()).zip"
let here = SourceLocation(path: "app.aab!/base/manifest/AndroidManifest.xml")

func readAll(_ bytes: [UInt8]) {
    _ = try? MachOReader.read(bytes)
    _ = try? BinaryXMLReader.read(bytes, location: here)
    _ = try? ProtoXMLReader.read(bytes, location: here)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    readAll(bytes)
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    if let archive = try? ZipArchive(path: path, name: "app.zip") {
        for entry in archive.entries.prefix(16) {
            if let content = try? archive.read(entry) { readAll(content) }
            if let reader = try? archive.open(entry) {
                let source = reader.source()
                _ = try? MachOReader.read(source)
                _ = ELFAlignment.parse(header: (try? source.read(0, min(64, source.size), "header")) ?? []) { offset, count in
                    offset <= UInt64(Int.max) ? try? source.read(Int(offset), count, "program headers") : nil
                }
                try? reader.finish()
            }
        }
    }
    return 0
}
