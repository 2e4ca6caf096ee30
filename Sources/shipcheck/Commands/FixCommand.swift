import Foundation
import Project
import Reports
import Rules
import ShipcheckCore
import StoreLocale

/// `shipcheck fix [PATH] [--write]`: the mechanical fixes of what `check` found, as a unified diff in git's
/// form (renames as `rename from`/`rename to`, so `git apply` takes it) or, with `--write`, applied:
/// - a metadata locale folder the store rejects is renamed to the one code the store expects (when several fit,
///   or the folder is already there, it says so and changes nothing);
/// - App Store keywords lose the spaces around commas and their repeated keywords.
/// Only what the project model read is touched: nothing outside the root, no link followed, never onto a
/// file or folder that exists. Privacy-manifest fixes are not made (they need a person to pick the reason).
struct FixCommand {
    let console: Console

    static let definition = CommandDefinition(
        name: "fix",
        abstract: "Show (or, with --write, make) the mechanical fixes: locale folder names and keyword spacing and repeats.",
        discussion: "Prints a unified diff in git's form (git apply takes it); --write applies it. Exit codes: 0 done (or nothing to fix); 2 usage or unreadable project.",
        arguments: [ArgumentDefinition("path", help: "The project root (default: .).")],
        options: CommonOptions.project + [
            OptionDefinition("write", help: "Apply the fixes instead of printing them."),
        ]
    )

    /// One change: a file's new text, or a folder's new name.
    enum Change {
        case edit(path: String, old: String, new: String)
        case rename(from: String, to: String, files: [String])
    }

    func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        switch console.parse(arguments, Self.definition) {
        case .success(let value): parsed = value
        case .failure(let code): return code
        }
        let run: Shipcheck.Run
        do {
            let options = Shipcheck.Options(path: parsed.positionals.first ?? ".", configPath: parsed.value("config"),
                                            rulesDirectories: parsed.all("rules"), today: CheckCommand.today(),
                                            environment: ProcessInfo.processInfo.environment,
                                            toolVersion: ShipcheckCommand.version, pathsFromRepositoryRoot: true)
            run = try Shipcheck.run(options)
        } catch {
            for message in error.messages { console.error(message) }
            return .usage
        }
        defer { ReleaseOffMainThread.release(run) }
        let locales: [Store: LocaleTable]
        switch StoreTables.load(rulesDirectories: parsed.all("rules")) {
        case .success(let tables): locales = tables.locales
        case .failure(let failure):
            for message in failure.messages { console.error(message) }
            return .usage
        }
        let (changes, skipped) = Self.changes(run, locales: locales)
        for reason in skipped { console.note(reason) }
        guard !changes.isEmpty else {
            console.note("nothing to fix mechanically")
            return .success
        }
        guard parsed.flag("write") else {
            console.out(changes.map(Self.diff).joined())
            console.note("\(Self.plural(changes.count, "fix", "fixes")) shown; run with --write to apply them (or pipe this diff to git apply)")
            return .success
        }
        let base = run.paths.base
        // Edits first: a renamed folder may hold an edited file.
        let ordered = changes.filter { if case .edit = $0 { return true } else { return false } }
            + changes.filter { if case .rename = $0 { return true } else { return false } }
        for change in ordered {
            if let problem = Self.apply(change, base: base) {
                console.error(problem)
                return .usage
            }
        }
        console.note("applied \(Self.plural(changes.count, "fix", "fixes")); run shipcheck check to see what is left")
        return .success
    }

    static func plural(_ count: Int, _ singular: String, _ pluralForm: String) -> String {
        "\(count) " + (count == 1 ? singular : pluralForm)
    }

    /// The fixes `check`'s findings call for, and why the others are left to a person. Paths from `base`.
    static func changes(_ run: Shipcheck.Run, locales: [Store: LocaleTable]) -> ([Change], [String]) {
        let paths = run.paths
        let findings = run.result.findings
        var changes: [Change] = []
        var skipped: [String] = []
        for tree in run.project.metadata {
            let store = tree.consumer.store ?? tree.store
            let existing = Set(tree.folders.map(\.name))
            // Locale folders a metadata-locales rule reported.
            for folder in tree.folders where !folder.isSpecial {
                let path = paths.fromBase(folder.location.path)
                guard findings.contains(where: { $0.rule.hasPrefix("metadata-locales.") && $0.location.path == path }),
                      let table = locales[store] else { continue }
                let target: [String]
                switch table.judge(folder: folder.name) {
                case .invalid(let suggestions): target = suggestions
                case .legacy(let modern): target = [modern]
                case .valid, .special: continue
                }
                let free = target.filter { !existing.contains($0) }
                guard free.count == 1, let code = free.first, !code.contains("/"), code != "..", !code.isEmpty else {
                    skipped.append(free.isEmpty
                        ? "\(path): not renamed: \(target.isEmpty ? "\(store.displayName) has no code for it" : "\(target.joined(separator: ", ")) already exists"); merge or delete it by hand"
                        : "\(path): not renamed: \(store.displayName) takes \(free.joined(separator: " or ")); rename it to the one you mean")
                    continue
                }
                let parent = (path as NSString).deletingLastPathComponent
                let files = run.project.walkedFiles.filter { $0.hasPrefix(folder.location.path + "/") }.map(paths.fromBase).sorted()
                changes.append(.rename(from: path, to: parent.isEmpty ? code : parent + "/" + code, files: files))
            }
            // App Store keywords with spaces around commas or repeats.
            guard tree.store == .appstore else { continue }
            for locale in tree.locales {
                guard let value = locale.fields["keywords"], !value.inherited else { continue }
                let path = paths.fromBase(value.location.path)
                guard findings.contains(where: { ($0.rule == "metadata.keywords-spaces" || $0.rule == "metadata.keywords-duplicates") && $0.location.path == path })
                else { continue }
                let fixed = tidyKeywords(value.text)
                guard fixed != value.text else { continue }
                // The file as written, with the keyword line replaced (a trailing line break kept).
                let ending = value.raw.hasSuffix("\n") ? "\n" : ""
                changes.append(.edit(path: path, old: value.raw, new: fixed + ending))
            }
        }
        return (changes, skipped)
    }

    /// `todo, lists ,sync,Todo` → `todo,lists,sync`: trimmed, empty ones dropped, repeats (ignoring case) dropped.
    static func tidyKeywords(_ text: String) -> String {
        var seen: Set<String> = []
        var kept: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let keyword = part.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !keyword.isEmpty, seen.insert(keyword.lowercased()).inserted else { continue }
            kept.append(keyword)
        }
        return kept.joined(separator: ",")
    }

    /// A change in git's unified diff form.
    static func diff(_ change: Change) -> String {
        switch change {
        case .rename(let from, let to, let files):
            return files.map { file in
                let moved = to + file.dropFirst(from.count)
                return "diff --git a/\(file) b/\(moved)\nsimilarity index 100%\nrename from \(file)\nrename to \(moved)\n"
            }.joined()
        case .edit(let path, let old, let new):
            func lines(_ text: String) -> [String] {
                var parts = text.components(separatedBy: "\n")
                if text.hasSuffix("\n") { parts.removeLast() }
                return parts
            }
            let (before, after) = (lines(old), lines(new))
            var text = "diff --git a/\(path) b/\(path)\n--- a/\(path)\n+++ b/\(path)\n@@ -1,\(before.count) +1,\(after.count) @@\n"
            text += before.map { "-" + $0 + "\n" }.joined()
            if !old.hasSuffix("\n") { text += "\\ No newline at end of file\n" }
            text += after.map { "+" + $0 + "\n" }.joined()
            if !new.hasSuffix("\n") { text += "\\ No newline at end of file\n" }
            return text
        }
    }

    /// Applies one change under `base`; why not, when it cannot: a target that exists, a link, a path out of it.
    static func apply(_ change: Change, base: String) -> String? {
        func inside(_ relative: String) -> String? {
            let absolute = URL(fileURLWithPath: relative, relativeTo: URL(fileURLWithPath: base, isDirectory: true)).standardizedFileURL.path
            return absolute.hasPrefix(base + "/") ? absolute : nil
        }
        func kind(_ path: String) -> mode_t? {
            var info = stat()
            return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
        }
        switch change {
        case .rename(let from, let to, _):
            guard let source = inside(from), let target = inside(to) else { return "\(from): not renamed: it lies outside the project" }
            guard kind(source) == S_IFDIR else { return "\(from): not renamed: it is not a folder (or is a link)" }
            guard kind(target) == nil else { return "\(to): exists already; \(from) was not renamed" }
            do { try FileManager.default.moveItem(atPath: source, toPath: target) } catch {
                return "\(from): cannot rename it to \(to): \(error.localizedDescription)"
            }
        case .edit(let path, let old, let new):
            guard let file = inside(path) else { return "\(path): not changed: it lies outside the project" }
            guard kind(file) == S_IFREG else { return "\(path): not changed: it is not a regular file (or is a link)" }
            // Written only over the text that was read: a file changed since is left alone.
            guard let data = FileManager.default.contents(atPath: file), var current = String(data: data, encoding: .utf8) else {
                return "\(path): not changed: it cannot be read as UTF-8"
            }
            if current.hasPrefix("\u{FEFF}") { current.removeFirst() }
            guard current == old else {
                return "\(path): not changed: it changed since it was read"
            }
            do { try AtomicWriter.write(Data(new.utf8), to: file) } catch {
                return "\(path): cannot write it: \(error.description)"
            }
        }
        return nil
    }
}
