import StoreLocale

extension Store {
    /// The fact that says the project ships to this store: `store.appstore`, `store.play`.
    public var factName: String { "store.\(rawValue)" }
}

/// Detects which stores a project ships to, so that rules for the other store stay quiet.
///
/// App Store: an Xcode project, an Info.plist or an App Store metadata tree. Google Play: an
/// AndroidManifest.xml, a Gradle application module (it applies the Android application plugin or sets
/// an `applicationId`, which only application modules have), or a Play metadata tree. Vendored files never count (a `node_modules` package has its own AndroidManifest.xml).
enum StoreDetection {
    static let evidenceLimit = 3

    static func facts(files: [ProjectFile], metadata: [MetadataTree], maxFileBytes: Int) -> [Fact] {
        var apple: [Evidence] = []
        var play: [Evidence] = []
        for file in files where !file.isVendored {
            let name = file.fileName
            if name == "project.pbxproj", file.path.contains(".xcodeproj/") {
                apple.append(Evidence(location: SourceLocation(path: file.path), snippet: "Xcode project"))
            } else if name == "Info.plist" {
                apple.append(Evidence(location: SourceLocation(path: file.path), snippet: "Info.plist"))
            } else if name == "AndroidManifest.xml" {
                play.append(Evidence(location: SourceLocation(path: file.path), snippet: "AndroidManifest.xml"))
            } else if name == "build.gradle" || name == "build.gradle.kts", let line = applicationPluginLine(file, maxFileBytes: maxFileBytes) {
                play.append(Evidence(location: SourceLocation(path: file.path, line: line.number), snippet: line.text))
            }
        }
        var fdroid: [Evidence] = []
        // A tree counts for the store that reads it; a supply tree nobody is known to upload counts for Play.
        for tree in metadata {
            let store = tree.consumer.store ?? tree.store
            let evidence = Evidence(location: SourceLocation(path: tree.path), snippet: "\(store.displayName) metadata")
            switch store {
            case .appstore: apple.append(evidence)
            case .play: play.append(evidence)
            case .fdroid: fdroid.append(evidence)
            }
        }
        return [fact(.appstore, apple), fact(.play, play), fact(.fdroid, fdroid)]
    }

    private static func fact(_ store: Store, _ evidence: [Evidence]) -> Fact {
        Fact(name: store.factName, value: .bool(!evidence.isEmpty), source: .detected,
             evidence: Array(evidence.sorted().prefix(evidenceLimit)))
    }

    /// The line applying `com.android.application` (or the catalog alias `android.application`), else the
    /// first line setting `applicationId` (a catalog alias such as `libs.plugins.android` hides the plugin id).
    private static func applicationPluginLine(_ file: ProjectFile, maxFileBytes: Int) -> (number: Int, text: String)? {
        guard let bytes = try? FileBytes.read(path: file.absolutePath, limit: maxFileBytes) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        var applicationId: (number: Int, text: String)?
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingPrefix(while: \.isWhitespace)
            if code.hasPrefix("//") { continue }
            if code.contains("com.android.application") || code.contains("plugins.android.application") {
                return (offset + 1, String(code.prefix(200)).trimmingSuffix())
            }
            if applicationId == nil, code.hasPrefix("applicationId ") || code.hasPrefix("applicationId=") || code.hasPrefix("applicationId(") {
                applicationId = (offset + 1, String(code.prefix(200)).trimmingSuffix())
            }
        }
        return applicationId
    }
}

private extension Substring {
    func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
        var text = self
        while let first = text.first, predicate(first) { text.removeFirst() }
        return text
    }
}

private extension String {
    func trimmingSuffix() -> String {
        var text = self
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
