import Testing
@testable import Project

/// The export's presence as a fact, from the walk's file list (no second walk).
struct DataSafetyExportDetectorTests {
    func file(_ path: String, vendored: Bool = false) -> ProjectFile {
        ProjectFile(path: path, root: "/nonexistent", size: 1, isVendored: vendored)
    }

    @Test func theShallowestExportOutsideDependenciesIsTheFact() {
        let files = [file("node_modules/pkg/data-safety.csv", vendored: true), file("docs/old/Data_Safety-2023.csv"),
                     file("play/data-safety.csv"), file("app/src/main/AndroidManifest.xml")]
        let fact = DataSafetyExportDetector.fact(files: files, manifest: nil)
        #expect(fact?.name == "play.data_safety_export")
        #expect(fact?.value == .string("play/data-safety.csv"))
    }

    @Test func aStatedPathWinsAndNoExportIsNoFact() {
        let manifest = Manifest(file: "shipcheck.yml", paths: .init(dataSafety: "store/form.csv"))
        #expect(DataSafetyExportDetector.fact(files: [file("play/data-safety.csv")], manifest: manifest)?.value == .string("store/form.csv"))
        #expect(DataSafetyExportDetector.fact(files: [file("app/build.gradle")], manifest: nil) == nil)
    }
}
