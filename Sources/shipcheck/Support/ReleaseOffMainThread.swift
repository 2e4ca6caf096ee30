import Dispatch

/// Hands the last reference to a run's model to a worker thread. Freeing the model of a large tree (every
/// walked path, the Xcode projects, the findings) took about 2% of a `check`; the command returns at once,
/// and the process exits without waiting for it (in-process hosts, tests, still free it, off their thread).
enum ReleaseOffMainThread {
    static func release<Value: Sendable>(_ value: Value) {
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(value) {} }
    }
}
