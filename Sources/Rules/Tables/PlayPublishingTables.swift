import Project
import YAML

/// The tables of the Play publishing checks (PlayPublishingChecks.swift), decoded once at load.

/// `{ dependencies: [names], versions: [{ major, deadline, extension }] }`, read at load.
struct BillingLadder: Sendable {
    let dependencies: [String]
    let steps: [(major: Int, deadline: String, extension: String)]

    init(_ table: Table) throws(TableError) {
        guard let names = table.value["dependencies"]?.sequence?.compactMap(\.scalar),
              let rows = table.value["versions"]?.sequence else {
            throw TableError(table, table.value, "expected `dependencies` and `versions` lists")
        }
        var steps: [(major: Int, deadline: String, extension: String)] = []
        for row in rows {
            guard let major = row["major"]?.scalar.flatMap({ Int($0) }), let deadline = row["deadline"]?.scalar,
                  let extensionDate = row["extension"]?.scalar else {
                throw TableError(table, row, "each version needs `major`, `deadline` and `extension`")
            }
            steps.append((major, deadline, extensionDate))
        }
        dependencies = names
        self.steps = steps
    }
}

/// A `kind: native_dependencies` table, read into its rows at load by the reading the Android inspection shares
/// (`AndroidNativeDependencies.read`): a row it would skip is a load error at that row.
enum NativeDependencyTable {
    static let decoder = TableError.decoder { table throws(TableError) -> AndroidNativeDependencies.Rows in
        do throws(AndroidNativeDependencies.RowProblem) {
            return try AndroidNativeDependencies.read(SymbolTableSource(name: table.name, file: table.file, value: table.value))
        } catch {
            var failure = TableError(table, nil, error.message)
            failure.mark = error.mark
            throw failure
        }
    }
}
