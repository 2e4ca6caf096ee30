import Foundation
import Project
import Rules

/// Where report paths start. Every format names files relative to the repository root (git's top
/// level, found by walking up for `.git` — a folder, or a file in a worktree — without running git),
/// so that `check apps/mobile` annotates `apps/mobile/ios/Info.plist`, where GitHub finds it. Outside a
/// repository the base is the project itself, wherever the command runs, so a baseline written from one
/// folder matches a run from another.
/// The text report shows paths relative to the current folder, so they are clickable where the command ran.
public struct ReportPaths: Sendable {
    /// Absolute, standardized.
    public let base: String
    /// The project root relative to `base` ("" when they are the same).
    public let projectPrefix: String
    public let currentDirectory: String

    public init(projectRoot: String, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        let project = URL(fileURLWithPath: projectRoot).standardizedFileURL.path
        let current = URL(fileURLWithPath: currentDirectory).standardizedFileURL.path
        let base = Self.repositoryTop(from: project) ?? project
        self.base = base
        self.projectPrefix = Self.relative(from: base, to: project)
        self.currentDirectory = current
    }

    /// Paths left as they are: relative to the project root (what the library gives by default).
    public init(unchanged projectRoot: String, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        self.base = URL(fileURLWithPath: projectRoot).standardizedFileURL.path
        self.projectPrefix = ""
        self.currentDirectory = URL(fileURLWithPath: currentDirectory).standardizedFileURL.path
    }

    /// The nearest folder at or above `folder` holding `.git`.
    public static func repositoryTop(from folder: String) -> String? {
        var candidate = folder
        while true {
            if FileManager.default.fileExists(atPath: (candidate as NSString).appendingPathComponent(".git")) { return candidate }
            let parent = (candidate as NSString).deletingLastPathComponent
            if parent == candidate || parent.isEmpty { return nil }
            candidate = parent
        }
    }

    public static func contains(_ folder: String, _ path: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// `target` relative to `start` (both absolute): `a/b`, `../c`, or "" when equal.
    public static func relative(from start: String, to target: String) -> String {
        let from = start.split(separator: "/")
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.joined(separator: "/")
    }

    /// The project root, absolute.
    public var projectRoot: String { projectPrefix.isEmpty ? base : (base as NSString).appendingPathComponent(projectPrefix) }

    /// A project-relative path as a path from `base`.
    public func fromBase(_ path: String) -> String {
        if projectPrefix.isEmpty { return path }
        if path.isEmpty || path == "." { return projectPrefix }
        // `App Store Connect › fr-FR › description`: a place in a console, not a file (ConsoleLocation).
        if ConsoleLocation.isConsolePlace(path) { return path }
        // A checklist from a `--rules` folder outside the project is named by its absolute path: keep it.
        if path.hasPrefix("/") { return path }
        guard path.hasPrefix("../") else { return projectPrefix + "/" + path }
        // An archive beside the project (`../build/App.ipa`): `apps/mobile/../build` is `apps/build`.
        var parts = projectPrefix.split(separator: "/").map(String.init)
        var rest = Substring(path)
        while rest.hasPrefix("../"), !parts.isEmpty, parts.last != ".." {
            parts.removeLast()
            rest = rest.dropFirst(3)
        }
        return (parts + [String(rest)]).joined(separator: "/")
    }

    /// A base-relative path as the text report shows it: relative to the current folder.
    public func forDisplay(_ path: String) -> String {
        if base == currentDirectory { return path.isEmpty ? "." : path }
        if ConsoleLocation.isConsolePlace(path) { return path }
        let absolute = (base as NSString).appendingPathComponent(path)
        let shown = Self.relative(from: currentDirectory, to: absolute)
        // Far away (up more than two folders, or up to /), the absolute path reads better and clicks as well.
        let ups = shown.split(separator: "/").prefix { $0 == ".." }.count
        if ups > 2 || (ups > 0 && ups == currentDirectory.split(separator: "/").count) { return absolute }
        return shown.isEmpty ? "." : shown
    }

    /// The finding with its location moved from the project root to the base. (Its fingerprint follows
    /// the path, so that one repository's baseline matches whichever folder is checked.)
    public func rebase(_ finding: Finding) -> Finding {
        guard !projectPrefix.isEmpty else { return finding }
        let location = SourceLocation(path: fromBase(finding.location.path), line: finding.location.line, column: finding.location.column)
        return finding.with(location: location)
    }

    /// For each finding path that is a folder, the first file in it (by name, depth first), for the
    /// formats that can place results on files only. Set by the run from the files it walked (`FolderFiles`);
    /// rendering never lists a folder.
    public var fileForFolder: [String: String] = [:]

    /// `fileForFolder` for the paths of `findings`.
    public func filesForFolders(_ findings: [Finding]) -> [String: String] {
        var map: [String: String] = [:]
        for path in Set(findings.map(\.location.path)) { map[path] = fileForFolder[path] }
        return map
    }
}
