import Foundation
import Formats

/// The files of a built archive, by name, read one at a time: a ZIP (.ipa, .aab, .apk) or a folder
/// (.xcarchive, .app). Names are `/`-separated and relative to the archive; they are looked up, never
/// joined to a file system path by the inspector.
public protocol ArchiveContents: Sendable {
    /// The archive as reports name it.
    var name: String { get }
    /// Every file (no folders), in archive order.
    var fileNames: [String] { get }
    /// The bounds it was opened with.
    var limits: ArchiveLimits { get }
    func read(_ entry: String) throws(ArchiveError) -> [UInt8]
    /// The entry's bytes when its declared size is at most `limit`; an error naming the limit, before anything
    /// is inflated or read, when it is larger.
    func read(_ entry: String, limit: Int) throws(ArchiveError) -> [UInt8]
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

    public func read(_ entry: String, limit: Int) throws(ArchiveError) -> [UInt8] {
        guard let found = self.entry(named: entry) else { throw ArchiveError(archive: name, entry: entry, "no such entry") }
        guard found.uncompressedSize <= limit else {
            throw ArchiveError(archive: name, entry: entry, "inflates to \(found.uncompressedSize) bytes, over shipcheck's limit of \(limit) for this kind of file")
        }
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
/// following symbolic links (every component of every path is `lstat`ed, `Products` included), bounded in
/// depth and count; each file read with the entry size limit.
public struct FolderArchive: ArchiveContents {
    public let name: String
    public let fileNames: [String]
    let folder: String
    public let limits: ArchiveLimits

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
        // The folder itself, not a link to one: `Products` (the walk's start) is never followed out of the bundle.
        if !relative.isEmpty {
            var info = stat()
            guard lstat(absolute, &info) == 0 else {
                if relative == "Products" { return }
                throw ArchiveError(archive: archive, entry: relative, "cannot list the folder")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw ArchiveError(archive: archive, entry: relative, "is a symbolic link (or not a folder); shipcheck does not follow links inside a bundle folder")
            }
        }
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
    /// Every folder between the bundle and the file is checked with `lstat` (a folder swapped for a link since
    /// the listing is refused, not followed), then the file itself.
    func checkedPath(_ entry: String, limit: Int? = nil) throws(ArchiveError) -> String {
        guard fileNames.contains(entry) else { throw ArchiveError(archive: name, entry: entry, "no such file in the bundle") }
        var info = stat()
        var path = folder
        let components = entry.split(separator: "/")
        for component in components.dropLast() {
            path += "/" + component
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw ArchiveError(archive: name, entry: entry, "lies under \(component), which is no longer a folder (a symbolic link?); shipcheck does not follow links inside a bundle folder")
            }
        }
        path = folder + "/" + entry
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw ArchiveError(archive: name, entry: entry, "is no longer a regular file") }
        let bound = min(limit ?? limits.maxEntryBytes, limits.maxEntryBytes)
        guard Int(info.st_size) <= bound else {
            throw ArchiveError(archive: name, entry: entry, "is \(info.st_size) bytes, over shipcheck's limit of \(bound) for this kind of file")
        }
        return path
    }

    public func read(_ entry: String) throws(ArchiveError) -> [UInt8] {
        try read(entry, limit: limits.maxEntryBytes)
    }

    public func read(_ entry: String, limit: Int) throws(ArchiveError) -> [UInt8] {
        let path = try checkedPath(entry, limit: limit)
        do {
            return try FileBytes.read(path: path, limit: min(limit, limits.maxEntryBytes))
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
