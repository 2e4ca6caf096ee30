import Formats

/// A value of an app module the Android inspector resolved, with where it was set (the build-file line, the
/// catalog or properties line it came from, the manifest line): the evidence a finding about it points at.
public struct AndroidResolved<Value: Sendable & Hashable>: Sendable, Hashable {
    public let value: Value
    public let evidence: [Evidence]

    public init(_ value: Value, evidence: [Evidence]) {
        self.value = value
        self.evidence = evidence
    }
}

/// An `<activity>`, `<service>`, `<receiver>` or `<provider>` of a merged release manifest, where it is declared.
public struct AndroidShippedComponent: Sendable, Hashable {
    public let component: AndroidComponent
    public let location: SourceLocation

    public init(_ component: AndroidComponent, location: SourceLocation) {
        self.component = component
        self.location = location
    }
}

/// One app module that ships, as the rules read it (`AndroidPart.modules`): its release build's values and
/// its merged release manifest. The `android.module.<name>.…` facts are drawn from this value, and the
/// release module's from it under the short names (`android.target_sdk`…), so a check over the part and
/// an expression over the facts see one app.
public struct AndroidShippedModule: Sendable {
    /// The module folder relative to the root (`app`, `wear`); `root` for a root-level module.
    public let name: String
    /// The module whose values the short fact names hold (`android.release_module`).
    public let isRelease: Bool
    /// Its build file at the line that applies the application plugin.
    public let location: SourceLocation
    public var formFactor: AndroidResolved<String>
    /// Nil when it could not be read; then `targetSdkLookedAt` says where shipcheck looked.
    public var targetSdk: AndroidResolved<Int>?
    /// `targetSdk` is a lower bound (a Flutter default of the oldest release pinned): good for "from level N
    /// on", not for "below the floor".
    public var targetSdkIsLowerBound = false
    /// When `targetSdk` is a build tool's default rather than written (AGP's for an unset targetSdk, the Flutter
    /// plugin's `flutter.targetSdkVersion`): which default, in words a message can quote.
    public var targetSdkDefault: String?
    /// `targetSdk` is a lower bound whose Flutter release is itself only a lower bound (no exact pin): a signal, so
    /// rules gated on a level warn (docs/severity.md). With an exact pin the release ships, and "at least" is evidence.
    public var targetSdkPinIsLowerBound = false
    public var targetSdkLookedAt: [Evidence] = []
    public var minSdk: AndroidResolved<Int>?
    public var versionCode: AndroidResolved<Int>?
    public var versionCodeLookedAt: [Evidence] = []
    public var applicationId: AndroidResolved<String>?
    /// The stores this app goes to from evidence (`play`, `fdroid`, `github`); without any, `[play]`.
    public var stores: AndroidResolved<[String]>
    /// The manifests merged for its release variant, highest priority first.
    public var releaseManifests: AndroidResolved<[String]>
    /// The `<uses-permission>`s of its merged release manifest (`tools:node="remove"` applied), in manifest order.
    public var permissions: [AndroidShippedPermission] = []
    public var components: [AndroidShippedComponent] = []
    /// Components with an intent filter and no `android:exported` (`<receiver .Boot>`), at their lines.
    public var exportedMissing: AndroidResolved<[String]>?
    /// Where the release build is made debuggable (the manifest's `android:debuggable="true"`, the Gradle
    /// release build type); empty when it is not.
    public var debuggable: [Evidence] = []
    /// Where the release build allows cleartext traffic to every host, if it does.
    public var cleartextTraffic: Evidence?

    public init(name: String, isRelease: Bool, location: SourceLocation, formFactor: AndroidResolved<String>,
                stores: AndroidResolved<[String]>, releaseManifests: AndroidResolved<[String]> = AndroidResolved([], evidence: [])) {
        self.name = name
        self.isRelease = isRelease
        self.location = location
        self.formFactor = formFactor
        self.stores = stores
        self.releaseManifests = releaseManifests
    }
}
