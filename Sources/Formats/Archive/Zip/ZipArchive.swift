/// A ZIP archive (.ipa, .aab, .apk) read from its central directory: entries are found by name and
/// inflated one at a time on request, never extracted to disk. ZIP64 sizes and offsets are read;
/// stored and deflated entries are supported. Every size, count and offset is checked against the
/// file and `ArchiveLimits` before anything is allocated.
public final class ZipArchive: @unchecked Sendable {
    public let name: String
    public let entries: [ZipEntry]
    public let limits: ArchiveLimits
    private let file: RandomAccessFile
    private let index: [String: Int]
    /// Inflated so far (guarded: entries are read one at a time by one inspector).
    private var inflatedTotal = 0

    /// - Parameter name: the archive as reports name it (`build/app.ipa`).
    public init(path: String, name: String, limits: ArchiveLimits = ArchiveLimits()) throws(ArchiveError) {
        self.name = name
        self.limits = limits
        do {
            file = try RandomAccessFile(path: path)
        } catch {
            throw ArchiveError(archive: name, error.message)
        }
        guard file.size <= limits.maxArchiveBytes else {
            throw ArchiveError(archive: name, "the archive is \(file.size) bytes, over shipcheck's limit of \(limits.maxArchiveBytes)")
        }
        do {
            entries = try Self.centralDirectory(file, limits: limits)
        } catch let error as ArchiveError {
            throw ArchiveError(archive: name, entry: error.entry, error.message)
        } catch let error as DecodeError {
            throw ArchiveError(archive: name, error.message)
        } catch {
            throw ArchiveError(archive: name, "\(error)")
        }
        var index: [String: Int] = [:]
        for (i, entry) in entries.enumerated() where index[entry.name] == nil { index[entry.name] = i }
        self.index = index
    }

    public func entry(named name: String) -> ZipEntry? {
        index[name].map { entries[$0] }
    }

    /// The entry opened for reading by range (`EntryReader`): what a binary's reader needs is inflated and
    /// kept, the rest only passed through zlib for its CRC. Counts against the archive's inflated total.
    public func open(_ entry: ZipEntry) throws(ArchiveError) -> any EntryReader {
        let start = try dataStart(entry)
        switch entry.method {
        case ZipEntry.stored, ZipEntry.deflated:
            if entry.method == ZipEntry.stored, entry.compressedSize != entry.uncompressedSize {
                throw ArchiveError(archive: name, entry: entry.name, "is stored (not compressed) but its sizes differ (\(entry.compressedSize) and \(entry.uncompressedSize))")
            }
            inflatedTotal += entry.uncompressedSize
            return try ZipEntryReader(file: file, entry: entry, dataStart: start, archive: name)
        default:
            throw ArchiveError(archive: name, entry: entry.name, "uses compression method \(entry.method); shipcheck reads stored (0) and deflated (8) entries, as app bundles use")
        }
    }

    /// Where the entry's data starts (after its local header), checked against the limits and the file.
    public func dataStart(_ entry: ZipEntry) throws(ArchiveError) -> Int {
        func fail(_ message: String) -> ArchiveError { ArchiveError(archive: name, entry: entry.name, message) }
        guard entry.uncompressedSize <= limits.maxEntryBytes else {
            throw fail("inflates to \(entry.uncompressedSize) bytes, over shipcheck's limit of \(limits.maxEntryBytes) for one entry")
        }
        guard entry.uncompressedSize <= limits.maxTotalInflatedBytes - inflatedTotal else {
            throw fail("reading it would inflate more than \(limits.maxTotalInflatedBytes) bytes from the archive (shipcheck's limit; a zip bomb?)")
        }
        let start: Int
        do throws(DecodeError) {
            let header = ByteCursor(try file.read(at: entry.localHeaderOffset, count: 30))
            guard try header.u32(0) == 0x0403_4B50 else { throw DecodeError("its local header at offset \(entry.localHeaderOffset) has no ZIP signature") }
            let nameLength = try header.u16(26)
            let extraLength = try header.u16(28)
            let (sum, overflow) = Self.checkedSum([entry.localHeaderOffset, 30, nameLength, extraLength])
            guard !overflow else { throw DecodeError("its local header offset \(entry.localHeaderOffset) is out of range") }
            start = sum
        } catch {
            throw fail(error.message)
        }
        guard start <= file.size, entry.compressedSize <= file.size - start else {
            throw fail("its \(entry.compressedSize) compressed bytes at offset \(start) lie past the end of the archive (\(file.size) bytes)")
        }
        return start
    }

    /// The entry's bytes, inflated and checked against its CRC-32 (small entries: plists, manifests).
    public func read(_ entry: ZipEntry) throws(ArchiveError) -> [UInt8] {
        func fail(_ message: String) -> ArchiveError { ArchiveError(archive: name, entry: entry.name, message) }
        let start = try dataStart(entry)
        let compressed: [UInt8]
        do { compressed = try file.read(at: start, count: entry.compressedSize) } catch { throw fail(error.message) }
        let bytes: [UInt8]
        switch entry.method {
        case ZipEntry.stored:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw fail("is stored (not compressed) but its sizes differ (\(entry.compressedSize) and \(entry.uncompressedSize))")
            }
            bytes = compressed
        case ZipEntry.deflated:
            do { bytes = try Inflater.inflate(compressed, expectedSize: entry.uncompressedSize) } catch { throw fail(error.message) }
        default:
            throw fail("uses compression method \(entry.method); shipcheck reads stored (0) and deflated (8) entries, as app bundles use")
        }
        guard Inflater.crc32(bytes) == entry.crc32 else { throw fail("its CRC-32 does not match its bytes (a damaged or altered archive)") }
        inflatedTotal += bytes.count
        return bytes
    }

    // MARK: - Central directory

    /// The end-of-central-directory record is in the last 65,557 bytes (22 plus a comment of at most 65,535).
    static func centralDirectory(_ file: RandomAccessFile, limits: ArchiveLimits) throws -> [ZipEntry] {
        guard file.size >= 22 else { throw DecodeError("not a ZIP archive: \(file.size) bytes, shorter than an end-of-central-directory record") }
        let tailLength = min(file.size, 65_557)
        let tailStart = file.size - tailLength
        let tail = ByteCursor(try file.read(at: tailStart, count: tailLength))
        var eocd: Int?
        var i = tailLength - 22
        while i >= 0 {
            if tail.bytes[i] == 0x50, tail.bytes[i + 1] == 0x4B, tail.bytes[i + 2] == 0x05, tail.bytes[i + 3] == 0x06 { eocd = i; break }
            i -= 1
        }
        guard let eocd else { throw DecodeError("not a ZIP archive: no end-of-central-directory record") }
        var count = try tail.u16(eocd + 10)
        var directorySize = try tail.u32(eocd + 12)
        var directoryOffset = try tail.u32(eocd + 16)
        // ZIP64: a locator 20 bytes before the record points at the ZIP64 record with the real values.
        let hasLocator = eocd >= 20 ? try tail.u32(eocd - 20) == 0x0706_4B50 : false
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF || hasLocator {
            guard hasLocator else { throw DecodeError("ZIP64 sizes without a ZIP64 locator") }
            let recordOffset = try tail.u64(eocd - 20 + 8, "the ZIP64 record offset")
            let record = ByteCursor(try file.read(at: recordOffset, count: 56))
            guard try record.u32(0) == 0x0606_4B50 else { throw DecodeError("the ZIP64 end-of-central-directory record at offset \(recordOffset) has no signature") }
            count = try record.u64(32, "the ZIP64 entry count")
            directorySize = try record.u64(40, "the ZIP64 central directory size")
            directoryOffset = try record.u64(48, "the ZIP64 central directory offset")
        }
        guard count <= limits.maxEntries else {
            throw DecodeError("the archive declares \(count) entries, over shipcheck's limit of \(limits.maxEntries)")
        }
        guard directoryOffset <= file.size, directorySize <= file.size - directoryOffset else {
            throw DecodeError("the central directory (\(directorySize) bytes at offset \(directoryOffset)) lies past the end of the archive (\(file.size) bytes)")
        }
        // Each record is at least 46 bytes: a count the directory cannot hold is a lie.
        guard count * 46 <= directorySize else { throw DecodeError("the central directory is too small for the \(count) entries it declares") }
        let directory = ByteCursor(try file.read(at: directoryOffset, count: directorySize))
        var entries: [ZipEntry] = []
        entries.reserveCapacity(count)
        var offset = 0
        for number in 0..<count {
            guard try directory.u32(offset, "central directory record \(number + 1)") == 0x0201_4B50 else {
                throw DecodeError("central directory record \(number + 1) at offset \(directoryOffset + offset) has no signature")
            }
            let flags = try directory.u16(offset + 8)
            let method = try directory.u16(offset + 10)
            let crc = UInt32(try directory.u32(offset + 16))
            var compressed = try directory.u32(offset + 20)
            var uncompressed = try directory.u32(offset + 24)
            let nameLength = try directory.u16(offset + 28)
            let extraLength = try directory.u16(offset + 30)
            let commentLength = try directory.u16(offset + 32)
            var local = try directory.u32(offset + 42)
            let nameBytes = try directory.slice(offset + 46, nameLength, "the name of entry \(number + 1)")
            let name = String(decoding: nameBytes, as: UTF8.self)
            let extra = ByteCursor(Array(try directory.slice(offset + 46 + nameLength, extraLength, "the extra field of \(name)")))
            if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || local == 0xFFFF_FFFF {
                (uncompressed, compressed, local) = try zip64Values(extra, uncompressed: uncompressed, compressed: compressed, local: local, entry: name)
            }
            // ZIP64 values are 64-bit: one larger than the file itself is a lie, refused before any sum uses it.
            guard compressed <= file.size, local <= file.size else {
                throw ArchiveError(archive: "", entry: name,
                                   "declares \(compressed) compressed bytes at offset \(local), past the end of the archive (\(file.size) bytes)")
            }
            if let problem = ZipNames.problem(name) { throw ArchiveError(archive: "", entry: name, problem) }
            if flags & 1 != 0 { throw ArchiveError(archive: "", entry: name, "is encrypted; shipcheck cannot read it") }
            if uncompressed > limits.ratioFloorBytes, uncompressed / max(compressed, 1) > limits.maxRatio {
                throw ArchiveError(archive: "", entry: name,
                                   "inflates \(uncompressed / max(compressed, 1)):1 (\(compressed) to \(uncompressed) bytes), over shipcheck's limit of \(limits.maxRatio):1 (a zip bomb?)")
            }
            entries.append(ZipEntry(name: name, method: method, crc32: crc, compressedSize: compressed,
                                    uncompressedSize: uncompressed, localHeaderOffset: local))
            offset += 46 + nameLength + extraLength + commentLength
        }
        try checkOverlaps(entries, directoryOffset: directoryOffset)
        return entries
    }

    /// The ZIP64 extended-information extra field (0x0001) holds, in this order, only the values whose
    /// 32-bit fields are 0xFFFFFFFF.
    static func zip64Values(_ extra: ByteCursor, uncompressed: Int, compressed: Int, local: Int, entry: String) throws -> (Int, Int, Int) {
        var offset = 0
        while offset + 4 <= extra.count {
            let id = try extra.u16(offset)
            let size = try extra.u16(offset + 2)
            if id == 0x0001 {
                var field = offset + 4
                func next() throws -> Int {
                    guard field + 8 <= offset + 4 + size else { throw ArchiveError(archive: "", entry: entry, "its ZIP64 extra field is too short") }
                    defer { field += 8 }
                    return try extra.u64(field, "a ZIP64 size")
                }
                let u = uncompressed == 0xFFFF_FFFF ? try next() : uncompressed
                let c = compressed == 0xFFFF_FFFF ? try next() : compressed
                let l = local == 0xFFFF_FFFF ? try next() : local
                return (u, c, l)
            }
            offset += 4 + size
        }
        throw ArchiveError(archive: "", entry: entry, "has ZIP64 sizes but no ZIP64 extra field")
    }

    /// The sum of `values` and whether it overflowed `Int` (offsets and sizes read from an archive).
    static func checkedSum(_ values: [Int]) -> (Int, Bool) {
        var total = 0
        for value in values {
            let (sum, overflow) = total.addingReportingOverflow(value)
            if overflow || value < 0 { return (0, true) }
            total = sum
        }
        return (total, false)
    }

    /// Entries whose data overlap (the trick of "non-recursive" zip bombs, many names over one stream)
    /// or run into the central directory are refused.
    static func checkOverlaps(_ entries: [ZipEntry], directoryOffset: Int) throws {
        let sorted = entries.filter { !$0.isDirectory || $0.compressedSize > 0 }.sorted { $0.localHeaderOffset < $1.localHeaderOffset }
        var previous: ZipEntry?
        for entry in sorted {
            guard entry.localHeaderOffset < directoryOffset else {
                throw ArchiveError(archive: "", entry: entry.name, "its local header lies in or after the central directory")
            }
            // The local header is at least 30 bytes plus the name, then the data. Summed with overflow checks:
            // the sizes come from the archive (a ZIP64 size may be near 2^63).
            if let previous {
                let (end, overflow) = Self.checkedSum([previous.localHeaderOffset, 30, previous.name.utf8.count, previous.compressedSize])
                guard !overflow else {
                    throw ArchiveError(archive: "", entry: previous.name,
                                       "its offset and size (\(previous.compressedSize) bytes at \(previous.localHeaderOffset)) overflow a 64-bit file position (a damaged or hostile archive)")
                }
                if end > entry.localHeaderOffset {
                    throw ArchiveError(archive: "", entry: entry.name, "its data overlaps the entry \(previous.name) (overlapping entries: a zip bomb?)")
                }
            }
            previous = entry
        }
    }
}
