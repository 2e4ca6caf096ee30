import YAML

/// The `play_target_api_levels` table: which API level Google Play requires, for which form factors,
/// from which date. Each entry:
///
/// ```yaml
/// - { form_factors: [phone, tablet], api: 36, android: "16", from: 2026-08-31, applies_to: new apps and app updates }
/// ```
///
/// The level in force on a day is that of the entry with the latest `from` not after the day.
struct AndroidTargetAPILevels: Sendable, Equatable {
    struct Level: Sendable, Equatable {
        let formFactors: [String]
        let api: Int
        let android: String
        /// `YYYY-MM-DD`.
        let from: String
        let appliesTo: String
    }

    struct Malformed: Error, Equatable, CustomStringConvertible {
        let mark: Mark
        let message: String
        var line: Int { mark.line }
        var description: String { "line \(line): \(message)" }
    }

    /// For `OptionSpec.decode`: the table read as the check reads it, once, at load.
    static let decoder: OptionSpec.TableDecoder = { table in
        do throws(Malformed) { return .success(DecodedTable(value: try AndroidTargetAPILevels(table.value))) } catch {
            return .failure(TableProblem(message: "table `\(table.name)`: \(error.message)", mark: error.mark))
        }
    }

    let levels: [Level]

    init(levels: [Level]) { self.levels = levels }

    init(_ node: Node) throws(Malformed) {
        guard let items = node.sequence else { throw Malformed(mark: node.mark, message: "expected a list of levels") }
        var levels: [Level] = []
        for item in items {
            guard let formFactors = item["form_factors"]?.sequence?.compactMap(\.scalar), !formFactors.isEmpty else {
                throw Malformed(mark: item.mark, message: "`form_factors` must be a non-empty list")
            }
            guard let api = item["api"]?.scalar.flatMap({ Int($0) }) else {
                throw Malformed(mark: item.mark, message: "`api` must be a whole number")
            }
            guard let from = item["from"]?.scalar, Self.isDate(from) else {
                throw Malformed(mark: item.mark, message: "`from` must be a date YYYY-MM-DD")
            }
            levels.append(Level(formFactors: formFactors, api: api, android: item["android"]?.scalar ?? "",
                                from: from, appliesTo: item["applies_to"]?.scalar ?? "new apps and app updates"))
        }
        self.levels = levels
    }

    /// The requirement in force for `formFactor` on `day`, if any.
    func required(formFactor: String, on day: String) -> Level? {
        levels.filter { $0.formFactors.contains(formFactor) && $0.from <= day }.max { $0.from < $1.from }
    }

    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-")
        return parts.count == 3 && parts[0].count == 4 && parts[1].count == 2 && parts[2].count == 2
            && parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}
