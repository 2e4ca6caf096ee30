// libFuzzer harness: the Markdown template engine, parsed and rendered against a small report.
import Foundation
@testable import Reports

let context = TemplateValue.object([
    "title": .string("a <b> | c\nd"), "count": .int(3), "ok": .bool(true), "none": .null,
    "findings": .list((0..<3).map { .object(["rule": .string("r\($0)"), "line": .int($0), "tags": .list([.string("x"), .string("y")])]) }),
])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let template = try? Template(text, name: "fuzz.md") { _ = try? template.render(context) }
    return 0
}
