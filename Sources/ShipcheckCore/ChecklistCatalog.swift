import BuiltinData
import Foundation
import Project
import Rules
import YAML

/// Loads the built-in checklists and any `--rules DIR` folders, validating all of them together.
public enum ChecklistCatalog {
    public struct LoadFailure: Error {
        public let diagnostics: [Diagnostic]

        public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
        public init(messages: [String]) { diagnostics = messages.map { Diagnostic(.checklistInvalid, $0) } }

        public var messages: [String] { diagnostics.map(\.description) }
    }

    /// A checklist file larger than this is refused: the built-in ones together are under 1 MB.
    public static let maxChecklistBytes = 4 << 20

    /// `root` is the project root (the current folder when there is none): a `--rules` folder inside it, and
    /// every checklist in any `--rules` folder, must not be a link that leads out of it (see
    /// `RootedPath.readGivenFile`), so a planted link to `/proc/self/environ` is never read nor quoted.
    public static func load(rulesDirectories: [String],
                            root: String = FileManager.default.currentDirectoryPath) throws(LoadFailure) -> [Checklist] {
        var sources = builtinSources()
        for directory in rulesDirectories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw LoadFailure(messages: ["\(directory): --rules expects a folder of .yml checklists, and there is none there"])
            }
            let folderInsideRoot = RootedPath.givenPathLiesInside(directory, root: root)
            if folderInsideRoot, !RootedPath.resolvesInside(directory, root: root) {
                throw LoadFailure(messages: ["\(directory): the --rules folder is a link to a folder outside the project root; not read"])
            }
            // Checklists stay inside the folder given (or the project root): a link elsewhere is refused.
            let fence = folderInsideRoot ? root : directory
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
                throw LoadFailure(messages: ["\(directory): cannot list the folder: \(error.localizedDescription)"])
            }
            for name in names.sorted() where name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
                let path = (directory as NSString).appendingPathComponent(name)
                let bytes: [UInt8]
                do { bytes = try RootedPath.readRegularFile(path, limit: maxChecklistBytes, insideRoot: fence) } catch {
                    throw LoadFailure(messages: ["\(path): cannot read the checklist file: \(error.message)"])
                }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw LoadFailure(messages: ["\(path): the checklist is not UTF-8 text"])
                }
                sources.append(ChecklistSource(file: path, text: text))
            }
        }
        do {
            return try ChecklistLoader().load(sources)
        } catch {
            throw LoadFailure(diagnostics: error.errors.map { Diagnostic(.checklistInvalid, yaml: $0) })
        }
    }

    /// The built-in checklists with the YAML trees compiled at build time, so start-up parses no YAML.
    /// A tree that does not decode (it cannot, short of a corrupted binary) falls back to parsing the text.
    public static func builtinSources() -> [ChecklistSource] {
        BuiltinData.checklists.map { file in
            let node = file.compiled.flatMap { compiled in try? CompiledNode.decode(compiled) }
            return ChecklistSource(file: "rules/\(file.name)", text: file.text, node: node)
        }
    }
}
