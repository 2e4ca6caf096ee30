import Foundation

/// Reads newline-delimited messages from a file descriptor, bounded: a line longer than `limit` bytes is
/// skipped to its newline and reported as `.tooLong`, never held whole in memory.
struct LineReader {
    enum Line: Equatable {
        case text([UInt8])
        case tooLong
    }

    let descriptor: Int32
    let limit: Int
    private var pending: [UInt8] = []
    private var skipping = false
    private var finished = false

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next line without its `\n` (a `\r` before it is dropped too); nil at the end of the input.
    mutating func next() -> Line? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                var line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                if skipping {
                    skipping = false
                    return .tooLong
                }
                if line.last == 0x0D { line.removeLast() }
                return .text(line)
            }
            if pending.count > limit {
                pending.removeAll(keepingCapacity: true)
                skipping = true
            }
            if finished {
                if skipping { skipping = false; return .tooLong }
                guard !pending.isEmpty else { return nil }
                defer { pending.removeAll() }
                return .text(pending)
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { finished = true; continue }
            pending.append(contentsOf: buffer[..<count])
        }
    }
}
