/// The parts of a release build's merged manifest the checks read, from the app module's source-set
/// manifests and the main manifests of the in-repo libraries it depends on.
///
/// Follows the manifest merger's priorities (build type, then flavor, then main, then libraries) for
/// what matters here: a higher-priority `tools:node="remove"` removes that element from the lower ones,
/// `tools:node="removeAll"` removes every element of its kind; an element declared twice counts once,
/// with the attributes of the highest priority that sets them. Placeholders (`${applicationId}`) are not
/// expanded and `tools:selector` is not honoured.
struct AndroidMergedManifest: Sendable {
    struct Located<Value: Sendable>: Sendable {
        let value: Value
        let path: String
        var line: Int
    }

    /// The manifests merged, highest priority first.
    var sources: [String] = []
    var permissions: [Located<AndroidPermission>] = []
    /// Permissions a `tools:node="remove"` took out, at the line that removes them.
    var removedPermissions: [Located<String>] = []
    var features: [Located<AndroidFeature>] = []
    var usesLibraries: [Located<AndroidFeature>] = []
    var components: [Located<AndroidComponent>] = []
    var application: [String: Located<AndroidAttribute>] = [:]
    var usesSdk: [String: Located<AndroidAttribute>] = [:]
    var package: Located<String>?

    /// `manifests` highest priority first.
    static func merge(_ manifests: [AndroidManifestFile]) -> AndroidMergedManifest {
        var merged = AndroidMergedManifest()
        var removed: [String: Set<String>] = [:]
        var removedAll = Set<String>()
        func isRemoved(_ kind: String, _ name: String) -> Bool {
            removedAll.contains(kind) || removed[kind, default: []].contains(name)
        }
        func isRemoval(_ node: String?) -> Bool { node == "remove" || node == "removeAll" }
        /// Records a merger instruction for the lower-priority manifests.
        func instruct(_ kind: String, _ name: String, _ node: String?) {
            if node == "remove" { removed[kind, default: []].insert(name) }
            if node == "removeAll" { removedAll.insert(kind) }
        }

        for manifest in manifests {
            let path = manifest.location.path
            merged.sources.append(path)
            if merged.package == nil, let package = manifest.package { merged.package = Located(value: package, path: path, line: 1) }

            // Instructions in one file apply to the files below it, not to its own siblings: decide first, then record.
            for permission in manifest.permissions where isRemoval(permission.toolsNode) {
                merged.removedPermissions.append(Located(value: permission.name, path: path, line: permission.line))
            }
            let keptPermissions = manifest.permissions.filter { !isRemoved("permission", $0.name) && !isRemoval($0.toolsNode) }
            let keptFeatures = manifest.features.filter { !isRemoved("feature", $0.name) && !isRemoval($0.toolsNode) }
            let keptLibraries = manifest.usesLibraries.filter { !isRemoved("library", $0.name) && !isRemoval($0.toolsNode) }
            for permission in manifest.permissions { instruct("permission", permission.name, permission.toolsNode) }
            for feature in manifest.features { instruct("feature", feature.name, feature.toolsNode) }
            for library in manifest.usesLibraries { instruct("library", library.name, library.toolsNode) }

            for permission in keptPermissions where !merged.permissions.contains(where: { $0.value.name == permission.name }) {
                merged.permissions.append(Located(value: permission, path: path, line: permission.line))
            }
            for feature in keptFeatures where !merged.features.contains(where: { $0.value.name == feature.name }) {
                merged.features.append(Located(value: feature, path: path, line: feature.line))
            }
            for library in keptLibraries where !merged.usesLibraries.contains(where: { $0.value.name == library.name }) {
                merged.usesLibraries.append(Located(value: library, path: path, line: library.line))
            }

            for component in manifest.components {
                let key = component.kind + " " + component.name
                if isRemoval(component.toolsNode) || isRemoved("component", key) {
                    instruct("component", key, component.toolsNode)
                    continue
                }
                if let index = merged.components.firstIndex(where: { $0.value.kind == component.kind && $0.value.name == component.name }) {
                    // Already declared with a higher priority: fill in what it left unsaid. The place shown is
                    // the declaration with the intent filter, since that is what the checks point at.
                    let existing = merged.components[index]
                    var value = existing.value
                    if value.exported == nil { value.exported = component.exported }
                    if value.foregroundServiceTypes.isEmpty { value.foregroundServiceTypes = component.foregroundServiceTypes }
                    value.categories += component.categories.filter { !value.categories.contains($0) }
                    value.actions += component.actions.filter { !value.actions.contains($0) }
                    if value.permission == nil { value.permission = component.permission }
                    if component.hasIntentFilter && !value.hasIntentFilter {
                        value.hasIntentFilter = true
                        merged.components[index] = Located(value: value, path: path, line: component.line)
                    } else {
                        merged.components[index] = Located(value: value, path: existing.path, line: existing.line)
                    }
                } else {
                    merged.components.append(Located(value: component, path: path, line: component.line))
                }
            }
            for (key, attribute) in manifest.application where merged.application[key] == nil && !key.hasPrefix("tools:") {
                merged.application[key] = Located(value: attribute, path: path, line: attribute.line)
            }
            for (key, attribute) in manifest.usesSdk where merged.usesSdk[key] == nil {
                merged.usesSdk[key] = Located(value: attribute, path: path, line: attribute.line)
            }
        }
        return merged
    }
}
