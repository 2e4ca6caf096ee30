/// A build.gradle(.kts) module script: what kind of module it is and the Android settings it declares,
/// each with its line and, when the value is a literal somewhere we can read, that value.
public struct GradleFile: Sendable {
    public enum ModuleKind: String, Sendable {
        /// Applies `com.android.application`: ships as an app.
        case application
        /// Applies `com.android.library`.
        case library
        /// Neither (a root project, a pure Kotlin module).
        case other
    }

    public let location: SourceLocation
    public var isKotlinScript: Bool
    /// The module folder relative to the project root (`app`, `android/app`; empty for the root).
    public var module: String
    public var kind: ModuleKind
    /// Plugin ids, or `libs.plugins.…` aliases when the catalog did not name the id.
    public var plugins: [String]
    public var settings: [GradleSetting]
    public var productFlavors: [GradleFlavor]

    public init(location: SourceLocation, isKotlinScript: Bool = false, module: String = "", kind: ModuleKind = .other,
                plugins: [String] = [], settings: [GradleSetting] = [], productFlavors: [GradleFlavor] = []) {
        self.location = location
        self.isKotlinScript = isKotlinScript
        self.module = module
        self.kind = kind
        self.plugins = plugins
        self.settings = settings
        self.productFlavors = productFlavors
    }

    /// The settings named `name` (defaultConfig first, then flavor overrides).
    public func settings(_ name: GradleSetting.Name) -> [GradleSetting] {
        settings.filter { $0.name == name }
    }
}

/// One Android setting in a build script (`targetSdk = libs.versions.targetSdk.get().toInt()`).
public struct GradleSetting: Sendable, Hashable {
    /// Canonical names: `targetSdkVersion` and `targetSdk` are both `targetSdk`.
    public enum Name: String, Sendable, CaseIterable {
        case applicationId, namespace, minSdk, targetSdk, versionCode, versionName
        /// `compileSdk` / `compileSdkVersion` in the `android` block: AGP 9 defaults an unset targetSdk to it.
        case compileSdk
    }

    public let name: Name
    /// The product flavor that overrides it, or nil for `defaultConfig` (or `android` for `namespace` and `compileSdk`).
    public let flavor: String?
    /// The expression as written.
    public let expression: String
    public let line: Int
    /// The literal value, when the expression is one or names one we could read (catalog, ext, gradle.properties).
    public var value: String?
    /// Where an indirect literal was found (`gradle/libs.versions.toml:40`).
    public var resolvedAt: SourceLocation?

    public init(name: Name, flavor: String?, expression: String, line: Int, value: String? = nil, resolvedAt: SourceLocation? = nil) {
        self.name = name
        self.flavor = flavor
        self.expression = expression
        self.line = line
        self.value = value
        self.resolvedAt = resolvedAt
    }
}

/// A product flavor declared under `productFlavors`.
public struct GradleFlavor: Sendable, Hashable {
    public let name: String
    public let line: Int

    public init(name: String, line: Int) {
        self.name = name
        self.line = line
    }
}
