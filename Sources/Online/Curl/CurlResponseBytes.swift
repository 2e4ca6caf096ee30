#if !canImport(Darwin)
/// Bytes libcurl writes (a body or the header lines), up to `limit`; written and read on the transferring thread
/// only. Shared by the `--online` page fetcher and the console's HTTP client.
final class CurlResponseBytes {
    let limit: Int
    private(set) var bytes: [UInt8] = []
    /// Whether more came than `limit`, so that the transfer was stopped.
    private(set) var truncated = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Keeps what fits; returns the count taken, which is less than `count` (stopping libcurl) past the limit.
    func append(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data, count > 0 else { return count }
        let taken = min(count, limit - bytes.count)
        data.withMemoryRebound(to: UInt8.self, capacity: count) { bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: taken)) }
        if taken < count { truncated = true }
        return taken
    }
}
#endif
