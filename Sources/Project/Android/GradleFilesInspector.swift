import Support
import Formats

/// The tree's Gradle build scripts and `libs.versions.toml` catalogs, each read and parsed once for both
/// inspectors that read them: the Android release model and the dependency reader (which parsed every script
/// and catalog a second time). By path; a reader that finds no entry reads the file itself.
public struct GradleFilesPart: ModelPart {
    /// One file as read: its text with its lines, and what parsing it gave; or why it could not be read.
    struct Read: Sendable {
        let text: Result<String, InspectedText.Failure>
        let lines: [Substring]
        /// A build script's statements (nil for a catalog or an unread file).
        let script: GradleScript?
        /// A catalog's parse (nil for a build script or an unread file).
        let catalog: Result<VersionCatalog, InspectedText.Failure>?
    }

    var files: [String: Read] = [:]

    public init() {}

    /// A file's text and lines as read here, when they are exactly what decoding its first `limit` bytes gives a
    /// reader that reads the file itself (store detection, the native-build check): read, valid UTF-8, as many
    /// bytes as the walk saw (no byte-order mark dropped) and no more than `limit`. Else nil: that reader reads it.
    func text(of file: ProjectFile, limit: Int) -> (text: String, lines: [Substring])? {
        guard let read = files[file.path], case .success(let text) = read.text, file.size <= limit, text.utf8.count == file.size else { return nil }
        return (text, read.lines)
    }
}

/// Reads and parses the Gradle files before the main stage (beside the Xcode projects), so the Android and
/// dependency inspectors, which read its part, share one reading. It reports nothing itself: each reader
/// reports (or not) a file it could not read, as it did when it read the file on its own.
public struct GradleFilesInspector: Inspector {
    public init() {}

    public var name: String { "gradle-files" }
    public var stage: InspectionStage { .early }
    public var readsChecklistTables: Bool { false }
    public var readsEarlierParts: Bool { false }
    public var scopes: Set<InspectionOptions.Scope> { [.everything, .metadata] }
    public var files: FileInterest { .nameSuffixes(["build.gradle", "build.gradle.kts", "libs.versions.toml"]) }

    static func isScript(_ name: Substring) -> Bool { name == "build.gradle" || name == "build.gradle.kts" }

    public func inspect(_ input: InspectionInput) -> InspectorOutput<GradleFilesPart> {
        let files = input.files.filter { !$0.isVendored && (Self.isScript($0.fileName) || $0.fileName == "libs.versions.toml") }
        // Parsed over the cores: a build of some hundreds of modules has as many scripts.
        let reads = ConcurrentMap.map(count: files.count) { index -> GradleFilesPart.Read in
            let file = files[index]
            let text: String
            do throws(InspectedText.Failure) {
                text = try InspectedText.read(file)
            } catch {
                return GradleFilesPart.Read(text: .failure(error), lines: [], script: nil, catalog: nil)
            }
            if Self.isScript(file.fileName) {
                return GradleFilesPart.Read(text: .success(text), lines: text.lineSlices(), script: GradleScript.parse(text), catalog: nil)
            }
            let catalog: Result<VersionCatalog, InspectedText.Failure>
            do throws(InspectedText.Failure) {
                catalog = .success(try VersionCatalog.parse(text, location: SourceLocation(path: file.path)))
            } catch {
                catalog = .failure(error)
            }
            return GradleFilesPart.Read(text: .success(text), lines: text.lineSlices(), script: nil, catalog: catalog)
        }
        var part = GradleFilesPart()
        for (file, read) in zip(files, reads) where part.files[file.path] == nil { part.files[file.path] = read }
        return InspectorOutput(part: part)
    }
}
