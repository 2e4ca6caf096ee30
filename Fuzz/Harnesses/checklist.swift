// libFuzzer harness: the checklist loader (every rule, option, table and expression validated at load).
import Foundation
@testable import Rules

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? ChecklistLoader().load([ChecklistSource(file: "fuzz.yml", text: text)])
    return 0
}
