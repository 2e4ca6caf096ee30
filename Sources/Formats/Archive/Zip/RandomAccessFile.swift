import Foundation

/// An open archive file read by offset (`pread`), so that only the central directory and the entries
/// asked for are ever in memory. Closed when the value is released.
package final class RandomAccessFile: @unchecked Sendable {
    package let size: Int
    private let fd: Int32

    /// Opens a regular file (never a device or FIFO: the open does not block and fstat decides).
    package init(path: String) throws(DecodeError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw DecodeError("cannot open: \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw DecodeError("cannot read: \(reason)")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw DecodeError("not a regular file")
        }
        self.fd = fd
        self.size = Int(info.st_size)
    }

    deinit { close(fd) }

    /// Exactly `count` bytes at `offset`, or an error when the file ends first.
    package func read(at offset: Int, count: Int) throws(DecodeError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
            throw DecodeError("\(count) bytes at offset \(offset) lie past the end of the file (\(size) bytes)")
        }
        var buffer = [UInt8](repeating: 0, count: count)
        var total = 0
        var failure: String?
        buffer.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            while total < count {
                let n = pread(fd, base + total, count - total, off_t(offset + total))
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                if n == 0 { break }
                total += n
            }
        }
        if let failure { throw DecodeError("read failed: \(failure)") }
        guard total == count else { throw DecodeError("the file ended after \(offset + total) bytes") }
        return buffer
    }
}
