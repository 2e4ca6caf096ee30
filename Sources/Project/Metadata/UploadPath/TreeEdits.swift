import Support
import Formats

/// What a job does to a metadata tree before it runs the upload: the `mv`, `cp`, `rm` and `mkdir` commands of
/// the steps before it, replayed on the tree's locale folders. A release job that moves every translation out of
/// `fastlane/metadata/android` and moves back only `en-US` uploads `en-US` alone; Play never sees the others.
/// A command that touches the tree in a way not replayed here (a glob, a variable, `rsync`, `sed`) leaves the
/// set unknown: the tree's findings then grade at most as warnings, naming the step.
struct TreeEdits: Sendable {
    /// Locale folders at the tree's path when the upload runs.
    var remaining: Set<String> = []
    /// The commands that changed the tree in a way not replayed.
    var unreplayed: [Evidence] = []
    /// The commands replayed.
    var replayed: [Evidence] = []

    /// A folder as the replay sees it: its locale folders, and the tree it came from.
    struct Folder {
        var locales: Set<String>
        let origin: String?
    }

    /// `trees`: each tree's path and its locale folder names. Returns the trees a command touched.
    static func replay(_ commands: [(command: String, evidence: Evidence)], trees: [String: Set<String>],
                       from folder: [Substring]) -> [String: TreeEdits] {
        var present: [String: Folder] = trees.reduce(into: [:]) { $0[$1.key] = Folder(locales: $1.value, origin: $1.key) }
        var edits: [String: TreeEdits] = [:]
        for (command, evidence) in commands {
            for part in command.split(separator: ";").map({ $0.trimmingBlanks() }) {
                let words = part.split { $0 == " " || $0 == "\t" }.map(String.init)
                guard let tool = words.first else { continue }
                let paths = words.dropFirst().filter { !$0.hasPrefix("-") && !$0.hasPrefix(">") && !$0.hasPrefix("|") }
                    .map { FastlaneRuns.resolve(FastlaneRuns.pathComponents($0), from: folder).joined(separator: "/") }
                    .filter { !$0.isEmpty }
                // The trees this command concerns: by their path, or by where a moved copy of them is now.
                var concerned = Set<String>()
                for path in paths {
                    for origin in trees.keys where related(origin, path) { concerned.insert(origin) }
                    for (key, value) in present where related(key, path) { if let origin = value.origin { concerned.insert(origin) } }
                }
                guard !concerned.isEmpty else { continue }
                let plain = !part.contains("*") && !part.contains("$") && !part.contains("`") && !part.contains("{")
                    && !part.contains("|") && !part.contains(">")
                guard plain, ["mv", "cp", "rm", "mkdir"].contains(tool) else {
                    // `ls`, `cat`, `wc`, `find` only read: the tree is as it was.
                    if ["ls", "cat", "wc", "echo", "head", "tail", "tee", "test", "[", "du", "stat"].contains(tool) { continue }
                    for origin in concerned { edits[origin, default: TreeEdits()].unreplayed.append(evidence) }
                    continue
                }
                switch tool {
                case "rm":
                    for path in paths { remove(path, from: &present) }
                case "mkdir":
                    for path in paths where present[path] == nil { present[path] = Folder(locales: [], origin: nil) }
                default:
                    guard paths.count >= 2 else { continue }
                    let target = paths[paths.count - 1]
                    for source in paths.dropLast() { move(source, to: target, in: &present, copying: tool == "cp") }
                }
                for origin in concerned { edits[origin, default: TreeEdits()].replayed.append(evidence) }
            }
        }
        for origin in edits.keys { edits[origin]?.remaining = present[origin]?.locales ?? [] }
        return edits
    }

    static func related(_ a: String, _ b: String) -> Bool {
        a == b || a.hasPrefix(b + "/") || b.hasPrefix(a + "/")
    }

    private static func move(_ source: String, to target: String, in present: inout [String: Folder], copying: Bool) {
        // A whole folder (a tree, or a folder holding trees).
        let whole = present.keys.filter { $0 == source || $0.hasPrefix(source + "/") }.sorted()
        if !whole.isEmpty {
            let name = source.split(separator: "/").last.map(String.init) ?? source
            // `mv a existing/` puts `a` inside `existing`; else `a` is renamed to `target`.
            let base = present[target] != nil ? target + "/" + name : target
            for key in whole {
                guard let folder = present[key] else { continue }
                if !copying { present[key] = nil }
                present[base + key.dropFirst(source.count)] = Folder(locales: folder.locales, origin: folder.origin)
            }
            return
        }
        // One locale folder of a tree: `mv tree/en-US other/` or `mv tree/en-US other/en-US`.
        guard let slash = source.lastIndex(of: "/") else { return }
        let parent = String(source[..<slash]), locale = String(source[source.index(after: slash)...])
        guard present[parent]?.locales.contains(locale) == true else { return }
        if !copying { present[parent]?.locales.remove(locale) }
        if present[target] != nil {
            present[target]?.locales.insert(locale)
        } else if let end = target.lastIndex(of: "/"), present[String(target[..<end])] != nil {
            present[String(target[..<end])]?.locales.insert(String(target[target.index(after: end)...]))
        }
    }

    private static func remove(_ path: String, from present: inout [String: Folder]) {
        for key in present.keys where key == path || key.hasPrefix(path + "/") { present[key] = nil }
        if let slash = path.lastIndex(of: "/") { present[String(path[..<slash])]?.locales.remove(String(path[path.index(after: slash)...])) }
    }
}
