import Foundation
import Testing
@testable import Project

/// The readers that once read each build script again (store detection, the native-build check, metadata
/// upload detection) take the Gradle files inspector's text when it is exactly the file's bytes, and read the
/// file themselves otherwise; either way the answer is the same.
@Suite struct GradleFilesSharingTests {
    static func read(_ tree: [String: Data]) throws -> (TemporaryFolder, [ProjectFile], GradleFilesPart) {
        let folder = try TemporaryFolder()
        for (path, bytes) in tree { try folder.write(path, bytes) }
        let files = MetadataTestSupport.walk(folder.path)
        let input = InspectionInput(root: folder.path, files: files.filter(GradleFilesInspector().files.wants), manifest: nil, options: InspectionOptions())
        return (folder, files, try #require(GradleFilesInspector().inspect(input).part))
    }

    @Test func theSharedTextIsTakenOnlyWhenItIsTheFilesBytes() throws {
        let plain = "plugins {\n    id(\"com.android.application\")\n}\n// cargo-ndk\n"
        let (folder, files, part) = try Self.read([
            "app/build.gradle.kts": Data(plain.utf8),
            // A byte-order mark (the UTF-8 reading may drop it) and bytes that are not UTF-8: read from the file.
            "bom/build.gradle": Data([0xEF, 0xBB, 0xBF] + Array("applicationId \"a.b\"\n".utf8)),
            "latin/build.gradle": Data(Array("// caf".utf8) + [0xE9] + Array("\napply plugin: 'com.android.application'\n".utf8)),
        ])
        _ = folder
        let app = try #require(files.first { $0.path == "app/build.gradle.kts" })
        #expect(part.text(of: app, limit: 1 << 20)?.text == plain)
        #expect(part.text(of: app, limit: 10) == nil)
        let latin = try #require(files.first { $0.path == "latin/build.gradle" })
        #expect(part.text(of: latin, limit: 1 << 20) == nil)
        for file in files where file.fileName.hasPrefix("build.gradle") {
            let shared = StoreDetection.applicationPluginLine(file, maxFileBytes: 8 << 20, shared: part)
            let own = StoreDetection.applicationPluginLine(file, maxFileBytes: 8 << 20)
            #expect(shared?.number == own?.number && shared?.text == own?.text, "\(file.path)")
            let rust = AndroidNativeBuild.firstLine(file, containing: AndroidNativeLibraries.rustGradleMarkers, shared: part)
            let ownRust = AndroidNativeBuild.firstLine(file, containing: AndroidNativeLibraries.rustGradleMarkers)
            #expect(rust?.number == ownRust?.number && rust?.text == ownRust?.text, "\(file.path)")
            let lines = MetadataConsumerDetection.Signals.releaseJobLines(file, shared: part)
            let ownLines = MetadataConsumerDetection.Signals.releaseJobLines(file)
            #expect(lines.lines.map(\.1) == ownLines.lines.map(\.1) && lines.namesPlayMarker == ownLines.namesPlayMarker, "\(file.path)")
        }
        #expect(StoreDetection.applicationPluginLine(app, maxFileBytes: 8 << 20, shared: part)?.number == 2)
        #expect(AndroidNativeBuild.firstLine(app, containing: AndroidNativeLibraries.rustGradleMarkers, shared: part) == nil)  // a comment
        // Not UTF-8: the Gradle files inspector could not read it, store detection reads its bytes itself.
        #expect(StoreDetection.applicationPluginLine(latin, maxFileBytes: 8 << 20, shared: part)?.number == 2)
    }
}
