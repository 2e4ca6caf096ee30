import Foundation

/// Writes report files whole or not at all: a temporary file in the same folder, then a rename,
/// so that a CI step never reads half a SARIF file and a failed run leaves the old file in place.
public enum AtomicWriter {
    public static func write(_ data: Data, to path: String) throws(WriteError) {
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(path: path, message: "folder \(folder.path) does not exist")
        }
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp").path
        // SIGTERM, SIGINT and SIGHUP wait until the temporary file is renamed or removed (CI cancelling a job
        // mid-write left it behind). Dispatch's worker threads block these signals already, so deferring them
        // on this thread defers them for the process; a pending one is delivered when the mask is restored.
        var deferred = sigset_t(), previous = sigset_t()
        sigemptyset(&deferred)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&deferred, signal) }
        pthread_sigmask(SIG_BLOCK, &deferred, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        // Written, flushed to disk, then renamed; on any failure the temporary file is removed, so a full disk
        // leaves neither half a report nor a `.name.UUID.tmp` per retry.
        if let failure = writeSynced(data, to: temporary) {
            unlink(temporary)
            throw WriteError(path: path, message: "cannot write: \(failure)")
        }
        if rename(temporary, target.path) != 0 {
            let code = errno
            unlink(temporary)
            throw WriteError(path: path, message: "cannot replace the file: \(String(cString: strerror(code)))")
        }
    }

    /// Writes every byte to an open descriptor, retrying on EINTR and short writes; the reason when it cannot.
    /// Shared by report files and the CLI's stdout and stderr.
    public static func writeAll<Bytes: ContiguousBytes>(_ bytes: Bytes, to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            guard let base = raw.baseAddress else { return nil }
            var written = 0
            while written < raw.count {
                let n = Foundation.write(descriptor, base + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                written += n
            }
            return nil
        }
    }

    /// Creates `path` (it must not exist), writes every byte and fsyncs; the reason when any step fails.
    private static func writeSynced(_ data: Data, to path: String) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        var failure = writeAll(data, to: fd)
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
    }
}

/// A report file that could not be written; names the path.
public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String

    public var description: String { "\(path): \(message)" }
}
