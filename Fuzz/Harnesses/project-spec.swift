// libFuzzer harness: the project spec readers that stand in for a generated Xcode project: XcodeGen's
// `project.yml` (with `include:` files, here the same bytes under every name, so includes nest to their bound)
// and the string-literal scanner of Tuist's `Project.swift`.
import Foundation
@testable import Formats
@testable import Project

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = XcodeGenSpecReader.read(path: "project.yml", text: text) { _ in text }
    _ = XcodeGenSpecReader.read(path: "project.yml", text: text) { _ in nil }
    _ = TuistManifestScanner.read(path: "Project.swift", text: text)
    return 0
}
