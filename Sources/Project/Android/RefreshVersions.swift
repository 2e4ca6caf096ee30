import Formats

/// refreshVersions' placeholders: a Gradle dependency written `group:name:_` (or a catalog entry with version
/// `"_"`) takes its version from `versions.properties` beside the settings file, under a `version.` key. The key
/// is `version.<group>..<name>` by default, or a shorter one the plugin's rules spell (`version.android.billingclient`
/// for `com.android.billingclient:billing`, `version.google.android.play-services-maps`): those are tried from the
/// group's own components, so `billing:_` resolves and the gates that need a version can run. A placeholder no
/// key answers stays `_` (and the gate says it could not run).
public enum RefreshVersions {
    public static let fileName = "versions.properties"
    /// Bytes read from one versions.properties at most (real ones are a few KB).
    static let maxBytes = 256 << 10

    /// The dependencies with every `_` that a `versions.properties` answers replaced by its version.
    public static func resolve(_ dependencies: [Dependency], files: [ProjectFile]) -> [Dependency] {
        guard dependencies.contains(where: { $0.ecosystem == .gradle && $0.version == "_" }) else { return dependencies }
        var byFolder: [String: GradleProperties] = [:]
        for file in files where file.fileName == fileName && !file.isVendored {
            guard let bytes = try? FileBytes.read(file, limit: maxBytes) else { continue }
            byFolder[AndroidInspector.folder(of: file.path)] = GradleProperties.parse(String(decoding: bytes, as: UTF8.self))
        }
        guard !byFolder.isEmpty else { return dependencies }
        return dependencies.map { dependency in
            guard dependency.ecosystem == .gradle, dependency.version == "_",
                  let properties = nearest(byFolder, from: AndroidInspector.folder(of: dependency.location.path)),
                  let version = lookup(dependency.name, in: properties) else { return dependency }
            return Dependency(name: dependency.name, version: version, location: dependency.location, ecosystem: dependency.ecosystem,
                              hasPrivacyManifest: dependency.hasPrivacyManifest, versionIsMinimum: dependency.versionIsMinimum)
        }
    }

    /// The versions.properties of the folder or the nearest enclosing one (the build's root).
    static func nearest(_ byFolder: [String: GradleProperties], from folder: String) -> GradleProperties? {
        var current = folder
        while true {
            if let found = byFolder[current] { return found }
            if current.isEmpty { return nil }
            current = AndroidInspector.folder(of: current)
        }
    }

    /// The keys refreshVersions may use for `group:name`, most specific first.
    static func keys(for coordinate: String) -> [String] {
        let parts = coordinate.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return [] }
        let (group, name) = (parts[0], parts[1])
        var keys = ["version.\(group)..\(name)", "version.\(group).\(name)", "version.\(group)"]
        // Rules drop the reversed-domain head (`com.`, `org.`, `io.`): com.android.billingclient -> android.billingclient.
        let components = group.split(separator: ".")
        if components.count >= 2 {
            let tail = components.dropFirst().joined(separator: ".")
            keys += ["version.\(tail)..\(name)", "version.\(tail).\(name)", "version.\(tail)"]
            if components.count >= 3 { keys.append("version.\(components.dropFirst().dropLast().joined(separator: ".")).\(name)") }
        }
        return keys
    }

    static func lookup(_ coordinate: String, in properties: GradleProperties) -> String? {
        for key in keys(for: coordinate) {
            if let entry = properties.values[key], !entry.value.isEmpty, entry.value != "_" { return entry.value }
        }
        return nil
    }
}
