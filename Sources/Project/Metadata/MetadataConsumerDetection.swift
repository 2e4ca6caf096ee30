import Foundation
import StoreLocale
import Support
import Formats

/// Finds who reads each supply-layout tree, from files the walk already listed (no second walk):
///
/// - Google Play: a fastlane `upload_to_play_store` / `supply` call in a Fastfile (its `metadata_path:`,
///   else supply's default `fastlane/metadata/android`), a Supplyfile, a workflow step that runs supply or
///   names the tree (r0adkll/upload-google-play's `whatsNewDirectory:`). A call that skips both metadata
///   and changelogs (`skip_upload_metadata: true`, `skip_upload_changelogs: true`) uploads no text; one that
///   skips every part sends builds at most (the Play side of pilot): a tree nothing else uploads is then passed by.
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
        return assign(trees, signals: Signals(files: files), manifest: manifest)
    }

    static func assign(_ trees: [MetadataTree], signals: Signals, manifest: Manifest?) -> [MetadataTree] {
        guard !trees.isEmpty else { return trees }
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
            let uploads = signals.deliver.filter { $0.matches(tree.path) }
            // The lanes upload builds to TestFlight (pilot) and nothing runs deliver: the tree is not uploaded
            // by them (App Store Connect's text is typed in the console or kept for later).
            if signals.deliver.isEmpty, signals.unresolvedDeliver.isEmpty, !signals.deliverMentioned, !signals.pilot.isEmpty {
                return MetadataConsumer(store: nil, evidence: Array(signals.pilot.prefix(evidenceLimit)))
            }
            if uploads.isEmpty, !signals.deliver.isEmpty || !signals.unresolvedDeliver.isEmpty {
                return MetadataConsumer(store: nil, evidence: Array(signals.deliver.map(\.evidence).prefix(evidenceLimit)),
                                        unresolvedUploads: Array(signals.unresolvedDeliver.prefix(evidenceLimit)))
            }
            if uploads.isEmpty {
                return MetadataConsumer(store: .appstore, evidence: [Evidence(location: SourceLocation(path: tree.path), snippet: "fastlane deliver layout (only deliver reads it)")])
            }
            return uploaded(tree, by: uploads, store: .appstore)
        case .fdroid:
            return MetadataConsumer(store: .fdroid, evidence: [Evidence(location: SourceLocation(path: tree.path),
                snippet: "F-Droid metadata layout (name.txt, summary.txt, description.txt)")])
        case .play:
            let play = signals.play.filter { $0.matches(tree.path) }
            // An upload naming this very folder wins; one through a `#{flavor}` wildcard does not claim the
            // fdroid flavour's folder, which F-Droid builds from.
            let exact = play.filter { !$0.isWildcard }
            let isFDroidFlavor = flavor(of: tree.path)?.lowercased() == "fdroid"
            var fdroid = signals.fdroid
            if isFDroidFlavor {
                fdroid.insert(Evidence(location: SourceLocation(path: tree.path), snippet: "the fdroid flavour's metadata"), at: 0)
            }
            // fdroidserver reads the app's own `metadata/<locale>/` (update.py, insert_localized_app_metadata).
            if tree.path == "metadata" {
                fdroid.insert(Evidence(location: SourceLocation(path: tree.path),
                                       snippet: "metadata/<locale>/ in the app's source: fdroidserver reads it (update.py, insert_localized_app_metadata)"), at: 0)
            }
            if !exact.isEmpty || (!play.isEmpty && !isFDroidFlavor) {
                var consumer = uploaded(tree, by: exact.isEmpty ? play : exact, store: .play)
                // F-Droid builds from the same folder when it is one fdroidserver reads and the app is on F-Droid.
                if !fdroid.isEmpty, readByFDroid(tree.path) { consumer.alsoReadBy[.fdroid] = Array(fdroid.prefix(evidenceLimit)) }
                return consumer
            }
            if !fdroid.isEmpty {
                return MetadataConsumer(store: .fdroid, evidence: Array(fdroid.prefix(evidenceLimit)),
                                        unresolvedUploads: Array(signals.unresolvedPlay.prefix(evidenceLimit)))
            }
            // Uploads of other folders, or Play uploads that send no listing (the Play side of pilot), say why this
            // one is not known to ship: its findings are then notes (docs/severity.md).
            return MetadataConsumer(store: nil, evidence: Array((signals.play.map(\.evidence) + signals.playBuildsOnly).prefix(evidenceLimit)),
                                    unresolvedUploads: Array(signals.unresolvedPlay.prefix(evidenceLimit)))
        }
    }

    /// A Gradle Play Publisher folder is Play's when a build file applies the plugin: its own module's, or one above
    /// it (a root's `subprojects { }`). GPP reads only the `src/<sourceSet>/play` of modules it is applied to, so
    /// the folder of a module whose build file applies it nowhere above is nobody's (mullvadvpn-app's android/src/main/play,
    /// beside the app module that applies it). A folder with no build file of its own falls to any module applying it.
    /// Nobody known to upload it: Play's rules judge it as "if uploaded".
    static func playPublisherConsumer(of path: String, signals: Signals) -> MetadataConsumer {
        let module = path.components(separatedBy: "/src/").first ?? ""
        let own = signals.playPublisher.filter { $0.module == module }
        let above = signals.playPublisher.filter { $0.module.isEmpty || TreePath.isInside(module, $0.module) }
        let candidates = !own.isEmpty ? own : signals.gradleModules.contains(module) ? above : signals.playPublisher
        guard let applied = candidates.first else {
            return MetadataConsumer(store: nil, evidence: [])
        }
        // Publishing turned off for the module, or for the variant whose source set this is (`free`, `freeRelease`).
        let disabled = signals.playPublisherDisabled[applied.module] ?? [:]
        let sourceSet = flavor(of: path) ?? "main"
        let variant = sourceSet.hasSuffix("Release") ? String(sourceSet.dropLast("Release".count)) : sourceSet
        if let off = disabled[sourceSet] ?? disabled[variant] {
            return MetadataConsumer(store: nil, evidence: [off])
        }
        // Off for the module, but a variant whose source sets include this one turned back on: it publishes this folder.
        var reenabled: (variant: String, evidence: Evidence)?
        if let off = disabled[""] {
            let enabled = (signals.playPublisherEnabled[applied.module] ?? [:]).sorted { $0.key < $1.key }
            guard let (name, evidence) = enabled.first(where: { readsSourceSet(variant: $0.key, sourceSet: sourceSet) }) else {
                return MetadataConsumer(store: nil, evidence: [off])
            }
            reenabled = (name, evidence)
        }
        let track = playPublisherTrack(of: path, signals: signals) ?? "internal"
        let through = reenabled.map { " for \($0.variant) (\($0.evidence.location))" } ?? ""
        return MetadataConsumer(store: .play, evidence: [applied.evidence] + (reenabled.map { [$0.evidence] } ?? []),
                                uploadChains: ["\(path) ← Gradle Play Publisher (\(applied.evidence.location))\(through), track \(track)"])
    }

    /// Whether a variant (or the flavor or build type a playConfigs entry names) builds from a source set: `main`
    /// always; another when its name is one of the camel-case parts of the variant's name, or a run of them
    /// (`playProdRelease` reads `play`, `prod`, `release`, `playProd`, `playProdRelease`).
    static func readsSourceSet(variant: String, sourceSet: String) -> Bool {
        if sourceSet == "main" { return true }
        var parts: [String] = []
        for character in variant {
            if character.isUppercase || parts.isEmpty { parts.append(String(character).lowercased()) } else { parts[parts.count - 1].append(character) }
        }
        let wanted = sourceSet.lowercased()
        for start in parts.indices {
            var run = ""
            for part in parts[start...] {
                run += part
                if run == wanted { return true }
                if run.count >= wanted.count { break }
            }
        }
        return false
    }

    static func playPublisherTrack(of path: String, signals: Signals) -> String? {
        let module = path.components(separatedBy: "/src/").first ?? ""
        return signals.playPublisherTrack[module] ?? (signals.playPublisherTrack.count == 1 ? signals.playPublisherTrack.values.first : nil)
    }

    /// Folders fdroidserver reads from the app's source: `fastlane/metadata/android`, `<module>/src/<flavour>/fastlane/metadata/android`
    /// (and the same at the root), and `metadata/<locale>/` (update.py, insert_localized_app_metadata).
    static func readByFDroid(_ path: String) -> Bool {
        path == "metadata" || path == "fastlane/metadata/android" || path.hasSuffix("/fastlane/metadata/android")
    }

    /// The consumer of a tree these uploads read: the store, the evidence (each call and its chain), the parts
    /// every upload skips, and what release jobs do to the tree before they upload it.
    static func uploaded(_ tree: MetadataTree, by uploads: [Upload], store: Store) -> MetadataConsumer {
        // A part is left out only when every upload of the tree leaves it out.
        let skipped = uploads.dropFirst().reduce(uploads[0].skips) { $0.intersection($1.skips) }
        var evidence: [Evidence] = []
        for upload in uploads where evidence.count < evidenceLimit {
            if !evidence.contains(upload.evidence) { evidence.append(upload.evidence) }
        }
        for upload in uploads { for link in upload.chain where evidence.count < evidenceLimit + 2 && !evidence.contains(link) { evidence.append(link) } }
        // What each job that uploads the tree does to it first; a developer's run by hand sends the whole tree.
        var remaining: Set<String>? = Set()
        var changed: [Evidence] = []
        let locales = Set(tree.folders.map(\.name))
        for upload in uploads {
            guard let run = upload.run, !run.earlierCommands.isEmpty else { remaining = nil; continue }
            let edits = TreeEdits.replay(run.earlierCommands, trees: [tree.path: locales], from: run.workingDirectory)[tree.path]
            guard let edits else { remaining = nil; continue }
            changed += edits.unreplayed
            if edits.unreplayed.isEmpty { remaining?.formUnion(edits.remaining) } else { remaining = nil }
        }
        var chains: [String] = []
        for upload in uploads.prefix(evidenceLimit) {
            var links = ["\(upload.description) (\(upload.evidence.location))"]
            links += upload.chain.map { "\($0.snippet) (\($0.location))" }
            let parts = MetadataTree.uploadParts.filter { !upload.skips.contains($0) }
            chains.append(([tree.path.isEmpty ? "." : tree.path] + links).joined(separator: " ← ")
                          + (upload.skips.isEmpty ? "" : ": \(parts.isEmpty ? "nothing" : parts.joined(separator: ", ")) only"))
        }
        return MetadataConsumer(store: store, evidence: evidence, skipped: skipped,
                                uploadedLocales: changed.isEmpty ? remaining : nil, changedBeforeUpload: Array(changed.prefix(evidenceLimit)),
                                uploadChains: chains)
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
        /// Where the folder and the skips came from after the call itself: the run, its environment, the Supplyfile.
        var chain: [Evidence] = []
        /// `upload_to_play_store in lane deploy`, as the facts' chain names the upload.
        var description: String = ""
        /// The run of fastlane this upload is resolved for (nil: a developer's run by hand).
        var run: FastlaneRun?
        var runFolder: [Substring] = []

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
        /// supply runs that skip every part of the listing (metadata, changelogs, images, screenshots): Play uploads
        /// the team runs that send builds at most, the Play side of `pilot`.
        var playBuildsOnly: [Evidence] = []
        /// A workflow or script step names deliver (`fastlane deliver`, `upload_to_app_store`).
        var deliverMentioned = false
        /// Uploads whose folder could not be resolved without running fastlane: the call, and why.
        var unresolvedPlay: [Evidence] = []
        var unresolvedDeliver: [Evidence] = []
        /// Folders named by an upload, which are metadata trees whatever their name (`meta/android`).
        var namedFolders: [(path: String, store: Store)] = []
        /// Gradle files that apply Gradle Play Publisher (`com.github.triplet.play`), by module folder.
        var playPublisher: [(module: String, evidence: Evidence)] = []
        /// The folders holding a Gradle build file (the modules and the root project).
        var gradleModules: Set<String> = []
        /// `play { track.set("beta") }` by module folder.
        var playPublisherTrack: [String: String] = [:]
        /// `play { enabled.set(false) }` by module folder (key ""), and `playConfigs { register("free") { enabled.set(false) } }`
        /// by module and variant: GPP's tasks for them do nothing (GPP README, "Disabling publishing").
        var playPublisherDisabled: [String: [String: Evidence]] = [:]
        /// `playConfigs { register("playProdRelease") { enabled = !appVersion.isDev } }` by module and variant: an
        /// `enabled` that is not `false` turns publishing back on for that variant under a module-wide `enabled = false`
        /// (GPP merges a variant's playConfigs entry over the `play { }` extension; mullvadvpn's shape).
        var playPublisherEnabled: [String: [String: Evidence]] = [:]
        /// r0adkll/upload-google-play's `whatsNewDirectory:` folders, from the repository root.
        var whatsNewFolders: [(path: String, evidence: Evidence)] = []

        init(files: [ProjectFile], gradleFiles: GradleFilesPart = GradleFilesPart()) {
            var sources = UploadResolution.Sources()
            // Shell scripts, read when a workflow step runs one (then as part of that step) or on their own after.
            var shellScripts: [String: ProjectFile] = [:]
            for file in files where !file.isVendored && file.fileName.hasSuffix(".sh") && file.size <= maxBytes { shellScripts[file.path] = file }
            let scripts: FastlaneRuns.Scripts = { path in shellScripts[path].map(Self.lines) }
            var followed: Set<String> = []
            var standalone: [(String, [(Int, String)])] = []
            // The walk lists a folder's files together: its path is made and inserted once for them.
            var previousFolder: String?
            for file in files where !file.isVendored {
                let name = file.fileName
                // The path is split only where a test needs its folders: this loop sees every file of the tree.
                // A release-job file (workflow, Fastfile, Gradle, script) is read once, for the note senders and
                // for the reader below that needs it.
                let read = ReleaseNoteSenders.mayRead(file) ? Self.releaseJobLines(file, shared: gradleFiles) : nil
                let releaseJob = read?.lines
                if let read { noteSenders += ReleaseNoteSenders.read(file, lines: read.lines, namesPlayMarker: read.namesPlayMarker) }
                if let slash = file.path.utf8.lastIndex(of: UInt8(ascii: "/")) {
                    let folder = file.path[..<slash]
                    if previousFolder.map({ $0.utf8.count != folder.utf8.count || !folder.hasPrefix($0) }) ?? true {
                        let made = String(folder)
                        sources.folders.insert(made)
                        previousFolder = made
                    }
                }
                if name == "Fastfile" {
                    sources.fastfiles.append(FastfileModel(path: file.path, lines: releaseJob ?? Self.lines(file)))
                } else if name == "Supplyfile" || name == "Deliverfile" {
                    let folder = file.path.split(separator: "/").dropLast().joined(separator: "/")
                    sources.configs[folder, default: []].append(ActionConfigFile(path: file.path, action: name == "Supplyfile" ? .supply : .deliver,
                                                                                 lines: Self.lines(file)))
                } else if name.hasPrefix(".env"), file.size <= maxBytes {
                    let folder = file.path.split(separator: "/").dropLast().joined(separator: "/")
                    sources.dotenv[folder, default: [:]][String(name)] = DotenvFile.parse(Self.lines(file), path: file.path)
                } else if file.path.hasPrefix(".github/workflows/"), name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
                    let lines = releaseJob ?? Self.lines(file)
                    readWorkflow(file, lines: lines)
                    if lines.contains(where: { $0.1.contains("fastlane") || $0.1.contains(".sh") }) {
                        sources.runs += FastlaneRuns.workflow(file.path, text: lines.map(\.1).joined(separator: "\n"), lines: lines,
                                                              scripts: scripts, followed: &followed)
                    }
                } else if name.hasSuffix(".sh"), let lines = releaseJob, lines.contains(where: { $0.1.contains("fastlane ") }) {
                    standalone.append((file.path, lines))
                } else if name == ".fdroid.yml" || name == ".fdroid.yaml" {
                    fdroid.append(Evidence(location: SourceLocation(path: file.path), snippet: "F-Droid build metadata (\(name))"))
                } else if file.path.contains("/fdroid/"), case let parts = file.path.split(separator: "/"),
                          let src = parts.firstIndex(of: "src"), src + 2 < parts.count, parts[src + 1] == "fdroid" {
                    if !fdroid.contains(where: { $0.snippet == "src/fdroid/ source set" }) {
                        fdroid.append(Evidence(location: SourceLocation(path: parts[...(src + 1)].joined(separator: "/")), snippet: "src/fdroid/ source set"))
                    }
                } else if name.utf8.first.map({ $0 | 0x20 == UInt8(ascii: "r") }) == true, AndroidStoreEvidence.isReadmeText(name),
                          file.path.utf8.lazy.filter({ $0 == UInt8(ascii: "/") }).count <= 1 {
                    // (The name's first letter first: counting slashes in every path of the tree was a visible cost.)
                    // The app's F-Droid page: f-droid.org/packages/<id>, or an older form that still redirects there:
                    // f-droid.org/app/<id> (libretorrent's badge) or repository/browse/?fdid=<id>.
                    let link = Self.firstLine(file) { line in
                        let lower = line.lowercased()
                        return lower.contains("f-droid.org/")
                            && (lower.contains("packages/") || lower.contains("f-droid.org/app/") || lower.contains("fdid="))
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
                    readPlayPublisher(file, lines: releaseJob ?? [])
                    gradleModules.insert(file.path.split(separator: "/").dropLast().joined(separator: "/"))
                }
            }
            // A script no workflow step runs is a developer's: run from the root with no environment of its own.
            for (path, lines) in standalone where !followed.contains(path) { sources.runs += FastlaneRuns.script(path, lines: lines) }
            fdroid.sort()
            for fastfile in sources.fastfiles { pilot += fastfile.pilot }
            readUploads(UploadResolution.resolve(sources))
        }

        /// The resolved uploads as the folders they read: a call that sends no part of the tree (a binary-only
        /// upload, deliver's `skip_metadata`) reads none; one whose folder is not known is kept as unresolved.
        mutating func readUploads(_ resolved: [UploadResolution.Resolved]) {
            for upload in resolved {
                if upload.action == .supply, upload.skips.count == MetadataTree.uploadParts.count {
                    playBuildsOnly.append(Evidence(location: upload.evidence.location,
                                                   snippet: "\(upload.description), skipping metadata, changelogs, images and screenshots: sends no listing"))
                    continue
                }
                if upload.action == .deliver, upload.skipsAllText { continue }
                guard let path = upload.path else {
                    let evidence = Evidence(location: upload.evidence.location, snippet: "\(upload.description): \(upload.unresolved ?? "folder unknown")")
                    if upload.action == .supply { unresolvedPlay.append(evidence) } else { unresolvedDeliver.append(evidence) }
                    // A folder an `.env.<name>` file gives the variable is one this upload may send: it is a tree
                    // whatever its name (judged "if uploaded", as the upload stays unresolved).
                    for candidate in upload.candidates where !candidate.path.hasPrefix("/") {
                        let made = Self.upload(candidate.path, runFolder: upload.runFolder, evidence: candidate.evidence)
                        if !made.isWildcard, let pattern = made.patterns.first {
                            namedFolders.append((pattern.joined(separator: "/"), upload.action == .supply ? .play : .appstore))
                        }
                    }
                    continue
                }
                let folder = upload.runFolder
                // Teams also write paths relative to `fastlane/` itself (owncloud: `metadata_path: "./metadata-emm"`).
                let alternative: [Substring]? = folder + ["fastlane"]
                var made = Self.upload(path, runFolder: folder, alternative: isDefault(path, upload.action) ? nil : alternative, evidence: upload.evidence)
                made.skips = upload.skips
                made.chain = upload.chain
                made.description = upload.description
                made.run = upload.run
                made.runFolder = folder
                if upload.action == .supply { play.append(made) } else { deliver.append(made) }
                if !made.isWildcard, let pattern = made.patterns.first, !isDefault(path, upload.action) {
                    namedFolders.append((pattern.joined(separator: "/"), upload.action == .supply ? .play : .appstore))
                    if let other = made.patterns.dropFirst().first { namedFolders.append((other.joined(separator: "/"), upload.action == .supply ? .play : .appstore)) }
                }
            }
        }

        func isDefault(_ path: String, _ action: FastfileModel.Action) -> Bool {
            action == .supply ? path == "fastlane/metadata/android" || path == "metadata" : path == "fastlane/metadata"
        }

        /// Gradle Play Publisher applied by a module's build file (the plugin id, a version-catalog alias naming
        /// it, or its `serviceAccountCredentials` setting), and the track its `play { }` block publishes to.
        mutating func readPlayPublisher(_ file: ProjectFile, lines: [(Int, String)]) {
            let module = file.path.split(separator: "/").dropLast().joined(separator: "/")
            // The blocks open at each line: `play`, `playConfigs`, a variant inside playConfigs, or anything else.
            var blocks: [String] = []
            for (number, line) in lines {
                let code = line.trimmingBlanks()
                if code.hasPrefix("//") { continue }
                readEnabled(code, number: number, blocks: blocks, module: module, file: file)
                let opens = code.filter { $0 == "{" }.count, closes = code.filter { $0 == "}" }.count
                // A variant configured on one line (`register("playProdRelease") { enabled = appVersion.isAlpha }`).
                if opens == closes, blocks.last == "playConfigs", let brace = code.firstIndex(of: "{"),
                   let variant = Self.variantName(String(code[..<brace])) {
                    let body = code[code.index(after: brace)...].prefix { $0 != "}" }.trimmingBlanks()
                    readEnabled(body, number: number, blocks: blocks + [variant], module: module, file: file)
                }
                if opens > closes {
                    var label = "other"
                    if code.hasPrefix("play {") || code.hasPrefix("play{") { label = "play" }
                    else if code.hasPrefix("playConfigs") { label = "playConfigs" }
                    else if blocks.last == "playConfigs" {
                        if let variant = Self.variantName(code) {
                            label = variant
                        } else {
                            let word = code.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                            if !word.isEmpty { label = String(word) }
                        }
                    }
                    for _ in 0..<(opens - closes) { blocks.append(label) }
                } else if closes > opens {
                    blocks.removeLast(min(blocks.count, closes - opens))
                }
                // `alias(libs.plugins.play.publisher) apply false` in a root build declares GPP for the modules: the
                // root's own src/main/play is read by nobody (mullvadvpn-app keeps notes there for its own scripts).
                if code.contains("triplet") || code.contains("play.publisher") || code.contains("serviceAccountCredentials"),
                   !GradleScript.declaresWithoutApplying(code) {
                    if !playPublisher.contains(where: { $0.module == module }) {
                        playPublisher.append((module, Evidence(location: SourceLocation(path: file.path, line: number),
                                                               snippet: "Gradle Play Publisher: \(clip(code))")))
                    }
                }
                if code.hasPrefix("track"), playPublisherTrack[module] == nil,
                   case let quoted = code.split(whereSeparator: { $0 == "\"" || $0 == "'" }), quoted.count >= 2,
                   code.hasPrefix("track.set(") || code.hasPrefix("track =") || code.hasPrefix("track(") || code.hasPrefix("track ") {
                    playPublisherTrack[module] = String(quoted[1])
                }
            }
        }

        /// `enabled` set inside `play { }` (the module) or a playConfigs variant: `false` turns publishing off there;
        /// anything else (`true`, `!appVersion.isDev`) inside a variant turns it back on for that variant.
        mutating func readEnabled(_ code: String, number: Int, blocks: [String], module: String, file: ProjectFile) {
            guard code.hasPrefix("enabled.set(") || code.hasPrefix("enabled =") || code.hasPrefix("enabled(") || code.hasPrefix("enabled "),
                  let play = blocks.lastIndex(where: { $0 == "play" || $0 == "playConfigs" }) else { return }
            var rest = code.dropFirst("enabled".count)
            if rest.hasPrefix(".set") { rest = rest.dropFirst(4) }
            let value = String(rest.drop { $0 == " " || $0 == "=" || $0 == "(" })
            let off = value.hasPrefix("false")
            let evidence = Evidence(location: SourceLocation(path: file.path, line: number), snippet: "Gradle Play Publisher: \(clip(code))")
            if blocks[play] == "play", play == blocks.count - 1 {
                if off { playPublisherDisabled[module, default: [:]][""] = evidence }
            } else if blocks[play] == "playConfigs", play + 1 < blocks.count, blocks[play + 1] != "other" {
                if off { playPublisherDisabled[module, default: [:]][blocks[play + 1]] = evidence }
                else if !value.isEmpty { playPublisherEnabled[module, default: [:]][blocks[play + 1]] = evidence }
            }
        }

        /// The variant a playConfigs entry names: `register("x")`, `create("x")`, `named("x")`, `getByName("x")`,
        /// `maybeCreate("x")`.
        static func variantName(_ code: String) -> String? {
            guard code.hasPrefix("register(") || code.hasPrefix("create(") || code.hasPrefix("named(")
                || code.hasPrefix("getByName(") || code.hasPrefix("maybeCreate(") else { return nil }
            let quoted = code.split(whereSeparator: { $0 == "\"" || $0 == "'" })
            return quoted.count >= 2 ? String(quoted[1]) : nil
        }

        /// Steps that upload to Play: r0adkll/upload-google-play's `whatsNewDirectory:` (a folder of release
        /// notes). (`fastlane supply` run from a step is a FastlaneRun, resolved with the Fastfile's calls.)
        mutating func readWorkflow(_ file: ProjectFile, lines: [(Int, String)]) {
            for (number, line) in lines {
                let code = line.trimmingBlanks()
                if code.hasPrefix("#") { continue }
                var evidence: Evidence { Evidence(location: SourceLocation(path: file.path, line: number), snippet: clip(code)) }
                if code.contains("deliver") || code.contains("upload_to_app_store") { deliverMentioned = true }
                if code.hasPrefix("whatsNewDirectory:") {
                    let value = Self.unquoted(String(code.dropFirst("whatsNewDirectory:".count)))
                    let folder = FastlaneRuns.pathComponents(value).joined(separator: "/")
                    if !folder.isEmpty, !folder.contains("$") { whatsNewFolders.append((folder, evidence)) }
                    play.append(Self.upload(value, runFolder: [], evidence: evidence))
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
        /// `fdroid`, the only things its two readers look for (most of a large Android tree's build files). With
        /// them, whether the file names a Play release-note marker, asked of the whole text once (no marker holds a
        /// line break, so that is whether a line names one: asked line by line, it was a visible cost of reading
        /// the long generated workflows of a large tree).
        /// A build script the Gradle files inspector read is not read again (`shared`).
        static func releaseJobLines(_ file: ProjectFile, shared: GradleFilesPart = GradleFilesPart()) -> (lines: [(Int, String)], namesPlayMarker: Bool) {
            let text: String
            if let read = shared.text(of: file, limit: maxBytes) {
                text = read.text
            } else {
                guard let bytes = try? FileBytes.read(file, limit: maxBytes) else { return ([], false) }
                text = String(decoding: bytes, as: UTF8.self)
            }
            let name = file.fileName
            let namesPlayMarker = ReleaseNoteSenders.namesPlayMarker(text)
            if name.hasSuffix(".gradle") || name.hasSuffix(".gradle.kts"), !text.contains("fdroid"),
               !namesPlayMarker, !text.contains("triplet"), !text.contains("play.publisher"),
               !text.contains("serviceAccountCredentials") {
                return ([], false)
            }
            return (numbered(text), namesPlayMarker)
        }

        static func firstLine(_ file: ProjectFile, where matches: (String) -> Bool) -> (Int, String)? {
            lines(file).first { matches($0.1) }
        }
    }

    static func clip(_ text: String) -> String {
        let trimmed = text.trimmingBlanks()
        // No more characters than bytes: a short line needs no count of its characters (every command of every
        // workflow step is clipped for its evidence, and counting them was a visible part of reading the runs).
        if trimmed.utf8.count <= 120 { return trimmed }
        return trimmed.count <= 120 ? trimmed : String(trimmed.prefix(120)) + "…"
    }
}
