import Support
import Formats

/// Finds workflows, scripts and Gradle files that send a metadata tree's release notes to Google Play although
/// the tree is another store's: F-Droid reads `fastlane/metadata/android`, and a release workflow copies the
/// current `changelogs/<versionCode>.txt` into the folder r0adkll/upload-google-play uploads
/// (`whatsNewDirectory:`, files named `whatsnew-<locale>`), or a Gradle Play Publisher task copies it into
/// `play/release-notes/`. Play then refuses a note over 500 characters, whatever F-Droid does with it.
///
/// A file counts when it names Play's release-note input (`whatsnew`, `upload-google-play`, GPP's
/// `release-notes`/`releaseNotes`) and a line of it names a path `…/<tree>/<locale>/changelogs…`: that line
/// is the evidence, and `<tree>` is matched against the discovered trees (a `$VAR` component matches any).
enum ReleaseNoteSenders {
    /// Play's release-note inputs, lowercased: r0adkll/upload-google-play's folder and file names, Gradle Play
    /// Publisher's folder and property.
    static let playMarkers = ["whatsnew", "upload-google-play", "release-notes", "releasenotes"]
    /// Their bytes, made once: they are looked for in every line of every release-job file.
    static let playMarkerBytes = playMarkers.map { Array($0.utf8) }

    static func namesPlayMarker<Text: StringProtocol>(_ text: Text) -> Bool {
        // The four markers in one pass over the bytes (a pass each was most of reading a long workflow).
        if let found = text.utf8.withContiguousStorageIfAvailable({ StringSearch.occursAnyIgnoringASCIICase(playMarkerBytes, in: $0) }) { return found }
        return playMarkerBytes.contains { text.containsIgnoringASCIICase(bytes: $0) }
    }

    /// Workflows, shell scripts, Fastfiles, Gradle build files, and Python/Ruby/Kotlin scripts in a scripts folder
    /// or near the root: where a release job lives. (Source code is not read: it does not run at release.)
    static func mayRead(_ file: ProjectFile) -> Bool {
        // Asked of every file of the tree: the path is split only for the scripts whose folder decides.
        let name = file.fileName
        if file.path.hasPrefix(".github/workflows/") { return name.hasSuffix(".yml") || name.hasSuffix(".yaml") }
        // Every other name read ends in e, s, h, y or b (Fastfile, .gradle, .kts, .sh, .bash, .py, .rb): a name
        // ending in any other byte (.kt, .java, .xml, .png) is passed by without its suffixes compared.
        guard let last = name.utf8.last, last == UInt8(ascii: "e") || last == UInt8(ascii: "s") || last == UInt8(ascii: "h")
                || last == UInt8(ascii: "y") || last == UInt8(ascii: "b") else { return false }
        if name == "Fastfile" || name.hasSuffix(".gradle") || name.hasSuffix(".gradle.kts") { return true }
        if name.hasSuffix(".sh") || name.hasSuffix(".bash") { return true }
        if name.hasSuffix(".py") || name.hasSuffix(".rb") || name.hasSuffix(".main.kts") {
            let parts = file.path.split(separator: "/")
            return parts.count <= 2 || parts.dropLast().contains { $0.lowercased().contains("script") }
        }
        return false
    }

    /// `namesPlayMarker`: whether the file's text names a Play marker, when the caller asked already.
    static func read(_ file: ProjectFile, lines: [(Int, String)], namesPlayMarker named: Bool? = nil) -> [MetadataConsumerDetection.Upload] {
        guard named ?? lines.contains(where: { namesPlayMarker($0.1) }) else { return [] }
        let folder = Array(file.path.split(separator: "/").dropLast())
        // Where relative paths start: the repository root for a workflow (jobs run there); also the file's
        // folder for a script or build file, and for a Fastfile the folder fastlane runs in.
        var bases: [[Substring]] = [[]]
        if !file.path.hasPrefix(".github/") {
            bases.append(folder.last == "fastlane" ? Array(folder.dropLast()) : folder)
        }
        var senders: [MetadataConsumerDetection.Upload] = []
        for (number, line) in lines {
            let code = line.trimmingBlanks()
            if code.hasPrefix("#") || code.hasPrefix("//") || !code.contains("changelogs") { continue }
            for token in tokens(code) {
                guard let tree = treeComponents(token) else { continue }
                let patterns = Set(bases.compactMap { resolve(tree, from: $0) }).sorted { $0.joined(separator: "/") < $1.joined(separator: "/") }
                guard !patterns.isEmpty else { continue }
                senders.append(MetadataConsumerDetection.Upload(patterns: patterns, evidence: Evidence(
                    location: SourceLocation(path: file.path, line: number), snippet: MetadataConsumerDetection.clip(code))))
                break
            }
        }
        return senders
    }

    /// Path-like words of a line: split at spaces, quotes, brackets, commas and `=`.
    static func tokens(_ code: String) -> [Substring] {
        code.split { " \t\"'`()[],=;<>|&".contains($0) }
    }

    /// `fastlane/metadata/android` from `fastlane/metadata/android/en-US/changelogs/${VERSION_CODE}.txt`: the
    /// components before `<locale>/changelogs`, leading variables (`$rootDir`, `${{ github.workspace }}`) dropped,
    /// other variables as `*`. Nil when the word is not such a path.
    static func treeComponents(_ token: Substring) -> [Substring]? {
        var parts = token.split(separator: "/")
        guard let index = parts.firstIndex(of: "changelogs"), index >= 1 else { return nil }
        parts = Array(parts[..<(index - 1)])
        while let first = parts.first, first.contains("$") || first.contains("{") || first.contains("}") { parts.removeFirst() }
        parts = parts.filter { $0 != "." }.map { $0.contains("$") || $0.contains("{") ? "*" : $0 }
        return parts.isEmpty && index - 1 > 0 ? nil : parts
    }

    /// `tree` relative to `base`, `..` applied; nil when it leaves the repository.
    static func resolve(_ tree: [Substring], from base: [Substring]) -> [Substring]? {
        var result = base
        for part in tree {
            if part == ".." {
                guard !result.isEmpty else { return nil }
                result.removeLast()
            } else {
                result.append(part)
            }
        }
        return result
    }
}
