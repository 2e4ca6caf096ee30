import YAML
import Formats

/// A regular file under the project root, found by the walk.
public struct ProjectFile: Sendable, Hashable {
    /// Relative to the root, forward slashes.
    public let path: String
    public let size: Int
    /// Inside a dependency or build folder (Pods, Carthage/Checkouts, node_modules, …): its source is not
    /// scanned, but its privacy manifests and lock files still count.
    public let isVendored: Bool
    /// The root every file of a walk shares (one string, not one per file: a 150,000-file tree would
    /// otherwise hold every absolute path twice), or the whole absolute path when the file lies elsewhere
    /// (reached through a link inside the root).
    private let base: String
    private let baseIsWholePath: Bool
    /// Where the last path component starts, in UTF-8 bytes: found once here, as every inspector asks for
    /// the file name of every file.
    private let nameOffset: Int

    public var absolutePath: String {
        if baseIsWholePath { return base }
        return base == "/" ? "/" + path : base + "/" + path
    }

    public init(path: String, absolutePath: String, size: Int, isVendored: Bool) {
        self.path = path
        self.nameOffset = Self.nameOffset(of: path)
        self.base = absolutePath
        self.baseIsWholePath = true
        self.size = size
        self.isVendored = isVendored
    }

    /// A file at `root/path`.
    public init(path: String, root: String, size: Int, isVendored: Bool) {
        self.path = path
        self.nameOffset = Self.nameOffset(of: path)
        self.base = root
        self.baseIsWholePath = false
        self.size = size
        self.isVendored = isVendored
    }

    /// A file at `root/path` whose name starts `nameOffset` UTF-8 bytes into `path` (the walk knows it: its folder's
    /// path and a slash).
    init(path: String, root: String, size: Int, isVendored: Bool, nameOffset: Int) {
        self.path = path
        self.nameOffset = nameOffset
        self.base = root
        self.baseIsWholePath = false
        self.size = size
        self.isVendored = isVendored
    }

    /// The last path component; found from the end, without splitting (every inspector asks for it).
    public var fileName: Substring {
        path[path.utf8.index(path.utf8.startIndex, offsetBy: nameOffset)...]
    }

    private static func nameOffset(of path: String) -> Int {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return 0 }
        return path.utf8.distance(from: path.utf8.startIndex, to: slash) + 1
    }
}

/// A symbol table from a checklist (`kind: symbols`), handed to the source scan as YAML.
public struct SymbolTableSource: Sendable {
    public let name: String
    public let file: String
    public let value: Node
    /// The table as the checklist loader already parsed it (it validates every `kind: symbols` table), so that a
    /// run parses each table once; nil: parsed by the inspection.
    public let parsed: SymbolTable?

    public init(name: String, file: String, value: Node, parsed: SymbolTable? = nil) {
        self.name = name
        self.file = file
        self.value = value
        self.parsed = parsed
    }
}
