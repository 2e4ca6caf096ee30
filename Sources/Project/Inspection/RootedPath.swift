import Foundation

/// Reading and writing that stays inside the project root, even through symbolic links: a `shipcheck.yml`
/// linked to `/etc/passwd` is not read (and so never quoted in an error), and `init` does not write through a
/// `.github` link to a folder elsewhere. Shared by the manifest reader and `init`.
public enum RootedPath {
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// Whether there is an entry at `path` itself, a dangling or looping link included (which
    /// `FileManager.fileExists` reports as absent).
    public static func entryExists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The real path (links resolved) of an existing `path`, or nil.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` (existing, links resolved) lies inside `root` (links resolved too).
    public static func resolvesInside(_ path: String, root: String) -> Bool {
        guard let real = realPath(path), let realRoot = realPath(root) else { return false }
        return real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }

    /// A report or baseline named on the command line (`FORMAT:PATH`, `--write-baseline`): when `path` lies
    /// inside `root`, its folder must resolve inside it too, so a planted `out` → `/etc` link is not written
    /// through. (The file itself may be a link: the rename replaces the link, it never writes through it.)
    public static func checkReportTarget(_ path: String, root: String) throws(Failure) {
        guard givenPathLiesInside(path, root: root) else { return }
        var folder = (URL(fileURLWithPath: path).standardizedFileURL.path as NSString).deletingLastPathComponent
        while !entryExists(folder), folder != "/", !folder.isEmpty { folder = (folder as NSString).deletingLastPathComponent }
        guard resolvesInside(folder, root: root) else {
            throw Failure(message: "\(path): its folder is a link to a folder outside the project root; not writing through it")
        }
    }

    /// Checks that writing a new file at `path` would land inside `root`: the nearest existing ancestor must
    /// resolve inside the root, and `path` itself must not exist (not even as a dangling link).
    public static func checkWritable(_ path: String, root: String) throws(Failure) {
        if entryExists(path) { throw Failure(message: "\(path) already exists") }
        var ancestor = (path as NSString).deletingLastPathComponent
        while !entryExists(ancestor), ancestor != "/", !ancestor.isEmpty {
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        guard resolvesInside(ancestor, root: root) else {
            throw Failure(message: "\(ancestor) is a link to a folder outside the project root \(root); not writing through it")
        }
    }

    /// A file named on the command line (`--config`, `--rules`, `--template`, `--baseline`, `--archive`): a path
    /// that lies inside the project root must resolve inside it too, so a link a pull request plants
    /// (`.shipcheck/rules.yml` → `/proc/self/environ`, `~/.netrc`) is refused unread and never quoted in an
    /// error. A path outside the root is the operator's own choice (a company checklist folder) and is read as
    /// given. Either way only a regular file under `limit` bytes is read.
    public static func readGivenFile(_ path: String, root: String, limit: Int) throws(Failure) -> [UInt8] {
        try readRegularFile(path, limit: limit, insideRoot: givenPathLiesInside(path, root: root) ? root : nil)
    }

    /// Whether `path` (relative to the current folder, or absolute), without resolving links, names a
    /// place inside `root`.
    public static func givenPathLiesInside(_ path: String, root: String) -> Bool {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let standardRoot = URL(fileURLWithPath: root).standardizedFileURL.path
        if absolute == standardRoot || absolute.hasPrefix(standardRoot == "/" ? "/" : standardRoot + "/") { return true }
        // The root's own real path (a checkout reached through a link) counts as inside as well.
        guard let realRoot = realPath(root), realRoot != standardRoot else { return false }
        return absolute == realRoot || absolute.hasPrefix(realRoot + "/")
    }

    /// At most `limit` bytes of the regular file at `path`, after checking its size (a 2 GB file is refused
    /// without reading it) and, when `root` is given, that it resolves inside the root. A FIFO, a device or a
    /// folder is refused without reading (opened non-blocking, so a FIFO cannot hang the open).
    public static func readRegularFile(_ path: String, limit: Int, insideRoot root: String? = nil) throws(Failure) -> [UInt8] {
        if let root, entryExists(path), realPath(path) != nil, !resolvesInside(path, root: root) {
            throw Failure(message: "is a link to a file outside the project root; not read")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Failure(message: errno == ENOENT ? "no such file" : String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(message: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let kind = (info.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "not a regular file (a FIFO, socket or device)"
            throw Failure(message: "is \(kind); not read")
        }
        guard Int(info.st_size) <= limit else {
            throw Failure(message: "is \(info.st_size) bytes, over the \(limit)-byte limit for this file; not read")
        }
        do throws(FileBytes.ReadError) {
            return try FileBytes.readOpen(fd, count: Int(info.st_size))
        } catch {
            throw Failure(message: error.message)
        }
    }
}
