import Formats

/// One application module of the release model: a Gradle module that applies `com.android.application`
/// (never one that only declares it with `apply false`), with what its release build ships.
struct AndroidAppModule: Sendable {
    /// A setting's value with where it was set and, when indirect, where the literal was found.
    struct Resolved: Sendable {
        let value: String
        let evidence: [Evidence]
    }

    /// The module folder relative to the project root (`app`, `wear`); `root` for a root-level module.
    let name: String
    let buildFile: String
    /// The line that applies the application plugin.
    let pluginLine: Int?
    /// Why the module is left out of the release model (a test harness, a sample), or nil when it ships.
    var notShipping: String?
    var formFactor: AndroidFormFactor = .phone
    var formFactorMarker: AndroidFormFactor.Marker?
    var applicationId: Resolved?
    var versionCode: Resolved?
    var targetSdk: Resolved?
    var minSdk: Resolved?
    /// Where targetSdk was looked for when it could not be read.
    var targetSdkLookedAt: [Evidence] = []
    /// targetSdk is a lower bound (a Flutter default of the lowest release pinned): good for "from level N on", not for "below the floor".
    var targetSdkAtLeast = false
    /// The Flutter release behind that lower bound is itself only a lower bound (pubspec `>=`, pubspec.lock's sdks):
    /// a signal, not what ships, so rules gated on it warn. False when an exact pin names the release.
    var targetSdkPinIsLowerBound = false
    /// When targetSdk is a build tool's default rather than written: which default, in words for a message
    /// ("AGP 9.1.0's default for an unset targetSdk, compileSdk"; "flutter.targetSdkVersion of Flutter 3.47.0").
    var targetSdkDefault: String?
    /// Where versionCode was looked for when it could not be read (a computed value, or none set).
    var versionCodeLookedAt: [Evidence] = []
    /// The product flavors whose manifests were merged (empty without flavors), and why those.
    var releaseFlavors: [String] = []
    var releaseFlavorReason: String = ""
    var manifest = AndroidMergedManifest()
    /// The in-repo library modules whose manifests were merged, nearest first.
    var libraryModules: [String] = []
    /// What the module graph could not follow statically (a computed include or projectDir, a dependency
    /// helper call, a computed project path), at its place; non-empty means `graphWidened`.
    var graphUnresolved: [Evidence] = []
    /// Every Android library module's non-test manifests were merged because the graph was not resolved.
    var graphWidened = false
    /// A `productFlavors` block with computed names (every flavour source set was merged), at its place.
    var flavorsUnresolved: Evidence?
    /// Where the repository shows this app goes to Google Play (an uploader, a Play flavour, Play Billing or
    /// Play Services, a Play link) and to F-Droid (an F-Droid link, an F-Droid flavour, fastlane metadata with
    /// no Play uploader); see `AndroidStoreEvidence`.
    var playEvidence: [Evidence] = []
    var fdroidEvidence: [Evidence] = []
    /// A release workflow that publishes APKs to GitHub Releases.
    var githubEvidence: [Evidence] = []
    /// Where the release build allows cleartext traffic to every host, if it does: `usesCleartextTraffic="true"`
    /// without a network security config, or a config whose `<base-config>` permits cleartext.
    var cleartext: Evidence?
    /// Where the Gradle release build type sets `debuggable true` / `isDebuggable = true`, if it does.
    var gradleDebuggable: Evidence?
    /// The Flutter plugins or React Native native modules the app depends on (`CrossPlatformPackages`), for a
    /// module inside such an app: whose manifests were merged, which were not seen.
    var crossPlatform: CrossPlatformPackages?

    var factPrefix: String { "android.module." + name }

    /// Words of a module name that say it is a test harness, a sample or a benchmark, not an app that ships.
    /// A word of any folder of the module path matches when it starts with one (`testharness`, `samples`), not
    /// anywhere inside (`attestation`).
    static let nonShippingWords = ["test", "sample", "demo", "example", "benchmark", "macrobenchmark", "baselineprofile", "playground", "showcase"]

    static func notShippingReason(name: String) -> String? {
        // Every folder of the module path counts: `samples/compose` is a sample too.
        for word in name.split(separator: "/").flatMap({ words(String($0)) }) {
            if let stem = nonShippingWords.first(where: { word.hasPrefix($0) }) {
                return "module name has the word \"\(stem)\": a test or sample app, not uploaded"
            }
        }
        return nil
    }

    /// `sampleApp` → `sample`, `app`; `ui-test_harness` → `ui`, `test`, `harness`; lowercased.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for character in name {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousLower = false
                continue
            }
            if character.isUppercase && previousLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(Character(character.lowercased()))
            previousLower = character.isLowercase
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Flavor names that say which store they are built for.
    static let playFlavorWords = ["play", "google", "gms"]
    static let otherStoreFlavorWords = ["fdroid", "foss", "libre", "huawei", "hms", "amazon", "galaxy", "samsung", "github", "izzy"]

    /// The flavors a Play release is built from: the one named for Play, else every flavor not named for
    /// another store (their manifests are merged one by one and joined), else all.
    static func releaseFlavors(_ flavors: [String]) -> (flavors: [String], reason: String) {
        guard !flavors.isEmpty else { return ([], "no product flavors") }
        let play = flavors.filter { flavor in playFlavorWords.contains { flavor.lowercased().contains($0) } }
        if !play.isEmpty { return (play, "the flavor named for Google Play") }
        let others = flavors.filter { flavor in !otherStoreFlavorWords.contains { flavor.lowercased().contains($0) } }
        if !others.isEmpty && others.count < flavors.count {
            return (others, "every flavor not named for another store (\(flavors.filter { !others.contains($0) }.joined(separator: ", ")) left out)")
        }
        return (flavors, "no flavor is named for Google Play: every flavor")
    }
}
