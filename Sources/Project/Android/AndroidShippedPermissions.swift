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

extension AndroidFacts {
    /// The permissions of the merged release manifests of every app module that ships (every module when none
    /// is known to ship, as `make` reads them), else of the loose manifest; each declaration once, in file order.
    static func shippedPermissions(modules: [AndroidAppModule], looseManifest: AndroidMergedManifest?) -> [AndroidShippedPermission] {
        var shipping = modules.filter { $0.notShipping == nil }
        if shipping.isEmpty { shipping = modules }
        let merged: [(String?, AndroidMergedManifest)] = looseManifest.map { [(nil, $0)] } ?? shipping.map { ($0.name, $0.manifest) }
        var seen = Set<AndroidShippedPermission>()
        var permissions: [AndroidShippedPermission] = []
        for (module, manifest) in merged {
            for permission in manifest.permissions {
                let location = SourceLocation(path: permission.path, line: permission.line)
                let key = AndroidShippedPermission(name: permission.value.name, location: location, module: nil)
                guard seen.insert(key).inserted else { continue }
                permissions.append(AndroidShippedPermission(name: permission.value.name, location: location, module: module))
            }
        }
        return permissions.sorted { $0.location < $1.location }
    }
}
