// libFuzzer harness: the metadata text reader for both stores, and the privacy policy text extraction.
import Foundation
@testable import Formats
@testable import Project
import StoreLocale

let root = "/dev/shm/shipcheck-fuzz-metadata-\(getpid())"
let relative = "fastlane/metadata/en-US/description.txt"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let path = root + "/" + relative
    try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: path, contents: bytes)
    let file = ProjectFile(path: relative, absolutePath: path, size: size, isVendored: false)
    _ = MetadataFileReader.read(file, store: .appstore)
    _ = MetadataFileReader.read(file, store: .play)
    let text = String(decoding: bytes, as: UTF8.self)
    _ = PrivacyPolicyText.extract(text, format: .html)
    _ = PrivacyPolicyText.extract(text, format: .markdown)
    return 0
}
