import Formats

/// A `<uses-permission>` that ships: one of the merged release manifest of an app module that ships (the
/// permissions a library adds and the app removes with `tools:node="remove"` are gone), at the line that
/// declares it. The same permissions `android.permission.<NAME>` is drawn from, so a rule over the facts and a
/// rule over `given: android.permissions.*` see one app.
public struct AndroidShippedPermission: Sendable, Hashable {
    /// As written (`android.permission.CAMERA`, `com.google.android.gms.permission.AD_ID`).
    public let name: String
    public let location: SourceLocation
    /// The app module whose merged release manifest holds it (the first, when several merge the same file).
    public let module: String?

    public init(name: String, location: SourceLocation, module: String?) {
        self.name = name
        self.location = location
        self.module = module
    }
}

extension AndroidPart {
    /// The app's permissions, the one definition `given: android.permissions.*` and `android.permission.<NAME>`
    /// share: the merged release manifests of the app modules that ship (`modules`), else of the loose manifest;
    /// each declaration once (the first module's, when several merge the same file), in file order.
    public var shippedPermissions: [AndroidShippedPermission] {
        let declared = modules.isEmpty ? loosePermissions : modules.flatMap(\.permissions)
        var seen = Set<AndroidShippedPermission>()
        var permissions: [AndroidShippedPermission] = []
        for permission in declared {
            let key = AndroidShippedPermission(name: permission.name, location: permission.location, module: nil)
            guard seen.insert(key).inserted else { continue }
            permissions.append(permission)
        }
        return permissions.sorted { $0.location < $1.location }
    }
}

extension AndroidMergedManifest {
    /// Its `<uses-permission>`s as shipped permissions of `module` (nil: a manifest no app module owns).
    func shippedPermissions(module: String?) -> [AndroidShippedPermission] {
        permissions.map { AndroidShippedPermission(name: $0.value.name, location: SourceLocation(path: $0.path, line: $0.line), module: module) }
    }
}
