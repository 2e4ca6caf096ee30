import Project

/// The reader used when no network reader is available: every store stays unread, with the reason the
/// credentials give (none in the environment, or found but not usable by this build).
public struct CredentialsOnlyConsoleReader: ConsoleReader {
    public let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    public func read(_ request: ConsoleRequest) -> ConsoleReadResult {
        var result = ConsoleReadResult()
        for store in request.stores {
            switch store {
            case .appstore:
                result.unread[store] = AppStoreConnectCredentials.find(in: environment).failure
                    ?? "reading App Store Connect over the network is not available in this build"
            case .play:
                result.unread[store] = GooglePlayCredentials.find(in: environment).failure
                    ?? "reading Google Play Console over the network is not available in this build"
            }
        }
        return result
    }
}
