// libFuzzer harness: `shipcheck:disable` comment parsing, baseline decoding and glob matching (the
// first line of the input is the pattern, the rest the paths).
import Foundation
@testable import Formats
@testable import Project
@testable import Reports

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    _ = SuppressionDirectives.parse(bytes, path: "Sources/App.swift")
    _ = try? Baseline.decode(bytes, file: "baseline.json")
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 64, omittingEmptySubsequences: false)
    if let first = lines.first {
        let glob = Glob(String(first))
        for path in lines.dropFirst() { _ = glob.matches(String(path)) }
    }
    return 0
}
