import Foundation

/// The files of a built archive, by name, read one at a time: a ZIP (.ipa, .aab, .apk) or a folder
/// (.xcarchive, .app). Names are `/`-separated and relative to the archive; they are looked up, never
/// joined to a file system path by the inspector.
public protocol ArchiveContents: Sendable {
    /// The archive as reports name it.
    var name: String { get }
    /// Every file (no folders), in archive order.
    var fileNames: [String] { get }
    func read(_ entry: String) throws(ArchiveError) -> [UInt8]
    /// The entry opened to be read by range: binaries, whose readers need only some regions of them.
    func open(_ entry: String) throws(ArchiveError) -> any EntryReader
    /// Where an entry's data starts in the archive file, for a stored entry (an APK's zip alignment); nil otherwise.
    func storedDataOffset(of entry: String) -> Int?
    /// Where an entry is, for findings: `app.ipa!/Payload/App.app/App`, or a real path inside a folder archive.
    func location(of entry: String) -> SourceLocation
}

extension ZipArchive: ArchiveContents {
    public var fileNames: [String] { entries.filter { !$0.isDirectory }.map(\.name) }

    public func read(_ entry: String) throws(ArchiveError) -> [UInt8] {
        guard let found = self.entry(named: entry) else { throw ArchiveError(archive: name, entry: entry, "no such entry") }
        return try read(found)
    }

    public func open(_ entry: String) throws(ArchiveError) -> any EntryReader {
        guard let found = self.entry(named: entry) else { throw ArchiveError(archive: name, entry: entry, "no such entry") }
        return try open(found)
    }

    public func storedDataOffset(of entry: String) -> Int? {
        guard let found = self.entry(named: entry), found.method == ZipEntry.stored else { return nil }
        return try? dataStart(found)
    }

    public func location(of entry: String) -> SourceLocation {
        SourceLocation(path: ArchiveLocation.display(archive: name, entry: entry))
    }
}

/// An unpacked bundle on disk: an `.xcarchive` (its `Products/` folder) or an `.app`. Walked without
/// following symbolic links, bounded in depth and count; each file read with the entry size limit.
public struct FolderArchive: ArchiveContents {
    public let name: String
    public let fileNames: [String]
    let folder: String
    let limits: ArchiveLimits

    public init(folder: String, name: String, limits: ArchiveLimits = ArchiveLimits()) throws(ArchiveError) {
        self.folder = folder
        self.name = name
        self.limits = limits
        var names: [String] = []
        let start = folder.hasSuffix(".xcarchive") ? "Products" : ""
        try Self.walk(folder, relative: start, depth: 0, limits: limits, archive: name, into: &names)
        fileNames = names
    }

    static func walk(_ root: String, relative: String, depth: Int, limits: ArchiveLimits, archive: String, into names: inout [String]) throws(ArchiveError) {
        guard depth <= limits.maxFolderDepth else { throw ArchiveError(archive: archive, entry: relative, "folders nest deeper than \(limits.maxFolderDepth) levels") }
        let absolute = relative.isEmpty ? root : root + "/" + relative
        guard let children = try? FileManager.default.contentsOfDirectory(atPath: absolute) else {
            if relative == "Products" { return }
            throw ArchiveError(archive: archive, entry: relative.isEmpty ? nil : relative, "cannot list the folder")
        }
        for child in children.sorted() {
            let path = relative.isEmpty ? child : relative + "/" + child
            var info = stat()
            guard lstat(root + "/" + path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try walk(root, relative: path, depth: depth + 1, limits: limits, archive: archive, into: &names)
            case S_IFREG:
                names.append(path)
                guard names.count <= limits.maxEntries else { throw ArchiveError(archive: archive, "holds more than \(limits.maxEntries) files (shipcheck's limit)") }
            default: continue  // links (never followed out of the bundle), devices, sockets
            }
        }
    }

    /// The file of a listed entry, still a regular file within the size limit (it may have changed since the listing).
    func checkedPath(_ entry: String) throws(ArchiveError) -> String {
        guard fileNames.contains(entry) else { throw ArchiveError(archive: name, entry: entry, "no such file in the bundle") }
        let path = folder + "/" + entry
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw ArchiveError(archive: name, entry: entry, "is no longer a regular file") }
        guard Int(info.st_size) <= limits.maxEntryBytes else {
            throw ArchiveError(archive: name, entry: entry, "is \(info.st_size) bytes, over shipcheck's limit of \(limits.maxEntryBytes) for one file")
        }
        return path
    }

    public func read(_ entry: String) throws(ArchiveError) -> [UInt8] {
        let path = try checkedPath(entry)
        do {
            return try FileBytes.read(path: path, limit: limits.maxEntryBytes)
        } catch {
            throw ArchiveError(archive: name, entry: entry, error.message)
        }
    }

    public func open(_ entry: String) throws(ArchiveError) -> any EntryReader {
        let path = try checkedPath(entry)
        do {
            return FileEntryReader(file: try RandomAccessFile(path: path), archive: name, entry: entry)
        } catch {
            throw ArchiveError(archive: name, entry: entry, error.message)
        }
    }

    public func storedDataOffset(of entry: String) -> Int? { nil }

    public func location(of entry: String) -> SourceLocation {
        SourceLocation(path: name + "/" + entry)
    }
}
