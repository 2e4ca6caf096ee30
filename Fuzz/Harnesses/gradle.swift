// libFuzzer harness: Gradle build scripts, gradle.properties and the version catalog, with value resolution.
import Foundation
@testable import Formats
@testable import Project

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let script = GradleScript.parse(text)
    _ = GradleDependencyReader.read(script: script, path: "app/build.gradle")
    _ = GradleProperties.parse(text)
    let catalog = try? VersionCatalog.parse(text, location: SourceLocation(path: "gradle/libs.versions.toml"))
    if let catalog { _ = GradleDependencyReader.read(catalog: catalog, path: "gradle/libs.versions.toml") }
    let resolver = GradleValueResolver(file: "app/build.gradle", locals: script.locals, extScopes: [], properties: [],
                                       catalog: catalog.map { ("gradle/libs.versions.toml", $0) })
    for setting in script.settings.prefix(50) { _ = resolver.resolve(setting.expression) }
    return 0
}
