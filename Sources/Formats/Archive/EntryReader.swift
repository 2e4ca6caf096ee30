/// One archive entry read by range, never held whole: a reader asks for the regions it needs (a Mach-O's
/// header and load commands, its symbol and string tables; an ELF's program headers) and only those are
/// kept. `finish()` reads what is left to check the entry's size and CRC-32, in bounded chunks.
public protocol EntryReader: AnyObject {
    /// The entry's size, uncompressed.
    var size: Int { get }
    /// Exactly `count` bytes at `offset`, or an error naming the entry when the entry ends first.
    func read(at offset: Int, count: Int) throws(ArchiveError) -> [UInt8]
    /// Reads the rest of the entry and checks it (a ZIP entry's CRC-32); a no-op for a file on disk.
    func finish() throws(ArchiveError)
}

extension EntryReader {
    /// A decoder's view of the entry: reads as `DecodeError`s, so that readers stay free of archives.
    public func source() -> ByteSource {
        ByteSource(size: size) { offset, count throws(DecodeError) in
            do throws(ArchiveError) { return try self.read(at: offset, count: count) } catch { throw DecodeError(error.message) }
        }
    }
}

/// Bytes by range, for the Mach-O and ELF readers: an entry being inflated, a file, or bytes in memory.
public struct ByteSource {
    public let size: Int
    let readAt: (Int, Int) throws(DecodeError) -> [UInt8]

    public init(size: Int, readAt: @escaping (Int, Int) throws(DecodeError) -> [UInt8]) {
        self.size = size
        self.readAt = readAt
    }

    public init(_ bytes: [UInt8]) {
        self.init(size: bytes.count) { offset, count throws(DecodeError) in
            guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else {
                throw DecodeError("\(count) bytes at offset \(offset) run past the end (\(bytes.count) bytes)")
            }
            return Array(bytes[offset..<offset + count])
        }
    }

    /// `count` bytes at `offset`, checked against `size` first; `what` names the region in the error.
    public func read(_ offset: Int, _ count: Int, _ what: @autoclosure () -> String) throws(DecodeError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
            throw DecodeError("\(what()) (\(count) bytes at offset \(offset)) runs past the end of the file (\(size) bytes)")
        }
        return try readAt(offset, count)
    }

    /// The bytes `[offset, offset + size)` of this source as a source of their own (a fat slice).
    public func slice(_ offset: Int, _ length: Int) -> ByteSource {
        let parent = self
        return ByteSource(size: length) { at, count throws(DecodeError) in try parent.readAt(offset + at, count) }
    }
}

/// A file inside a folder archive, read by `pread`.
package final class FileEntryReader: EntryReader {
    package let file: RandomAccessFile
    package let archive: String
    package let entry: String
    package var size: Int { file.size }

    package init(file: RandomAccessFile, archive: String, entry: String) {
        self.file = file
        self.archive = archive
        self.entry = entry
    }

    package func read(at offset: Int, count: Int) throws(ArchiveError) -> [UInt8] {
        do { return try file.read(at: offset, count: count) } catch { throw ArchiveError(archive: archive, entry: entry, error.message) }
    }

    package func finish() throws(ArchiveError) {}
}
