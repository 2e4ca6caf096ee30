import Foundation
import Project

/// App Store keyword hygiene (App Store Connect Help, "Platform version information"): keywords are
/// comma-separated and share a 100-character budget, so spaces after commas, repeats, tiny words and
/// words already in the app name waste it.
enum MetadataKeywords {
    static var functions: [CheckFunction] { [function] }

    /// What a rule looks for in each keywords list (`find:`, one kind a rule, each with its own message and grade).
    enum Waste: String, CaseIterable {
        /// Whitespace around the commas.
        case spaces
        /// A keyword given twice (compared case-insensitively).
        case repeats
        /// A keyword shorter than `min` (Han, kana and Hangul excepted).
        case short
        /// A keyword that is a word of the app name (name.txt, else the manifest) or the developer name.
        case nameWords = "name_words"
    }

    /// The comma-separated keywords list, split once, judged for what wastes its 100-character budget.
    static let function = CheckFunction(
        name: "keywords",
        summary: "A keywords list wastes none of its budget on what `find` names: spaces around commas, repeated keywords, keywords shorter than `min`, words of the app or developer name",
        options: [OptionSpec("find", .oneOf(Waste.allCases.map(\.rawValue)), required: true, doc: "what wastes the budget: spaces, repeats, short or name_words"),
                  OptionSpec("min", .int, doc: "with `find: short`, the shortest useful keyword; default 3")],
        subjects: .required,
        placeholders: ["count", "length", "length_without", "duplicates", "keywords", "min", "name"]
    ) { invocation in
        guard let waste = invocation.options.string("find").flatMap(Waste.init) else { return [] }
        let project = invocation.context.project
        let min = invocation.options.int("min") ?? 3
        return invocation.subjects.compactMap { subject in
            let list = keywords(subject.value)
            switch waste {
            case .spaces:
                let wasted = wastedSpaces(subject.value)
                guard wasted > 0 else { return nil }
                return GenericSubjects.result(subject, values: ["count": String(wasted),
                                                                "length": String(subject.value.utf16.count),
                                                                "length_without": String(subject.value.utf16.count - wasted)])
            case .repeats:
                var seen: Set<String> = []
                var repeated: [String] = []
                for keyword in list {
                    let key = keyword.lowercased()
                    if !seen.insert(key).inserted, !repeated.contains(where: { $0.lowercased() == key }) { repeated.append(keyword) }
                }
                guard !repeated.isEmpty else { return nil }
                return GenericSubjects.result(subject, evidence: repeated.joined(separator: ", "),
                                              values: ["duplicates": repeated.joined(separator: ", "), "count": String(repeated.count)])
            case .short:
                let tooShort = list.filter { $0.count < min && !isIdeographic($0) }
                guard !tooShort.isEmpty else { return nil }
                return GenericSubjects.result(subject, evidence: tooShort.joined(separator: ", "),
                                              values: ["keywords": tooShort.joined(separator: ", "), "count": String(tooShort.count),
                                                       "min": String(min)])
            case .nameWords:
                let names = [appName(for: subject.location.path, in: project), project.manifest?.developer].compactMap { $0 }
                let nameWords = Set(names.flatMap(words).filter { $0.count >= 3 }.map { $0.lowercased() })
                    .union(names.map { $0.lowercased() })
                let repeated = list.filter { nameWords.contains($0.lowercased()) }
                guard !repeated.isEmpty else { return nil }
                return GenericSubjects.result(subject, evidence: repeated.joined(separator: ", "),
                                              values: ["keywords": repeated.joined(separator: ", "), "name": names.joined(separator: ", ")])
            }
        }
    }

    /// The keywords of a list, trimmed, empty ones dropped.
    static func keywords(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// Whitespace next to commas (and at the ends), which App Store Connect counts but search ignores.
    static func wastedSpaces(_ text: String) -> Int {
        text.split(separator: ",", omittingEmptySubsequences: false).reduce(0) { total, part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            return total + (trimmed.isEmpty ? part.count : part.count - trimmed.count)
        }
    }

    static func words(_ text: String) -> [String] {
        text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// Han, kana and Hangul: a two-character keyword is a whole word there.
    static func isIdeographic(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF: return true
            default: return false
            }
        }
    }

    /// The app name for the locale whose keywords file is at `path`: its `name.txt` (own or from `default/`).
    static func appName(for path: String, in project: ProjectModel) -> String? {
        if let live = ConsoleListingTexts.appName(forKeywordsAt: path, in: project) { return live }
        for tree in project.metadata where tree.store == .appstore {
            for locale in tree.locales + (tree.defaults.map { [$0] } ?? []) where locale.fields["keywords"]?.location.path == path {
                if let name = locale.fields["name"]?.text ?? tree.defaults?.fields["name"]?.text, !name.isEmpty { return name }
            }
        }
        return project.manifest?.appName
    }
}
