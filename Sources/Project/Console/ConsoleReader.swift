/// What the run asks of the consoles: which stores, and which app in each.
public struct ConsoleRequest: Sendable, Equatable {
    public var stores: Set<ConsoleStore>
    /// The App Store app's bundle id (the archive's, else the project's); nil: App Store Connect cannot be asked.
    public var bundleId: String?
    /// The Play package name (the archive's, else the release module's applicationId).
    public var packageName: String?

    public init(stores: Set<ConsoleStore>, bundleId: String? = nil, packageName: String? = nil) {
        self.stores = stores
        self.bundleId = bundleId
        self.packageName = packageName
    }
}

/// What reading the consoles gave: the snapshot of the stores read, and why each other store was not.
public struct ConsoleReadResult: Sendable {
    public var snapshot: ConsoleSnapshot
    public var unread: [ConsoleStore: String]

    public init(snapshot: ConsoleSnapshot = ConsoleSnapshot(), unread: [ConsoleStore: String] = [:]) {
        self.snapshot = snapshot
        self.unread = unread
    }
}

/// Reads the consoles over the network (`--console`); tests and hosts inject their own.
public protocol ConsoleReader: Sendable {
    /// Never throws and never hangs: a store that cannot be read is in `unread` with the reason.
    func read(_ request: ConsoleRequest) -> ConsoleReadResult
}
