import Support

/// A structural check of a binary property list before Foundation sees it. Foundation expands shared
/// references into copies, so 40 arrays that each reference the next twice become 2^40 objects (a 203-byte
/// file that never finishes), and a reference cycle recurses without end. This walks the object table once,
/// with a memo, and refuses cycles, deep nesting, absurd counts and an expanded size over the bound.
package enum BinaryPlistBounds {
    /// Objects after expanding shared references; real Info.plists hold a few thousand.
    static let maxExpandedObjects = 1_000_000
    package static let maxDepth = 256

    /// Nil when the file may go to Foundation; otherwise why not. Files that are not binary plists pass
    /// (Foundation reports their own errors), and so do malformed ones this walk cannot follow.
    package static func problem(in bytes: [UInt8]) -> String? {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist0".utf8)) else { return nil }
        let trailer: Trailer
        switch Trailer.read(bytes) {
        case .success(let read): trailer = read
        case .failure(let failure): return failure.message
        }
        var walk = Walk(bytes: bytes, refSize: trailer.refSize, count: trailer.count, offsetSize: trailer.offsetSize,
                        tableOffset: trailer.tableOffset)
        do {
            _ = try walk.expandedSize(of: trailer.top, depth: 0)
            return nil
        } catch {
            return error.message
        }
    }

    /// The last 32 bytes: the sizes of offsets and references, the object count, the top object and where the
    /// offset table starts, checked against the file. Shared with `BinaryPlistDecoder`.
    struct Trailer {
        struct Damaged: Error { let message: String }

        let offsetSize: Int
        let refSize: Int
        package let count: Int
        package let top: Int
        let tableOffset: Int
        /// Where the trailer starts: objects and the offset table lie before it.
        package let start: Int

        package static func read(_ bytes: [UInt8]) -> Result<Trailer, Damaged> {
            guard bytes.count >= 8 + 32 else { return .failure(Damaged(message: "is too short for a binary property list")) }
            let start = bytes.count - 32
            let offsetSize = Int(bytes[start + 6]), refSize = Int(bytes[start + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(refSize),
                  let count = integer(bytes, start + 8, 8), let top = integer(bytes, start + 16, 8),
                  let tableOffset = integer(bytes, start + 24, 8) else { return .failure(Damaged(message: "has a damaged binary trailer")) }
            guard count > 0, count <= bytes.count, top < count, tableOffset >= 8, tableOffset < start,
                  count * offsetSize <= start - tableOffset else { return .failure(Damaged(message: "has a damaged binary object table")) }
            return .success(Trailer(offsetSize: offsetSize, refSize: refSize, count: count, top: top, tableOffset: tableOffset, start: start))
        }
    }

    private struct Refused: Error { let message: String }

    private struct Walk {
        let bytes: [UInt8]
        let refSize: Int
        let count: Int
        let offsetSize: Int
        let tableOffset: Int
        /// 0: not seen, -1: being expanded (seeing it again is a cycle), n > 0: expanded size.
        var sizes: [Int]

        init(bytes: [UInt8], refSize: Int, count: Int, offsetSize: Int, tableOffset: Int) {
            self.bytes = bytes
            self.refSize = refSize
            self.count = count
            self.offsetSize = offsetSize
            self.tableOffset = tableOffset
            self.sizes = [Int](repeating: 0, count: count)
        }

        mutating func expandedSize(of object: Int, depth: Int) throws(Refused) -> Int {
            guard object < count else { throw Refused(message: "refers to object \(object) of \(count)") }
            if sizes[object] > 0 { return sizes[object] }
            if sizes[object] < 0 { throw Refused(message: "has an object that contains itself (a reference cycle)") }
            guard depth < maxDepth else { throw Refused(message: "nests deeper than \(maxDepth) levels") }
            sizes[object] = -1
            var size = 1
            for child in try children(of: object) {
                size += try expandedSize(of: child, depth: depth + 1)
                guard size <= maxExpandedObjects else {
                    throw Refused(message: "expands to more than \(maxExpandedObjects) objects (shared references copied)")
                }
            }
            sizes[object] = size
            return size
        }

        /// The objects an array, set or dictionary refers to (keys included); none for other types.
        func children(of object: Int) throws(Refused) -> [Int] {
            guard let offset = integer(bytes, tableOffset + object * offsetSize, offsetSize), offset < bytes.count else {
                throw Refused(message: "has an object offset outside the file")
            }
            let marker = bytes[offset]
            let type = marker >> 4
            guard type == 0xA || type == 0xC || type == 0xD else { return [] }
            var start = offset + 1
            var items = Int(marker & 0x0F)
            if items == 0x0F {
                guard start < bytes.count, bytes[start] >> 4 == 0x1 else { throw Refused(message: "has a damaged collection count") }
                let width = 1 << Int(bytes[start] & 0x0F)
                guard width <= 8, let value = integer(bytes, start + 1, width) else { throw Refused(message: "has a damaged collection count") }
                items = value
                start += 1 + width
            }
            let refs = type == 0xD ? items * 2 : items
            guard items <= bytes.count, start + refs * refSize <= bytes.count else {
                throw Refused(message: "has a collection of \(items) items in a file of \(bytes.count) bytes")
            }
            var result: [Int] = []
            result.reserveCapacity(refs)
            for index in 0..<refs {
                guard let ref = integer(bytes, start + index * refSize, refSize) else { throw Refused(message: "has a damaged reference") }
                result.append(ref)
            }
            return result
        }
    }

    /// A big-endian unsigned integer of `width` bytes at `offset`, nil when outside the bytes or over Int.max / 2.
    package static func integer(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> Int? {
        guard offset >= 0, width >= 1, width <= 8, offset <= bytes.count - width else { return nil }
        var value: UInt64 = 0
        for index in offset..<(offset + width) { value = value << 8 | UInt64(bytes[index]) }
        return value <= UInt64(Int.max / 2) ? Int(value) : nil
    }
}
