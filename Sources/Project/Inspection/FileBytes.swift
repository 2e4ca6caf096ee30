import Foundation

/// Reading a file's bytes with a cap, without following it anywhere: the walk has already decided it is
/// a regular file inside the root.
enum FileBytes {
    struct ReadError: Error {
        let message: String
    }

    /// At most `limit` bytes from the start of the file.
    static func read(path: String, limit: Int) throws(ReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw ReadError(message: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ReadError(message: String(cString: strerror(errno))) }
        // A stated path (`paths.data_safety`) may name a FIFO, whose size is 0: refused, never read as empty.
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ReadError(message: "not a regular file (a FIFO, socket, device or folder)") }
        return try readOpen(fd, count: max(0, min(limit, Int(info.st_size))))
    }

    /// At most `limit` bytes of a walked file. The walk has stated it, a regular file of `file.size` bytes, so
    /// no second `fstat` is made (one per file read was a visible share of the system calls); opened
    /// non-blocking, it cannot hang should a FIFO have taken its place since, and a file that grew since is
    /// read to the size the walk saw, as every other reader of the run sees it.
    static func read(_ file: ProjectFile, limit: Int) throws(ReadError) -> [UInt8] {
        let fd = open(file.absolutePath, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw ReadError(message: String(cString: strerror(errno))) }
        defer { close(fd) }
        return try readOpen(fd, count: max(0, min(limit, file.size)))
    }

    /// Up to `count` bytes from an open descriptor (fewer when the file ends first); retries on EINTR.
    static func readOpen(_ fd: Int32, count: Int) throws(ReadError) -> [UInt8] {
        var failure: String?
        // Uninitialized: the bytes are read over at once, and zeroing every buffer first was a visible cost.
        let buffer = [UInt8](unsafeUninitializedCapacity: count) { raw, initialized in
            var total = 0
            defer { initialized = total }
            guard let base = raw.baseAddress else { return }
            while total < raw.count {
                let n = Foundation.read(fd, base + total, raw.count - total)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                if n == 0 { break }
                total += n
            }
        }
        if let failure { throw ReadError(message: failure) }
        return buffer
    }
}
