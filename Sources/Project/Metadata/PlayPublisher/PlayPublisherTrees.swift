import StoreLocale
import Formats
import Support

/// Gradle Play Publisher's (Triple-T, plugin `com.github.triplet.play`) listing folders: `src/<sourceSet>/play/`
/// with `listings/<locale>/{title,short-description,full-description,video-url}.txt`,
/// `listings/<locale>/graphics/<type>/`, `release-notes/<locale>/<track>.txt` or `default.txt`, and
/// `default-language.txt` (github.com/Triple-T/gradle-play-publisher, README "Publishing listings" and
/// "Uploading release notes"). Read as supply's trees are, with GPP's file names mapped to supply's fields, so
/// that Play's limits judge them alike.
enum PlayPublisherTrees {
    /// GPP's listing file names → the field names the rules use (supply's).
    static let fields: [String: String] = [
        "title": "title", "short-description": "short_description", "full-description": "full_description", "video-url": "video",
    ]

    /// GPP's graphics folders → supply's image types (rules/metadata.yml's image table uses those).
    static let graphics: [String: String] = [
        "icon": "icon", "feature-graphic": "featureGraphic", "promo-graphic": "promoGraphic", "tv-banner": "tvBanner",
        "phone-screenshots": "phoneScreenshots", "tablet-screenshots": "sevenInchScreenshots",
        "large-tablet-screenshots": "tenInchScreenshots", "tv-screenshots": "tvScreenshots", "wear-screenshots": "wearScreenshots",
    ]

    /// `app/src/main/play` for every `…/src/<sourceSet>/play/listings/…` or `…/release-notes/…` folder walked.
    static func roots(_ index: FolderIndex) -> [String] {
        var roots = Set<String>()
        for folder in index.folders.keys where folder.contains("play/listings/") || folder.contains("play/release-notes/") {
            let parts = folder.split(separator: "/")
            guard let play = parts.indices.first(where: { index in
                parts[index] == "play" && index >= 2 && parts[index - 2] == "src" && index + 1 < parts.count
                    && (parts[index + 1] == "listings" || parts[index + 1] == "release-notes")
            }) else { continue }
            roots.insert(parts[...play].joined(separator: "/"))
        }
        return roots.sorted()
    }

    static func read(path: String, index: FolderIndex, problems: inout [InputProblem]) -> MetadataTree {
        var tree = MetadataTree(store: .play, path: path, name: "")
        tree.layout = .gradlePlayPublisher
        var locales: [String: MetadataLocale] = [:]
        let listings = path + "/listings"
        for code in (index.subfolders[listings] ?? []).sorted() {
            let folder = listings + "/" + code
            tree.folders.append(MetadataFolder(name: code, location: SourceLocation(path: folder), isSpecial: false))
            var locale = MetadataLocale(code: code, location: SourceLocation(path: folder))
            for file in index.folders[folder] ?? [] where file.fileName.hasSuffix(".txt") {
                guard let field = fields[MetadataDiscovery.fieldName(file)],
                      case .value(let value) = MetadataDiscovery.read(file, store: .play, problems: &problems) else { continue }
                locale.fields[field] = value
            }
            var images: [(type: String, file: ProjectFile)] = []
            for graphic in (index.subfolders[folder + "/graphics"] ?? []).sorted() {
                guard let type = graphics[graphic] else { continue }
                for file in index.folders[folder + "/graphics/" + graphic] ?? [] where MetadataDiscovery.isImage(file) { images.append((type, file)) }
            }
            locale.images = MetadataDiscovery.readImages(images, problems: &problems)
            locales[code] = locale
        }
        let notes = path + "/release-notes"
        for code in (index.subfolders[notes] ?? []).sorted() {
            let folder = notes + "/" + code
            tree.folders.append(MetadataFolder(name: code, location: SourceLocation(path: folder), isSpecial: false))
            var locale = locales[code] ?? MetadataLocale(code: code, location: SourceLocation(path: folder))
            for file in index.folders[folder] ?? [] where file.fileName.hasSuffix(".txt") {
                guard case .value(let value) = MetadataDiscovery.read(file, store: .play, problems: &problems) else { continue }
                locale.changelogs[MetadataDiscovery.fieldName(file)] = value
            }
            locales[code] = locale
        }
        tree.locales = locales.keys.sorted().compactMap { locales[$0] }
        return tree
    }
}
