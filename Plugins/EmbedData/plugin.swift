import Foundation
import PackagePlugin

/// Compiles the package's top-level `rules/*.yml` and `templates/*` into the BuiltinData module,
/// so that the binary carries its built-in checklists and works from any folder.
@main
struct EmbedData: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedData.swift")
        var inputs: [URL] = []
        for folder in ["rules", "templates"] {
            let dir = root.appending(path: folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                inputs.append(dir.appending(path: name))
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) checklist and template files",
                executable: try context.tool(named: "embed-data").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
