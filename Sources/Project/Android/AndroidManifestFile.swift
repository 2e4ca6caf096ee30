import Formats

/// An AndroidManifest.xml: the parts the checks read, each with its line.
public struct AndroidManifestFile: Sendable {
    public let location: SourceLocation
    /// The `package` attribute of `<manifest>` (old projects; newer ones use Gradle `namespace`).
    public var package: String?
    public var permissions: [AndroidPermission]
    public var features: [AndroidFeature]
    /// Package names listed under `<queries>` (package visibility).
    public var queriedPackages: [String]
    /// Whether `<queries>` declares intents or providers besides packages.
    public var queriesOtherThanPackages: Bool
    /// `<uses-sdk>` values, which only very old projects still set in the manifest.
    public var usesSdk: [String: AndroidAttribute]
    /// Attributes of `<application>` by name with their `android:` prefix (`android:allowBackup`, `android:usesCleartextTraffic`).
    public var application: [String: AndroidAttribute]
    /// Activities, activity aliases, services, receivers and providers under `<application>`.
    public var components: [AndroidComponent] = []
    /// `<uses-library>` under `<application>` (`com.google.android.wearable`, `android.car`…).
    public var usesLibraries: [AndroidFeature] = []
    /// The source set it belongs to (`main`, `debug`, `gplay`…), from the `src/<set>/` folder, if any.
    public var sourceSet: String?

    public init(location: SourceLocation, package: String? = nil, permissions: [AndroidPermission] = [],
                features: [AndroidFeature] = [], queriedPackages: [String] = [], queriesOtherThanPackages: Bool = false,
                usesSdk: [String: AndroidAttribute] = [:], application: [String: AndroidAttribute] = [:], sourceSet: String? = nil) {
        self.location = location
        self.package = package
        self.permissions = permissions
        self.features = features
        self.queriedPackages = queriedPackages
        self.queriesOtherThanPackages = queriesOtherThanPackages
        self.usesSdk = usesSdk
        self.application = application
        self.sourceSet = sourceSet
    }

    /// Source sets that never ship in a release build (tests and debug-only overlays).
    public var isTestOrDebugOnly: Bool {
        guard let sourceSet else { return false }
        return sourceSet == "debug" || sourceSet.hasPrefix("test") || sourceSet.hasPrefix("androidTest")
    }
}

/// `<uses-permission>` (or `<uses-permission-sdk-23>`).
public struct AndroidPermission: Sendable, Hashable {
    public let name: String
    public let maxSdkVersion: Int?
    public let line: Int
    /// The manifest merger's instruction (`remove`, `removeAll`, `replace`…), from `tools:node`.
    public let toolsNode: String?

    public init(name: String, maxSdkVersion: Int?, line: Int, toolsNode: String? = nil) {
        self.name = name
        self.maxSdkVersion = maxSdkVersion
        self.line = line
        self.toolsNode = toolsNode
    }
}

/// `<uses-feature>` (or `<uses-library>`); `required` defaults to true as it does on Play.
public struct AndroidFeature: Sendable, Hashable {
    public let name: String
    public let required: Bool
    public let line: Int
    public let toolsNode: String?

    public init(name: String, required: Bool, line: Int, toolsNode: String? = nil) {
        self.name = name
        self.required = required
        self.line = line
        self.toolsNode = toolsNode
    }
}

/// An `<activity>`, `<activity-alias>`, `<service>`, `<receiver>` or `<provider>`.
public struct AndroidComponent: Sendable, Hashable {
    /// The element name (`activity`, `service`…).
    public let kind: String
    public let name: String
    /// `android:exported` as written, or nil when absent.
    public var exported: String?
    public var hasIntentFilter: Bool
    /// Categories of its intent filters (`android.intent.category.LEANBACK_LAUNCHER`).
    public var categories: [String]
    public let toolsNode: String?
    public let line: Int
    /// A `<service>`'s `android:foregroundServiceType` flags (`camera|location` → both), as written.
    public var foregroundServiceTypes: [String]
    /// `android:permission` (the permission a caller needs to bind or start it: `BIND_VPN_SERVICE`), or nil.
    public var permission: String?
    /// Actions of its intent filters (`android.net.VpnService`).
    public var actions: [String] = []

    public init(kind: String, name: String, exported: String? = nil, hasIntentFilter: Bool = false, categories: [String] = [],
                toolsNode: String? = nil, line: Int, foregroundServiceTypes: [String] = [], permission: String? = nil) {
        self.kind = kind
        self.name = name
        self.exported = exported
        self.hasIntentFilter = hasIntentFilter
        self.categories = categories
        self.toolsNode = toolsNode
        self.line = line
        self.foregroundServiceTypes = foregroundServiceTypes
        self.permission = permission
    }
}

/// An XML attribute value and the line it is on.
public struct AndroidAttribute: Sendable, Hashable {
    public let value: String
    public let line: Int

    public init(value: String, line: Int) {
        self.value = value
        self.line = line
    }
}
