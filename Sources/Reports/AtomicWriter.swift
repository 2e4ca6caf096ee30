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
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary, options: [])
        } catch {
            throw WriteError(path: path, message: "cannot write: \(reason(error))")
        }
        if rename(temporary.path, target.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, message: "cannot replace the file: \(String(cString: strerror(code)))")
        }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

/// A report file that could not be written; names the path.
public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String

    public var description: String { "\(path): \(message)" }
}
