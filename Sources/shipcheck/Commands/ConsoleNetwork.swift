import Project

/// The network reader `--console` uses; nil until one is built in (the credentials are still looked at,
/// and the items stay manual with why).
enum ConsoleNetwork {
    static func reader(environment: [String: String]) -> (any ConsoleReader)? { nil }
}
