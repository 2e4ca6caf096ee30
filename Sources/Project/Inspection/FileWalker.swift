import Foundation
import Formats

/// The one walk of a project root.
///
/// Build and tool folders are left out; dependency folders are walked but their files marked vendored
/// (their lock files and privacy manifests count, their source is not scanned); the manifest's `exclude`
/// globs remove paths entirely. Symbolic links are followed only to places inside the root, each folder
/// is entered once (by device and inode, so link loops end), and only regular files are listed: a FIFO
/// or a device is never opened. What cannot be read becomes an `InputProblem`.
public struct FileWalker: Sendable {
    /// Folders never entered, at any depth (`build` only outside source folders: see `skips`).
    public static let skippedFolders: Set<String> = [".git", ".build", "build", "DerivedData", ".gradle", ".idea"]

    /// Whether the folder `name` inside the folder `parent` (relative to the root) is never entered. A `build`
    /// folder is a build's output (Gradle's `<module>/build/`, CMake's, Flutter's) except inside a source folder,
    /// where it is a package named `build` (protonvpn-android's build-logic classes in
    /// `src/main/java/com/protonvpn/android/build/logic/`).
    public static func skips(_ name: String, in parent: String) -> Bool {
        guard skippedFolders.contains(name) else { return false }
        guard name == "build" else { return true }
        return !(parent == "src" || parent.hasPrefix("src/") || parent.contains("/src/") || parent.hasSuffix("/src"))
    }
    /// Folders whose files are dependencies, at any depth.
    public static let vendoredFolders: Set<String> = ["Pods", "node_modules", "vendor"]
    /// Vendored folder paths of two segments (`Carthage/Checkouts`), at any depth.
    public static let vendoredPaths: [(String, String)] = [("Carthage", "Checkouts")]
    /// Deeper than this a folder is reported and not entered.
    public static let maxDepth = 128

    public struct Result: Sendable {
        /// Sorted by path.
        public var files: [ProjectFile]
        public var problems: [InputProblem]
    }

    /// Files listed before the walk stops: 200,000 files take seconds and ~140 MB; a tree far past this
    /// bound is a build output or a data folder that the manifest should exclude.
    public static let maxFiles = 1_000_000

    public let exclude: [Glob]
    public let maxFiles: Int

    public init(exclude: [String] = [], maxFiles: Int = FileWalker.maxFiles) {
        self.exclude = exclude.map(Glob.init)
        self.maxFiles = maxFiles
    }

    /// Walks `root` (absolute or relative to the current folder).
    public func walk(root: String) throws(InspectionError) -> Result {
        try walk(root: root, parallel: true)
    }

    /// `parallel: false` is the serial walk only (tests compare the two).
    func walk(root: String, parallel: Bool) throws(InspectionError) -> Result {
        var info = stat()
        guard stat(root, &info) == 0 else {
            throw InspectionError(path: root, message: "cannot inspect the project: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw InspectionError(path: root, message: "cannot inspect the project: not a folder")
        }
        guard let real = FileWalker.realPath(root) else {
            throw InspectionError(path: root, message: "cannot resolve the project folder: \(String(cString: strerror(errno)))")
        }
        if parallel, let result = parallelWalk(realRoot: real, rootID: DirectoryID(info)) { return result }
        var state = State(realRoot: real, maxFiles: maxFiles)
        state.visited.insert(DirectoryID(info))
        visit(directory: real, relative: "", vendored: false, depth: 0, state: &state)
        state.files.sort { $0.path < $1.path }
        state.problems.sort { $0.location < $1.location }
        return Result(files: state.files, problems: state.problems)
    }

    struct DirectoryID: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// The bytes of a directory entry's name, read through a pointer to the field and bounded by its NUL.
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let start = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
        let length = strlen(start)
        return Array(UnsafeRawBufferPointer(start: start, count: length))
    }

    private struct State {
        let realRoot: String
        let maxFiles: Int
        var stopped = false
        var visited: Set<DirectoryID> = []
        var files: [ProjectFile] = []
        var problems: [InputProblem] = []

        mutating func problem(_ path: String, _ message: String) {
            problems.append(InputProblem(location: SourceLocation(path: path.isEmpty ? "." : path), message: message))
        }

        func isInsideRoot(_ real: String) -> Bool {
            real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
        }
    }

    private func visit(directory absolute: String, relative: String, vendored: Bool, depth: Int, state: inout State) {
        guard !state.stopped else { return }
        guard depth < Self.maxDepth else {
            state.problem(relative, "folder nesting deeper than \(Self.maxDepth) levels; not entered")
            return
        }
        // Entries are looked up relative to the open folder, which spares the kernel a path walk per file.
        let fd = open(absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0, let dir = fdopendir(fd) else {
            let reason = String(cString: strerror(errno))
            if fd >= 0 { close(fd) }
            state.problem(relative, "cannot read the folder: \(reason)")
            return
        }
        defer { closedir(dir) }
        // Names as raw bytes: they need not be UTF-8. (`DIR *` is spelt differently per platform, so inline.)
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            // Never load `entry.pointee`: that copies a whole `dirent`, while the kernel's record may end
            // before it does (reading past glibc's buffer). Read the NUL-terminated name in place instead.
            let name = Self.entryName(entry)
            if name != [0x2E], name != [0x2E, 0x2E] { names.append(name) }
        }
        for rawName in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            guard let name = Self.utf8Name(rawName) else {
                let shown = String(decoding: rawName, as: UTF8.self)
                state.problem(relative.isEmpty ? shown : "\(relative)/\(shown)", "the name is not valid UTF-8; skipped")
                continue
            }
            let childRelative = relative.isEmpty ? name : "\(relative)/\(name)"
            let childAbsolute = absolute == "/" ? "/\(name)" : "\(absolute)/\(name)"
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                state.problem(childRelative, "cannot read: \(String(cString: strerror(errno)))")
                continue
            }
            var target = childAbsolute
            let isLink = info.st_mode & S_IFMT == S_IFLNK
            if isLink {
                // A link counts only when it resolves inside the root; a link out of it is ignored.
                guard let real = FileWalker.realPath(childAbsolute) else {
                    state.problem(childRelative, "broken symbolic link; skipped")
                    continue
                }
                guard state.isInsideRoot(real), stat(real, &info) == 0 else { continue }
                target = real
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if Self.skips(name, in: relative) || isExcluded(childRelative) { continue }
                guard state.visited.insert(DirectoryID(info)).inserted else { continue }
                let childVendored = vendored || Self.vendoredFolders.contains(name) || Self.isVendoredPath(name, in: relative)
                visit(directory: target, relative: childRelative, vendored: childVendored, depth: depth + 1, state: &state)
            case S_IFREG:
                if isExcluded(childRelative) { continue }
                guard Self.mayRead(info) || (isLink ? access(target, R_OK) : faccessat(fd, name, R_OK, 0)) == 0 else {
                    state.problem(childRelative, "cannot read the file: \(String(cString: strerror(errno)))")
                    continue
                }
                let file = target == state.realRoot + "/" + childRelative
                    ? ProjectFile(path: childRelative, root: state.realRoot, size: Int(info.st_size), isVendored: vendored)
                    : ProjectFile(path: childRelative, absolutePath: target, size: Int(info.st_size), isVendored: vendored)
                guard state.files.count < state.maxFiles else {
                    if !state.stopped {
                        state.stopped = true
                        state.problem("", "the project holds more than \(state.maxFiles) files; the walk stopped there and the rest is not inspected; exclude generated or data folders in shipcheck.yml (exclude: [glob])")
                    }
                    return
                }
                state.files.append(file)
            default:
                continue
            }
        }
    }

    /// Whether the folder `name` in the folder `parent` (relative to the root) is one of `vendoredPaths`: its name is
    /// looked at first, and the parent's last component only then (this runs for every folder of the tree).
    static func isVendoredPath(_ name: String, in parent: String) -> Bool {
        vendoredPaths.contains { pair in
            guard name == pair.1 else { return false }
            let utf8 = parent.utf8
            let last = utf8.lastIndex(of: UInt8(ascii: "/")).map { parent[utf8.index(after: $0)...] } ?? parent[...]
            return !last.isEmpty && last == pair.0
        }
    }

    /// An entry's name as a string, nil when it is not UTF-8. An ASCII name (nearly every one) needs no validation.
    static func utf8Name(_ bytes: [UInt8]) -> String? {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `folder/name`, its bytes copied once into a string of that size (an interpolation grows one piece by piece,
    /// each append checking its input; this runs for every entry of the tree).
    static func joined(_ folder: String, _ name: String) -> String {
        var folder = folder
        var name = name
        return folder.withUTF8 { head in
            name.withUTF8 { tail in
                String(unsafeUninitializedCapacity: head.count + 1 + tail.count) { buffer in
                    guard let start = buffer.baseAddress else { return 0 }
                    if let bytes = head.baseAddress { start.initialize(from: bytes, count: head.count) }
                    start[head.count] = UInt8(ascii: "/")
                    if let bytes = tail.baseAddress { (start + head.count + 1).initialize(from: bytes, count: tail.count) }
                    return head.count + 1 + tail.count
                }
            }
        }
    }

    func isExcluded(_ path: String) -> Bool {
        exclude.contains { $0.matches(path) }
    }

    /// A file everyone may read (owner, group and others: a repository's files nearly always) needs no
    /// `faccessat`, which walks the path once more and was a visible part of the walk; any other file is asked of the kernel.
    /// (An access list that denies one user a world-readable file is not seen here: the read then fails, and says so.)
    @inline(__always)
    static func mayRead(_ info: stat) -> Bool {
        info.st_mode & 0o444 == 0o444
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
