import Foundation
import Project

/// The network reader `--console` and `console doctor|fetch` use: libcurl and libcrypto, loaded when used,
/// on Linux. On Apple platforms none is built yet: the credentials are still looked at and the items stay
/// manual with why.
enum ConsoleNetwork {
    /// The whole console step, both stores: `SHIPCHECK_CONSOLE_TIMEOUT` seconds (tests shorten it), else 60.
    static func reader(environment: [String: String]) -> (any ConsoleReader)? {
        #if canImport(Darwin)
        return nil
        #else
        let deadline = environment["SHIPCHECK_CONSOLE_TIMEOUT"].flatMap(Double.init).map { min(max($0, 1), 300) } ?? 60
        return NetworkConsoleReader(environment: environment, client: CurlHTTPClient(timeout: min(20, deadline)), deadline: deadline)
        #endif
    }
}
