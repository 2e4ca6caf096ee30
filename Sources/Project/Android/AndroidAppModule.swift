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
    /// Where versionCode was looked for when it could not be read (a computed value, or none set).
    var versionCodeLookedAt: [Evidence] = []
    /// The product flavors whose manifests were merged (empty without flavors), and why those.
    var releaseFlavors: [String] = []
    var releaseFlavorReason: String = ""
    var manifest = AndroidMergedManifest()
    /// Where the release build allows cleartext traffic to every host, if it does: `usesCleartextTraffic="true"`
    /// without a network security config, or a config whose `<base-config>` permits cleartext.
    var cleartext: Evidence?

    var factPrefix: String { "android.module." + name }

    /// Module names that say the module is a test harness, a sample or a benchmark, not an app that ships.
    static let nonShippingWords = ["test", "sample", "demo", "example", "benchmark", "baselineprofile", "playground", "showcase"]

    static func notShippingReason(name: String) -> String? {
        let last = (name.split(separator: "/").last.map(String.init) ?? name).lowercased()
        guard let word = nonShippingWords.first(where: { last.contains($0) }) else { return nil }
        return "module name contains \"\(word)\": a test or sample app, not uploaded"
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
