import Foundation
import StoreLocale

/// Finds who reads each supply-layout tree, from files the walk already listed (no second walk):
///
/// - Google Play: a fastlane `upload_to_play_store` / `supply` call in a Fastfile (its `metadata_path:`,
///   else supply's default `fastlane/metadata/android`), a Supplyfile, a workflow step that runs supply or
///   names the tree (r0adkll/upload-google-play's `whatsNewDirectory:`). A call that skips both metadata
///   and changelogs (`skip_upload_metadata: true`, `skip_upload_changelogs: true`) uploads no text.
/// - F-Droid, when nothing uploads the tree to Play: F-Droid's own `metadata/<applicationId>/` layout, a
///   `src/fdroid/` source set or `fdroid` flavour, a `.fdroid.yml`, or a README that links the app's
///   f-droid.org page. fdroidserver reads `fastlane/metadata/android` and `src/<flavor>/fastlane/...`
///   itself (update.py, insert_localized_app_metadata), so such a tree is F-Droid's.
/// - else unknown: Play's rules then judge it as warnings.
/// A path stated in shipcheck.yml (`paths.play_metadata`, `paths.fdroid_metadata`) wins over all of this.
enum MetadataConsumerDetection {
    /// Bytes read from one Fastfile, workflow, build file or README at most.
    static let maxBytes = 512 << 10
    static let evidenceLimit = 3

    static func assign(_ trees: [MetadataTree], files: [ProjectFile], manifest: Manifest?) -> [MetadataTree] {
        guard !trees.isEmpty else { return trees }
        let signals = Signals(files: files)
        return trees.map { tree in
            var tree = tree
            tree.consumer = consumer(of: tree, signals: signals, manifest: manifest)
            if tree.consumer.store != .play, tree.store != .appstore {
                let senders = signals.noteSenders.filter { $0.matchesExactly(tree.path) }.map(\.evidence)
                tree.consumer.releaseNotesSentToPlay = Array(senders.prefix(evidenceLimit))
            }
            return tree
        }
    }

    static func consumer(of tree: MetadataTree, signals: Signals, manifest: Manifest?) -> MetadataConsumer {
        if let stated = stated(tree, manifest: manifest) { return stated }
        switch tree.store {
        case .appstore:
            // Only deliver reads this layout; when the Fastfile's deliver calls all name other folders, this
            // one is not uploaded (a copy, a template): unknown, and the calls are the evidence.
            let deliver = signals.deliver.filter { $0.matches(tree.path) }.map(\.evidence)
            // The lanes upload builds to TestFlight (pilot) and nothing runs deliver: the tree is not uploaded
            // by them (App Store Connect's text is typed in the console or kept for later).
            if signals.deliver.isEmpty, !signals.deliverMentioned, !signals.pilot.isEmpty {
                return MetadataConsumer(store: nil, evidence: Array(signals.pilot.prefix(evidenceLimit)))
            }
            if deliver.isEmpty, !signals.deliver.isEmpty {
                return MetadataConsumer(store: nil, evidence: Array(signals.deliver.map(\.evidence).prefix(evidenceLimit)))
            }
            return MetadataConsumer(store: .appstore, evidence: deliver.isEmpty
                ? [Evidence(location: SourceLocation(path: tree.path), snippet: "fastlane deliver layout (only deliver reads it)")]
                : Array(deliver.prefix(evidenceLimit)))
        case .fdroid:
            return MetadataConsumer(store: .fdroid, evidence: [Evidence(location: SourceLocation(path: tree.path),
                snippet: "F-Droid metadata layout (name.txt, summary.txt, description.txt)")])
        case .play:
            let play = signals.play.filter { $0.matches(tree.path) }
            // An upload naming this very folder wins; one through a `#{flavor}` wildcard does not claim the
            // fdroid flavour's folder, which F-Droid builds from.
            let exact = play.filter { !$0.isWildcard }
            let isFDroidFlavor = flavor(of: tree.path)?.lowercased() == "fdroid"
            if !exact.isEmpty || (!play.isEmpty && !isFDroidFlavor) {
                let uploads = exact.isEmpty ? play : exact
                // A part is left out only when every upload of the tree leaves it out.
                let skipped = uploads.dropFirst().reduce(uploads[0].skips) { $0.intersection($1.skips) }
                return MetadataConsumer(store: .play, evidence: Array(uploads.map(\.evidence).prefix(evidenceLimit)), skipped: skipped)
            }
            var fdroid = signals.fdroid
            if isFDroidFlavor {
                fdroid.insert(Evidence(location: SourceLocation(path: tree.path), snippet: "the fdroid flavour's metadata"), at: 0)
            }
            if !fdroid.isEmpty { return MetadataConsumer(store: .fdroid, evidence: Array(fdroid.prefix(evidenceLimit))) }
            // Uploads of other folders, if any, say why this one is not known to ship.
            return MetadataConsumer(store: nil, evidence: Array(signals.play.map(\.evidence).prefix(evidenceLimit)))
        }
    }

    static func stated(_ tree: MetadataTree, manifest: Manifest?) -> MetadataConsumer? {
        guard let manifest else { return nil }
        let lists: [(String, [String], Store)] = [("appstore_metadata", manifest.paths.appstoreMetadata, .appstore),
                                                   ("play_metadata", manifest.paths.playMetadata, .play),
                                                   ("fdroid_metadata", manifest.paths.fdroidMetadata, .fdroid)]
        for (key, paths, store) in lists where paths.map(MetadataDiscovery.normalized).contains(tree.path) {
            let location = manifest.locations["paths.\(key)"] ?? SourceLocation(path: manifest.file)
            return MetadataConsumer(store: store, evidence: [Evidence(location: location, snippet: "paths.\(key): \(tree.path.isEmpty ? "." : tree.path)")],
                                    stated: true)
        }
        return nil
    }

    /// `generic` for `app/src/generic/fastlane/metadata/android`.
    static func flavor(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard let src = parts.firstIndex(of: "src"), src + 1 < parts.count else { return nil }
        return String(parts[src + 1])
    }

    /// An upload that names (or defaults to) a metadata folder; `pattern` components may be `*`
    /// (a `#{flavor}` interpolation in a Fastfile).
    struct Upload {
        /// The folder the upload reads, as each place it may be relative to gives it (any one matching counts).
        let patterns: [[Substring]]
        let evidence: Evidence
        /// What the call leaves out: `metadata` (listing text), `changelogs`, `images`, `screenshots` (supply's
        /// `skip_upload_*` options).
        var skips: Set<String> = []

        var isWildcard: Bool { patterns.contains { $0.contains("*") } }

        /// The tree itself, not a folder inside it (a release-note sender names the tree its notes are in).
        func matchesExactly(_ treePath: String) -> Bool {
            let tree = treePath.split(separator: "/")
            return patterns.contains { pattern in
                pattern.count == tree.count && !zip(pattern, tree).contains { $0 != "*" && $0 != $1 }
            }
        }

        func matches(_ treePath: String) -> Bool {
            let tree = treePath.split(separator: "/")
            return patterns.contains { pattern in
                // The tree itself, or a folder inside it (a release-notes folder).
                guard pattern.count >= tree.count else { return false }
                for (a, b) in zip(pattern, tree) where a != "*" && a != b { return false }
                return true
            }
        }
    }

    /// What the project's Fastfiles, workflows, build files and READMEs say, read once for all trees.
    struct Signals {
        var play: [Upload] = []
        var deliver: [Upload] = []
        var fdroid: [Evidence] = []
        /// Workflows, scripts and Gradle files that copy a tree's release notes into what goes to Play; each
        /// pattern is the tree the copied note is in.
        var noteSenders: [Upload] = []
        /// `upload_to_testflight` / `pilot` calls of the Fastfiles: a build upload that sends no metadata.
        var pilot: [Evidence] = []
        /// A workflow or script step names deliver (`fastlane deliver`, `upload_to_app_store`).
        var deliverMentioned = false

        init(files: [ProjectFile]) {
            for file in files where !file.isVendored {
                let name = file.fileName
                // The path is split only where a test needs its folders: this loop sees every file of the tree.
                // A release-job file (workflow, Fastfile, Gradle, script) is read once, for the note senders and
                // for the reader below that needs it.
                let releaseJob = ReleaseNoteSenders.mayRead(file) ? Self.releaseJobLines(file) : nil
                if let releaseJob { noteSenders += ReleaseNoteSenders.read(file, lines: releaseJob) }
                if name == "Fastfile" || name == "Supplyfile" || name == "Deliverfile" {
                    readFastlane(file, lines: releaseJob ?? Self.lines(file))
                } else if file.path.hasPrefix(".github/workflows/"), name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
                    readWorkflow(file, lines: releaseJob ?? Self.lines(file))
                } else if name == ".fdroid.yml" || name == ".fdroid.yaml" {
                    fdroid.append(Evidence(location: SourceLocation(path: file.path), snippet: "F-Droid build metadata (\(name))"))
                } else if file.path.contains("/fdroid/"), case let parts = file.path.split(separator: "/"),
                          let src = parts.firstIndex(of: "src"), src + 2 < parts.count, parts[src + 1] == "fdroid" {
                    if !fdroid.contains(where: { $0.snippet == "src/fdroid/ source set" }) {
                        fdroid.append(Evidence(location: SourceLocation(path: parts[...(src + 1)].joined(separator: "/")), snippet: "src/fdroid/ source set"))
                    }
                } else if name.utf8.first.map({ $0 | 0x20 == UInt8(ascii: "r") }) == true, name.lowercased().hasPrefix("readme"),
                          file.path.utf8.lazy.filter({ $0 == UInt8(ascii: "/") }).count <= 1 {
                    // (The name's first letter first: counting slashes in every path of the tree was a visible cost.)
                    // The app's F-Droid page: f-droid.org/packages/<id> (or the old repository/browse/?fdid=<id>).
                    let link = Self.firstLine(file) { line in
                        let lower = line.lowercased()
                        return lower.contains("f-droid.org/") && (lower.contains("packages/") || lower.contains("fdid="))
                    }
                    if let (number, line) = link {
                        fdroid.append(Evidence(location: SourceLocation(path: file.path, line: number), snippet: clip(line)))
                    }
                } else if name == "build.gradle" || name == "build.gradle.kts" {
                    let flavour = (releaseJob ?? Self.lines(file)).first { _, line in
                        // Only lines that name the flavour are trimmed (Foundation's trimming on every line of every
                        // Gradle file cost more than the test).
                        guard line.contains("fdroid") else { return false }
                        let code = line.trimmingBlanks()
                        return code.hasPrefix("fdroid {") || code.hasPrefix("fdroid{") || code.contains("create(\"fdroid\")")
                    }
                    if let (number, line) = flavour {
                        fdroid.append(Evidence(location: SourceLocation(path: file.path, line: number), snippet: clip(line)))
                    }
                }
            }
            fdroid.sort()
        }

        /// `upload_to_play_store(...)` / `supply(...)` / `deliver(...)` calls, each read to its closing parenthesis.
        mutating func readFastlane(_ file: ProjectFile, lines: [(Int, String)]) {
            // Paths in a Fastfile are relative to the folder fastlane runs in, the parent of `fastlane/`; teams
            // also write them relative to `fastlane/` itself (owncloud: `metadata_path: "./metadata-emm"`), so both count.
            let parts = file.path.split(separator: "/").dropLast()
            let runFolder = parts.last == "fastlane" ? Array(parts.dropLast()) : Array(parts)
            let alternative = parts.last == "fastlane" ? Array(parts) : nil
            if file.fileName == "Supplyfile" {
                let path = lines.lazy.compactMap { Self.option("metadata_path", in: $0.1) }.first
                play.append(Self.upload(path ?? "fastlane/metadata/android", runFolder: runFolder, alternative: path == nil ? nil : alternative,
                                        evidence: Evidence(location: SourceLocation(path: file.path), snippet: "Supplyfile")))
                return
            }
            var index = 0
            while index < lines.count {
                let (number, line) = lines[index]
                let code = line.trimmingBlanks()
                index += 1
                if code.hasPrefix("#") { continue }
                let isPlay = Self.calls(code, "upload_to_play_store") || Self.calls(code, "supply")
                let isDeliver = Self.calls(code, "upload_to_app_store") || Self.calls(code, "deliver")
                if Self.calls(code, "upload_to_testflight") || Self.calls(code, "pilot") {
                    pilot.append(Evidence(location: SourceLocation(path: file.path, line: number),
                                          snippet: "\(clip(code)) (TestFlight only: pilot uploads the build, not the metadata; no lane runs deliver)"))
                }
                guard isPlay || isDeliver else { continue }
                // The call's text: this line and the following ones until its parentheses close (at most 40 lines).
                var text = code
                var depth = code.filter { $0 == "(" }.count - code.filter { $0 == ")" }.count
                var end = index
                while depth > 0, end < lines.count, end < index + 40 {
                    let next = lines[end].1
                    depth += next.filter { $0 == "(" }.count - next.filter { $0 == ")" }.count
                    text += "\n" + next
                    end += 1
                }
                let skips = Set(MetadataTree.uploadParts.filter { Self.flag("skip_upload_\($0)", in: text) })
                // A call that sends no part of the tree (a binary-only upload) does not read it.
                if isPlay, skips.count == MetadataTree.uploadParts.count { continue }
                // deliver's `skip_metadata: true` (a screenshots-only upload) sends no text.
                if isDeliver, Self.flag("skip_metadata", in: text) { continue }
                let evidence = Evidence(location: SourceLocation(path: file.path, line: number), snippet: clip(code))
                let path = Self.option("metadata_path", in: text)
                let other = path == nil ? nil : alternative
                if isPlay {
                    var upload = Self.upload(path ?? "fastlane/metadata/android", runFolder: runFolder, alternative: other, evidence: evidence)
                    upload.skips = skips
                    play.append(upload)
                } else {
                    deliver.append(Self.upload(path ?? "fastlane/metadata", runFolder: runFolder, alternative: other, evidence: evidence))
                }
            }
        }

        /// Steps that upload to Play: r0adkll/upload-google-play's `whatsNewDirectory:` (a folder of release
        /// notes), and `fastlane supply` / `upload_to_play_store` run from the repository root.
        mutating func readWorkflow(_ file: ProjectFile, lines: [(Int, String)]) {
            for (number, line) in lines {
                let code = line.trimmingBlanks()
                if code.hasPrefix("#") { continue }
                var evidence: Evidence { Evidence(location: SourceLocation(path: file.path, line: number), snippet: clip(code)) }
                if code.contains("deliver") || code.contains("upload_to_app_store") { deliverMentioned = true }
                if code.hasPrefix("whatsNewDirectory:") {
                    let value = Self.unquoted(String(code.dropFirst("whatsNewDirectory:".count)))
                    play.append(Self.upload(value, runFolder: [], evidence: evidence))
                } else if code.contains("fastlane supply") || code.contains("upload_to_play_store") {
                    play.append(Self.upload(Self.option("metadata_path", in: code) ?? "fastlane/metadata/android", runFolder: [], evidence: evidence))
                }
            }
        }

        static func upload(_ path: String, runFolder: [Substring], alternative: [Substring]? = nil, evidence: Evidence) -> Upload {
            var parts = path.split(separator: "/").filter { $0 != "." && !$0.isEmpty }
            parts = parts.map { $0.contains("#{") || $0.contains("${") || $0.contains("$") ? "*" : $0 }
            return Upload(patterns: [runFolder + parts] + (alternative.map { [$0 + parts] } ?? []), evidence: evidence)
        }

        /// `name(`, `name ` or `name` alone as a Ruby call (not `supply_foo`, `:supply` or `deliver = true`).
        static func calls(_ code: String, _ name: String) -> Bool {
            guard code.hasPrefix(name) else { return false }
            let rest = code.dropFirst(name.count)
            guard let next = rest.first else { return true }
            if next == "(" { return true }
            let after = rest.drop { $0 == " " }
            return next == " " && !(after.hasPrefix("=") && !after.hasPrefix("=>")) && !after.hasPrefix("+=") && !after.hasPrefix("||=")
        }

        /// The quoted value of `key: "…"` (or `key => "…"`) in a call's text.
        static func option(_ key: String, in text: String) -> String? {
            guard let range = text.range(of: key) else { return nil }
            var rest = text[range.upperBound...].drop { $0 == " " || $0 == ":" || $0 == "=" || $0 == ">" }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: quote) else { return nil }
            let value = String(rest[..<close])
            return value.isEmpty ? nil : value
        }

        static func flag(_ key: String, in text: String) -> Bool {
            guard let range = text.range(of: key) else { return false }
            return text[range.upperBound...].drop { $0 == " " || $0 == ":" || $0 == "=" || $0 == ">" }.hasPrefix("true")
        }

        static func unquoted(_ value: String) -> String {
            var text = value.trimmingBlanks()
            if let hash = text.range(of: " #") { text = String(text[..<hash.lowerBound]) }
            return text.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        }

        static func lines(_ file: ProjectFile) -> [(Int, String)] {
            guard let bytes = try? FileBytes.read(file, limit: maxBytes) else { return [] }
            return numbered(String(decoding: bytes, as: UTF8.self))
        }

        static func numbered(_ text: String) -> [(Int, String)] {
            text.lineSlices().enumerated().map { ($0.offset + 1, String($0.element)) }
        }

        /// A release-job file's lines; none for a Gradle file that names neither a Play release-note marker nor
        /// `fdroid`, the only things its two readers look for (most of a large Android tree's build files).
        static func releaseJobLines(_ file: ProjectFile) -> [(Int, String)] {
            guard let bytes = try? FileBytes.read(file, limit: maxBytes) else { return [] }
            let text = String(decoding: bytes, as: UTF8.self)
            let name = file.fileName
            if name.hasSuffix(".gradle") || name.hasSuffix(".gradle.kts"), !text.contains("fdroid"),
               !ReleaseNoteSenders.namesPlayMarker(text) {
                return []
            }
            return numbered(text)
        }

        static func firstLine(_ file: ProjectFile, where matches: (String) -> Bool) -> (Int, String)? {
            lines(file).first { matches($0.1) }
        }
    }

    static func clip(_ text: String) -> String {
        let trimmed = text.trimmingBlanks()
        return trimmed.count <= 120 ? trimmed : String(trimmed.prefix(120)) + "…"
    }
}
