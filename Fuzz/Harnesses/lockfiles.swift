// libFuzzer harness: every dependency reader of Formats/Dependencies (Podfile.lock, Package.resolved,
// Cartfile.resolved, pubspec.lock, package-lock.json, yarn.lock, Package.swift pins, a pbxproj's package references).
import Foundation
@testable import Formats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? PodfileLockReader.read(text, path: "Podfile.lock")
    _ = try? PackageResolvedReader.read(text, path: "Package.resolved")
    _ = try? CartfileResolvedReader.read(text, path: "Cartfile.resolved")
    _ = try? PubspecLockReader.read(text, path: "pubspec.lock")
    _ = try? PackageLockReader.read(text, path: "package-lock.json")
    _ = try? YarnLockReader.read(text, path: "yarn.lock")
    _ = PackageSwiftPinReader.read(text, path: "Package.swift")
    _ = PBXProjPackageReader.read(text, path: "App.xcodeproj/project.pbxproj")
    return 0
}
