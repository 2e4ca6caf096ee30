// libFuzzer harness: the PNG/JPEG header reader, on a file in /dev/shm (it reads from a path).
import Foundation
@testable import Formats
@testable import Project

let path = "/dev/shm/shipcheck-fuzz-image-\(getpid())"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FileManager.default.createFile(atPath: path, contents: Data(UnsafeBufferPointer(start: data, count: size)))
    _ = ImageHeader.size(atPath: path)
    return 0
}
