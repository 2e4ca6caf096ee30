// libFuzzer harness: the YAML parser and the shipcheck.yml reader. Built and run by Fuzz/run.sh.
import Foundation
@testable import Formats
@testable import Project
import YAML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    _ = try? YAMLParser.parse(data: bytes, file: "fuzz.yml")
    _ = try? ManifestReader.parse(data: bytes, file: "shipcheck.yml")
    return 0
}
