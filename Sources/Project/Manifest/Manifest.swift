import StoreLocale

/// The project's optional `shipcheck.yml`. Skeleton: the manifest reader fills every key.
public struct Manifest: Sendable {
    public let file: String
    public var appName: String?
    public var developer: String?
    public var stores: Set<Store>?
    public var skip: [String]
    public var severity: [String: String]

    public init(file: String, appName: String? = nil, developer: String? = nil, stores: Set<Store>? = nil,
                skip: [String] = [], severity: [String: String] = [:]) {
        self.file = file
        self.appName = appName
        self.developer = developer
        self.stores = stores
        self.skip = skip
        self.severity = severity
    }
}
