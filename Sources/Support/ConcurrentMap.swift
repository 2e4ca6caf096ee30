import Foundation

/// `(0..<count).map(body)` with the calls spread over the cores; results come back in index order, so
/// whatever is built from them is the same on every run.
///
/// The calling thread takes part, and one helper per other core (on the global queue) takes the next index
/// as it comes free. Not `DispatchQueue.concurrentPerform`: libdispatch runs an apply nested in another one
/// on its share of the outer width only, which on two cores is one thread, so the source scan (a map over
/// files inside the map over a stage's inspectors) ran on one core while the other stood idle.
package enum ConcurrentMap {
    /// Read once: Foundation reads the cgroup quota files on every call.
    package static let cores = ProcessInfo.processInfo.activeProcessorCount

    package static func map<Value: Sendable>(count: Int, _ body: @escaping @Sendable (Int) -> Value) -> [Value] {
        guard count > 1 else { return (0..<max(count, 0)).map(body) }
        let work = Work<Value>(count: count, body: body)
        for _ in 0..<(min(count, cores) - 1) {
            DispatchQueue.global().async { work.drain() }
        }
        work.drain()
        // Only indices some thread has taken are waited for: a helper that starts late finds none left,
        // so the map never waits on the queue (and nested maps cannot starve one another).
        return work.values()
    }

    /// The next index to take and one slot per index, under one lock.
    private final class Work<Value: Sendable>: @unchecked Sendable {
        private let count: Int
        private let body: @Sendable (Int) -> Value
        private let condition = NSCondition()
        private var next = 0
        private var finished = 0
        private var storage: [Value?]

        init(count: Int, body: @escaping @Sendable (Int) -> Value) {
            self.count = count
            self.body = body
            storage = Array(repeating: nil, count: count)
        }

        func drain() {
            while true {
                condition.lock()
                let index = next
                guard index < count else {
                    condition.unlock()
                    return
                }
                next += 1
                condition.unlock()
                let value = body(index)
                condition.lock()
                storage[index] = value
                finished += 1
                if finished == count { condition.broadcast() }
                condition.unlock()
            }
        }

        /// Waits until every index is done, then hands the values over in index order.
        func values() -> [Value] {
            condition.lock()
            defer { condition.unlock() }
            while finished < count { condition.wait() }
            let values = storage.compactMap { $0 }
            storage = []  // a helper that starts late keeps this object, not the values, alive a moment longer
            return values
        }
    }
}
