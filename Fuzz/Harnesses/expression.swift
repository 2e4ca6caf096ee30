// libFuzzer harness: the `when:` expression parser.
import Foundation
@testable import Rules

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? ExpressionParser.parse(text)
    return 0
}
