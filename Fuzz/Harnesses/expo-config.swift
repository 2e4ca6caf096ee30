// libFuzzer harness: Expo's app config, `app.json` (JSON) and the literal object an `app.config.js` / `.ts`
// exports (the JS object-literal reader, which never runs the code). Every input must end, in linear time.
import Foundation
@testable import Formats
@testable import Project

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = JSObjectLiteral.read(text)
    _ = ExpoConfigReader.dynamicConfig(path: "app.config.ts", text: text)
    _ = ExpoConfigReader.read(path: "app.json", text: text)
    // The same bytes after an export marker, so that mutations reach the object reader at once.
    _ = ExpoConfigReader.dynamicConfig(path: "app.config.js", text: "export default " + text)
    return 0
}
