import CZlib

/// One ZIP entry read forward in bounded chunks: a stored entry by `pread`, a deflated one inflated
/// through zlib 64 KB at a time, keeping only the bytes asked for. A read behind the current position
/// restarts the stream (at most `maxRestarts` times, so a reader that jumps back and forth stays bounded).
/// The CRC-32 is computed over every byte produced and checked by `finish()`, as is the declared size.
final class ZipEntryReader: EntryReader {
    package static let chunk = 64 << 10
    static let maxRestarts = 4

    package let entry: ZipEntry
    package let archive: String
    private let file: RandomAccessFile
    private let dataStart: Int
    /// Uncompressed bytes produced (deflated) or passed (stored) so far, and their CRC.
    private var position = 0
    private var crc: UInt32 = 0
    /// Compressed bytes handed to zlib so far.
    private var consumed = 0
    private var ended = false
    private var restarts = 0
    private var input: [UInt8] = []
    /// How much of `input` zlib has taken.
    private var inputRead = 0
    /// Where skipped bytes are inflated to (one chunk, reused).
    private var scratch: [UInt8] = []
    private var stream: UnsafeMutablePointer<z_stream>?

    package var size: Int { entry.uncompressedSize }

    package init(file: RandomAccessFile, entry: ZipEntry, dataStart: Int, archive: String) throws(ArchiveError) {
        self.file = file
        self.entry = entry
        self.dataStart = dataStart
        self.archive = archive
        if entry.method == ZipEntry.deflated { try start() }
    }

    deinit {
        if let stream {
            inflateEnd(stream)
            stream.deallocate()
        }
    }

    private func fail(_ message: String) -> ArchiveError { ArchiveError(archive: archive, entry: entry.name, message) }

    /// zlib keeps a pointer back to its z_stream: it lives at one allocated address for the reader's life.
    private func start() throws(ArchiveError) {
        if let stream {
            inflateEnd(stream)
            stream.deallocate()
            self.stream = nil
        }
        let fresh = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        fresh.initialize(to: z_stream())
        // -15: a raw deflate stream with a 32 KB window, no zlib header (as ZIP stores it).
        guard inflateInit2_(fresh, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            fresh.deallocate()
            throw fail("zlib could not start inflating")
        }
        stream = fresh
        position = 0
        consumed = 0
        crc = 0
        ended = false
        input = []
        inputRead = 0
    }

    package func read(at offset: Int, count: Int) throws(ArchiveError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
            throw fail("\(count) bytes at offset \(offset) lie past the end of the entry (\(size) bytes)")
        }
        if entry.method == ZipEntry.stored {
            do { return try file.read(at: dataStart + offset, count: count) } catch { throw fail(error.message) }
        }
        if offset < position {
            restarts += 1
            guard restarts <= Self.maxRestarts else { throw fail("its reader went back more than \(Self.maxRestarts) times (shipcheck's limit)") }
            try start()
        }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        try produce(skip: offset - position, keep: count, into: &out)
        return out
    }

    package func finish() throws(ArchiveError) {
        if entry.method == ZipEntry.stored {
            // Stored: the CRC over the whole entry, a chunk at a time.
            var offset = 0
            var crc: UInt32 = 0
            while offset < size {
                let n = min(Self.chunk * 16, size - offset)
                let bytes: [UInt8]
                do { bytes = try file.read(at: dataStart + offset, count: n) } catch { throw fail(error.message) }
                crc = Inflater.crc32(bytes, continuing: crc)
                offset += n
            }
            guard crc == entry.crc32 else { throw fail("its CRC-32 does not match its bytes (a damaged or altered archive)") }
            return
        }
        var none: [UInt8] = []
        try produce(skip: size - position, keep: 0, into: &none)
        // The stream must end exactly at the declared size.
        if !ended {
            var spare: UInt8 = 0
            if try inflate(into: &spare, limit: 1) > 0 { throw fail("inflates to more than the \(size) bytes its header declares (a zip bomb?)") }
            guard ended else { throw fail("its deflate stream does not end after the \(size) bytes its header declares") }
        }
        guard crc == entry.crc32 else { throw fail("its CRC-32 does not match its bytes (a damaged or altered archive)") }
    }

    /// Inflates `skip` bytes (checked, not kept) then `keep` bytes appended to `out`. Bytes go straight from
    /// zlib into their buffer (a reused scratch chunk for skipped ones): no per-byte work in Swift.
    private func produce(skip: Int, keep: Int, into out: inout [UInt8]) throws(ArchiveError) {
        var toSkip = skip
        if toSkip > 0, scratch.isEmpty { scratch = [UInt8](repeating: 0, count: Self.chunk) }
        while toSkip > 0 {
            let want = min(toSkip, Self.chunk)
            var produced = 0
            try scratch.withUnsafeMutableBufferPointer { (buffer: inout UnsafeMutableBufferPointer<UInt8>) throws(ArchiveError) in
                produced = try inflate(into: buffer.baseAddress!, limit: want)
            }
            guard produced > 0 else { throw fail("its deflate stream ends after \(position) bytes, before the \(size) its header declares (truncated)") }
            toSkip -= produced
        }
        guard keep > 0 else { return }
        let start = out.count
        out += [UInt8](repeating: 0, count: keep)
        var filled = 0
        while filled < keep {
            var produced = 0
            try out.withUnsafeMutableBufferPointer { (buffer: inout UnsafeMutableBufferPointer<UInt8>) throws(ArchiveError) in
                produced = try inflate(into: buffer.baseAddress! + start + filled, limit: keep - filled)
            }
            guard produced > 0 else { throw fail("its deflate stream ends after \(position) bytes, before the \(size) its header declares (truncated)") }
            filled += produced
        }
    }

    /// Inflates up to `limit` bytes into `target` (fewer only when the stream ends); counts and CRCs them.
    private func inflate(into target: UnsafeMutablePointer<UInt8>, limit: Int) throws(ArchiveError) -> Int {
        guard let stream, !ended, limit > 0 else { return 0 }
        var produced = 0
        while produced < limit, !ended {
            if stream.pointee.avail_in == 0 {
                let n = min(Self.chunk, entry.compressedSize - consumed)
                guard n > 0 else { break }
                do { input = try file.read(at: dataStart + consumed, count: n) } catch { throw fail(error.message) }
                consumed += n
                inputRead = 0
            }
            var status: Int32 = Z_OK
            let room = limit - produced
            input.withUnsafeMutableBufferPointer { inBuffer in
                let before = Int(stream.pointee.avail_in == 0 ? UInt32(inBuffer.count - inputRead) : stream.pointee.avail_in)
                stream.pointee.next_in = inBuffer.baseAddress! + (inBuffer.count - before)
                stream.pointee.avail_in = UInt32(before)
                stream.pointee.next_out = target + produced
                stream.pointee.avail_out = UInt32(room)
                status = CZlib.inflate(stream, Z_NO_FLUSH)
                inputRead = inBuffer.count - Int(stream.pointee.avail_in)
                produced += room - Int(stream.pointee.avail_out)
            }
            switch status {
            case Z_STREAM_END: ended = true
            case Z_OK: break
            case Z_BUF_ERROR:
                if stream.pointee.avail_in == 0, consumed < entry.compressedSize { continue }
            case Z_DATA_ERROR: throw fail("its deflate data is damaged")
            case Z_MEM_ERROR: throw fail("zlib ran out of memory inflating it")
            default: throw fail("zlib stopped inflating it (status \(status))")
            }
            if status == Z_BUF_ERROR { break }
        }
        guard position + produced <= size else { throw fail("inflates to more than the \(size) bytes its header declares (a zip bomb?)") }
        crc = Inflater.crc32(UnsafeBufferPointer(start: target, count: produced), continuing: crc)
        position += produced
        return produced
    }
}
