import Project
import YAML

/// Why a table cannot be read as a check reads it, at the node that is wrong. Thrown by the decoders of
/// Sources/Rules/Tables while the checklists load (`OptionSpec.decode`): a load error with file:line:column,
/// never a finding or a silent pass at run time.
struct TableError: Error, Sendable {
    let location: SourceLocation
    let message: String
    var mark: Mark?
    /// Further problems of the same table (a reader that collects them all, as the locale and limit tables do).
    var also: [TableProblem] = []

    init(_ table: Table?, _ node: Node?, _ message: String) {
        location = SourceLocation(path: table?.file ?? "(built-in checklists)", line: node?.mark.line ?? table?.value.mark.line)
        self.message = "table `\(table?.name ?? "?")`: \(message)"
        mark = node?.mark ?? table?.value.mark
    }

    var problem: TableProblem { TableProblem(message: message, mark: mark, also: also) }

    /// A decoder for `OptionSpec.decode`: the table read as the check reads it, its error as a load problem.
    static func decoder<T: Sendable>(_ read: @escaping @Sendable (Table) throws(TableError) -> T) -> OptionSpec.TableDecoder {
        { table in
            do throws(TableError) { return .success(DecodedTable(value: try read(table))) } catch { return .failure(error.problem) }
        }
    }

    /// The same for a table whose rows name facts: chosen by the type checker for a `NamesFacts` type, so the
    /// decoded table carries its names (`FactReadDeclarationTests` holds the two to agree for every built-in table).
    static func decoder<T: Sendable & NamesFacts>(_ read: @escaping @Sendable (Table) throws(TableError) -> T) -> OptionSpec.TableDecoder {
        { table in
            do throws(TableError) {
                let value = try read(table)
                return .success(DecodedTable(value: value, factNames: value.factNames))
            } catch { return .failure(error.problem) }
        }
    }

    /// Reads `table` with a `NodeReader` (the readers StoreText and StoreLocale share with the command line) and
    /// turns every problem it records into one error: the first, with the others in `also`.
    static func reading<T>(_ table: Table, _ read: (NodeReader) -> T) throws(TableError) -> T {
        let diagnostics = Diagnostics(file: table.file)
        let value = read(NodeReader(node: table.value, path: "tables.\(table.name).value", diagnostics: diagnostics))
        guard let first = diagnostics.errors.first else { return value }
        var failure = TableError(table, nil, first.message)
        failure.mark = first.mark ?? table.value.mark
        failure.also = diagnostics.errors.dropFirst().map { TableProblem(message: "table `\(table.name)`: " + $0.message, mark: $0.mark) }
        throw failure
    }
}

/// A decoded table whose entries are fact names the check reads (permissions, signals): the loader holds each to
/// the fact catalog once every checklist is read, so a misspelt name in a team's table is a load error at its
/// column with the nearest known name, as it is in a rule's `when:`.
protocol NamesFacts {
    var factNames: [(name: String, mark: Mark)] { get }
}
