/// A whole file a check needs (the Data safety export, the local copy of the privacy policy), read by the
/// inspector so that checks never touch the disk. The bytes, or why there are none.
public struct LoadedDocument: Sendable {
    /// Relative to the project root, as stated or found.
    public let path: String
    public let content: Content

    public enum Content: Sendable {
        case bytes([UInt8])
        /// The file could not be read (missing, too large, outside the root); the message says why.
        case unreadable(String)
    }

    public init(path: String, content: Content) {
        self.path = path
        self.content = content
    }

    public var bytes: [UInt8]? {
        if case .bytes(let bytes) = content { return bytes }
        return nil
    }

    /// Reads `path` (relative to `root`) with a cap; a path that leads outside the root is never read.
    public static func load(root: String, path: String, maxBytes: Int) -> LoadedDocument {
        guard let absolute = RootPath.inside(root: root, relative: path) else {
            return LoadedDocument(path: path, content: .unreadable("the path leads outside the project; shipcheck reads only files inside it"))
        }
        do throws(FileBytes.ReadError) {
            let bytes = try FileBytes.read(path: absolute, limit: maxBytes + 1)
            guard bytes.count <= maxBytes else {
                return LoadedDocument(path: path, content: .unreadable("file is over \(maxBytes) bytes; only files under that are read"))
            }
            return LoadedDocument(path: path, content: .bytes(bytes))
        } catch {
            return LoadedDocument(path: path, content: .unreadable("cannot read the file: \(error.message)"))
        }
    }
}
