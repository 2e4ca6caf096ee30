import Foundation
import Support
import Formats

/// Finds the app's own privacy policy link in what ships, so that the Play Console and App Store Connect
/// privacy URL (which no repository file holds) can be pre-filled in the manual item that asks for it.
///
/// Read, in this order of trust: Android's default string resources (`res/values/*.xml`), then localized ones
/// (`res/values-ar/…`: a translation may point at a localized or stale copy), plists, then Swift, Kotlin, Java and
/// Objective-C sources. Only absolute https links that look like a policy page count (a host or a short path
/// segment naming privacy: `/privacy`, `/legal/privacy-policy.html`; not a blog post whose slug mentions
/// privacy, nor a dated or /blog/ path), and links to platform documentation (developer.android.com, docs.*, api.*) do not. Test, sample
/// and vendored files are not the app's. The result is the detected fact `privacy.policy_url`, with every
/// place the first URL was seen in the sources read up to the one that held it (at most `evidenceLimit`).
public enum PrivacyURLDetector {
    public static let factName = "privacy.policy_url"
    static let evidenceLimit = 3
    static let maxFileBytes = 1 << 20

    /// Hosts whose pages are about privacy in general, not the app's policy.
    static let documentationHosts = ["developer.android.com", "developer.apple.com", "support.google.com",
                                     "policies.google.com", "www.apple.com", "apple.com", "api.github.com"]

    enum Source: Int, Comparable {
        case defaultResources, resources, plist, code
        static func < (a: Source, b: Source) -> Bool { a.rawValue < b.rawValue }
    }

    /// A privacy link seen in one file.
    struct Found: Sendable {
        let source: Source
        let url: String
        let location: SourceLocation
        let snippet: String
    }

    /// The `privacy.policy_url` fact, or nil when no file read holds a policy link.
    public static func fact(files: [ProjectFile]) -> Fact? {
        fact(files: files, alreadyRead: [], found: [])
    }

    /// `alreadyRead`: indices into `files` whose bytes the source scan has already given to `found(in:)`
    /// (so that no code file is read twice), with the links it found there.
    ///
    /// The files left are read a source at a time, most trusted first, and reading stops at the first source
    /// that holds a policy link: no later source can come before it. A tree's translations are most of its
    /// string resources (AnkiDroid: 1,284 files), and they are read only when the default resources hold no
    /// link; even then, a translation whose default file (`values/strings.xml` for `values-de/strings.xml`)
    /// holds no https link at all is not read: a translation translates the default's strings, and none of
    /// those is a link (thunderbird-android: 219 of 2,454 translations are read). The evidence is where the
    /// chosen link is seen in what was read.
    static func fact(files: [ProjectFile], alreadyRead: Set<Int>, found alreadyFound: [Found]) -> Fact? {
        var found = alreadyFound
        var candidates: [Source: [Int]] = [:]
        for index in files.indices where !alreadyRead.contains(index) {
            if let source = source(reading: files[index]) { candidates[source, default: []].append(index) }
        }
        var defaultsWithoutLinks: Set<String> = []
        for source in [Source.defaultResources, .resources, .plist, .code] {
            if let best = found.map(\.source).min(), best < source { break }
            let tier = (candidates[source] ?? []).filter {
                source != .resources || !defaultsWithoutLinks.contains(defaultResource(of: files[$0].path))
            }
            // Read over the cores; the links are joined in file order, as one loop would find them.
            let perFile = ConcurrentMap.map(count: tier.count) { i in
                let file = files[tier[i]]
                // Whether a default file holds any link is asked of it alone (an unreadable one counts as holding one,
                // so that its translations are still read).
                guard let bytes = try? FileBytes.read(file, limit: maxFileBytes) else { return (links: [Found](), anyLink: true) }
                return (links: self.found(in: bytes, source: source, path: file.path),
                        anyLink: source == .defaultResources && containsLink(bytes))
            }
            for (i, read) in perFile.enumerated() {
                found += read.links
                if source == .defaultResources, !read.anyLink { defaultsWithoutLinks.insert(files[tier[i]].path) }
            }
        }
        let ordered = found.sorted { ($0.source, $0.location) < ($1.source, $1.location) }
        guard let first = ordered.first else { return nil }
        let evidence = ordered.filter { $0.url == first.url }.prefix(evidenceLimit).map {
            Evidence(location: $0.location, snippet: $0.snippet)
        }
        return Fact(name: factName, value: .string(first.url), source: .detected, evidence: Array(evidence))
    }

    /// `…/res/values-de/strings.xml` → `…/res/values/strings.xml`: the default file a translation translates.
    static func defaultResource(of path: String) -> String {
        // An ASCII path on its bytes: the split and join by `Character` ran for each of a tree's translations.
        let bytes = path.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return defaultResourceByCharacters(of: path) }
        guard let last = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        let folderStart = bytes[..<last].lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        return String(path[..<folderStart]) + "values" + String(path[last...])
    }

    /// `defaultResource(of:)` read by `Character`, for a path that is not ASCII.
    static func defaultResourceByCharacters(of path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return path }
        parts[parts.count - 2] = "values"
        return parts.joined(separator: "/")
    }

    /// Whether the bytes hold an https link of any kind.
    static func containsLink(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { StringSearch.occurs("https://", in: $0) }
    }

    /// How `file` is read, when it is read at all: shipped (not vendored, not a test), small enough, and a
    /// string resource, a plist or code. The name is looked at first: it rules out nearly every file.
    static func source(reading file: ProjectFile) -> Source? {
        guard let source = source(of: file), !file.isVendored, file.size <= maxFileBytes, !isTestPath(file.path) else { return nil }
        return source
    }

    /// The privacy links in one file's bytes.
    static func found(in bytes: [UInt8], source: Source, path: String) -> [Found] {
        urls(in: bytes, keeping: isPolicyURL).map {
            Found(source: source, url: $0.url, location: SourceLocation(path: path, line: $0.line), snippet: $0.snippet)
        }
    }

    static func source(of file: ProjectFile) -> Source? {
        let name = file.fileName
        if name.hasSuffix(".xml") {
            // res/values/strings.xml, res/values-de/constants.xml …
            let parts = PathComponents.last(3, of: file.path)
            guard parts.count == 3, parts[2] == "res", parts[1].hasPrefix("values") else { return nil }
            return parts[1] == "values" ? .defaultResources : .resources
        }
        if name.hasSuffix(".plist") { return .plist }
        for suffix in [".swift", ".kt", ".java", ".m"] where name.hasSuffix(suffix) { return .code }
        return nil
    }

    /// Test, sample and tooling folders are not part of the shipped app.
    /// Whether some component of `path` (empty ones skipped) is such a folder's name; one pass over the path's bytes,
    /// as every candidate file of a tree is asked (a `Substring` per component cost more than the tests).
    static func isTestPath(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                if end > start, isTestFolderName(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return true }
                start = end + 1
            }
            return false
        }
    }

    /// Asked of every component of every candidate file: compared on the bytes, ignoring ASCII case (the names
    /// are ASCII), as lower-casing every component into a new string was a visible cost on trees of thousands
    /// of resource files.
    static func isTestFolderName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        StringSearch.hasSuffixIgnoringASCIICase(bytes, "test") || StringSearch.hasSuffixIgnoringASCIICase(bytes, "tests")
            || testFolderNames.contains { StringSearch.equalsIgnoringASCIICase(bytes, $0) }
    }

    static let testFolderNames: [StaticString] = ["androidtest", "testshared", "fastlane", "sample", "samples", "example", "examples"]

    /// Every `https://…` in the bytes that `keep` accepts, with its 1-based line and the trimmed line it is on.
    /// Each file of a tree passes through here (string resources in every language, every code file): the
    /// links are found by `memchr` to each `:`, and lines are counted only up to a link that is kept.
    static func urls(in bytes: [UInt8], keeping keep: (String) -> Bool = { _ in true }) -> [(url: String, line: Int, snippet: String)] {
        let prefix: [UInt8] = Array("https://".utf8)
        let colon = 5  // the offset of `:` in the prefix
        var results: [(String, Int, String)] = []
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            var line = 1
            var lineStart = 0
            var counted = 0  // newlines are counted in b[..<counted]
            var i = colon
            while i < b.count, let hit = memchr(base + i, Int32(UInt8(ascii: ":")), b.count - i) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                i = at + 1
                let start = at - colon
                guard start + prefix.count <= b.count, (0..<prefix.count).allSatisfy({ b[start + $0] == prefix[$0] }) else { continue }
                var end = start + prefix.count
                while end < b.count, isURLByte(b[end]) { end += 1 }
                i = end + colon
                let url = String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
                guard keep(url) else { continue }
                while counted < start, let newline = memchr(base + counted, 0x0A, start - counted) {
                    line += 1
                    counted = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                    lineStart = counted
                }
                counted = start
                var lineEnd = end
                while lineEnd < b.count, b[lineEnd] != 0x0A { lineEnd += 1 }
                let snippet = String(decoding: UnsafeBufferPointer(rebasing: b[lineStart..<lineEnd]), as: UTF8.self).trimmingWhitespace()
                results.append((url, line, String(snippet.prefix(200))))
            }
        }
        return results
    }

    /// Bytes that may stand in a URL as written in source: not quotes, brackets, spaces or `\`.
    static func isURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21...0x7E:
            return !"\"'<>()[]{}\\`, ".utf8.contains(byte)
        default:
            return byte >= 0x80
        }
    }

    /// A link to a privacy page that is not platform documentation.
    static func isPolicyURL(_ url: String) -> Bool {
        let rest = url.dropFirst("https://".count)
        let host = rest.split(separator: "/", maxSplits: 1).first.map { String($0).lowercased() } ?? ""
        guard !host.isEmpty, host.contains("."), !documentationHosts.contains(host),
              !host.hasPrefix("docs."), !host.hasPrefix("api.") else { return false }
        let lower = url.lowercased()
        guard lower.contains("privacy"), !lower.contains("{") else { return false }
        if host.split(separator: ".").contains(where: { $0.contains("privacy") }) { return true }
        return looksLikePolicyPath(String(lower.dropFirst("https://".count + host.count)))
    }

    /// Path segments of articles, not of a policy page.
    static let articleSegments: Set<String> = ["blog", "blogs", "news", "post", "posts", "article", "articles", "press", "stories", "story", "forum", "forums", "discussions", "issues", "pull"]

    /// A path whose segment naming privacy is short (`privacy`, `privacy-policy`, `app-privacy-policy.html`,
    /// at most four words) and not inside an article (a `/blog/` segment, a year such as `/2023/`).
    static func looksLikePolicyPath(_ path: String) -> Bool {
        let noQuery = path.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map(String.init) ?? ""
        let segments = noQuery.split(separator: "/").map(String.init)
        if segments.contains(where: { articleSegments.contains($0) || ($0.count == 4 && $0.allSatisfy(\.isNumber)) }) { return false }
        guard let segment = segments.last(where: { $0.contains("privacy") }) else {
            // `?page=privacy`: a query that names the page.
            return path.contains("privacy") && !noQuery.contains("privacy")
        }
        let stem = segment.split(separator: ".").first.map(String.init) ?? segment
        let words = stem.split(whereSeparator: { $0 == "-" || $0 == "_" })
        return words.count <= 4
    }
}

private extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
