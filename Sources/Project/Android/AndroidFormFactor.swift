/// The device family an app is for, read from `<uses-feature>`. Play sets target API levels per family
/// (the levels themselves live in rules/platform-requirements.yml).
public enum AndroidFormFactor: String, Sendable, CaseIterable {
    case phone, wear, tv, automotive

    /// The feature that marks each family, in the order they are tried: the Android documentation's
    /// required declarations for Wear OS, Android TV and Android Automotive OS apps.
    static let markers: [(feature: String, formFactor: AndroidFormFactor, onlyWhenRequired: Bool)] = [
        ("android.hardware.type.watch", .wear, false),
        ("android.hardware.type.automotive", .automotive, true),
        // Phone apps that also run on TV declare leanback as not required; only a TV-only app is a TV app.
        ("android.software.leanback", .tv, true),
    ]

    /// The family the features say, with the feature that says it; `phone` (with nil) by default.
    static func detect(_ features: [(feature: AndroidFeature, manifest: AndroidManifestFile)]) -> (AndroidFormFactor, (AndroidFeature, AndroidManifestFile)?) {
        for marker in markers {
            if let hit = features.first(where: { $0.feature.name == marker.feature && (!marker.onlyWhenRequired || $0.feature.required) }) {
                return (marker.formFactor, (hit.feature, hit.manifest))
            }
        }
        return (.phone, nil)
    }
}
