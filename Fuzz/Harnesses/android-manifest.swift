// libFuzzer harness: the AndroidManifest.xml reader (XMLScanner, our byte-level XML reader).
import Foundation
@testable import Formats
@testable import Project

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? AndroidManifestReader.read(text: text, location: SourceLocation(path: "app/src/main/AndroidManifest.xml"))
    return 0
}
