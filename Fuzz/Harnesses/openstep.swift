// libFuzzer harness: the OpenStep (old-style) property list parser that reads project.pbxproj, and the
// Xcode project model on top of it. The `plist` harness goes through Foundation's XML path and the binary
// decoder; a pbxproj starts with `{` or `//` and takes this path instead.
import Foundation
@testable import Formats
@testable import Project

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = OpenStepParser.parse(bytes)
    if case .success(let document) = PBXProjReader.parse(Data(bytes), path: "App.xcodeproj/project.pbxproj"),
       case .success(let project) = PBXProjReader.project(from: document, path: "App.xcodeproj/project.pbxproj") {
        for target in project.targets { _ = target.values(of: "INFOPLIST_FILE") }
    }
    return 0
}
