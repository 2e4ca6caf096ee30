import Support
import Formats

/// Which store each Android app goes to, from what the repository shows (docs/severity.md: Play's rules are
/// errors only for an app that goes to Play).
///
/// Google Play: an uploader (fastlane `supply` / `upload_to_play_store` in a Fastfile, the Gradle Play
/// Publisher plugin `com.github.triplet.play`, r0adkll/upload-google-play or another Play upload step in a
/// GitHub workflow), a flavour named for Play (`play`, `gplay`, `google`), a Play Billing, Play Services or
/// Play Core dependency, a `play.google.com/store/apps` link in a README. F-Droid: an `f-droid.org` link in a
/// README, a flavour named `fdroid`/`foss`/`libre` (a fastlane tree alone says neither: both read it). Repository
/// evidence applies to every app; a Play link with `id=` applies to the app with that applicationId only.
/// GitHub Releases: a workflow step that publishes a release (action-gh-release, `gh release create/upload`,
/// upload-release-action, ncipollo/release-action) in a workflow that names `.apk` files: the app is handed
/// out directly. It says "not Play" only when nothing names Play (see `AndroidFacts`).
struct AndroidStoreEvidence: Sendable {
    typealias Place = (path: String, line: Int, text: String)
    var uploaders: [Evidence] = []
    var playLinks: [(id: String?, evidence: Evidence)] = []
    var fdroidLinks: [Evidence] = []
    var githubReleases: [Evidence] = []

    /// Steps that publish a GitHub release with files attached.
    static let releasePublisherMarkers = ["action-gh-release", "gh release create", "gh release upload", "upload-release-action",
                                          "ncipollo/release-action"]

    /// Steps and calls that send a build or a listing to Google Play.
    static let uploaderMarkers = ["upload-google-play", "upload_to_play_store", "supply(", "supply ", "gradle-play-publisher",
                                  "publishBundle", "publishReleaseBundle", "publishApps", "google-play-upload", "playstore-upload",
                                  "androidpublisher"]
    static let playDependencyMarkers = ["com.android.billingclient", "com.google.android.gms", "com.google.android.play:",
                                        "play-services", "billing-ktx", "libs.billing", "libs.play."]
    static let maxBytes = 256 * 1024

    /// A README the project's visitors read (README, README.md, README_zh.rst…), not an image or document named
    /// like one (focus-ios's README.png was read as text and reported unreadable).
    static func isReadmeText<S: StringProtocol>(_ name: S) -> Bool {
        let lower = name.lowercased()
        guard lower.hasPrefix("readme") else { return false }
        guard let dot = lower.lastIndex(of: ".") else { return true }
        return !readmeBinaryExtensions.contains(String(lower[lower.index(after: dot)...]))
    }

    static let readmeBinaryExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "svg", "pdf", "ico", "bmp", "heic", "mp4", "mov"]

    static func read(files: [ProjectFile], read: (ProjectFile) -> String?) -> AndroidStoreEvidence {
        var found = AndroidStoreEvidence()
        for file in files {
            let path = file.path
            let name = file.fileName
            let isWorkflow = path.hasPrefix(".github/workflows/") && (name.hasSuffix(".yml") || name.hasSuffix(".yaml"))
            let isFastfile = name == "Fastfile"
            let isReadme = !path.contains("/") && Self.isReadmeText(name)
            guard isWorkflow || isFastfile || isReadme, file.size <= maxBytes, let text = read(file) else { continue }
            let publishesAPKs = isWorkflow && text.contains(".apk")
            for (offset, line) in text.lineSlices().enumerated() {
                let code = line.trimmingBlanks()
                if code.hasPrefix("#") && !isReadme { continue }
                // Built only for a line that is kept (every line of every workflow passes here).
                func place() -> Evidence { Evidence(location: SourceLocation(path: path, line: offset + 1), snippet: String(code.prefix(200))) }
                if isWorkflow || isFastfile {
                    if uploaderMarkers.contains(where: { code.contains($0) }), found.uploaders.count < 5 { found.uploaders.append(place()) }
                    if publishesAPKs, releasePublisherMarkers.contains(where: { code.contains($0) }), found.githubReleases.count < 3 {
                        found.githubReleases.append(place())
                    }
                } else {
                    if let range = code.range(of: "play.google.com/store/apps"), found.playLinks.count < 5 {
                        let rest = code[range.upperBound...]
                        let id = rest.range(of: "id=").map { String(rest[$0.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }) }
                        found.playLinks.append((id, place()))
                    }
                    if code.contains("f-droid.org"), found.fdroidLinks.count < 5 { found.fdroidLinks.append(place()) }
                }
            }
        }
        return found
    }

    /// Play and F-Droid evidence for one app module.
    func evidence(applicationId: String?, flavors: [String], buildFile: String, plugins: [(String, String, Int)],
                  dependencies: [(module: String, path: String, line: Int)], flavorLine: (String) -> Int?) -> (play: [Evidence], fdroid: [Evidence], github: [Evidence]) {
        var play = uploaders
        var fdroid = fdroidLinks
        for (id, path, line) in plugins where id == "com.github.triplet.play" || id.hasSuffix("triplet.play") {
            play.append(Evidence(location: SourceLocation(path: path, line: line), snippet: "Gradle Play Publisher (\(id))"))
        }
        for flavor in flavors {
            let lower = flavor.lowercased()
            let place = Evidence(location: SourceLocation(path: buildFile, line: flavorLine(flavor)), snippet: "product flavour \(flavor)")
            if AndroidAppModule.playFlavorWords.contains(where: { lower.contains($0) }) { play.append(place) }
            if ["fdroid", "foss", "libre"].contains(where: { lower.contains($0) }) { fdroid.append(place) }
        }
        for dependency in dependencies where Self.playDependencyMarkers.contains(where: { dependency.module.contains($0) }) {
            play.append(Evidence(location: SourceLocation(path: dependency.path, line: dependency.line), snippet: dependency.module))
            break
        }
        for link in playLinks where link.id == nil || link.id == applicationId || applicationId == nil {
            play.append(link.evidence)
        }
        return (play, fdroid, githubReleases)
    }
}
