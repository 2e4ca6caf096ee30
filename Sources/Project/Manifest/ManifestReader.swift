import Foundation
import YAML

/// Reads `shipcheck.yml`. STUB: the manifest work replaces this file.
public enum ManifestReader {
    /// Parses the manifest at `path` (absolute); `relativePath` names it in errors.
    /// Throws every problem found (unknown keys with suggestions, wrong types), with file:line:column.
    public static func read(path: String, relativePath: String) throws(ManifestError) -> Manifest {
        Manifest(file: relativePath)
    }
}

/// Every problem found in a manifest.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    public let errors: [YAMLError]

    public init(errors: [YAMLError]) { self.errors = errors }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
