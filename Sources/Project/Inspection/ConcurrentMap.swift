import Foundation

/// `(0..<count).map(body)` with the calls spread over the cores; results come back in index order, so
/// whatever is built from them is the same on every run.
enum ConcurrentMap {
    static func map<Value: Sendable>(count: Int, _ body: @Sendable (Int) -> Value) -> [Value] {
        let slots = Slots<Value>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.set(index, body(index))
        }
        return slots.values
    }

    /// One slot per index, each written once by its worker.
    private final class Slots<Value: Sendable>: @unchecked Sendable {
        private var storage: [Value?]
        private let lock = NSLock()

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Value) {
            lock.lock()
            storage[index] = value
            lock.unlock()
        }

        var values: [Value] {
            lock.lock()
            defer { lock.unlock() }
            return storage.compactMap { $0 }
        }
    }
}
