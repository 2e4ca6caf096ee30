import BuiltinData
import Foundation
import Rules
import YAML

/// Loads the built-in checklists and any `--rules DIR` folders, validating all of them together.
public enum ChecklistCatalog {
    public struct LoadFailure: Error {
        public let messages: [String]

        public init(messages: [String]) { self.messages = messages }
    }

    public static func load(rulesDirectories: [String]) throws(LoadFailure) -> [Checklist] {
        var sources = builtinSources()
        for directory in rulesDirectories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw LoadFailure(messages: ["\(directory): --rules expects a folder of .yml checklists, and there is none there"])
            }
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
                throw LoadFailure(messages: ["\(directory): cannot list the folder: \(error.localizedDescription)"])
            }
            for name in names.sorted() where name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
                let path = (directory as NSString).appendingPathComponent(name)
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw LoadFailure(messages: ["\(path): cannot read the checklist file"])
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw LoadFailure(messages: ["\(path): the checklist is not UTF-8 text"])
                }
                sources.append(ChecklistSource(file: path, text: text))
            }
        }
        do {
            return try ChecklistLoader().load(sources)
        } catch {
            throw LoadFailure(messages: error.errors.map(\.description))
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
