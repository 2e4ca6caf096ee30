import StoreLocale
import Support
import Formats

/// Finds fastlane deliver (App Store) and supply (Play) metadata trees among the walked files and reads them.
///
/// A tree is recognised by what is in it, not only by where it is: a folder whose sub-folders hold
/// deliver files (`name.txt`, `keywords.txt`, …) or supply files (`title.txt`, `changelogs/`, `images/`)
/// is a tree of that store. This finds `fastlane/metadata`, `fastlane/metadata/ios`, `fastlane/metadata/android`,
/// `src/<flavor>/fastlane/metadata`, `app-metadata/<applicationId>` and a `root` that is itself a tree.
/// To keep stray `description.txt` files elsewhere from counting, a discovered tree must sit under a
/// folder whose name mentions `metadata` (or be named in the manifest's `paths`).
public enum MetadataDiscovery {
    /// - Parameter anyName: the root was given as a metadata folder (`shipcheck metadata DIR`): it is a tree
    ///   when it has a store's layout, whatever its name.
    /// - Parameter gradleFiles: the build scripts as read before (GradleFilesInspector), so they are not read again.
    public static func discover(root: String, files: [ProjectFile], manifest: Manifest?, anyName: Bool = false,
                                gradleFiles: GradleFilesPart = GradleFilesPart()) -> InspectorOutput<MetadataPart> {
        // Source code is never part of a metadata tree: leaving it out keeps the folder index small (a
        // 150,000-file tree of code otherwise held every path twice more).
        let index = FolderIndex(files.filter { !$0.isVendored && Language(fileName: $0.fileName) == nil })
        var problems: [InputProblem] = []
        var trees: [MetadataTree] = []
        for (path, store) in statedPaths(manifest) where index.folders[path] == nil && index.subfolders[path] == nil {
            let key = store == .appstore ? "appstore_metadata" : (manifest?.paths.fdroidMetadata.map(normalized).contains(path) == true ? "fdroid_metadata" : "play_metadata")
            problems.append(InputProblem(location: SourceLocation(path: manifest?.file ?? "shipcheck.yml"),
                message: "paths.\(key) names \(path.isEmpty ? "." : path), which holds no files; its \(store.rawValue) metadata was not checked"))
        }
        // Who uploads what is read first: a folder an upload names is a tree whatever its name (`meta/android`).
        let signals = MetadataConsumerDetection.Signals(files: files, gradleFiles: gradleFiles)
        let namedFolders = Set(signals.namedFolders.map(\.path)).union(anyName ? [""] : [])
        for (path, store) in treeRoots(index: index, root: root, manifest: manifest, named: namedFolders) {
            let tree = readTree(path: path, store: store, index: index, problems: &problems)
            trees.append(tree)
        }
        // Gradle Play Publisher's `src/<sourceSet>/play/` and upload actions' `whatsnew-<locale>` folders.
        var others: [MetadataTree] = []
        for path in PlayPublisherTrees.roots(index) where !trees.contains(where: { $0.path == path }) {
            var tree = PlayPublisherTrees.read(path: path, index: index, problems: &problems)
            tree.consumer = MetadataConsumerDetection.playPublisherConsumer(of: path, signals: signals)
            tree.track = MetadataConsumerDetection.playPublisherTrack(of: path, signals: signals)
            others.append(tree)
        }
        for (path, evidence) in signals.whatsNewFolders where !trees.contains(where: { $0.path == path }) && !others.contains(where: { $0.path == path }) {
            guard var tree = WhatsNewTrees.read(path: path, index: index, problems: &problems) else { continue }
            tree.consumer = MetadataConsumer(store: .play, evidence: [evidence],
                                             uploadChains: ["\(path) ← r0adkll/upload-google-play whatsNewDirectory (\(evidence.location)): release notes only"])
            others.append(tree)
        }
        trees = named(trees.sorted { ($0.path, $0.store.rawValue) < ($1.path, $1.store.rawValue) })
        var part = MetadataPart()
        part.trees = MetadataConsumerDetection.assign(trees, signals: signals, manifest: manifest) + named(others)
        part.appStoreScreenshots = AppStoreScreenshotDiscovery.discover(
            index: index, appStoreTrees: trees.filter { $0.store == .appstore }.map(\.path), problems: &problems)
        // Images that are Git LFS pointers: one fact for them all (a not-checked item), not a warning each.
        let (readable, pointers, gap) = GitLFSPointer.separate(problems)
        return InspectorOutput(part: part, facts: FDroidBuildRecipes.facts(files: files) + (pointers.map { [$0] } ?? []),
                               problems: readable, coverage: gap.map { [$0] } ?? [])
    }

    /// The manifest's `paths.appstore_metadata` / `paths.play_metadata` / `paths.fdroid_metadata`, normalized,
    /// with the layout each has (an F-Droid tree stated there has supply's layout; who reads it is its consumer).
    static func statedPaths(_ manifest: Manifest?) -> [(String, Store)] {
        (manifest?.paths.appstoreMetadata ?? []).map { (normalized($0), Store.appstore) }
            + (manifest?.paths.playMetadata ?? []).map { (normalized($0), Store.play) }
            + (manifest?.paths.fdroidMetadata ?? []).map { (normalized($0), Store.play) }
    }

    /// Tree folders and their store: the manifest's paths, then every folder whose sub-folders look like locales.
    /// A store whose paths the manifest states gets exactly those trees: what is stated wins over discovery.
    static func treeRoots(index: FolderIndex, root: String, manifest: Manifest?, named: Set<String> = []) -> [(String, Store)] {
        var stated: [String: Store] = [:]
        for (path, store) in statedPaths(manifest) { stated[path] = store }
        let statedStores = Set(stated.values)

        // F-Droid's own layout (name.txt, summary.txt, description.txt) shares two names with deliver's: a
        // tree with summary.txt and none of deliver's own files (keywords.txt, subtitle.txt…) is F-Droid's.
        var fdroidVotes: [String: Int] = [:]
        var appStoreOnlyVotes: [String: Int] = [:]
        var votes: [String: (appstore: Int, play: Int)] = [:]
        for file in index.files {
            // Only a `.txt` file or one under `review_information/`, `changelogs/` or `images/` can vote below:
            // the test comes before splitting the path, as every walked file that is not code passes here.
            guard file.fileName.hasSuffix(".txt") || file.path.contains("review_information/") || file.path.contains("changelogs/")
                    || file.path.contains("images/") else { continue }
            // An ASCII path split on its bytes (each `Character` one byte, the same parts) rather than by `Character`.
            let parts = file.path.utf8.allSatisfy { $0 < 0x80 }
                ? file.path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
                : file.path.split(separator: "/").map(String.init)
            let name = parts[parts.count - 1]
            let folders = Array(parts.dropLast())
            if MetadataLayout.appStoreLocaleFiles.contains(name), folders.count >= 1 {
                votes[join(folders.dropLast()), default: (0, 0)].appstore += 1
                if !MetadataLayout.fdroidLocaleFiles.contains(name) { appStoreOnlyVotes[join(folders.dropLast()), default: 0] += 1 }
            }
            if name == MetadataLayout.fdroidMarkerFile, folders.count >= 1 {
                fdroidVotes[join(folders.dropLast()), default: 0] += 1
                // A locale folder holding only summary.txt is F-Droid's tree too (fdroidserver reads each file of
                // metadata/<locale>/ on its own: update.py, insert_localized_app_metadata).
                let path = join(folders.dropLast())
                if votes[path] == nil { votes[path] = (0, 0) }
            }
            if MetadataLayout.playLocaleFiles.contains(name), folders.count >= 1 {
                votes[join(folders.dropLast()), default: (0, 0)].play += 1
            }
            if MetadataLayout.appStoreRootFiles.contains(name) {
                votes[join(folders[...]), default: (0, 0)].appstore += 1
                appStoreOnlyVotes[join(folders[...]), default: 0] += 1
            }
            if folders.count >= 1, folders[folders.count - 1] == MetadataLayout.reviewFolder {
                votes[join(folders.dropLast()), default: (0, 0)].appstore += 1
            }
            if let marker = folders.lastIndex(where: { MetadataLayout.playLocaleFolders.contains($0) }), marker >= 1 {
                votes[join(folders[..<(marker - 1)]), default: (0, 0)].play += 1
            }
        }

        var roots: [String: Store] = stated.filter { index.folders[$0.key] != nil || index.subfolders[$0.key] != nil }
        for (path, vote) in votes where stated[path] == nil && (named.contains(path) || looksLikeMetadata(path, root: root)) {
            if isLocaleFolder(path, index: index, votes: votes) { continue }
            let store: Store = (fdroidVotes[path] ?? 0) > 0 && appStoreOnlyVotes[path] == nil ? .fdroid
                : vote.play > vote.appstore ? .play
                : vote.appstore > vote.play ? .appstore
                : (path.lowercased().contains("android") ? .play : .appstore)
            if !statedStores.contains(store) { roots[path] = store }
        }
        return roots.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// A folder that holds a listing's own files (`title.txt`, `name.txt`…) inside a tree is one of its locales,
    /// even when a stray folder under it looks like a locale too (medTimer's `android/ar/ar-AE/images/`): the
    /// upload reads `ar` as a language of `android`, never as a tree of its own.
    static func isLocaleFolder(_ path: String, index: FolderIndex, votes: [String: (appstore: Int, play: Int)]) -> Bool {
        guard let slash = path.lastIndex(of: "/"), votes[String(path[..<slash])] != nil else { return false }
        return (index.folders[path] ?? []).contains {
            let name = String($0.fileName)
            return MetadataLayout.playLocaleFiles.contains(name) || MetadataLayout.appStoreLocaleFiles.contains(name)
        }
    }

    /// A tree inside the project must sit under a folder named like `metadata`; the root itself counts as a
    /// tree when it or its parent is so named (`shipcheck metadata fastlane/metadata/android`).
    static func looksLikeMetadata(_ path: String, root: String) -> Bool {
        let components = path.isEmpty ? root.split(separator: "/").suffix(2) : path.split(separator: "/")[...]
        return components.contains { $0.lowercased().contains("metadata") }
    }

    static func readTree(path: String, store: Store, index: FolderIndex,
                         problems: inout [InputProblem]) -> MetadataTree {
        var tree = MetadataTree(store: store, path: path, name: "")
        for file in index.folders[path] ?? [] where store == .appstore && file.path.hasSuffix(".txt") {
            if case .value(let value) = read(file, store: store, problems: &problems) {
                tree.rootFields[fieldName(file)] = value
            }
        }
        for folder in (index.subfolders[path] ?? []).sorted() {
            let folderPath = join([path, folder])
            let special = MetadataLayout.isSpecial(folder, in: store)
            tree.folders.append(MetadataFolder(name: folder, location: SourceLocation(path: folderPath), isSpecial: special))
            if special {
                switch folder.lowercased() {
                case MetadataLayout.defaultFolder:
                    tree.defaults = readLocale(code: folder, path: folderPath, store: store, index: index, problems: &problems)
                case MetadataLayout.reviewFolder:
                    for file in index.folders[folderPath] ?? [] where file.path.hasSuffix(".txt") {
                        guard case .value(let value) = read(file, store: store, problems: &problems) else { continue }
                        let name = fieldName(file)
                        tree.reviewInformation[MetadataLayout.legacyReviewNames[name] ?? name] = value
                    }
                default:
                    break
                }
                continue
            }
            tree.locales.append(readLocale(code: folder, path: folderPath, store: store, index: index, problems: &problems))
        }
        if let defaults = tree.defaults {
            for i in tree.locales.indices {
                for (field, value) in defaults.fields where tree.locales[i].fields[field] == nil {
                    tree.locales[i].fields[field] = MetadataValue(text: value.text, raw: value.raw, location: value.location, inherited: true)
                }
            }
        }
        return tree
    }

    static func readLocale(code: String, path: String, store: Store, index: FolderIndex,
                           problems: inout [InputProblem]) -> MetadataLocale {
        var locale = MetadataLocale(code: code, location: SourceLocation(path: path))
        for file in index.folders[path] ?? [] where file.path.hasSuffix(".txt") {
            if case .value(let value) = read(file, store: store, problems: &problems) {
                locale.fields[fieldName(file)] = value
            }
        }
        guard store != .appstore else { return locale }
        for file in index.folders[join([path, "changelogs"])] ?? [] where file.path.hasSuffix(".txt") {
            if case .value(let value) = read(file, store: store, problems: &problems) {
                locale.changelogs[fieldName(file)] = value
            }
        }
        let imagesPath = join([path, "images"])
        var imageFiles: [(type: String, file: ProjectFile)] = []
        for file in index.folders[imagesPath] ?? [] {
            let base = fieldName(file)
            if MetadataLayout.playImageFiles.contains(base), isImage(file) { imageFiles.append((base, file)) }
        }
        for folder in (index.subfolders[imagesPath] ?? []).sorted() {
            for file in index.folders[join([imagesPath, folder])] ?? [] where isImage(file) {
                imageFiles.append((folder, file))
            }
        }
        locale.images += readImages(imageFiles, problems: &problems)
        return locale
    }

    /// Each image's pixel size and format from its header; an unreadable one is kept without a size, and said.
    static func readImages(_ imageFiles: [(type: String, file: ProjectFile)], problems: inout [InputProblem]) -> [MetadataImage] {
        var images: [MetadataImage] = []
        for (type, file) in imageFiles {
            let location = SourceLocation(path: file.path)
            switch ImageHeader.info(atPath: file.absolutePath) {
            case .success(let info):
                images.append(MetadataImage(type: type, location: location, width: info.size.width, height: info.size.height,
                                            format: info.format.rawValue, hasAlpha: info.hasAlpha,
                                            bitsPerPixel: info.bitsPerPixel, byteCount: Int(file.size)))
            case .failure(.lfsPointer):
                images.append(MetadataImage(type: type, location: location, width: nil, height: nil))
                problems.append(InputProblem(location: location, message: GitLFSPointer.problemMessage))
            case .failure(let failure):
                images.append(MetadataImage(type: type, location: location, width: nil, height: nil))
                let why = failure == .unknownFormat ? "it is not a PNG or JPEG file" : "its header is truncated or unreadable"
                problems.append(InputProblem(location: location,
                    message: "could not read the image's pixel size: \(why); Play accepts PNG and JPEG images only"))
            }
        }
        return images
    }

    static func read(_ file: ProjectFile, store: Store, problems: inout [InputProblem]) -> MetadataFileReader.Outcome {
        let outcome = MetadataFileReader.read(file, store: store)
        if case .problem(let problem) = outcome { problems.append(problem) }
        return outcome
    }

    static func isImage(_ file: ProjectFile) -> Bool {
        guard let dot = file.fileName.lastIndex(of: ".") else { return false }
        return MetadataLayout.playImageExtensions.contains(file.fileName[file.fileName.index(after: dot)...].lowercased())
    }

    /// File name without `.txt` (or any extension).
    static func fieldName(_ file: ProjectFile) -> String {
        let name = file.fileName
        guard let dot = name.lastIndex(of: ".") else { return String(name) }
        return String(name[..<dot])
    }

    /// Names trees so findings can tell them apart: `main` for the usual one, the flavor of
    /// `src/<flavor>/…`, the application id of `<dir>/<applicationId>`, else the path.
    static func named(_ trees: [MetadataTree]) -> [MetadataTree] {
        var named = trees.map { tree -> MetadataTree in
            var copy = MetadataTree(store: tree.store, path: tree.path, name: baseName(tree.path),
                                    locales: tree.locales, defaults: tree.defaults, rootFields: tree.rootFields,
                                    reviewInformation: tree.reviewInformation, folders: tree.folders, consumer: tree.consumer)
            copy.locales.sort { $0.code < $1.code }
            copy.layout = tree.layout
            copy.track = tree.track
            return copy
        }
        var seen: [String: Int] = [:]
        for tree in named { seen["\(tree.store.rawValue)/\(tree.name)", default: 0] += 1 }
        for i in named.indices where (seen["\(named[i].store.rawValue)/\(named[i].name)"] ?? 0) > 1 {
            let tree = named[i]
            named[i] = MetadataTree(store: tree.store, path: tree.path, name: tree.path.isEmpty ? "." : tree.path,
                                    locales: tree.locales, defaults: tree.defaults, rootFields: tree.rootFields,
                                    reviewInformation: tree.reviewInformation, folders: tree.folders, consumer: tree.consumer)
            named[i].layout = tree.layout
            named[i].track = tree.track
        }
        return named
    }

    private static func baseName(_ path: String) -> String {
        let parts = path.split(separator: "/").map(String.init)
        if parts.count >= 2, parts[0] == "src" { return parts[1] }
        if let index = parts.firstIndex(where: { $0 == "src" }), index + 1 < parts.count { return parts[index + 1] }
        if let last = parts.last, last.contains("."), !["fastlane", "metadata"].contains(last) { return last }
        return "main"
    }

    static func join<S: Sequence>(_ parts: S) -> String where S.Element == String {
        parts.filter { !$0.isEmpty }.joined(separator: "/")
    }

    static func normalized(_ path: String) -> String {
        join(path.split(separator: "/").map(String.init).filter { $0 != "." })
    }
}

/// The walked files grouped by folder, so a tree can list its own files and sub-folders without touching disk.
struct FolderIndex {
    let files: [ProjectFile]
    /// Folder path ("" = root) → files directly in it.
    let folders: [String: [ProjectFile]]
    /// Folder path → names of its direct sub-folders that contain files.
    let subfolders: [String: Set<String>]

    init(_ files: [ProjectFile]) {
        self.files = files
        var folders: [String: [ProjectFile]] = [:]
        var subfolders: [String: Set<String>] = [:]
        // The folder of the last plain path read, whose chain of sub-folders is recorded: the walk lists a folder's
        // files together, and recording the same chain again for each of them was most of this index's cost.
        var previousFolder: String?
        for file in files {
            let path = file.path
            // Every walked file passes through here. A plain path (no empty, `.` is kept as the split kept it)
            // is cut at its slashes, without splitting and joining it once per level.
            guard PathComponents.isPlain(path, dots: true) else {
                let parts = path.split(separator: "/").map(String.init)
                folders[MetadataDiscovery.join(parts.dropLast()), default: []].append(file)
                for depth in 0..<max(0, parts.count - 1) {
                    subfolders[MetadataDiscovery.join(parts[..<depth]), default: []].insert(parts[depth])
                }
                continue
            }
            let utf8 = path.utf8
            if let previousFolder {
                let folder = utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? path[path.startIndex..<path.startIndex]
                // Equal bytes, by a length and a `memcmp` (the generic `elementsEqual` of two UTF-8 views was a
                // third of this index's cost).
                if folder.utf8.count == previousFolder.utf8.count, folder.hasPrefix(previousFolder) {
                    folders[previousFolder, default: []].append(file)
                    continue
                }
            }
            var folderEnd = path.startIndex      // the folder above the current name ends here ("" at first)
            var nameStart = path.startIndex
            var index = utf8.startIndex
            // The levels this folder shares with the previous one (the same folders down to the same name) were
            // recorded with it: only those below are (a new folder beside the last one, the walk's usual next step,
            // recorded every level above it again, two strings and a set insert each).
            let shared = previousFolder.map { Self.sharedLevelEnd(path, $0) } ?? -1
            while let slash = utf8[index...].firstIndex(of: UInt8(ascii: "/")) {
                if utf8.distance(from: utf8.startIndex, to: slash) > shared {
                    subfolders[String(path[..<folderEnd]), default: []].insert(String(path[nameStart..<slash]))
                }
                folderEnd = slash
                nameStart = utf8.index(after: slash)
                index = nameStart
            }
            let folder = String(path[..<folderEnd])
            folders[folder, default: []].append(file)
            previousFolder = folder
        }
        self.folders = folders.mapValues { $0.sorted { $0.path < $1.path } }
        self.subfolders = subfolders
    }

    /// The byte offset up to which `path`'s levels are `folder`'s: a slash of `path` at or before it ends a
    /// folder name `folder` has too, at the same place, so that level's sub-folder entry is `folder`'s chain's.
    /// -1 when they share none.
    static func sharedLevelEnd(_ path: String, _ folder: String) -> Int {
        // The root records no level of its own.
        guard !folder.isEmpty else { return -1 }
        var path = path, folder = folder
        let common = path.withUTF8 { a in
            folder.withUTF8 { b in
                let count = min(a.count, b.count)
                var index = 0
                while index < count, a[index] == b[index] { index += 1 }
                return index
            }
        }
        // A slash before `common` is one `folder` has too; at `common` only when `folder` ends there.
        return common == folder.utf8.count ? common : common - 1
    }
}
