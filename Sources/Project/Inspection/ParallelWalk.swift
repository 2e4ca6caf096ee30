import Foundation
import Support
import Formats

/// The walk, folder by folder over the cores: each level of the tree is read in parallel (one job per
/// folder: its names, sorted, and a `fstatat` per name), and the listings are then put together depth
/// first in name order, which is the order the serial walk visits them in, so the result is the same.
///
/// The serial walk decides which of two paths to the same folder is walked by the order it meets them;
/// that order only matters when a link leads to a folder (or a folder appears twice, as a bind mount
/// can make it). So this walk gives up (nil) on the first link to a folder, on a folder seen twice and on
/// a tree past the file bound, and the serial walk then reads the tree as it always did.
extension FileWalker {
    /// One folder to read: where it is, its path from the root, and what it inherits.
    struct FolderJob: Sendable {
        let absolute: String
        let relative: String
        let vendored: Bool
        let depth: Int
    }

    /// What the serial walk would append, in order, while visiting one folder: a file, a problem, or the
    /// visit of a sub-folder (an index into the next level's jobs).
    enum ListingEntry: Sendable {
        case file(ProjectFile)
        case problem(InputProblem)
        case folder(Int)
    }

    struct Listing: Sendable {
        var entries: [ListingEntry] = []
        var children: [FolderJob] = []
        var folderIDs: [DirectoryID] = []
        var files = 0
        /// A link to a folder: only the serial walk may decide which path to it counts.
        var linksToFolder = false
    }

    func parallelWalk(realRoot: String, rootID: DirectoryID) -> Result? {
        var levels: [[Listing]] = []
        var jobs = [FolderJob(absolute: realRoot, relative: "", vendored: false, depth: 0)]
        var visited: Set<DirectoryID> = [rootID]
        var files = 0
        while !jobs.isEmpty {
            let level = jobs
            let listings = ConcurrentMap.map(count: level.count) { index in self.list(level[index], realRoot: realRoot) }
            jobs = []
            for listing in listings {
                if listing.linksToFolder { return nil }
                for id in listing.folderIDs where !visited.insert(id).inserted { return nil }
                files += listing.files
                // Renumber each listing's sub-folders into the next level's job list.
                jobs += listing.children
            }
            guard files <= maxFiles else { return nil }
            levels.append(listings)
        }
        var result = Result(files: [], problems: [])
        result.files.reserveCapacity(files)
        // Where each listing's sub-folders start in the next level: a listing's `.folder(k)` is the k-th of its own.
        var offsets: [[Int]] = []
        for listings in levels {
            var start = 0
            var row: [Int] = []
            row.reserveCapacity(listings.count)
            for listing in listings {
                row.append(start)
                start += listing.children.count
            }
            offsets.append(row)
        }
        func emit(level: Int, index: Int) {
            let listing = levels[level][index]
            for entry in listing.entries {
                switch entry {
                case .file(let file): result.files.append(file)
                case .problem(let problem): result.problems.append(problem)
                case .folder(let child): emit(level: level + 1, index: offsets[level][index] + child)
                }
            }
        }
        emit(level: 0, index: 0)
        result.files.sort { $0.path < $1.path }
        result.problems.sort { $0.location < $1.location }
        return result
    }

    /// One folder's entries as the serial walk's `visit` reads them, without entering the sub-folders.
    func list(_ job: FolderJob, realRoot: String) -> Listing {
        var listing = Listing()
        func problem(_ path: String, _ message: String) {
            listing.entries.append(.problem(InputProblem(location: SourceLocation(path: path.isEmpty ? "." : path), message: message)))
        }
        guard job.depth < Self.maxDepth else {
            problem(job.relative, "folder nesting deeper than \(Self.maxDepth) levels; not entered")
            return listing
        }
        // `withCString` lends a native string's own bytes; passing the string converts it into a new array each call.
        let fd = job.absolute.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0, let dir = fdopendir(fd) else {
            let reason = String(cString: strerror(errno))
            if fd >= 0 { close(fd) }
            problem(job.relative, "cannot read the folder: \(reason)")
            return listing
        }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = Self.entryName(entry)
            if name != [0x2E], name != [0x2E, 0x2E] { names.append(name) }
        }
        let relative = job.relative
        let absolute = job.absolute
        // A file's name starts after the folder's path and its slash.
        let nameOffset = relative.isEmpty ? 0 : relative.utf8.count + 1
        for rawName in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            guard let name = Self.utf8Name(rawName) else {
                let shown = String(decoding: rawName, as: UTF8.self)
                problem(relative.isEmpty ? shown : "\(relative)/\(shown)", "the name is not valid UTF-8; skipped")
                continue
            }
            let childRelative = relative.isEmpty ? name : Self.joined(relative, name)
            var info = stat()
            guard name.withCString({ fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                problem(childRelative, "cannot read: \(String(cString: strerror(errno)))")
                continue
            }
            let isLink = info.st_mode & S_IFMT == S_IFLNK
            // A folder's or a link's absolute path; a plain file needs none (below).
            var target = ""
            if isLink || info.st_mode & S_IFMT == S_IFDIR {
                target = absolute == "/" ? "/\(name)" : Self.joined(absolute, name)
            }
            if isLink {
                guard let real = FileWalker.realPath(target) else {
                    problem(childRelative, "broken symbolic link; skipped")
                    continue
                }
                guard real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/"), stat(real, &info) == 0 else { continue }
                target = real
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if Self.skips(name, in: relative) || isExcluded(childRelative) { continue }
                if isLink {
                    listing.linksToFolder = true
                    return listing
                }
                listing.folderIDs.append(DirectoryID(info))
                let childVendored = job.vendored || Self.vendoredFolders.contains(name) || Self.isVendoredPath(name, in: relative)
                listing.entries.append(.folder(listing.children.count))
                listing.children.append(FolderJob(absolute: target, relative: childRelative, vendored: childVendored, depth: job.depth + 1))
            case S_IFREG:
                if isExcluded(childRelative) { continue }
                guard Self.mayRead(info) || (isLink ? access(target, R_OK) : faccessat(fd, name, R_OK, 0)) == 0 else {
                    problem(childRelative, "cannot read the file: \(String(cString: strerror(errno)))")
                    continue
                }
                // Every folder this walk enters is `realRoot/relative` (it gives up on a link to a folder), so a file that is
                // no link is `realRoot/childRelative`, unless the root is `/` (then `//…` never matched the path either).
                let rooted = isLink || realRoot == "/" ? target == realRoot + "/" + childRelative : true
                if !rooted, target.isEmpty { target = absolute == "/" ? "/\(name)" : Self.joined(absolute, name) }
                let file = rooted
                    ? ProjectFile(path: childRelative, root: realRoot, size: Int(info.st_size), isVendored: job.vendored, nameOffset: nameOffset)
                    : ProjectFile(path: childRelative, absolutePath: target, size: Int(info.st_size), isVendored: job.vendored)
                listing.entries.append(.file(file))
                listing.files += 1
            default:
                continue
            }
        }
        return listing
    }
}
