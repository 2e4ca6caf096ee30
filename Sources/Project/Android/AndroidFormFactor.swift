/// The device family an app module is for. Play sets target API levels per family (the levels themselves
/// live in rules/platform-requirements.yml), and a Wear OS, TV, Automotive or XR module is an app of its own.
public enum AndroidFormFactor: String, Sendable, CaseIterable {
    case phone, wear, tv, automotive, xr

    /// What made the call, for the evidence.
    struct Marker: Sendable, Equatable {
        let formFactor: AndroidFormFactor
        let path: String
        let line: Int
        let snippet: String
    }

    /// Manifest declarations the Android documentation requires of each family, in the order they are tried.
    static let manifestFeatures: [(feature: String, formFactor: AndroidFormFactor, onlyWhenRequired: Bool)] = [
        ("android.hardware.type.watch", .wear, false),
        ("android.hardware.type.automotive", .automotive, true),
        // Phone apps that also run on TV declare leanback as not required; only a TV-only app is a TV app.
        ("android.software.leanback", .tv, true),
        // Android XR differentiated apps require the spatial or OpenXR API (developer.android.com/develop/xr).
        ("android.software.xr.api.spatial", .xr, true),
        ("android.software.xr.api.openxr", .xr, true),
    ]

    /// Libraries only an app of that family uses (group prefix, or `group:artifact`). A phone app that talks
    /// to a watch uses `play-services-wearable`, which is not listed.
    static let dependencyMarkers: [(prefix: String, formFactor: AndroidFormFactor)] = [
        ("androidx.wear.compose:", .wear), ("androidx.wear:wear", .wear), ("androidx.wear.tiles:", .wear),
        ("androidx.wear.watchface:", .wear), ("androidx.wear.protolayout:", .wear), ("com.google.android.horologist:", .wear),
        ("com.google.android.support:wearable", .wear),
        ("androidx.tv:", .tv), ("androidx.leanback:", .tv),
        ("androidx.car.app:app-automotive", .automotive),
    ]

    /// The family of one app module: its merged manifest first, then its dependencies; phone (with nil) by default.
    static func detect(manifest: AndroidMergedManifest, dependencies: [(module: String, path: String, line: Int)]) -> (AndroidFormFactor, Marker?) {
        for marker in manifestFeatures {
            if let hit = manifest.features.first(where: { $0.value.name == marker.feature && (!marker.onlyWhenRequired || $0.value.required) }) {
                return (marker.formFactor, Marker(formFactor: marker.formFactor, path: hit.path, line: hit.line,
                                                  snippet: "<uses-feature android:name=\"\(marker.feature)\">"))
            }
        }
        if let wearable = manifest.usesLibraries.first(where: { $0.value.name == "com.google.android.wearable" && $0.value.required }) {
            return (.wear, Marker(formFactor: .wear, path: wearable.path, line: wearable.line,
                                  snippet: "<uses-library android:name=\"com.google.android.wearable\">"))
        }
        let launchers = manifest.components.filter { $0.value.categories.contains("android.intent.category.LAUNCHER") }
        if launchers.isEmpty, let tv = manifest.components.first(where: { $0.value.categories.contains("android.intent.category.LEANBACK_LAUNCHER") }) {
            return (.tv, Marker(formFactor: .tv, path: tv.path, line: tv.line, snippet: "LEANBACK_LAUNCHER activity and no LAUNCHER activity"))
        }
        for dependency in dependencies {
            guard let marker = dependencyMarkers.first(where: { dependency.module.hasPrefix($0.prefix) }) else { continue }
            // A phone app with a launcher may also ship TV screens; only a module without a phone launcher is a TV app.
            if marker.formFactor == .tv && !launchers.isEmpty { continue }
            return (marker.formFactor, Marker(formFactor: marker.formFactor, path: dependency.path, line: dependency.line,
                                              snippet: "depends on \(dependency.module)"))
        }
        return (.phone, nil)
    }
}
