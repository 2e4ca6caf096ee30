/// Reads Mach-O headers, load commands and the symbol table from bytes. Every count and offset is
/// checked against the slice before use; load commands must tile `sizeofcmds`; symbol and string
/// tables must lie inside the slice. Problems are errors that say which load command or table.
public enum MachOReader {
    /// Symbols kept per slice (a large app imports some 10,000).
    static let maxSymbols = 2_000_000
    static let maxFatSlices = 32

    public static func read(_ bytes: [UInt8]) throws(DecodeError) -> MachOFile {
        let be = ByteCursor(bytes, bigEndian: true)
        let magic = try be.u32(0, "the Mach-O magic number")
        if magic == 0xCAFE_BABE || magic == 0xCAFE_BABF {
            let wide = magic == 0xCAFE_BABF
            let count = try be.u32(4, "the fat header")
            guard count >= 1, count <= maxFatSlices else { throw DecodeError("the fat header declares \(count) architectures (at most \(maxFatSlices) are read)") }
            var slices: [MachOFile.Slice] = []
            for i in 0..<count {
                let base = 8 + i * (wide ? 32 : 20)
                let offset = wide ? try be.u64(base + 8, "fat architecture \(i + 1)") : try be.u32(base + 8, "fat architecture \(i + 1)")
                let size = wide ? try be.u64(base + 16, "fat architecture \(i + 1)") : try be.u32(base + 12, "fat architecture \(i + 1)")
                guard be.has(offset, size) else {
                    throw DecodeError("fat architecture \(i + 1) (\(size) bytes at offset \(offset)) lies past the end of the file (\(bytes.count) bytes)")
                }
                do {
                    slices.append(try slice(Array(bytes[offset..<offset + size])))
                } catch {
                    throw DecodeError("fat architecture \(i + 1): \(error.message)")
                }
            }
            return MachOFile(slices: slices)
        }
        return MachOFile(slices: [try slice(bytes)])
    }

    static func slice(_ bytes: [UInt8]) throws(DecodeError) -> MachOFile.Slice {
        let c = ByteCursor(bytes)
        let magic = try c.u32(0, "the Mach-O magic number")
        let is64: Bool
        switch magic {
        case 0xFEED_FACF: is64 = true
        case 0xFEED_FACE: is64 = false
        default: throw DecodeError("not a Mach-O file (magic 0x\(String(magic, radix: 16)))")
        }
        let cpuType = try c.u32(4, "the Mach-O header")
        let fileType = try c.u32(12, "the Mach-O header")
        let commandCount = try c.u32(16, "the Mach-O header")
        let commandsSize = try c.u32(20, "the Mach-O header")
        let headerSize = is64 ? 32 : 28
        guard c.has(headerSize, commandsSize) else {
            throw DecodeError("its load commands (\(commandsSize) bytes after the header) run past the end of the file (\(bytes.count) bytes)")
        }
        guard commandCount <= commandsSize / 8 else { throw DecodeError("it declares \(commandCount) load commands in \(commandsSize) bytes (each takes at least 8)") }
        var offset = headerSize
        let end = headerSize + commandsSize
        var symbols: [String] = []
        var libraries: [String] = []
        var build: MachOFile.BuildVersion?
        var signed = false
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
                symbols = try undefinedSymbols(c, symbolOffset: try field(8), count: try field(12), stringOffset: try field(16),
                                               stringSize: try field(20), is64: is64)
            case 0x32:  // LC_BUILD_VERSION
                build = MachOFile.BuildVersion(platform: platformName(try field(8)), minimumOS: version(try field(12)), sdk: version(try field(16)))
            case 0x24, 0x25, 0x2F, 0x30:  // LC_VERSION_MIN_MACOSX / IPHONEOS / TVOS / WATCHOS
                let platform = [0x24: "macos", 0x25: "ios", 0x2F: "tvos", 0x30: "watchos"][command] ?? "unknown"
                if build == nil { build = MachOFile.BuildVersion(platform: platform, minimumOS: version(try field(8)), sdk: version(try field(12))) }
            case 0x1D:  // LC_CODE_SIGNATURE
                let dataOffset = try field(8)
                let dataSize = try field(12)
                guard c.has(dataOffset, dataSize) else {
                    throw DecodeError("its code signature (\(dataSize) bytes at offset \(dataOffset)) lies past the end of the file (\(bytes.count) bytes)")
                }
                signed = true
            case 0xC, 0x8000_0018, 0x8000_001F, 0x23:  // LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB, LC_LAZY_LOAD_DYLIB
                let nameOffset = try field(8)
                if nameOffset < size, let name = c.cString(offset + nameOffset, end: offset + size), libraries.count < 4096 { libraries.append(name) }
            default:
                break
            }
            offset += size
        }
        return MachOFile.Slice(cpu: cpuName(cpuType), is64Bit: is64, fileType: MachOFile.FileType(fileType),
                               undefinedSymbols: symbols, linkedLibraries: libraries, build: build, hasCodeSignature: signed)
    }

    /// External symbols with no section (N_UNDF | N_EXT, not a debugging entry): what the binary imports.
    static func undefinedSymbols(_ c: ByteCursor, symbolOffset: Int, count: Int, stringOffset: Int, stringSize: Int, is64: Bool) throws(DecodeError) -> [String] {
        let entrySize = is64 ? 16 : 12
        guard count <= maxSymbols else { throw DecodeError("its symbol table declares \(count) symbols (at most \(maxSymbols) are read)") }
        guard c.has(symbolOffset, count * entrySize) else {
            throw DecodeError("its symbol table (\(count) entries at offset \(symbolOffset)) runs past the end of the file (\(c.count) bytes)")
        }
        guard c.has(stringOffset, stringSize) else {
            throw DecodeError("its string table (\(stringSize) bytes at offset \(stringOffset)) runs past the end of the file (\(c.count) bytes)")
        }
        var names: [String] = []
        for i in 0..<count {
            let entry = symbolOffset + i * entrySize
            let type = c.bytes[entry + 4]
            guard type & 0xE0 == 0, type & 0x0E == 0, type & 0x01 == 1 else { continue }
            let index = try c.u32(entry, "symbol \(i)")
            guard index < stringSize else { throw DecodeError("symbol \(i) names string \(index), past the string table's \(stringSize) bytes") }
            if let name = c.cString(stringOffset + index, end: stringOffset + stringSize), !name.isEmpty { names.append(name) }
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
