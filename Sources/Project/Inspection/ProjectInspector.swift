/// Options of one inspection.
public struct InspectionOptions: Sendable {
    /// `kind: symbols` tables from the loaded checklists; the source scan looks for all of them in one pass.
    public var symbolTables: [SymbolTableSource]
    /// Bytes read from one source file at most; a larger file is scanned up to this and reported.
    public var maxFileBytes: Int

    public init(symbolTables: [SymbolTableSource] = [], maxFileBytes: Int = 8 << 20) {
        self.symbolTables = symbolTables
        self.maxFileBytes = maxFileBytes
    }
}

/// The project root could not be inspected at all.
public struct InspectionError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Walks the project once and runs every inspector over the files. STUB: the scan work replaces this.
public enum ProjectInspector {
    public static func inspect(root: String, manifest: Manifest?, options: InspectionOptions) throws(InspectionError) -> ProjectModel {
        ProjectModel(root: root, manifest: manifest)
    }
}
