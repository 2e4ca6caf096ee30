// libFuzzer harness: property lists (XML, binary, OpenStep) and the pbxproj reader on top of them.
import Foundation
@testable import Formats
@testable import Project

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    if case .success(let document) = PlistReader.parse(bytes, path: "App.xcodeproj/project.pbxproj") {
        if case .success(let project) = PBXProjReader.project(from: document, path: "App.xcodeproj/project.pbxproj") {
            for target in project.targets { _ = target.values(of: "PRODUCT_BUNDLE_IDENTIFIER") }
            _ = project.location(of: "INFOPLIST_FILE")
        }
        _ = ContentInfoReader.evidence(in: document, path: "Info.plist")
    }
    return 0
}
