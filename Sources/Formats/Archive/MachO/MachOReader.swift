/// Reads Mach-O headers, load commands and the symbol table from bytes. Every count and offset is
/// checked against the slice before use; load commands must tile `sizeofcmds`; symbol and string
/// tables must lie inside the slice. Problems are errors that say which load command or table.
public enum MachOReader {
    /// Symbols kept per slice (a large app imports some 10,000).
    static let maxSymbols = 2_000_000
    static let maxFatSlices = 32

    /// Load commands read per slice (real binaries have some tens of KB).
    static let maxCommandBytes = 16 << 20
    /// A code signature blob (its entitlements are a few KB; the CodeDirectory hashes grow with the binary).
    static let maxSignatureBytes = 64 << 20
    static let maxStringTableBytes = 512 << 20
    /// The text of distinct imported names kept per binary (all slices): a large app's imports are a few MB.
    /// Symbols naming the same string are kept once, so only distinct names count against it.
    public static let maxSymbolTextBytes = 64 << 20

    public static func read(_ bytes: [UInt8], maxSymbolText: Int = maxSymbolTextBytes) throws(DecodeError) -> MachOFile {
        try read(ByteSource(bytes), maxSymbolText: maxSymbolText)
    }

    /// Reads only the header, the load commands, the symbol and string tables and the code signature of
    /// each slice, in file order, so that an entry being inflated is never held whole.
    /// `maxSymbolText` bounds the bytes of distinct imported names kept from all slices (an archive passes
    /// what is left of its own budget).
    public static func read(_ source: ByteSource, maxSymbolText: Int = maxSymbolTextBytes) throws(DecodeError) -> MachOFile {
        var symbolText = maxSymbolText
        let head = ByteCursor(try source.read(0, min(source.size, 8), "the Mach-O magic number"), bigEndian: true)
        let magic = try head.u32(0, "the Mach-O magic number")
        if magic == 0xCAFE_BABE || magic == 0xCAFE_BABF {
            let wide = magic == 0xCAFE_BABF
            let count = try head.u32(4, "the fat header")
            guard count >= 1, count <= maxFatSlices else { throw DecodeError("the fat header declares \(count) architectures (at most \(maxFatSlices) are read)") }
            let be = ByteCursor(try source.read(0, 8 + count * (wide ? 32 : 20), "the fat header's architectures"), bigEndian: true)
            var ranges: [(number: Int, offset: Int, size: Int)] = []
            for i in 0..<count {
                let base = 8 + i * (wide ? 32 : 20)
                let offset = wide ? try be.u64(base + 8, "fat architecture \(i + 1)") : try be.u32(base + 8, "fat architecture \(i + 1)")
                let size = wide ? try be.u64(base + 16, "fat architecture \(i + 1)") : try be.u32(base + 12, "fat architecture \(i + 1)")
                guard offset <= source.size, size <= source.size - offset else {
                    throw DecodeError("fat architecture \(i + 1) (\(size) bytes at offset \(offset)) lies past the end of the file (\(source.size) bytes)")
                }
                ranges.append((i + 1, offset, size))
            }
            var slices: [(Int, MachOFile.Slice)] = []
            // In file order: an inflating entry is read forward.
            for range in ranges.sorted(by: { $0.offset < $1.offset }) {
                do {
                    slices.append((range.number, try slice(source.slice(range.offset, range.size), symbolText: &symbolText)))
                } catch {
                    throw DecodeError("fat architecture \(range.number): \(error.message)")
                }
            }
            return MachOFile(slices: slices.sorted { $0.0 < $1.0 }.map(\.1))
        }
        return MachOFile(slices: [try slice(source, symbolText: &symbolText)])
    }

    static func slice(_ source: ByteSource, symbolText: inout Int) throws(DecodeError) -> MachOFile.Slice {
        let header = ByteCursor(try source.read(0, min(source.size, 32), "the Mach-O header"))
        let magic = try header.u32(0, "the Mach-O magic number")
        let is64: Bool
        switch magic {
        case 0xFEED_FACF: is64 = true
        case 0xFEED_FACE: is64 = false
        default: throw DecodeError("not a Mach-O file (magic 0x\(String(magic, radix: 16)))")
        }
        let cpuType = try header.u32(4, "the Mach-O header")
        let fileType = try header.u32(12, "the Mach-O header")
        let commandCount = try header.u32(16, "the Mach-O header")
        let commandsSize = try header.u32(20, "the Mach-O header")
        let headerSize = is64 ? 32 : 28
        guard headerSize <= source.size, commandsSize <= source.size - headerSize else {
            throw DecodeError("its load commands (\(commandsSize) bytes after the header) run past the end of the file (\(source.size) bytes)")
        }
        guard commandsSize <= maxCommandBytes else { throw DecodeError("its load commands take \(commandsSize) bytes (at most \(maxCommandBytes) are read)") }
        guard commandCount <= commandsSize / 8 else { throw DecodeError("it declares \(commandCount) load commands in \(commandsSize) bytes (each takes at least 8)") }
        // The header and load commands, at their own offsets.
        let c = ByteCursor(try source.read(0, headerSize + commandsSize, "the load commands"))
        var offset = headerSize
        let end = headerSize + commandsSize
        var symbolTable: (symbolOffset: Int, count: Int, stringOffset: Int, stringSize: Int)?
        var signature: (offset: Int, size: Int)?
        var libraries: [String] = []
        var build: MachOFile.BuildVersion?
        for number in 1...max(commandCount, 1) where commandCount > 0 {
            let command = try c.u32(offset, "load command \(number)")
            let size = try c.u32(offset + 4, "load command \(number)")
            guard size >= 8, offset + size <= end else {
                throw DecodeError("load command \(number) (0x\(String(command, radix: 16)), \(size) bytes at offset \(offset)) runs past the load commands' end (\(end)): truncated load commands")
            }
            func field(_ at: Int) throws(DecodeError) -> Int {
                guard at + 4 <= size else { throw DecodeError("load command \(number) (0x\(String(command, radix: 16))) is \(size) bytes, too short for its fields") }
                return try c.u32(offset + at, "load command \(number)")
            }
            switch command {
            case 0x2:  // LC_SYMTAB
                symbolTable = (try field(8), try field(12), try field(16), try field(20))
            case 0x32:  // LC_BUILD_VERSION
                build = MachOFile.BuildVersion(platform: platformName(try field(8)), minimumOS: version(try field(12)), sdk: version(try field(16)))
            case 0x24, 0x25, 0x2F, 0x30:  // LC_VERSION_MIN_MACOSX / IPHONEOS / TVOS / WATCHOS
                let platform = [0x24: "macos", 0x25: "ios", 0x2F: "tvos", 0x30: "watchos"][command] ?? "unknown"
                if build == nil { build = MachOFile.BuildVersion(platform: platform, minimumOS: version(try field(8)), sdk: version(try field(12))) }
            case 0x1D:  // LC_CODE_SIGNATURE
                let dataOffset = try field(8)
                let dataSize = try field(12)
                guard dataOffset <= source.size, dataSize <= source.size - dataOffset else {
                    throw DecodeError("its code signature (\(dataSize) bytes at offset \(dataOffset)) lies past the end of the file (\(source.size) bytes)")
                }
                signature = (dataOffset, dataSize)
            case 0xC, 0x8000_0018, 0x8000_001F, 0x23:  // LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB, LC_LAZY_LOAD_DYLIB
                let nameOffset = try field(8)
                if nameOffset < size, let name = c.cString(offset + nameOffset, end: offset + size), libraries.count < 4096 { libraries.append(name) }
            default:
                break
            }
            offset += size
        }
        // The regions after the load commands, read in file order.
        var symbols: [String] = []
        var entitlements: [UInt8]?
        enum Region { case symbols, signature }
        var regions: [(Int, Region)] = []
        if let table = symbolTable { regions.append((min(table.symbolOffset, table.stringOffset), .symbols)) }
        if let signature { regions.append((signature.offset, .signature)) }
        for (_, region) in regions.sorted(by: { $0.0 < $1.0 }) {
            switch region {
            case .symbols:
                guard let t = symbolTable else { continue }
                symbols = try undefinedSymbols(source, symbolOffset: t.symbolOffset, count: t.count, stringOffset: t.stringOffset, stringSize: t.stringSize,
                                               is64: is64, textBudget: &symbolText)
            case .signature:
                guard let signature else { continue }
                guard signature.size <= maxSignatureBytes else { throw DecodeError("its code signature is \(signature.size) bytes (at most \(maxSignatureBytes) are read)") }
                let blob = try source.read(signature.offset, signature.size, "its code signature")
                entitlements = try CodeSignature.entitlements(blob)
            }
        }
        return MachOFile.Slice(cpu: cpuName(cpuType), is64Bit: is64, fileType: MachOFile.FileType(fileType),
                               undefinedSymbols: symbols, linkedLibraries: libraries, build: build, hasCodeSignature: signature != nil,
                               entitlementsXML: entitlements)
    }

    /// External symbols with no section (N_UNDF | N_EXT, not a debugging entry): what the binary imports, each
    /// name once, in first-seen order. A string-table offset is decoded once however many symbols name it, and
    /// the distinct names' bytes count against `textBudget`: two million symbols naming one 4 KB string are one
    /// name, and offsets into the middle of long strings end in an error at the budget, never in gigabytes.
    static func undefinedSymbols(_ source: ByteSource, symbolOffset: Int, count: Int, stringOffset: Int, stringSize: Int, is64: Bool,
                                 textBudget: inout Int) throws(DecodeError) -> [String] {
        let entrySize = is64 ? 16 : 12
        guard count <= maxSymbols else { throw DecodeError("its symbol table declares \(count) symbols (at most \(maxSymbols) are read)") }
        guard symbolOffset <= source.size, count * entrySize <= source.size - symbolOffset else {
            throw DecodeError("its symbol table (\(count) entries at offset \(symbolOffset)) runs past the end of the file (\(source.size) bytes)")
        }
        guard stringOffset <= source.size, stringSize <= source.size - stringOffset else {
            throw DecodeError("its string table (\(stringSize) bytes at offset \(stringOffset)) runs past the end of the file (\(source.size) bytes)")
        }
        guard stringSize <= maxStringTableBytes else { throw DecodeError("its string table is \(stringSize) bytes (at most \(maxStringTableBytes) are read)") }
        // The two tables in file order (the linker puts the symbols first).
        let table: ByteCursor
        let strings: ByteCursor
        if symbolOffset <= stringOffset {
            table = ByteCursor(try source.read(symbolOffset, count * entrySize, "its symbol table"))
            strings = ByteCursor(try source.read(stringOffset, stringSize, "its string table"))
        } else {
            strings = ByteCursor(try source.read(stringOffset, stringSize, "its string table"))
            table = ByteCursor(try source.read(symbolOffset, count * entrySize, "its symbol table"))
        }
        var names: [String] = []
        var seenOffsets: Set<Int> = []
        var seenNames: Set<String> = []
        for i in 0..<count {
            let entry = i * entrySize
            let type = table.bytes[entry + 4]
            guard type & 0xE0 == 0, type & 0x0E == 0, type & 0x01 == 1 else { continue }
            let index = try table.u32(entry, "symbol \(i)")
            guard index < stringSize else { throw DecodeError("symbol \(i) names string \(index), past the string table's \(stringSize) bytes") }
            guard seenOffsets.insert(index).inserted else { continue }
            guard let name = strings.cString(index, end: stringSize), !name.isEmpty, seenNames.insert(name).inserted else { continue }
            textBudget -= name.utf8.count
            guard textBudget >= 0 else {
                throw DecodeError("its distinct imported symbol names take more text than shipcheck reads (\(maxSymbolTextBytes >> 20) MB per binary, \(ArchiveLimits().maxSymbolTextBytes >> 20) MB per archive): symbols pointing into the middle of long strings?")
            }
            names.append(name)
        }
        return names
    }

    /// `xxxx.yy.zz` nibbles: 0x00110000 → 17.0, 0x001A0100 → 26.1.
    static func version(_ raw: Int) -> String {
        let major = raw >> 16, minor = (raw >> 8) & 0xFF, patch = raw & 0xFF
        return patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
    }

    static func platformName(_ raw: Int) -> String {
        switch raw {
        case 1: "macos"
        case 2: "ios"
        case 3: "tvos"
        case 4: "watchos"
        case 6: "maccatalyst"
        case 7: "ios-simulator"
        case 8: "tvos-simulator"
        case 9: "watchos-simulator"
        case 11: "visionos"
        case 12: "visionos-simulator"
        default: "platform \(raw)"
        }
    }

    static func cpuName(_ raw: Int) -> String {
        switch raw {
        case 0x0100_000C: "arm64"
        case 0x0200_000C: "arm64_32"
        case 12: "arm"
        case 0x0100_0007: "x86_64"
        case 7: "i386"
        default: "cpu \(raw)"
        }
    }
}
