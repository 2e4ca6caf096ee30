import Foundation
@testable import Formats

/// Where the readers' tests find the committed fixtures: Tests/Fixtures and the rest of the package, by path
/// from this file, so the tests run from any working folder.
enum FormatsFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().standardized.path

    /// A path relative to the package root (`Tests`, `Examples/TodoCloud`).
    static func path(_ relative: String) -> String { packageRoot + "/" + relative }

    /// An archive of Tests/Fixtures/archive (made by its make-fixtures.py; see its README).
    static func archive(_ name: String) -> String { path("Tests/Fixtures/archive/" + name) }

    static func archiveBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: archive(name))))
    }
}

extension ZipArchive {
    /// An entry by name, as Project's `ArchiveContents` opens it (Formats itself reads by `ZipEntry`).
    func open(_ name: String) throws(ArchiveError) -> any EntryReader {
        guard let found = entry(named: name) else { throw ArchiveError(archive: self.name, entry: name, "no such entry") }
        return try open(found)
    }

    func read(_ name: String) throws(ArchiveError) -> [UInt8] {
        guard let found = entry(named: name) else { throw ArchiveError(archive: self.name, entry: name, "no such entry") }
        return try read(found)
    }
}
