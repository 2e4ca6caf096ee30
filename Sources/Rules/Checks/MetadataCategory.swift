import Foundation
import Project
import YAML

/// App Store category files (`primary_category.txt`, …): a known id, or a legacy `MZGenre.*` value that
/// deliver still maps (reported at `info` with the modern id to use). The ids live in a table:
/// `{ ids: [BUSINESS, …], legacy: { MZGenre.Lifestyle: LIFESTYLE, … } }`.
enum MetadataCategory {
    static let function = CheckFunction(
        name: "category", summary: "An App Store category id from the table; legacy MZGenre values get the modern id suggested",
        options: [OptionSpec("table", .table, required: true, doc: "A table with `ids` and a `legacy` mapping"),
                  GenericSubjects.fieldsOption],
        subjects: .optional, run: run)

    static func run(_ invocation: CheckInvocation) -> [CheckResult] {
        guard let table = invocation.table("table") else { return [] }
        let ids = (table.value["ids"]?.sequence ?? []).compactMap(\.scalar)
        var legacy: [String: String] = [:]
        for pair in table.value["legacy"]?.mapping ?? [] {
            if let key = pair.key.scalar, let value = pair.value.scalar { legacy[key.lowercased()] = value }
        }
        return invocation.subjects.compactMap { subject in
            let text = subject.value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, !ids.contains(text) else { return nil }
            if text.hasPrefix("MZGenre.") {
                let modern = legacy[text.lowercased()] ?? ids.first { $0.caseInsensitiveCompare(modernGuess(text)) == .orderedSame }
                if let modern {
                    return GenericSubjects.result(subject, evidence: text, values: [
                        "problem": "is the legacy id \(text)", "suggestion": modern,
                        "hint": "fastlane still maps it; write \(modern) instead"], severity: .info)
                }
            }
            let suggestion = Spelling.nearest(to: text.uppercased(), in: ids) ?? ""
            return GenericSubjects.result(subject, evidence: text, values: [
                "problem": "is not an App Store category id", "suggestion": suggestion,
                "hint": suggestion.isEmpty ? "use one of the ids in the table" : "did you mean \(suggestion)?"])
        }
    }

    /// `MZGenre.Photography` → `PHOTOGRAPHY`: the prefix stripped, as fastlane does, before the table's mapping.
    private static func modernGuess(_ text: String) -> String {
        String(text.dropFirst("MZGenre.".count)).uppercased().replacingOccurrences(of: " ", with: "_")
    }
}
