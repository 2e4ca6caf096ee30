import Foundation
import Online
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
        let reader = NetworkConsoleReader(environment: environment, client: CurlHTTPClient(timeout: min(20, deadline)), deadline: deadline)
        return InterruptibleConsoleReader(reader: reader)
        #endif
    }
}

#if !canImport(Darwin)
/// A read that SIGTERM, SIGINT or SIGHUP cut short ends the process, as the signal asked, but only after the
/// reader has returned: by then the Play edit it opened is deleted (ConsoleInterruption says how).
struct InterruptibleConsoleReader: ConsoleReader {
    let reader: NetworkConsoleReader

    func read(_ request: ConsoleRequest) -> ConsoleReadResult {
        let (result, signal) = ConsoleInterruption.guarding { reader.read(request) }
        if let signal {
            FileHandle.standardError.write(Data("shipcheck: stopped by signal \(signal) while reading the consoles; the Google Play edit it opened, if any, was deleted\n".utf8))
            ConsoleInterruption.reraise(signal)
        }
        return result
    }
}
#endif
