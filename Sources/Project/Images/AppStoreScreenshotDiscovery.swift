import Formats

/// Finds fastlane deliver's screenshots folders among the walked files and reads each screenshot's header.
///
/// deliver's loader (`deliver/lib/deliver/loader.rb`) reads `<screenshots_path>/<locale>/*.{png,jpg,jpeg}`
/// (case-insensitively), skips the `android` and `fonts` folders and the metadata sub-folders, expands
/// `iMessage` and `appleTV` into locale folders of their own (not read here), and, when a locale holds
/// `*_framed.*` files, uploads only those (and watch screenshots). A folder counts when it is named
/// `screenshots` and sits under `fastlane/` or next to an App Store metadata tree (`screenshots_path`'s
/// defaults `./fastlane/screenshots` and `./screenshots`).
enum AppStoreScreenshotDiscovery {
    /// Screenshots read per project at most: each costs a header read, and App Store sets hold 10 each.
    static let maxScreenshots = 4000
    static let extensions: Set<String> = ["png", "jpg", "jpeg"]
    /// deliver's folders under screenshots/ that are not locales uploaded as app screenshots.
    static let skippedFolders: Set<String> = ["android", "fonts", "imessage", "appletv", "default", "review_information",
                                              "app_clip_review_information", "trade_representative_contact_information"]

    static func discover(index: FolderIndex, appStoreTrees: [String], problems: inout [InputProblem]) -> [AppStoreScreenshotFolder] {
        let treeParents = Set(appStoreTrees.map { parent($0) })
        let candidates = index.subfolders.keys.filter { path in
            let parts = path.split(separator: "/").map { $0.lowercased() }
            guard parts.last == "screenshots" else { return false }
            return parts.dropLast().contains("fastlane") || treeParents.contains(parent(path))
        }.sorted()
        var folders: [AppStoreScreenshotFolder] = []
        var budget = maxScreenshots
        for path in candidates {
            var folder = AppStoreScreenshotFolder(path: path, screenshots: [])
            for locale in (index.subfolders[path] ?? []).sorted() where !skippedFolders.contains(locale.lowercased()) {
                let images = (index.folders[MetadataDiscovery.join([path, locale])] ?? []).filter { isImage($0.fileName) }
                let framed = images.filter { stem($0.fileName).lowercased().hasSuffix("_framed") }
                let uploaded = framed.isEmpty ? images
                    : images.filter { $0.fileName.lowercased().contains("framed") || $0.fileName.lowercased().contains("watch") }
                for file in uploaded where budget > 0 {
                    budget -= 1
                    folder.screenshots.append(read(file, locale: locale, problems: &problems))
                }
            }
            if !folder.screenshots.isEmpty { folders.append(folder) }
        }
        return folders
    }

    static func read(_ file: ProjectFile, locale: String, problems: inout [InputProblem]) -> AppStoreScreenshot {
        let location = SourceLocation(path: file.path)
        switch ImageHeader.info(atPath: file.absolutePath) {
        case .success(let info):
            return AppStoreScreenshot(locale: locale, location: location, fileName: String(file.fileName), width: info.size.width,
                                      height: info.size.height, format: info.format.rawValue, hasAlpha: info.hasAlpha)
        case .failure(.lfsPointer):
            problems.append(InputProblem(location: location, message: GitLFSPointer.problemMessage))
            return AppStoreScreenshot(locale: locale, location: location, fileName: String(file.fileName), width: nil, height: nil)
        case .failure(let failure):
            let why = failure == .unknownFormat ? "it is not a PNG or JPEG file" : "its header is truncated or unreadable"
            problems.append(InputProblem(location: location,
                message: "could not read the screenshot's pixel size: \(why); fastlane deliver uploads PNG and JPEG screenshots only"))
            return AppStoreScreenshot(locale: locale, location: location, fileName: String(file.fileName), width: nil, height: nil)
        }
    }

    static func isImage(_ name: Substring) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    static func stem(_ name: Substring) -> String {
        guard let dot = name.lastIndex(of: ".") else { return String(name) }
        return String(name[..<dot])
    }

    static func parent(_ path: String) -> String {
        MetadataDiscovery.join(path.split(separator: "/").map(String.init).dropLast())
    }
}
