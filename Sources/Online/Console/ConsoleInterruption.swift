#if !canImport(Darwin)
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// SIGTERM, SIGINT and SIGHUP while the consoles are read over the network (CI cancelling a job): the read is
/// cut short, the Google Play edit it opened is still deleted by the reader's own `defer`, and only then does
/// the process end the way the signal asked.
///
/// The handler does one thing: it stores the signal's number and returns. A C signal handler captures no
/// context, so the number has to live where the handler can reach it: `received`, a lock-free atomic (a store
/// to it is async-signal-safe), is the only process-wide mutable state here, and only the signal handling
/// writes it. Everything else happens in the main flow, which reads it: the transfers in progress stop at
/// libcurl's next progress call (CurlHTTPClient), the session refuses further GETs (ConsoleAPISession), the edit
/// is deleted (GooglePlayReader's `defer`; the DELETE is never cut short), and the caller re-raises the signal.
public enum ConsoleInterruption {
    static let received = Atomic<Int32>(0)
    static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// The signal received while a guarded read ran, if any.
    public static var receivedSignal: Int32? {
        let value = received.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// Runs `body` with the handler installed for the signals not ignored by the parent (a `nohup` keeps
    /// SIGHUP ignored), restores the previous dispositions, and returns the body's value with the signal
    /// received meanwhile.
    public static func guarding<T>(_ body: () -> T) -> (value: T, signal: Int32?) {
        received.store(0, ordering: .relaxed)
        var previous: [(Int32, sighandler_t?)] = []
        for number in signals {
            let old = signal(number) { number in ConsoleInterruption.received.store(number, ordering: .relaxed) }
            if address(old) == address(SIG_IGN) {
                _ = signal(number, SIG_IGN)
            } else {
                previous.append((number, old))
            }
        }
        let value = body()
        for (number, old) in previous { _ = signal(number, old) }
        return (value, receivedSignal)
    }

    static func address(_ handler: sighandler_t?) -> Int { unsafeBitCast(handler, to: Int.self) }

    /// Ends the process as the signal would have (default disposition, raised again), so that the parent sees
    /// a process killed by it; `exit(128 + n)` should the signal be blocked.
    public static func reraise(_ number: Int32) -> Never {
        _ = signal(number, SIG_DFL)
        raise(number)
        exit(128 + number)
    }
}
#endif
