import Foundation
import Project

/// App Store keyword hygiene (App Store Connect Help, "Platform version information"): keywords are
/// comma-separated and share a 100-character budget, so spaces after commas, repeats, tiny words and
/// words already in the app name waste it.
enum MetadataKeywords {
    static var functions: [CheckFunction] { [spaces, duplicates, short, appName] }

    static let spaces = CheckFunction(
        name: "keywords-spaces", summary: "No spaces around the commas of a keywords list (they count against the limit)",
        options: [], subjects: .required
    ) { invocation in
        invocation.subjects.compactMap { subject in
            let wasted = wastedSpaces(subject.value)
            guard wasted > 0 else { return nil }
            return GenericSubjects.result(subject, values: ["count": String(wasted),
                                                            "length": String(subject.value.utf16.count),
                                                            "length_without": String(subject.value.utf16.count - wasted)])
        }
    }

    static let duplicates = CheckFunction(
        name: "keywords-duplicates", summary: "No keyword appears twice (compared case-insensitively)",
        options: [], subjects: .required
    ) { invocation in
        invocation.subjects.compactMap { subject in
            var seen: Set<String> = []
            var repeated: [String] = []
            for keyword in keywords(subject.value) {
                let key = keyword.lowercased()
                if !seen.insert(key).inserted, !repeated.contains(where: { $0.lowercased() == key }) { repeated.append(keyword) }
            }
            guard !repeated.isEmpty else { return nil }
            return GenericSubjects.result(subject, evidence: repeated.joined(separator: ", "),
                                          values: ["duplicates": repeated.joined(separator: ", "), "count": String(repeated.count)])
        }
    }

    static let short = CheckFunction(
        name: "keywords-short", summary: "Every keyword is longer than two characters (Han, kana and Hangul keywords excepted)",
        options: [OptionSpec("min", .int, doc: "Shortest useful keyword; default 3")],
        subjects: .required
    ) { invocation in
        let min = invocation.options.int("min") ?? 3
        return invocation.subjects.compactMap { subject in
            let tooShort = keywords(subject.value).filter { $0.count < min && !isIdeographic($0) }
            guard !tooShort.isEmpty else { return nil }
            return GenericSubjects.result(subject, evidence: tooShort.joined(separator: ", "),
                                          values: ["keywords": tooShort.joined(separator: ", "), "count": String(tooShort.count),
                                                   "min": String(min)])
        }
    }

    static let appName = CheckFunction(
        name: "keywords-app-name", summary: "No keyword repeats a word of the app name (from name.txt, else the manifest) or the developer name",
        options: [], subjects: .required
    ) { invocation in
        let project = invocation.context.project
        return invocation.subjects.compactMap { subject in
            let names = [appName(for: subject.location.path, in: project), project.manifest?.developer].compactMap { $0 }
            let nameWords = Set(names.flatMap(words).filter { $0.count >= 3 }.map { $0.lowercased() })
                .union(names.map { $0.lowercased() })
            let repeated = keywords(subject.value).filter { nameWords.contains($0.lowercased()) }
            guard !repeated.isEmpty else { return nil }
            return GenericSubjects.result(subject, evidence: repeated.joined(separator: ", "),
                                          values: ["keywords": repeated.joined(separator: ", "), "name": names.joined(separator: ", ")])
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
